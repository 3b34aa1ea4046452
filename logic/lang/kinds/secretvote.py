"""Owns the clause language's readings of grammar/clause/secretvote.lark (words in
grammar/lexicon/secretvote.toml), mixed into logic/lang/kinds.Readings: a secret vote
("This player submits a private vote that is different than their public vote."), a day
ability named "secret vote" whose effect is `SecretVote`, and the public vote void once it
is cast ("Once enacted, the public vote from then on does not count, ..."): `PublicVoid`,
an effect of the ability before it (logic/effects/secretvote.py)."""

from __future__ import annotations

from typing import Any

from logic.effects.secretvote import PublicVoid, SecretVote
from logic.lang.clause_parts import about
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency, Why


class SecretVoteReading:
    """The methods of secretvote.lark's rules."""

    why: Why

    def secret_vote(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        day = _DayAbility("secret vote", 1, freq, (SecretVote(self.why),), self.why)
        return about(children, day)

    def public_void(self, _: list[Any]) -> tuple[Any, ...]:
        return (PublicVoid(self.why),)
