"""Owns interception: "The first <faction> player to visit that player after <me> is
killed."

Vocabulary:
  Intercept  the first player of `faction` whose action visits the target in a later
             tier than this one is killed (unless protected)

Which visitor is "the first" is an outcome variable `first:i` (-1: none): among the
candidates, one whose tier no other candidate's precedes; candidates of one tier leave it
open (ambiguous), as the sentence does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Death, Kind
from logic.model.expr import (
    FALSE,
    Const,
    Expr,
    any_of,
    conj,
    disj,
    eq,
    iff,
    implies,
    label,
    lt,
    neg,
)
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Intercept:
    faction: str
    why: Why = meta()

    def describe(self) -> str:
        return f"intercept: the first {self.faction} player to visit the target after this action is killed"


def deaths(b: NightBuilder) -> list[Death]:
    out: list[Death] = []
    for i in range(b.n):
        for c, e in b.effects(i, Intercept):
            out.extend(_intercept(b, i, c, e))
    return out


def _intercept(b: NightBuilder, i: int, c: Expr, e: Intercept) -> list[Death]:
    cand: dict[int, Expr] = {}
    for j in range(b.n):
        if j == i:
            continue
        x = conj(
            b.sc.faction_is(b.actor(j), e.faction),
            b.shares(i, j),
            lt(b.tiers[i], b.tiers[j]),
            b.ok(j),
        )
        if x != FALSE:
            x = conj(x, b.visits(j))  # only now: a semi-visit choice that matters
        if x != FALSE:
            cand[j] = x
    var = f"first:{i}"
    first = b.choice(var, [-1, *cand])
    active = conj(c, b.ok(i))
    none = neg(any_of(cand.values()))
    b.equations.append((label(iff(eq(first, Const(-1)), disj(neg(active), none)), e.why), e.why))
    out: list[Death] = []
    for j, x in cand.items():
        earlier = [neg(conj(y, lt(b.tiers[k], b.tiers[j]))) for k, y in cand.items() if k != j]
        b.equations.append((label(implies(eq(first, Const(j)), conj(x, *earlier)), e.why), e.why))
        victim = b.actor(j)
        # j's visit (x, and the sentence that makes j's action a visit) follows from
        # first == j; it is repeated so that the death is explained by that visit
        visit = any_of(label(cj, w) for cj, w in b.class_why(j))
        cond = conj(
            label(conj(active, eq(first, Const(j)), x, visit), e.why),
            neg(attack.protected(b, victim)),
        )
        out.append((victim, b.tiers[j], cond))
    return out


KIND = Kind("intercept", (Intercept,), deaths=deaths)
