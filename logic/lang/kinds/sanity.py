"""Owns the clause language's reading of grammar/clause/sanity.lark, mixed into
logic/lang/kinds.Readings: a checker's sanity ("Your investigations always return
Mafia.", "Your results are inverted."), a trait of the role whose line says it
(logic/effects/sanity.py's `Sanity`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.sanity import Sanity
from logic.lang.clause_parts import about
from logic.lang.kinds.traits import Trait
from logic.model.ir import Why


class SanityReading:
    """The methods of sanity.lark's rules."""

    why: Why

    def sn_faction(self, children: list[Any]) -> Sanity:
        return Sanity(self.why, faction=str(next(c for c in children if isinstance(c, Token))))

    def sn_guilty(self, _: list[Any]) -> Sanity:
        return Sanity(self.why, guilty=True)

    def sn_innocent(self, _: list[Any]) -> Sanity:
        return Sanity(self.why, guilty=False)

    def sanity_fixed(self, children: list[Any]) -> tuple[Any, ...]:
        (sanity,) = [c for c in children if isinstance(c, Sanity)]
        return about(children, Trait(sanity))

    def sanity_inverted(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Trait(Sanity(self.why, inverted=True)))
