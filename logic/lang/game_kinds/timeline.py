"""Owns reading the majority lock, said of the whole game (grammar/game/timeline.lark):
"A player who has the votes of more than half of the living players is lynched
immediately and the day ends." gives logic/effects/timeline.py's `MajorityLock`, a rule of
the day (`Ruleset.day_rules`)."""

from __future__ import annotations

from typing import Any

from logic.effects.timeline import LockOpen, MajorityLock
from logic.lang.game_kinds.base import GameBase
from logic.lang.kinds.traits import Fact


class TimelineReading(GameBase):
    def tl_lock(self, children: list[Any]) -> Fact:
        return Fact("day", MajorityLock(self.why), self.why)

    def tl_open(self, children: list[Any]) -> Fact:
        return Fact("day", LockOpen(self.why), self.why)
