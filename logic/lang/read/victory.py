"""Owns reading win conditions (logic/effects/win.py): victories, their conditions and
precedence, and the endgame."""

from __future__ import annotations

from dataclasses import replace
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

    def victory_clause(self, meta: Meta, children: list[Any]) -> Victory:
        (cond, group, n), winner = children[0], _names(children)[0]
        return Victory(winner, cond, group, n, (), self._why(meta))

    def victory_rule(self, meta: Meta, children: list[Any]) -> tuple[_RulesetFact, ...]:
        why = self._why(meta)
        return tuple(
            _RulesetFact("victory", replace(v, why=why), why)
            for v in children
            if isinstance(v, Victory)
        )

    def cond_none_left(self, meta: Meta, children: list[Any]) -> tuple[str, str, int]:
        return ("none_left", _names(children)[0], 0)

    def cond_outnumber(self, meta: Meta, children: list[Any]) -> tuple[str, str, int]:
        n = next(c for c in children if type(c) is int)
        return ("outnumber", _names(children)[0], n)

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

    def town_wins(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        faction = _names(children)[0]
        return _RulesetFact("victory", Victory(faction, "sole", faction, 0, (), why), why)

    def sole_player_wins(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        group = _names(children)[0]
        return _RulesetFact("victory", Victory(group, "last", group, 0, (), why), why)

    def endgame_def(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        n = next(c for c in children if type(c) is int)
        return _RulesetFact("endgame", n, self._why(meta))

    def endgame_name(self, meta: Meta, children: list[Any]) -> None:
        return None  # 'This is called "Endgame."': the name the next sentences use

    def endgame_victory(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        first, second = _names(children)
        return _RulesetFact("endgame victory", (first, second), self._why(meta))

    def endgame_town(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        names = _names(children)
        return _RulesetFact("endgame over", names[1], self._why(meta))
