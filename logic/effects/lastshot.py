"""Owns a kill made at the time of one's own death ("This werewolf can kill a player of
their choosing at the time of their death. Normal protections apply."): its nodes and the
deaths it adds. Its phrase is grammar/clause/lastshot.lark, its reading
logic/lang/kinds/lastshot.py.

Vocabulary:
  LastShot       a night action naming a player: if the holder dies this night (of any
                 cause), the player named dies as well (at the same tier), unless
                 protected tonight ("Normal protections apply")
  LastShotByDay  the same by day: if the holder dies today (lynched or killed), the player
                 named dies as well, unless his protection of the night before lasts into
                 the day (logic/effects/shield.py)
  LynchShot      a day action naming a player: if the holder is lynched today, the player
                 named dies as well, unless shielded ("If you are lynched, you may kill a
                 player."); `voters`: only a player whose vote today was cast for the
                 holder ("one of the players who voted for you"): another name kills no one

The choice is the holder's, made in the phase (a case writes it as the phase's action:
`Eve uses kill on Bob`); naming a player spends nothing: the kill happens once, since the
holder dies once. A block does not stop it (the Blocker's "This does not apply to normal
WW powers such as ... kamikaze kills"): what stops it is what stops a death, a protection
of its target. No lasting state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects import attack, shield
from logic.effects.base import Death, Kind
from logic.model.expr import FALSE, Const, Expr, conj, disj, eq, label, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class LastShot:
    why: Why = meta()

    def describe(self) -> str:
        return "last shot: if the holder dies tonight, the player named dies too, unless protected"


@dataclass(frozen=True)
class LastShotByDay:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "last shot by day: if the holder dies today, the player named dies too"


@dataclass(frozen=True)
class LynchShot:
    voters: bool = False
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        whom = "a player who voted for the holder" if self.voters else "the player named"
        return f"shot when lynched: if the holder is lynched today, {whom} dies too"


def echoes(b: NightBuilder, deaths: Sequence[Death]) -> list[Death]:
    """The player a dying holder named tonight dies at the holder's tier, unless
    protected."""
    out: list[Death] = []
    for j in range(b.n):
        p = b.actor(j)
        mine = [(tier, cond) for v, tier, cond in deaths if v == p]
        if not mine:
            continue
        for c, e in b.effects(j, LastShot):
            named = conj(c, b.sc.taken(j), neg(b.sc.dead_before(p)))
            if named == FALSE:
                continue
            for q in b.sc.players:
                if q == p:
                    continue
                at = conj(named, b.aims(j, q))
                if at == FALSE:
                    continue
                spared = attack.protected(b, q)
                for tier, cond in mine:
                    out.append((q, tier, label(conj(at, cond, neg(spared)), e.why)))
    return out


def day_echoes(db: DayBuilder, atoms: dict[Atom, Expr]) -> dict[Atom, Expr]:
    """The player a holder named today dies when the holder dies today (lynched or
    killed), or, for a shot when lynched, when the lynch falls on the holder; unless
    shielded."""
    out = dict(atoms)
    for i in range(db.n):
        p = db.actor(i)
        died = atoms.get(Atom("dies", p), FALSE)
        shots = [
            (conj(c, neg(db.sc.dead_before(p)), died), e) for c, e in db.effects(i, LastShotByDay)
        ]
        lynched = atoms.get(Atom("lynched", p), FALSE)
        shots += [(conj(c, lynched), e) for c, e in db.effects(i, LynchShot)]
        for when, e in shots:
            named = conj(when, db.sc.taken(i))
            if named == FALSE:
                continue
            for q in db.players:
                if q == p:
                    continue
                at = conj(named, db.sc.aims(i, q))
                if isinstance(e, LynchShot) and e.voters:  # q voted for p today
                    at = conj(at, eq(db.sc.vote(q), Const(db.players.index(p))))
                if at == FALSE:
                    continue
                x = label(conj(at, neg(shield.shielded(db, q))), e.why)
                key = Atom("dies", q)
                out[key] = disj(out.get(key, FALSE), x)
    return out


KIND = Kind("lastshot", (LastShot, LastShotByDay, LynchShot), echoes=echoes, day_echoes=day_echoes)
