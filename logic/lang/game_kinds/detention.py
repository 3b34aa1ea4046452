"""Owns reading detention said of the whole game (grammar/game/detention.lark;
logic/effects/detention.py): an arrest that comes before a detention of the same day
(`ArrestFirst`)."""

from __future__ import annotations

from typing import Any

from logic.effects.detention import ArrestFirst
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class DetentionGameReading(GameBase):
    """The methods of game/detention.lark's rules."""

    def dt_arrest_first(self, children: list[Any]) -> _Healing:
        return _Healing(ArrestFirst(self.why))
