"""Owns the frame grammar's reading of hexes (logic/effects/hex.py): the delayed death of the
Hex of Death ('Two nights after the Witch casts this hex, the hexed player dies.'). Marks for
the following day, what the target and the caster are told, the caster's death after the
target's and the notes beside them are the clause language's (logic/lang/kinds/hexes.py);
a budget of a role's powers too (logic/lang/kinds/spells.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.hex import Hex
from logic.lang.read.base import Reader


@v_args(meta=True)
class HexesReader(Reader):
    """Parse tree -> sentence pieces, for hexes. One method per grammar rule."""

    def hex_doom(self, meta: Meta, children: list[Any]) -> Hex:
        n = next(c for c in children if type(c) is int)
        return Hex("doom", self._why(meta), delay=n)
