"""Owns the clause language's readings of grammar/clause/spy.lark, mixed into
logic/lang/kinds.Readings: a watch on a player ("the spy selects a player to spy on"), an
ability used on one player each night, and what it learns ("If that player uses a power
that night, the spy knows what power was used, but not the target"): `PowerWatched`
(logic/effects/spy.py), an effect of the ability before it; the first mode's follow of a
role ("This player follows the target of a specific night-time use role.", an ability
aimed at no one) and what it learns ("He is told the target of that role, ..."):
`RoleFollowed`."""

from __future__ import annotations

from typing import Any

from logic.effects.spy import PowerWatched, RoleFollowed
from logic.lang.clause_parts import subject_of
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, Why


class SpyReading:
    """The methods of spy.lark's rules."""

    why: Why

    def spy_watch(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        return (_AbilityStart("targets", freq, self.why, subject_of(children), 1, "watch"),)

    def spy_learns(self, _: list[Any]) -> tuple[Any, ...]:
        return (PowerWatched(self.why),)

    def spy_follow(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        return (_AbilityStart("targets", freq, self.why, subject_of(children), 0, "follow"),)

    def spy_told(self, _: list[Any]) -> tuple[Any, ...]:
        return (RoleFollowed(self.why),)
