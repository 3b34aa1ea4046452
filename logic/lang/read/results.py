"""Owns reading result texts and their conditions: 'Receives "even" if ...', '(otherwise
receives ...)' (logic/effects/investigate.py)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.base import Effect
from logic.effects.investigate import Cond, Result
from logic.lang.read.base import Reader


@v_args(meta=True)
class ResultsReader(Reader):
    """Parse tree -> sentence pieces, for result texts and their conditions. One method per grammar rule."""

    def cond_successful(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.SUCCESSFUL

    def cond_as_last(self, meta: Meta, children: list[Any]) -> Cond:
        # "... of the same / opposite alignment as the last player scanned"
        same = str(children[-1]).lower() == "same"
        return Cond.SAME_AS_LAST if same else Cond.OPPOSITE_AS_LAST

    def result_clause(self, meta: Meta, children: list[Any]) -> tuple[str, Cond]:
        return (str(children[0])[1:-1], children[1])

    def otherwise(self, meta: Meta, children: list[Token]) -> tuple[str, Cond]:
        return (str(children[0])[1:-1], Cond.FAILED)

    def result(self, meta: Meta, children: list[tuple[str, Cond]]) -> tuple[Effect, ...]:
        why = self._why(meta)
        return tuple(Result(text, cond, why) for text, cond in children)
