"""Owns the clause language's reading of grammar/clause/analyze.lark (words in
grammar/lexicon/analyze.toml), mixed into logic/lang/kinds.Readings: "After the player gets
Sober, he can analyze his Interrogations during the Day (...)." is a day ability aimed at no
one, named by its word ("Analyze"), whose effect is `Analyze` (logic/effects/analyze.py);
"He gets the correct answer with the Analysis, ..." adds what it learns to it."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.analyze import Analyze
from logic.lang.read.pieces import _AddTo, _DayAbility
from logic.model.ir import Frequency, Why


class AnalyzeReading:
    """The methods of analyze.lark's rules."""

    why: Why

    def an_ability(self, children: list[Any]) -> tuple[Any, ...]:
        word = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        name = word[:1].upper() + word[1:].lower()
        return (_DayAbility(name, 0, Frequency.EACH_NIGHT, (Analyze(self.why),), self.why),)

    def an_correct(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Analyze, "correct", self.why),)
