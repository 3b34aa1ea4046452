"""Owns the clause language's reading of grammar/clause/shield.lark (words in
grammar/lexicon/shield.toml), mixed into logic/lang/kinds.Readings: a protection that lasts
into the following day ("This protection extends into the following game day and protects
from all types of death (infection) except lynching."), the effect `IntoDay`
(logic/effects/shield.py) of the ability before it."""

from __future__ import annotations

from typing import Any

from logic.effects.shield import IntoDay
from logic.model.ir import Why


class ShieldReading:
    """The methods of shield.lark's rules."""

    why: Why

    def shield_day(self, _: list[Any]) -> tuple[Any, ...]:
        return (IntoDay(self.why),)
