"""Owns reading abilities used by day (logic/effects/day.py): day kills and revivals, votes
taken away and given back, exorcism, the rock, discarding a power."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.day import DayKill, Discard, Exorcise, Public, Revive, Rock, VotesBack, VotesGone
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility, _names
from logic.model.ir import Frequency


@v_args(meta=True)
class DaysReader(Reader):
    """Parse tree -> sentence pieces, for abilities used by day. One method per grammar rule."""

    def day_verb(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0]).lower()

    def day_power(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        verb = [c for c in children if type(c) is str][-1]
        effect: Any = DayKill(why) if verb == "kill" else Revive(why)
        return _DayAbility(verb, 1, Frequency.ONCE_PER_GAME, (effect,), why)

    def votes_gone(self, meta: Meta, children: list[Any]) -> VotesGone:
        return VotesGone(self._why(meta))

    def revealed_now(self, meta: Meta, children: list[Any]) -> Public:
        return Public(self._why(meta))

    def votes_back(self, meta: Meta, children: list[Any]) -> VotesBack:
        return VotesBack(self._why(meta))

    def public_too(self, meta: Meta, children: list[Any]) -> Public:
        return Public(self._why(meta))

    def exorcise_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        roles = tuple(_names(children)[1:])
        return _DayAbility("exorcise", 1, Frequency.EACH_NIGHT, (Exorcise(roles, why),), why)

    def rock_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("rock", 1, Frequency.EACH_NIGHT, (), why)

    def rock(self, meta: Meta, children: list[Any]) -> Rock:
        return Rock(self._why(meta))

    def discard_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("discard", 0, Frequency.ONCE_PER_GAME, (Discard(why),), why)
