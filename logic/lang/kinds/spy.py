"""Owns the clause language's readings of grammar/clause/spy.lark, mixed into
logic/lang/kinds.Readings: a watch on a player ("the spy selects a player to spy on"), an
ability used on one player each night, and what it learns ("If that player uses a power
that night, the spy knows what power was used, but not the target"): `PowerWatched`
(logic/effects/spy.py), an effect of the ability before it."""

from __future__ import annotations

from typing import Any

from logic.effects.spy import PowerWatched
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
