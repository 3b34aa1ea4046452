"""Owns reading role lines and what shapes them: a role and its sentences, an ability's name
and its natures ('(Active, One-time use, ...)'), a role with no powers or none outstanding,
a further ability of a role ('-Hex of Silence - ...') and the variants of a role ('There are
three variants that may exist:')."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import (
    _AbilityName,
    _names,
    _Natures,
    _Note,
    _RoleDef,
    _SubAbility,
    _Variant,
    _Variants,
    nature_tags,
)


@v_args(meta=True)
class RolesReader(Reader):
    """Parse tree -> sentence pieces, for role lines and what shapes them. One method per grammar rule."""

    def role_def(self, meta: Meta, children: list[Any]) -> _RoleDef:
        return _RoleDef(children[0], tuple(children[1:]), self._why(meta))

    def no_powers(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def ability_name(self, meta: Meta, children: list[Any]) -> _AbilityName:
        return _AbilityName(children[0], tuple(children[1:]), self._why(meta))

    def nature(self, meta: Meta, children: list[Token]) -> str:
        return " ".join(str(c).lower() for c in children)

    def natures(self, meta: Meta, children: list[Any]) -> _Natures:
        words = [c for c in children if isinstance(c, str)]
        once = any(w.startswith("one-time") for w in words)
        return _Natures(once, self._why(meta), defined=True, tags=nature_tags(words))

    def ability_count(self, meta: Meta, children: list[Any]) -> None:
        return None  # "Town players have no outstanding abilities.": read, nothing to add

    def sub_ability(self, meta: Meta, children: list[Any]) -> _SubAbility:
        name = " ".join(str(children[0]).strip("- \t").split())
        return _SubAbility(name, tuple(c for c in children[1:]), self._why(meta))

    def variants_heading(self, meta: Meta, children: list[Any]) -> _Variants:
        return _Variants(self._why(meta))

    def variant_same(self, meta: Meta, children: list[Any]) -> _Variant:
        # "This Doctor may protect any person he likes": as the role defined last does
        return _Variant(_Note(self._why(meta)), _names(children)[0])
