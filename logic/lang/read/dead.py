"""Owns reading the dead (logic/effects/afterlife.py): what a role shows or does after its
holder's death, and reading the dead and the living."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.afterlife import (
    AfterDeath,
    FlipsAs,
    HiddenSide,
    ReadDead,
    ReadFate,
    ReadLiving,
    Unaware,
)
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility, _names, _Note, _Trait
from logic.model.ir import Frequency, Kill


@v_args(meta=True)
class DeadReader(Reader):
    """Parse tree -> sentence pieces, for the dead. One method per grammar rule."""

    def dead_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def unaware(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Unaware(why), why)

    def hidden_side(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, HiddenSide(why), why)

    def flips_as(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, FlipsAs(_names(children)[0], why), why)

    def no_powers_until(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, AfterDeath(why), why)

    def posthumous_kill(self, meta: Meta, children: list[Any]) -> _DayAbility:
        # (a night ability: its Kill is no day effect; "whenever it likes": any night)
        why = self._why(meta)
        return _DayAbility("nightkill", 1, Frequency.ONCE_PER_GAME, (Kill(why),), why)

    def read_dead(self, meta: Meta, children: list[Any]) -> _DayAbility:
        # (a night ability: how often is not said; read as each night, finding T-dead-4)
        why = self._why(meta)
        return _DayAbility("investigate", 1, Frequency.EACH_NIGHT, (ReadDead(why),), why)

    def read_living(self, meta: Meta, children: list[Any]) -> ReadLiving:
        return ReadLiving(self._why(meta))

    def read_fate(self, meta: Meta, children: list[Any]) -> ReadFate:
        why = self._why(meta)
        return ReadFate(tuple(_names(children)), why)
