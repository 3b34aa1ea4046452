"""Owns the clause language's reading of grammar/clause/erase.lark (words in
grammar/lexicon/erase.toml), mixed into logic/lang/kinds.Readings: "The eraser has the
option of erasing or not erasing a body if he is the one doing the killing himself." gives
an ability aimed at no one, each night, named "Erase" (`Erase`, logic/effects/erase.py); the
GM's other sentences about it are a trait of the holder (`EraseRule`)."""

from __future__ import annotations

from typing import Any

from logic.effects.erase import Erase, EraseRule
from logic.lang.read.pieces import _AbilityStart, _Trait
from logic.model.ir import Frequency, Why

_NAME = "Erase"


class EraseReading:
    """The methods of erase.lark's rules."""

    why: Why

    def er_order(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 0, _NAME)
        return (start, Erase(self.why))

    def er_other(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, EraseRule(self.why, other=self.why), self.why),)

    def er_told(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, EraseRule(self.why, told=self.why), self.why),)

    def er_bribed(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, EraseRule(self.why, bribed=self.why), self.why),)
