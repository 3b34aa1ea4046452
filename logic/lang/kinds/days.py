"""Owns the clause language's readings of grammar/clause/days.lark (words in
grammar/lexicon/days.toml), mixed into logic/lang/kinds.Readings: abilities used by day and
what their use does (logic/effects/day.py), as the frame grammar's pieces:

- a revival by day ("may revive one target of his choice"): `Revive`, an exorcism of the
  dead holders of the roles named ("exorcise a Ghost or Zombie"): `Exorcise`, a power
  discarded ("message the host to discard its power", once: `Discard`); the real time of
  the day the sentence may name ("except for the last five minutes") is read, not modelled;
- the day's votes after a kill ("all votes by and for him are removed": `VotesGone`) or a
  revival ("may begin voting that Day": `VotesBack`), the user revealed ("The Sorcerer is
  revealed at this time": `Public`), a rock thrown at the next vote tally (`Rock`);
- traits of the day's vote (logic/effects/vote.py): two holders voting for one player
  count as N (`PairVote`), the last voter of a lynched holder dies (`LastVoterDies`).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.afterlife import Exorcise
from logic.effects.day import Discard, Public, Revive, Rock, VotesBack, VotesGone
from logic.effects.vote import LastVoterDies, PairVote
from logic.lang.clause_parts import NUMBERS, NoReading, about
from logic.lang.read.pieces import _DayAbility, _Trait
from logic.model.ir import Frequency, Why


class DayReading:
    """The methods of days.lark's rules."""

    why: Why

    def day_revive(self, children: list[Any]) -> tuple[Any, ...]:
        if any(isinstance(c, Token) and c.type == "MEMBER" for c in children):
            raise NoReading("a revive of a faction's members only is not modelled")
        freqs = {c for c in children if isinstance(c, Frequency)}
        if len(freqs) > 1:
            raise NoReading("two different frequencies")
        freq = freqs.pop() if freqs else Frequency.EACH_NIGHT
        day = _DayAbility("revive", 1, freq, (Revive(self.why),), self.why)
        return about(children, day)

    def night_revive(self, _: list[Any]) -> tuple[Any, ...]:
        raise NoReading(
            "a revive at night (no day is said) is not modelled: the engine's revive is a "
            "day ability ('During the day, you may revive a dead player.')"
        )

    def day_exorcise(self, children: list[Any]) -> tuple[Any, ...]:
        roles = tuple(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        day = _DayAbility(
            "exorcise", 1, Frequency.EACH_NIGHT, (Exorcise(roles, self.why),), self.why
        )
        return about(children, day)

    def day_discard(self, children: list[Any]) -> tuple[Any, ...]:
        day = _DayAbility("discard", 0, Frequency.ONCE_PER_GAME, (Discard(self.why),), self.why)
        return about(children, day)

    def votes_gone(self, _: list[Any]) -> tuple[Any, ...]:
        return (VotesGone(self.why),)

    def votes_back(self, _: list[Any]) -> tuple[Any, ...]:
        return (VotesBack(self.why),)

    def revealed_public(self, _: list[Any]) -> tuple[Any, ...]:
        return (Public(self.why),)

    def rock_thrown(self, _: list[Any]) -> tuple[Any, ...]:
        return (Rock(self.why),)

    def pair_vote(self, children: list[Any]) -> tuple[Any, ...]:
        n = next(c for c in children if isinstance(c, Token) and c.type == "NUMBER")
        return (_Trait(None, PairVote(NUMBERS[str(n).lower()], self.why), self.why),)

    def last_voter(self, _: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, LastVoterDies(self.why), self.why),)
