"""Owns the day powers that stop a lynch, read from the GM's sentences: Voice of Reason
("Can stop the lynching once per game.") and the day's protection ("May choose to Protect
any number of people at day." "If one of the Protected people is going to get lynched, he
will jump in and stop the lynching."). Its phrases are grammar/clause/lynchstop.lark, its
words grammar/lexicon/lynchstop.toml, its reading logic/lang/kinds/lynchstop.py.

Vocabulary (effects of a day ability):
  StopLynch  an ability aimed at no one: when it takes place no one is lynched that day
             (every living player holds the day's status `spared` of
             logic/effects/sway.py, so whoever the votes pick is not lynched)
  DayGuard   an ability on a player: when it takes place and `stops` (the sentence "If
             one of the Protected people is going to get lynched, he will jump in and stop
             the lynching.") is in force, the target holds `spared`: if the votes pick
             the target, no one is lynched that day

What stops the day action itself (a frightening the night before, an arrest, death) is
the frame's and the other kinds' (logic/model/day.py asks them all). "Any number of
people": a case names one a day (one day slot a player, as for every role).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind
from logic.model.expr import FALSE, TRUE, Expr, conj, label
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

SPARED = "spared"  # the day's status logic/effects/vote.py reads (sway.apply)


@dataclass(frozen=True)
class StopLynch:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: no one is lynched that day"


@dataclass(frozen=True)
class DayGuard:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    stops: Why | None = None  # "If one of the Protected people is going to get lynched, ..."

    def describe(self) -> str:
        if self.stops is None:
            return "day: protects the target (nothing said of the lynch)"
        return "day: if the target would be lynched, no one is lynched that day"


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """p is `spared` today: a stop of the lynch took place (whoever p is), or a day
    protection of p whose sentence says it stops the lynch."""
    if name != SPARED:
        return []
    out: list[tuple[Expr, str]] = []
    for i in range(db.n):
        for c, e in db.effects(i, StopLynch):
            x = conj(db.ok(i), c, label(TRUE, e.why))
            if x != FALSE:
                out.append((x, db.actor(i)))
        for c, g in db.effects(i, DayGuard):
            if g.stops is None:
                continue
            x = conj(db.ok(i), c, db.sc.aims(i, p), label(db.switch(g.stops), g.stops))
            if x != FALSE:
                out.append((x, db.actor(i)))
    return out


KIND = Kind("lynchstop", (StopLynch, DayGuard), day_marked=day_marked)
