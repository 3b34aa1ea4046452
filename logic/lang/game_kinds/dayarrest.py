"""Owns reading what an arrest of the day does to that day's lynch, said of the whole game
(grammar/game/dayarrest.lark; logic/effects/dayarrest.py): the most voted player arrested
that day is not lynched, and no one is (`NoLynchArrested`); of two tied for the most, one
arrested, the other is lynched (`TiedArrestedOut`)."""

from __future__ import annotations

from typing import Any

from logic.effects.dayarrest import NoLynchArrested, TiedArrestedOut
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class DayArrestReading(GameBase):
    def da_no_lynch(self, children: list[Any]) -> _Healing:
        return _Healing(NoLynchArrested(self.why))

    def da_tied(self, children: list[Any]) -> _Healing:
        return _Healing(TiedArrestedOut(self.why))
