"""Owns a block used by day: its node and what it stops. Its phrase is
grammar/clause/dayblock.lark, its reading logic/lang/kinds/dayblock.py.

Vocabulary:
  DayBlock  a day action: the target's day actions that day do not take place (the
            Blocker's "block the activity of one player for a day ... period", its
            example b.: "if the blocker targets the soother, the mellowed player goes
            back to normal status and their vote counts as normal"). The target still
            votes (a vote is not a power); what is stopped is what the target's day
            slot would do.

Two day blocks aimed at each other are simultaneous, as two night blocks are: each
outcome where one stops the other supports itself (the day's `ok:i` are variables).
No lasting state: the block holds for the day it is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind
from logic.model.expr import Expr, any_of, conj, label
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class DayBlock:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day block: the target's day actions that day do not take place"


def day_stops(db: DayBuilder, i: int) -> Expr:
    """Day slot i's action is stopped by a day block that took place on its actor."""
    p = db.actor(i)
    return any_of(
        label(conj(db.ok(j), c, db.sc.aims(j, p)), e.why)
        for j in range(db.n)
        if j != i
        for c, e in db.effects(j, DayBlock)
    )


KIND = Kind("dayblock", (DayBlock,), day_stops=day_stops)
