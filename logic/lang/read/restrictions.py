"""Owns reading restrictions on an ability: no self-target, no two nights in a row, must act,
in the three voices and as rulings ('The Doctor cannot target himself.')."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _About, _names, _RoleDef
from logic.model.ir import Forced, NoConsecutive, NoSelfTarget


@v_args(meta=True)
class RestrictionsReader(Reader):
    """Parse tree -> sentence pieces, for restrictions on an ability. One method per grammar rule."""

    def no_self_target(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def no_self_syn(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def no_self_third(self, meta: Meta, children: list[Any]) -> _About:
        return _About(_names(children)[0], NoSelfTarget(self._why(meta)))

    def other_than(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def no_consecutive(self, meta: Meta, children: list[Any]) -> NoConsecutive:
        return NoConsecutive(bool(children), self._why(meta))

    def must_act(self, meta: Meta, children: list[Any]) -> Forced:
        return Forced(self._why(meta))

    def ruling_no_self(self, meta: Meta, children: list[Any]) -> _RoleDef:
        why = self._why(meta, "ruling")
        return _RoleDef(_names(children)[0], (NoSelfTarget(why),), why)

    def ruling_no_self_syn(self, meta: Meta, children: list[Any]) -> _RoleDef:
        why = self._why(meta, "ruling")
        return _RoleDef(_names(children)[0], (NoSelfTarget(why),), why)

    def ruling_forced(self, meta: Meta, children: list[Any]) -> _RoleDef:
        why = self._why(meta, "ruling")
        return _RoleDef(_names(children)[0], (Forced(why),), why)
