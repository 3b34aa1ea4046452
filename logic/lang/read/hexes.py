"""Owns reading hexes (logic/effects/hex.py): their marks, what their targets and casters are
told, backlash, and a hexer's budget."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.hex import Backlash, Budget, Hex, Informed, Telepathy
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Note, _Trait


@v_args(meta=True)
class HexesReader(Reader):
    """Parse tree -> sentence pieces, for hexes. One method per grammar rule."""

    def hex_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def hex_silenced(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("silenced", self._why(meta))

    def hex_powerless(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("powerless", self._why(meta))

    def hex_charm_vote(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("charm-vote", self._why(meta))

    def hex_charm_lynch(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("charm-lynch", self._why(meta))

    def hex_informed(self, meta: Meta, children: list[Any]) -> Informed:
        return Informed(self._why(meta))

    def hex_telepathy(self, meta: Meta, children: list[Any]) -> Telepathy:
        return Telepathy(self._why(meta))

    def hex_doom(self, meta: Meta, children: list[Any]) -> Hex:
        n = next(c for c in children if type(c) is int)
        return Hex("doom", self._why(meta), delay=n)

    def hex_backlash(self, meta: Meta, children: list[Any]) -> Backlash:
        return Backlash(self._why(meta))

    def budget_night(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Budget("night", 1, why), why)

    def budget_each(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Budget("each", 1, why), why)

    def budget_game(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Trait(None, Budget("game", n, why), why)
