"""Owns a night's protection that lasts into the day after it ("This protection extends
into the following game day and protects from all types of death (infection) except
lynching."): its node, the mark a protection that took place leaves on its target, and
what the mark stops by day. Its phrase is grammar/clause/shield.lark, its words
grammar/lexicon/shield.toml, its reading logic/lang/kinds/shield.py.

Vocabulary:
  IntoDay  an effect of a protecting ability (said of the ability before it): the target
           of a use that took place is `shielded` the following day; a day's kill aimed
           at a shielded player does not take place (the Hunter's "If the target is
           protected, ... the attack fails"); the lynch is not stopped ("except lynching").

The mark is status's (logic/effects/status.py: a mark given on night N is read on day N),
so its lasting state is the marks' own; the night gives it through `transition`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import status
from logic.effects.base import Kind, Outcome
from logic.effects.day import DayKill
from logic.model.expr import FALSE, Expr, any_of, conj, disj, label
from logic.model.ir import Ruleset
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

SHIELDED = "shielded"


@dataclass(frozen=True)
class IntoDay:
    why: Why = meta()

    def describe(self) -> str:
        return "shield: the protection lasts into the following day (a day's kill fails; not the lynch)"


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The mark `shielded` on each target of a protection with IntoDay that took place."""
    out: dict[Atom, Expr] = {}
    for j in range(b.n):
        for c, e in b.effects(j, IntoDay):
            for q in b.sc.players:
                x = conj(c, b.ok(j), b.aims(j, q))
                if x == FALSE:
                    continue
                key = status.mark_atom(q, SHIELDED, b.actor(j))
                out[key] = disj(out.get(key, FALSE), label(x, e.why))
    return out


def shielded(db: DayBuilder, q: str) -> Expr:
    """q holds a protection of the night before today."""
    return any_of(c for c, _ in status.day_marks(db, q, SHIELDED))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A day's kill aimed at a shielded player does not take place."""
    why = _why(db.rs)
    if why is None:
        return FALSE
    out = []
    for c, _ in db.effects(i, DayKill):
        x = db.at_target(i, lambda q: shielded(db, q))
        if x is not None and x != FALSE:
            out.append(label(conj(c, x), why))
    return any_of(out)


def _why(rs: Ruleset) -> Why | None:
    """The sentence that makes a protection last into the day (None: the ruleset has none)."""
    for role in rs.roles:
        for ab in role.abilities:
            for e in ab.effects:
                if isinstance(e, IntoDay):
                    return e.why
    return None


KIND = Kind(
    "shield",
    (IntoDay,),
    transition=transition,
    day_stops=day_stops,
)
