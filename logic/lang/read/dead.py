"""Owns the frame grammar's reading of the dead (logic/effects/afterlife.py): the notes on
the dead, a role unaware of itself until death, and a kill after death. (A read of the
dead and the living, powers after death and what a death shows are read by the clause
language: logic/lang/kinds/afterlife.py.)"""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.afterlife import Unaware
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility, _Note, _Trait
from logic.model.ir import Frequency, Kill


@v_args(meta=True)
class DeadReader(Reader):
    """Parse tree -> sentence pieces, for the dead. One method per grammar rule."""

    def dead_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def unaware(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Unaware(why), why)

    def posthumous_kill(self, meta: Meta, children: list[Any]) -> _DayAbility:
        # (a night ability: its Kill is no day effect; "whenever it likes": any night)
        why = self._why(meta)
        return _DayAbility("nightkill", 1, Frequency.ONCE_PER_GAME, (Kill(why),), why)
