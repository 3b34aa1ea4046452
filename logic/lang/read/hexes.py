"""Owns reading hexes (logic/effects/hex.py): their marks, what their targets and casters are
told, and backlash (a budget of a role's powers: the clause language,
logic/lang/kinds/spells.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.hex import Backlash, Hex, Informed, Telepathy
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Note


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
