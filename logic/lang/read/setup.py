"""Owns reading the setup: which roles a game deals (no duplicates, types of roles, neutrals,
vanillas, balance, a faction with no role, a role never dealt) and other names of roles."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Alias, _names, _RulesetFact, _UniqueRoles


@v_args(meta=True)
class SetupReader(Reader):
    """Parse tree -> sentence pieces, for the setup. One method per grammar rule."""

    def unique_roles(self, meta: Meta, children: list[Any]) -> _UniqueRoles:
        return _UniqueRoles(self._why(meta))

    def setup_bullet(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def no_duplicates(self, meta: Meta, children: list[Any]) -> _UniqueRoles:
        return _UniqueRoles(self._why(meta))

    def alias(self, meta: Meta, children: list[str]) -> _Alias:
        return _Alias(children[0], children[1], self._why(meta))

    def role_types(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("role types", tuple(_names(children)), self._why(meta))

    def no_role_many(self, meta: Meta, children: list[Any]) -> str:
        return "many"

    def no_role(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("no role", _names(children)[0], self._why(meta))
