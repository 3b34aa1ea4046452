"""Owns reading redirection and interception (logic/effects/redirect.py, intercept.py): naming
two players (the swap and what its user is told: the clause language,
logic/lang/kinds/spells.py); killing the first visitor after a role."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.intercept import Intercept
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names


@v_args(meta=True)
class RedirectReader(Reader):
    """Parse tree -> sentence pieces, for redirection and interception. One method per grammar rule."""

    def names_two(self, meta: Meta, children: list[Any]) -> _Capability:
        # naming two people is the action; what it does to actions on them is the next
        # sentence's ("... is redirected toward the other player": `redirected`)
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Capability(_names(children)[0], (), (), None, False, why, targets=n)

    def after_role(self, meta: Meta, children: list[str]) -> str:
        return children[0]

    def intercept(self, meta: Meta, children: list[str]) -> Intercept:
        return Intercept(children[0], self._why(meta))
