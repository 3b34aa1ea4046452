"""Owns the clause language's reading of grammar/clause/couple.lark: "Chooses four players,
two of which will become lovers." (with its time: "During the Prep phase, ...") gives an
ability on that many players that makes two of them a pair of the status the sentence
names (logic/effects/couple.py's `Pair`); "Sonoko names a list of players ..." an
ability on a list, "... randomly befriend one of those players." its `Befriend`, and what
the befriender is told when the friend is killed (`FriendTold`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.couple import Befriend, FriendTold, Pair
from logic.lang.clause_parts import Objects
from logic.lang.read.pieces import _AbilityStart, _Trait
from logic.model.ir import LIST, Frequency, Why


class CoupleReading:
    """The methods of couple.lark's rules."""

    why: Why

    def cp_pair(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        count = next(c.count for c in children if isinstance(c, Objects))
        status = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"][-1]
        start = _AbilityStart("targets", frequency, self.why, None, count)
        return (start, Pair(status.lower(), self.why))

    def cp_list(self, children: list[Any]) -> tuple[Any, ...]:
        """'Sonoko names a list of players ...': an ability on as many as she lists."""
        return (_AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, LIST),)

    def cp_befriend(self, children: list[Any]) -> tuple[Any, ...]:
        return (Befriend("friends", self.why),)

    def cp_told(self, children: list[Any]) -> tuple[Any, ...]:
        sniping = any(isinstance(c, Token) and c.type == "SNIPE" for c in children)
        told = FriendTold(self.why, night=self.why, not_sniped=self.why if sniping else None)
        return (_Trait(None, told, self.why),)

    def cp_told_by(self, children: list[Any]) -> tuple[Any, ...]:
        group = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"][-1]
        return (_Trait(None, FriendTold(self.why, by=group, by_why=self.why), self.why),)

    def cp_told_not(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, FriendTold(self.why, not_sniped=self.why), self.why),)
