"""Owns reading an ability a frightening does not stop, said of the whole game
(grammar/game/frighten.lark; logic/effects/frighten.py's `FrightExempt`): "Arrest can't
be frightened.", "Frighten is not capable of stopping an arrest." (the ability named by
the arrest's verb)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.frighten import FrightExempt, FrightTold
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class FrightenReading(GameBase):
    def fr_exempt(self, children: list[Any]) -> _Healing:
        verb = next(str(c) for c in children if isinstance(c, Token) and c.type == "ARREST")
        return _Healing(FrightExempt(verb[:1].upper() + verb[1:].lower(), self.why))

    def fr_told(self, children: list[Any]) -> _Healing:
        return _Healing(FrightTold(self.why))
