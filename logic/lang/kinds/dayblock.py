"""Owns the clause language's reading of grammar/clause/dayblock.lark, mixed into
logic/lang/kinds.Readings: a block used by day ("Once per game, during the day, the Blocker
may block another player."), a day ability whose effect is `DayBlock`
(logic/effects/dayblock.py). The ability is named "target", as a night ability used on a
player is: a role whose night block and day block share one use ("for a day OR night-time
period (not both)", "One-time use") spends both with either."""

from __future__ import annotations

from typing import Any

from logic.effects.dayblock import DayBlock
from logic.lang.clause_parts import about
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency, Why


class DayBlockReading:
    """The methods of dayblock.lark's rules."""

    why: Why

    def day_block(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        day = _DayAbility("target", 1, freq, (DayBlock(self.why),), self.why)
        return about(children, day)
