"""Owns the clause language's reading of grammar/clause/couple.lark: "Chooses four players,
two of which will become lovers." (with its time: "During the Prep phase, ...") gives an
ability on that many players that makes two of them a pair of the status the sentence
names (logic/effects/couple.py's `Pair`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.couple import Pair
from logic.lang.clause_parts import Objects
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, Why


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
