"""Owns the clause language's reading of grammar/clause/aptx.lark, mixed into
logic/lang/kinds.Readings: "Can give out the Health Charm." gives a day ability on one
player named by the item's last word ("Charm"), whose effect is `Charm`
(logic/effects/aptx.py); "The same phase and the phase afterwards, the target will be
protected from APTX poisoning." what it protects from."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.aptx import Charm
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
