"""Owns reading the majority lock, said of the whole game (grammar/game/timeline.lark):
"A player who has the votes of more than half of the living players is lynched
immediately and the day ends." gives logic/effects/timeline.py's `MajorityLock`, a rule of
the day (`Ruleset.day_rules`); "In the event of a tie, the tied player who reached that
vote total first is lynched." a tie rule read over the timeline (vote.py's `first`)."""

from __future__ import annotations

from typing import Any

from logic.effects.timeline import LockOpen, MajorityLock
from logic.effects.vote import TieRule
from logic.lang.game_kinds.base import GameBase
from logic.lang.kinds.traits import Fact


class TimelineReading(GameBase):
    def tl_lock(self, children: list[Any]) -> Fact:
        return Fact("day", MajorityLock(self.why), self.why)

    def tl_open(self, children: list[Any]) -> Fact:
        return Fact("day", LockOpen(self.why), self.why)

    def tl_tie(self, children: list[Any]) -> Fact:
        return Fact("tie", TieRule("first", None, self.why), self.why)
