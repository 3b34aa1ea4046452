"""Owns the clause language's reading of grammar/clause/bribe.lark (words in
grammar/lexicon/bribe.toml), mixed into logic/lang/kinds.Readings: 'One per game, Pisco may
"Bribe" the GM with a suitcase full of cash.' gives an ability aimed at no one, once a game,
named by its quoted word (`Bribe`, logic/effects/bribe.py); each of the GM's other sentences
about it is a trait of the holder (`BribeRule`, tagged by its rule's name)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.bribe import Bribe, BribeRule
from logic.lang.read.pieces import _Capability, _Trait
from logic.model.ir import Frequency, Why


class BribeReading:
    """The methods of bribe.lark's rules."""

    why: Why

    def _bribe_rule(self, tag: str) -> tuple[Any, ...]:
        return (_Trait(None, BribeRule(self.why, **{tag: self.why}), self.why),)

    def br_order(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(
            str(c).strip('"') for c in children if isinstance(c, Token) and c.type == "STRING"
        )
        effect = Bribe(self.why)
        freq = Frequency.ONCE_PER_GAME
        return (_Capability(None, (effect,), (), freq, False, self.why, name=name, targets=0),)

    def br_unhindered(self, children: list[Any]) -> tuple[Any, ...]:
        return self._bribe_rule("unhindered")

    def br_again(self, children: list[Any]) -> tuple[Any, ...]:
        return self._bribe_rule("unhindered")

    def br_foiled(self, children: list[Any]) -> tuple[Any, ...]:
        return self._bribe_rule("foiled")

    def br_absolute(self, children: list[Any]) -> tuple[Any, ...]:
        return self._bribe_rule("absolute")
