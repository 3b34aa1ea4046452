"""Owns a power enhanced by another player (the Amplifier's "This player can enhance the
potency of one other player's action for a day or night-time period."): its node and the
status of the day it gives, which the lynch reads (logic/effects/vote.py's weight: a vote
doubled and `tripled` counts three times). Its phrase is grammar/clause/amplify.lark, its
words grammar/lexicon/amplify.toml, its reading logic/lang/kinds/amplify.py.

Vocabulary:
  Amplify  a day action on another player: a vote that player doubles today counts three
           times, not twice ("If a rioter is targeted, the Rioter MUST use the power and
           their rioting targets gets their vote TRIPLICATED, (not two separate double
           votes)"); a target whose power is spent or not used today gains nothing ("If
           the targets power was already spent, nothing happens and the amplification is
           wasted")

Not modelled: the night half (a Seer's double scan, a Guard's double protection, a
Hunter's two kills: an action with two targets where its sentence gives one) and the
"FORCED" use (the target must use the power: a case says what each player does). No
lasting state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind
from logic.model.expr import FALSE, Expr, any_of, conj, label
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

TRIPLED = "tripled"  # a doubled vote counts three times (its source: who doubled it)


@dataclass(frozen=True)
class Amplify:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "amplify: a vote the target doubles today counts three times"


def _amplified(db: DayBuilder, a: str) -> Expr:
    """A day action with Amplify took place on a today."""
    return any_of(
        label(conj(db.ok(j), c, db.sc.aims(j, a)), e.why)
        for j in range(db.n)
        for c, e in db.effects(j, Amplify)
    )


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """`tripled` on p: p's vote is doubled today by a player whom an Amplify reached."""
    if name != TRIPLED:
        return []
    out: list[tuple[Expr, str]] = []
    for x, a in db.marked(p, "doubled"):
        y = conj(x, _amplified(db, a))
        if y != FALSE:
            out.append((y, a))
    return out


KIND = Kind("amplify", (Amplify,), day_marked=day_marked)
