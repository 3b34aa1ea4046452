"""Owns reading reactions (logic/effects/react.py): guards that strike an attacker ('Hamedo'),
explosions, and the rulings that settle whom they strike or spare."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.react import Explode
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _names, _Trait


@v_args(meta=True)
class ReactReader(Reader):
    """Parse tree -> sentence pieces, for reactions. One method per grammar rule."""

    def explode(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Explode(why), why)

    def explode_group(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        group = _names(children)[0]
        return _Trait(None, Explode(why, group=why, group_of=group), why)  # the line's role
