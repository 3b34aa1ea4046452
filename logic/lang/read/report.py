"""Owns reading what the game tells a player without an action of theirs
(logic/effects/report.py): reports of the roles of the dead, the Witness's glimpse of a
murder."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.report import Report, Witness
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _names, _Trait


@v_args(meta=True)
class ReportReader(Reader):
    """Parse tree -> sentence pieces, for what the game tells a player without an action of theirs. One method per grammar rule."""

    def chance_step(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Witness(why, why), why)

    def report_night(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Report("night", why), why)

    def report_lynch(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Report("lynch", why), why)
