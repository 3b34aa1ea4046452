"""Owns the clause language's reading of grammar/clause/abduct.lark (words in
grammar/lexicon/abduct.toml), mixed into logic/lang/kinds.Readings: "Irish will Abduct one
character that is not played in the game by any player." gives an ability aimed at no one,
each night, named "Abduct" (`Abduct`, logic/effects/abduct.py); the GM's other sentences
about it are a trait of the holder (`AbductRule`: what he is told, how long he waits)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.abduct import Abduct, AbductRule
from logic.lang.read.pieces import _AbilityStart, _Trait
from logic.model.ir import Frequency, Why

_NAME = "Abduct"


class AbductReading:
    """The methods of abduct.lark's rules."""

    why: Why

    def ab_order(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 0, _NAME)
        return (start, Abduct(self.why))

    def ab_told(self, children: list[Any]) -> tuple[Any, ...]:
        """'one random town-sided character': the faction before the hyphen."""
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        sided = next(n for n in names if "-" in n or n != names[0])
        rule = AbductRule(self.why, told=self.why, faction=sided.split("-")[0])
        return (_Trait(None, rule, self.why),)

    def ab_rest(self, children: list[Any]) -> tuple[Any, ...]:
        count = next(int(str(c)) for c in children if isinstance(c, Token) and c.type == "NUMERAL")
        rule = AbductRule(self.why, rest=self.why, phases=count)
        return (_Trait(None, rule, self.why),)
