"""Owns reading the Black Org's poisoning by day, said of the whole game
(grammar/game/aptx.lark; logic/effects/aptx.py): each member of the faction the sentence
names may poison by day (`Poisoning`), what a landed poisoning does (`PoisonKills`), and
"Same for APTX." (`NoLynchPoisoned`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.aptx import NoLynchPoisoned, Poisoning, PoisonKills
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class AptxReading(GameBase):
    def ax_grant(self, children: list[Any]) -> _Healing:
        name = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        return _Healing(Poisoning(name, self.why))

    def ax_kills(self, children: list[Any]) -> _Healing:
        return _Healing(PoisonKills(self.why))

    def ax_same(self, children: list[Any]) -> _Healing:
        return _Healing(NoLynchPoisoned(self.why))
