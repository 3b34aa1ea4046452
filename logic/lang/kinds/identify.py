"""Owns the clause language's reading of grammar/clause/identify.lark (words in
grammar/lexicon/identify.toml), mixed into logic/lang/kinds.Readings: "Decide together to
Identify one person's role (...)." is a day ability on one player, named as the sentence
names it, whose effect is `IdentifyRole` (logic/effects/identify.py); "If one of the
Detective Boys is prevented from using his day ability ..., the Identification could either
succeed or fail, depending on the number of undisturbed Detective Boys." adds its chance of
failure to it."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.identify import IdentifyRole
from logic.lang.read.pieces import _AddTo, _DayAbility
from logic.model.ir import Frequency, Why


class IdentifyReading:
    """The methods of identify.lark's rules."""

    why: Why

    def id_ability(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        node = IdentifyRole(self.why)
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (node,), self.why),)

    def id_chance(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(IdentifyRole, "chance", self.why),)
