"""Owns reading checks for one role (logic/effects/forge.py); the finding of that role that
starts a forgery, and what the forger then learns and decides, are read by the clause
language (logic/lang/kinds/disclosure.py)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.forge import RoleCheck
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names


@v_args(meta=True)
class ForgeReader(Reader):
    """Parse tree -> sentence pieces, for checks for one role and forging the results of the role found. One method per grammar rule."""

    def forgery_check(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (), (), None, False, why, name="investigate")

    def forgery_result(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        yes, no = (str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "QUOTED")
        return _Capability(None, (RoleCheck(yes, yes, no, why),), (), None, False, why)
