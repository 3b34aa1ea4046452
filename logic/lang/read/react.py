"""Owns reading reactions (logic/effects/react.py): guards that strike an attacker ('Hamedo'),
explosions, and the rulings that settle whom they strike or spare."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.react import Explode, Guard
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _as_ruling, _Capability, _names, _Patch, _Ruling, _Trait


@v_args(meta=True)
class ReactReader(Reader):
    """Parse tree -> sentence pieces, for reactions. One method per grammar rule."""

    def guard_kills_visitors(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Guard(why),), (), None, False, why)

    def explode(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Explode(why), why)

    def explode_group(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        group = _names(children)[0]
        return _Trait(None, Explode(why, group=why, group_of=group), why)  # the line's role

    def guard_redirected(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        monk, _ability, spared = _names(children)
        return _Ruling(_Patch("guard spares", (monk, spared), why), why)

    def guard_follows_redirect(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        return _Ruling(_Patch("guard follows", (_names(children)[0],), why), why)

    def hasten_explode(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        names = _names(children)
        return _Ruling(_Patch("explode hastener", (names[2],), why), why)

    def explode_spares(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        names = _names(children)
        return _Ruling(_Patch("explode spares", (names[2], names[0]), why), why)  # (Bomb, spared)
