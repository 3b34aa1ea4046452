"""Owns the clause language's reading of grammar/clause/timeline.lark (words in
grammar/lexicon/timeline.toml), mixed into logic/lang/kinds.Readings: "During the day, the
Stretcher may void the majority lock." gives a day ability aimed at no one, named by its
verb ("void"), whose effect is `VoidLock`; "During the day, the Collapser may end the day
instantly." one named "end" (`EndDay`) (logic/effects/timeline.py); a doubled vote that
follows its voter's changes ("It doubles whatever the valid vote is, so the vote can be
changed": `VoteDouble.follows`, logic/effects/sway.py), said of the ability before it."""

from __future__ import annotations

from typing import Any

from logic.effects.sway import VoteDouble
from logic.effects.timeline import EndDay, VoidLock
from logic.lang.clause_parts import about
from logic.lang.kinds.traits import Adds
from logic.lang.read.pieces import _AddTo, _DayAbility
from logic.model.ir import Frequency, Why


def _freq(children: list[Any]) -> Frequency:
    freqs = [c for c in children if isinstance(c, Frequency)]
    return next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)


class TimelineReading:
    """The methods of timeline.lark's rules."""

    why: Why

    def tl_void(self, children: list[Any]) -> tuple[Any, ...]:
        day = _DayAbility("void", 0, _freq(children), (VoidLock(self.why),), self.why)
        return about(children, day)

    def tl_end(self, children: list[Any]) -> tuple[Any, ...]:
        day = _DayAbility("end", 0, _freq(children), (EndDay(self.why),), self.why)
        return about(children, day)

    def tl_moot(self, children: list[Any]) -> tuple[Any, ...]:
        kinds: Any = (VoidLock, EndDay)  # (the assembler's isinstance takes either)
        return (_AddTo(kinds, "moot", self.why),)

    def tl_follows(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(VoteDouble, "follows", self.why),)
