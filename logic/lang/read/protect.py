"""Owns reading protection (logic/effects/attack.py): saving a player, protection by sacrifice
and telling the killer. (How long a protection lasts and a protection a role has of its own:
the clause language, logic/lang/kinds/survival.py.)"""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.attack import Protect
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names


@v_args(meta=True)
class ProtectReader(Reader):
    """Parse tree -> sentence pieces, for protection. One method per grammar rule."""

    def protect(self, meta: Meta, children: list[Any]) -> Protect:
        return Protect(self._why(meta))

    def protect_syn(self, meta: Meta, children: list[Any]) -> Protect:
        return Protect(self._why(meta))

    def protect_someone(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def picks_to_save(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def each_night_protect(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)
