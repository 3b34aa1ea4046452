"""Owns the clause language's reading of grammar/clause/aptx.lark, mixed into
logic/lang/kinds.Readings: "Can give out the Health Charm." gives a day ability on one
player named by the item's last word ("Charm"), whose effect is `Charm`
(logic/effects/aptx.py); "The same phase and the phase afterwards, the target will be
protected from APTX poisoning." what it protects from; "Sherry has 2 APTX that can be used
for the Poison ability, which follow the same rues as other APTX." makes the ability
before it an APTX by night with its own capsules (`AptxNight`,
logic/effects/aptxnight.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.aptx import Charm
from logic.effects.aptxnight import AptxNight
from logic.lang.read.pieces import _AddTo, _DayAbility
from logic.model.ir import Frequency, Why


class AptxReading:
    """The methods of aptx.lark's rules."""

    why: Why

    def ax_charm(self, children: list[Any]) -> tuple[Any, ...]:
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        name = names[-1]
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (Charm(self.why),), self.why),)

    def ax_shields(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Charm, "shields", self.why),)

    def ax_stock(self, children: list[Any]) -> tuple[Any, ...]:
        count = next(c for c in children if isinstance(c, int))
        return (AptxNight(self.why, count),)
