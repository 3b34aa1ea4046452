"""Owns the base of every reader mixin: the `SourceTransformer` (the text, the file, `_why`)
and the helper methods several readers share."""

from __future__ import annotations

from typing import Any

from lark.tree import Meta

from logic.lang import grammar
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency


class Reader(grammar.SourceTransformer):
    """The base of the reader mixins composed into `_ToIR` (logic/lang/rules.py)."""

    def _night_ability(self, meta: Meta, name: str, n: int, *effects: Any) -> _DayAbility:
        return _DayAbility(name, n, Frequency.EACH_NIGHT, effects, self._why(meta))
