"""Owns reading win conditions (logic/effects/win.py): victories, their conditions and
precedence, and the endgame."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.win import Victory
from logic.lang.errors import RulingError, line_of
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _names, _RulesetFact
from logic.model.ir import canon


@v_args(meta=True)
class VictoryReader(Reader):
    """Parse tree -> sentence pieces, for win conditions. One method per grammar rule."""

    def example(self, meta: Meta, children: list[Any]) -> None:
        return None

    def precedence(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        names = _names(children)
        return (names[0], names[1])

    def victory_also(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        label_ = next(str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING")
        winner = label_.rsplit("victory", 1)[0].strip(" ,") or label_
        group = _names(children)[0]
        n = next(c for c in children if type(c) is int)
        this, over = next(c for c in children if isinstance(c, tuple))
        if canon(this) != canon(winner):
            raise RulingError(
                f"this sentence names the {winner!r} victory, then gives precedence to {this!r}",
                why.loc,
                line_of(self.text, why.loc.line),
            )
        return _RulesetFact("victory", Victory(winner, "last", group, n, (over,), why), why)
