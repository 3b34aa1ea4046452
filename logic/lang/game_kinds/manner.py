"""Owns reading when a use takes effect by how it is used, said of the whole game
(grammar/game/manner.lark): "When done publicly, their effect is immediate, if
applicable." gives logic/effects/manner.py's `Timing("public", now=True)`, "If performed
privately, their effect takes place at the next day/night deadline, if applicable."
`Timing("private", now=False)`, rules of the day (`Ruleset.day_rules`)."""

from __future__ import annotations

from typing import Any

from logic.effects.manner import PRIVATE, PUBLIC, Timing
from logic.lang.game_kinds.base import GameBase
from logic.lang.kinds.traits import Fact


class MannerReading(GameBase):
    def mn_public_now(self, children: list[Any]) -> Fact:
        return Fact("day", Timing(PUBLIC, True, self.why), self.why)

    def mn_private_late(self, children: list[Any]) -> Fact:
        return Fact("day", Timing(PRIVATE, False, self.why), self.why)
