"""Owns the clause language's reading of grammar/clause/couple.lark: "Chooses four players,
two of which will become lovers." (with its time: "During the Prep phase, ...") and "Choose
two players to be lovers." give an ability on that many players that makes two of them a
pair of the status the sentence names (logic/effects/couple.py's `Pair`), and "If one dies,
the other dies too." said after it the pair's death (`PairDeath`); "Sonoko names a list of players ..." an ability on a list, "... randomly befriend one of those players." its
`Befriend`, and what the befriender is told when the friend is killed (`FriendTold`: at
night, by a faction named, not when sniped), one rule whatever the order of its parts."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.couple import Befriend, FriendTold, Pair, PairDeath
from logic.lang.clause_parts import NoReading, Objects
from logic.lang.read.pieces import _AbilityStart, _Trait
from logic.model.ir import LIST, Frequency, Why

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


class _Size(int):
    """How many of the chosen players the pair takes ("two of which")."""


class _By(str):
    """The killers a sentence names ("by the Black Org")."""


class CoupleReading:
    """The methods of couple.lark's rules."""

    why: Why

    def cp_of_which(self, children: list[Any]) -> _Size:
        n = next(c for c in children if isinstance(c, Token))
        return _Size(int(n) if n.type == "NUMERAL" else _NUMBERS.get(str(n).lower(), 0))

    def cp_pair(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        sizes = [int(c) for c in children if isinstance(c, _Size)]
        counts = [c.count for c in children if isinstance(c, Objects)]
        count = int(counts[0]) if counts else sizes[0]  # "choose two lovers": no object
        size = sizes[0] if sizes else count
        if size != 2 or count < 2:
            raise NoReading("a pair is two of the players chosen")
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        status = names[-1] if names else "lovers"  # "to fall in love"
        start = _AbilityStart("targets", frequency, self.why, None, count)
        return (start, Pair(status.lower(), self.why))

    def cp_pair_death(self, children: list[Any]) -> tuple[Any, ...]:
        """'If one dies, the other dies too.': of the pair the ability before makes (its
        status: logic/effects/couple.py reads the ability's `Pair`)."""
        return (PairDeath("", self.why),)

    def cp_list(self, children: list[Any]) -> tuple[Any, ...]:
        """'Sonoko names a list of players ...': an ability on as many as she lists."""
        return (_AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, LIST),)

    def cp_befriend(self, children: list[Any]) -> tuple[Any, ...]:
        return (Befriend("friends", self.why),)

    def cp_by(self, children: list[Any]) -> _By:
        words = [
            str(c) for c in children if isinstance(c, Token) and c.type in ("ROLENAME", "NAME")
        ]
        return _By(" ".join(words))

    def cp_told(self, children: list[Any]) -> tuple[Any, ...]:
        """The befriender learns the friend's killer: of a death by the killers named ("by
        the Black Org"), or of a death at night, but a sniping when the sentence excepts it."""
        why = self.why
        by = next((c for c in children if isinstance(c, _By)), None)
        sniping = any(isinstance(c, Token) and c.type == "SNIPE" for c in children)
        if by is not None:
            if sniping:
                raise NoReading("a friend killed by a group, with an exception: not read")
            return (_Trait(None, FriendTold(why, by=str(by), by_why=why), why),)
        told = FriendTold(why, night=why, not_sniped=why if sniping else None)
        return (_Trait(None, told, why),)

    def cp_told_not(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, FriendTold(self.why, not_sniped=self.why), self.why),)
