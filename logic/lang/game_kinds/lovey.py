"""Owns reading an ability a pair holds on each other, said of the whole game
(grammar/game/lovey.lark; logic/effects/lovey.py): the ability (`PairAbility`), its use by
day (`PairByDay`), what it hinders (`PairHinders`), one use a phase for the pair
(`PairOne`), one a night and the day after (`PairOnce`), its rest after a save
(`PairRest`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.lovey import PairAbility, PairByDay, PairHinders, PairOnce, PairOne, PairRest
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import NoReading
from logic.lang.read.pieces import _Healing


def _names(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]


def _hinder(word: str) -> None:
    """The verb a name stands for in these sentences ("hinder", "hinders")."""
    if word.lower().removesuffix("s") != "hinder":
        raise NoReading(f"'{word}' is not 'hinder'")


class LoveyReading(GameBase):
    """The methods of game/lovey.lark's rules."""

    def lv_lends(self, children: list[Any]) -> _Healing:
        names = _names(children)
        return _Healing(PairAbility(names[0], names[-1], self.why))

    def lv_by_day(self, children: list[Any]) -> _Healing:
        return _Healing(PairByDay(self.why))

    def lv_hinders(self, children: list[Any]) -> _Healing:
        _hinder(_names(children)[0])
        return _Healing(PairHinders(self.why))

    def lv_one(self, children: list[Any]) -> _Healing:
        return _Healing(PairOne(self.why))

    def lv_once(self, children: list[Any]) -> _Healing:
        return _Healing(PairOnce(self.why))

    def lv_rest(self, children: list[Any]) -> _Healing:
        _hinder(_names(children)[0])
        (n,) = [int(c) for c in children if isinstance(c, Token) and c.type == "NUMERAL"]
        return _Healing(PairRest(n, self.why))
