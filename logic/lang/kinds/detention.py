"""Owns the clause language's reading of grammar/clause/detention.lark (words in
grammar/lexicon/detention.toml), mixed into logic/lang/kinds.Readings: "Can put any player
in detention at Night or Day, except for themselves." gives two abilities named by the
noun, "Detention", one by night (`Detain`) and one by day (`DayDetain`), neither on the
user; the section's other sentences are traits of the holder (`Held`, `OneAtATime`,
`ReleasedAfter`, `NotTwiceInARow`: logic/effects/detention.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.detention import (
    DayDetain,
    Detain,
    Held,
    NotTwiceInARow,
    OneAtATime,
    ReleasedAfter,
)
from logic.lang.clause_parts import Starts, subject_of
from logic.lang.read.pieces import _DayAbility, _Trait
from logic.model.ir import Frequency, NoSelfTarget, Why

NAME = "Detention"


class DetentionReading:
    """The methods of detention.lark's rules."""

    why: Why

    def dn_put(self, children: list[Any]) -> tuple[Any, ...]:
        starts = Starts("targets", Frequency.EACH_NIGHT, self.why, subject_of(children), 1, NAME)
        no_self = NoSelfTarget(self.why)
        day = _DayAbility(
            NAME, 1, Frequency.EACH_NIGHT, (DayDetain(self.why),), self.why, (no_self,)
        )
        return (starts, Detain(self.why), no_self, day)

    def dn_held(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, Held(self.why), self.why),)

    def dn_one(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, OneAtATime(self.why), self.why),)

    def dn_release(self, children: list[Any]) -> tuple[Any, ...]:
        phases = next(c for c in children if type(c) is int)
        dies = any(isinstance(c, Token) and c.type == "DIE" for c in children)
        return (_Trait(None, ReleasedAfter(phases, dies, self.why), self.why),)

    def dn_row(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, NotTwiceInARow(self.why), self.why),)
