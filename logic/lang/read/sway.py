"""Owns reading the frame grammar's sentences that sway one day's lynch (logic/effects/sway.py):
a lynch cancelled or survived. Votes blocked or doubled, a substitute and a player saved
from the lynch are read by the clause language (logic/lang/kinds/powers.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.sway import Spare, SurviveLynch
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _AddTo, _Note, _Trait


@v_args(meta=True)
class SwayReader(Reader):
    """Parse tree -> sentence pieces, for actions and traits that sway one day's lynch. One method per grammar rule."""

    def sway_spare_none(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Spare, "none", self._why(meta))

    def sway_survive(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, SurviveLynch(why), why)

    def sway_in_place(self, meta: Meta, children: list[Any]) -> _Note:
        # what a survived attempt gives in the model anyway: no lynch that day (sway.py)
        return _Note(self._why(meta))
