"""Owns the clause language's reading of grammar/clause/frighten.lark (words in
grammar/lexicon/frighten.toml), mixed into logic/lang/kinds.Readings: "The Frightened
player can't use his ability the next day." begins a night ability on one player (named
by the name said before it, "Night action: Frighten.") whose effect is `Frighten`
(logic/effects/frighten.py). "He also can't vote the next day." is the base language's
(clause.lark's `vote_blocked_next`: a hex, the target's vote with no power the next
day)."""

from __future__ import annotations

from typing import Any

from logic.effects.frighten import Frighten
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, Why


class FrightenReading:
    """The methods of frighten.lark's rules."""

    why: Why

    def fr_acts(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 1, "frighten")
        return (start, Frighten(self.why))
