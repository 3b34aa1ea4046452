"""Owns reading abilities defined once and given by name: an ability section ("Ability
Slander: Role with action: Gin. Allows player to ..."), the roles it lists, and a card's
line naming abilities ("Night action: Slander, Investigate 3."). What they give is the
assembler's (logic/lang/assemble/given.py)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _AbilityDef, _Gives, _Holders


@v_args(meta=True)
class GivenReader(Reader):
    """Parse tree -> sentence pieces, for abilities defined once. One method per grammar rule."""

    def ability_def(self, meta: Meta, children: list[Any]) -> _AbilityDef:
        name, rest = children[0], children[1:]
        holders = tuple(c for c in rest if isinstance(c, _Holders))
        sentences = tuple(c for c in rest if not isinstance(c, _Holders))
        return _AbilityDef(name, sentences, holders, self._why(meta))

    def holders(self, meta: Meta, children: list[Any]) -> _Holders:
        status = any(isinstance(c, Token) and c.lower() == "status" for c in children)
        names = next(c for c in reversed(children) if not isinstance(c, Token))
        return _Holders(tuple(names), self._why(meta), status)

    def given(self, meta: Meta, children: list[Any]) -> tuple[str, int | None]:
        number = next((int(c) for c in children if isinstance(c, Token)), None)
        return (children[0], number)

    def gives(self, meta: Meta, children: list[Any]) -> _Gives:
        return _Gives(tuple(c for c in children if isinstance(c, tuple)), self._why(meta))

    def gives_one(self, meta: Meta, children: list[Any]) -> _Gives:
        number = next((int(c) for c in children if isinstance(c, Token) and c.type == "INT"), None)
        return _Gives(((children[0], number),), self._why(meta))
