"""Owns reading protection (logic/effects/attack.py): saving a player, protection by sacrifice
and telling the killer, protection that lasts its night, and protection a role has of its
own."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.attack import AutoProtect
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names, _Trait
from logic.model.ir import Forced, NoSelfTarget, Protect, Restriction


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

    def tell_killer(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def sacrifice(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        effect = Protect(why, sacrifice=True, tells=why if True in children else None)
        return _Capability(_names(children)[0], (effect,), (), None, False, why)

    def picks_to_save(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def protect_others_forced(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role = _names(children)[0]
        restr: tuple[Restriction, ...] = (NoSelfTarget(why), Forced(why))
        return _Capability(role, (Protect(why),), restr, None, False, why)

    def each_night_protect(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def wears_off(self, meta: Meta, children: list[Any]) -> None:
        return None  # "This protection wears off at Day.": a protection lasts its night

    def auto_protect(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], AutoProtect(why), why)

    def auto_protect_span(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], AutoProtect(why, span=why), why)
