"""Owns the frame grammar's reading of abilities used by day (logic/effects/day.py): the
Child's rock thrown through the host, and a use said to be public. Day kills and revivals,
votes taken away and given back, exorcism, the rock's blow and discarding a power are the
clause language's (logic/lang/kinds/days.py, common.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.day import Public
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency


@v_args(meta=True)
class DaysReader(Reader):
    """Parse tree -> sentence pieces, for abilities used by day. One method per grammar rule."""

    def public_too(self, meta: Meta, children: list[Any]) -> Public:
        return Public(self._why(meta))

    def rock_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("rock", 1, Frequency.EACH_NIGHT, (), why)
