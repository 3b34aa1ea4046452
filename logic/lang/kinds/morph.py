"""Owns the clause language's readings of grammar/clause/morph.lark (words in
grammar/lexicon/morph.toml), mixed into logic/lang/kinds.Readings: a night ability named
"morph" naming no one, whose effect is `Morph` (logic/effects/morph.py) with the pool of
the faction it names ("This player chooses one role from the General Pool they would like
to assume."); what an unassigned role gives ("If that role is not assigned, they assume
that role.": `Morph.free`) and an assigned one ("If the role is assigned, the player can
choose whether or not to assume the alignment of the other player ...": `Morph.align`),
each said of the ability before it."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.morph import Morph
from logic.lang.clause_parts import subject_of
from logic.lang.kinds.traits import Adds
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, Why


class MorphReading:
    """The methods of morph.lark's rules."""

    why: Why

    def morph(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        start = _AbilityStart("targets", freq, self.why, subject_of(children), 0, "morph")
        return (start, Morph(self.why, pool=tuple(names[:1])))

    def morph_free(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Morph, "free", self.why),)

    def morph_align(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Morph, "align", self.why),)
