"""Owns reading kills (logic/effects/attack.py): a role's or a faction's kill, its strength, a
random or conditional kill, duels, and the faction's exclusive nightkill (a nightkill
strengthened or hastened: the clause language, logic/lang/kinds/spells.py)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.attack import Kill
from logic.lang.read.base import Reader
from logic.lang.read.pieces import (
    _Capability,
    _names,
    _quoted,
)
from logic.model.ir import Forced, Frequency


@v_args(meta=True)
class KillReader(Reader):
    """Parse tree -> sentence pieces, for kills. One method per grammar rule."""

    def group_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, True, why)

    def faction_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, True, why)

    def strikes(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Capability(
            _names(children)[0],
            (Kill(why, strength=n),),
            (),
            Frequency.EVERY_SECOND_NIGHT,
            False,
            why,
        )

    def random_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[1], (Kill(why, random=True),), (), None, False, why)

    def lethal_force(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        yes = _quoted(next(c for c in children if isinstance(c, Token) and c.type == "QUOTED_END"))
        return _Capability(
            _names(children)[0], (Kill(why, lethal_if=f"yes:{yes}"),), (), None, False, why
        )

    def kills_each_turn(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (Forced(why),), None, False, why)

    def each_night_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, False, why)
