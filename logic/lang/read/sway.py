"""Owns reading the frame grammar's sentences that sway one day's lynch (logic/effects/sway.py):
no lynch that day. Votes blocked or doubled, a substitute, a player saved from the lynch
or surviving it are read by the clause language (logic/lang/kinds/powers.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.sway import Spare
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _AddTo


@v_args(meta=True)
class SwayReader(Reader):
    """Parse tree -> sentence pieces, for actions and traits that sway one day's lynch. One method per grammar rule."""

    def sway_spare_none(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Spare, "none", self._why(meta))
