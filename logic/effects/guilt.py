"""Owns guilt: a kill's user who dies for whom it killed ("If you kill a Town player, you
will die of guilt the following night."), its mark carried to the next night.

Vocabulary (an effect of a killing ability):
  Guilt    when the ability took place on a player of `faction` and that player died that
           night, its user gets the mark `guilt` (logic/effects/status.py's marks, carried
           by its lasting state `MARKS`); the following night, a player with the mark
           dies at the night's end, whatever else happens. What the guilty player does
           that night the sentence does not say: the engine lets their actions take
           place (the death comes at the end of the night).

A player killed by two attackers at once is killed by each: a guilty kill is one that
took place on the player who died, whoever else attacked them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import status
from logic.effects.base import Death, Kind, Outcome
from logic.effects.hex import LATE
from logic.model.expr import FALSE, Expr, conj, disj, label
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

MARK = "guilt"


@dataclass(frozen=True)
class Guilt:
    faction: str
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"guilt: if the target is of {self.faction} and dies that night, the user "
            "dies at the end of the following night"
        )


def _guilts(b: NightBuilder) -> list[Guilt]:
    return [e for r in b.rs.roles for a in r.abilities for e in a.effects if isinstance(e, Guilt)]


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The guilt a kill of tonight leaves on its user."""
    out: dict[Atom, Expr] = {}
    kinds = _guilts(b)
    for i in range(b.n):
        for c, e in b.effects(i, Guilt):
            for q in b.sc.players:
                died = outcome.died.get(q, FALSE)
                if died == FALSE:
                    continue
                hit = conj(c, b.ok(i), b.aims(i, q), died, b.sc.faction_is(q, e.faction))
                if hit == FALSE:
                    continue
                key = status.mark_atom(b.actor(i), _name(kinds, e))
                out[key] = disj(out.get(key, FALSE), label(hit, e.why))
    return out


def deaths(b: NightBuilder) -> list[Death]:
    """A player who killed in guilt last night dies at the end of this one."""
    kinds = _guilts(b)
    if not kinds:
        return []
    got: status.SymbolicMarks = b.before(status.MARKS)
    out: list[Death] = []
    names = {_name(kinds, g): g for g in kinds}
    for (p, name, _), e in got.items():
        if name not in names or p not in b.sc.players:
            continue
        cond = conj(b.sc.alive_now(p), e)
        if cond != FALSE:
            out.append((p, LATE, label(cond, names[name].why)))
    return out


def _name(kinds: list[Guilt], e: Guilt) -> str:
    """The mark of a guilt: `guilt`, numbered when several sentences give one (so that
    the death cites its own)."""
    return MARK if len(kinds) == 1 else f"{MARK} {kinds.index(e) + 1}"


KIND = Kind("guilt", (Guilt,), deaths=deaths, transition=transition)
