"""Owns the actions that stop other actions in their tier and later ones: the roleblock
(the target's own actions do not take place) and the jail (actions aimed at the target
do not take place).

Vocabulary:
  Roleblock  the target's actions in this tier and later ones do not take place
  Jail       the target cannot be targeted by other night actions in this tier and later
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome
from logic.model import frame
from logic.model.expr import FALSE, Expr, any_of, conj, label, le, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Roleblock:
    why: Why = meta()

    def describe(self) -> str:
        return "roleblock: the target's actions in this tier and later do not take place"


@dataclass(frozen=True)
class Jail:
    why: Why = meta()

    def describe(self) -> str:
        return "jail: the target cannot be targeted by other night actions"


def stops(b: NightBuilder, i: int) -> Expr:
    p = b.actor(i)
    blocked = any_of(
        label(conj(c, b.ok(j), b.aims(j, p), le(b.tiers[j], b.tiers[i])), e.why)
        for j in range(b.n)
        if j != i
        for c, e in b.effects(j, Roleblock)
    )
    jailed = any_of(
        label(conj(c, b.ok(j), b.shares(i, j), le(b.tiers[j], b.tiers[i])), e.why)
        for j in range(b.n)
        if j != i
        for c, e in b.effects(j, Jail)
    )
    return any_of(
        [
            label(blocked, frame.ROLEBLOCK) if blocked != FALSE else FALSE,
            label(jailed, frame.JAIL) if jailed != FALSE else FALSE,
        ]
    )


def atoms(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X is roleblocked`: a roleblock landed on a living player (whatever they did)."""
    out = {}
    for p in b.sc.players:
        alive = neg(b.sc.dead_before(p))
        if alive != FALSE:
            blocks = [
                label(conj(c, b.ok(j), b.aims(j, p)), e.why)
                for j in range(b.n)
                for c, e in b.effects(j, Roleblock)
            ]
            out[Atom("roleblocked", p)] = conj(alive, any_of(blocks))
    return out


KIND = Kind("block", (Roleblock, Jail), stops=stops, atoms=atoms)
