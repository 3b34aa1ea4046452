"""Owns the clause language's reading of grammar/clause/lynchstop.lark (words in
grammar/lexicon/lynchstop.toml), mixed into logic/lang/kinds.Readings: "Can stop the
lynching once per game." gives a day ability aimed at no one, named by its verb ("stop"),
whose effect is `StopLynch` (logic/effects/lynchstop.py); "May choose to Protect any
number of people at day." a day ability on one player named "Protect" (`DayGuard`), and
"If one of the Protected people is going to get lynched, he will jump in and stop the
lynching." what that protection does to the lynch."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.lynchstop import DayGuard, StopLynch
from logic.lang.clause_parts import about
from logic.lang.read.pieces import _AddTo, _DayAbility
from logic.model.ir import Frequency, Why


class LynchStopReading:
    """The methods of lynchstop.lark's rules."""

    why: Why

    def ls_stop(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        verb = next(c for c in children if isinstance(c, Token) and c.type == "BLOCK")
        day = _DayAbility(str(verb).lower(), 0, freq, (StopLynch(self.why),), self.why)
        return about(children, day)

    def ls_guard(self, children: list[Any]) -> tuple[Any, ...]:
        verb = next(c for c in children if isinstance(c, Token) and c.type == "PROTECT")
        name = str(verb)[:1].upper() + str(verb)[1:].lower()
        day = _DayAbility(name, 1, Frequency.EACH_NIGHT, (DayGuard(self.why),), self.why)
        return about(children, day)

    def ls_guard_stops(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(DayGuard, "stops", self.why),)
