"""Owns the clause language's readings of grammar/clause/triggers.lark: abilities used
when something happens to their holder, a public day ability, a vote bound to another's
(logic/effects/triggers.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.triggers import IfIs, OnDeath, OnNominated, Public, TeamResult, VotesWith
from logic.lang.clause_parts import Objects, Starts, subject_of
from logic.lang.kinds.knowing import names, numbers
from logic.lang.kinds.traits import Trait
from logic.model.ir import Frequency, NoSelfTarget, Why


def _wins(children: list[Any]) -> bool:
    return any(isinstance(c, Token) and c.type == "WIN" for c in children)


class TriggersReading:
    """The methods of triggers.lark's rules."""

    why: Why

    def at_night(self, _: list[Any]) -> OnDeath:
        return OnDeath("night", self.why)

    def by_execution(self, _: list[Any]) -> OnDeath:
        return OnDeath("execution", self.why)

    def woken_on_death(self, children: list[Any]) -> tuple[Any, ...]:
        on = next(c for c in children if isinstance(c, OnDeath))
        obj = next(c for c in children if isinstance(c, Objects))
        starts = Starts(
            "checks", Frequency.ONCE_PER_GAME, self.why, subject_of(children), obj.count
        )
        return (starts, on, *((NoSelfTarget(self.why),) if obj.other else ()))

    def team_result(self, children: list[Any]) -> tuple[Any, ...]:
        on = next((c for c in children if isinstance(c, OnDeath)), None)
        if on is not None:
            node = TeamResult(_wins(children), f"dies by {on.how}", why=self.why)
        else:
            node = TeamResult(_wins(children), "no execution", numbers(children)[0], self.why)
        return (Trait(node),)

    def on_nominated(self, children: list[Any]) -> tuple[Any, ...]:
        return (Trait(OnNominated(names(children)[0], True, self.why)),)

    def public_choice(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        obj = next(c for c in children if isinstance(c, Objects))
        starts = Starts("targets", frequency, self.why, subject_of(children), obj.count)
        return (starts, Public(self.why))

    def if_is(self, children: list[Any]) -> tuple[Any, ...]:
        return (IfIs(names(children)[0], self.why),)

    def votes_with(self, _: list[Any]) -> tuple[Any, ...]:
        return (VotesWith(self.why),)
