"""Owns reading kills (logic/effects/attack.py): a role's or a faction's kill, its strength, a
random or conditional kill, duels, and the faction's exclusive nightkill (a nightkill
strengthened or hastened: the clause language, logic/lang/kinds/spells.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.attack import Kill
from logic.lang.read.base import Reader
from logic.lang.read.pieces import (
    _Capability,
    _names,
)


@v_args(meta=True)
class KillReader(Reader):
    """Parse tree -> sentence pieces, for kills. One method per grammar rule."""

    def faction_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, True, why)

    def each_night_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, False, why)
