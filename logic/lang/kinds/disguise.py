"""Owns the clause language's reading of grammar/clause/disguise.lark (words in
grammar/lexicon/disguise.toml), mixed into logic/lang/kinds.Readings: "Prep action:
Disguise." gives an ability named "Disguise", aimed at no one, of the prep phase (a case's
`prep:` block), "Day action: Temporary Disguise." a day ability of that name, Pinch
Face's sentence an ability aimed at a player; "If the target is disguised, then the player
will learn it for the disguise, ..." is an effect of the ability before it; the GM's other
sentences about a costume or a pinch are traits of the holder (logic/effects/disguise.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.disguise import (
    AsksDisguise,
    Costume,
    CostumeRule,
    Disguise,
    DisguiseAs,
    NoDisguiseAs,
    Pinch,
    PinchRule,
    SeesDisguise,
)
from logic.lang.read.pieces import _AbilityName, _AbilityStart, _DayAbility, _Trait
from logic.model.ir import Frequency, Why


class DisguiseReading:
    """The methods of disguise.lark's rules."""

    why: Why

    def _trait(self, node: Any) -> tuple[Any, ...]:
        return (_Trait(None, node, self.why),)

    def dg_prep(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(str(c) for c in children if isinstance(c, Token) and c.type == "DISGUISE")
        start = _AbilityStart("targets", Frequency.PREP, self.why, None, 0, name)
        return (start, Disguise(self.why))

    def dg_costume(self, children: list[Any]) -> tuple[Any, ...]:
        words = [
            str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "DISGUISE")
        ]
        name = " ".join(words)  # "Temporary Disguise"
        return (_DayAbility(name, 0, Frequency.EACH_NIGHT, (Costume(self.why),), self.why),)

    def dg_sees(self, children: list[Any]) -> tuple[Any, ...]:
        return (SeesDisguise(self.why),)

    def dg_asks(self, children: list[Any]) -> tuple[Any, ...]:
        return (AsksDisguise(self.why),)

    def dg_card(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(NoDisguiseAs(self.why))

    def dg_card_yes(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(DisguiseAs(self.why))

    def dg_one_night(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(CostumeRule(self.why, one_night=self.why))

    def dg_not_twice(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(CostumeRule(self.why, not_twice=self.why))

    def dg_pinch(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("checks", Frequency.EACH_NIGHT, self.why, None, 1, "Pinch Face")
        # named as the section names it, and as the order of actions does ("Face Pinch")
        return (start, Pinch(self.why), _AbilityName("Pinch Face", ("Face Pinch",), self.why))

    def dg_pinch_false(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(PinchRule(self.why, false=self.why))

    def dg_pinch_strips(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(PinchRule(self.why, strips=self.why))

    def dg_pinch_names(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(PinchRule(self.why, names=self.why))

    def dg_pinch_told(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(PinchRule(self.why, told=self.why))
