"""Owns the arrest by day: the police's "Can arrest any player at Night or Day, except for
themselves." used in a day phase, on the record and custody of the crimes kind
(logic/effects/crimes.py: the night's arrest, the state both read and carry), and what an
arrest of the day does to that day's lynch. Its phrase is the arrest's sentence in
grammar/clause/crimes.lark (one sentence, two abilities: by night `crimes.Accuse`, by day
`DayAccuse`); its whole-game sentences are grammar/game/dayarrest.lark, read by
logic/lang/game_kinds/dayarrest.py (words in grammar/lexicon/dayarrest.toml).

Vocabulary:
  DayAccuse        a day action: the officer names the accused and the past phase of the
                   crime (`X decides "night 1"`); when the record holds a crime of the
                   accused in that phase (and he was not arrested for it before, when
                   "You can't arrest someone for the same crime twice." is said), the
                   accused is arrested today and in custody from then on; otherwise the
                   officer is suspended for the phases the crimes kind's `Suspends` says
  NoLynchArrested  "If the person who got the most lynch votes is also arrested that same
                   phase, there will be no lynch.": a player arrested today holds the
                   day's status `spared` (logic/effects/sway.py)
  TiedArrestedOut  "If two people recieve the same number of lynch votes in a day phase and
                   one of those two people is arrested or APTXed, the other will be
                   lynched.": a player arrested today holds `withdrawn`
                   (logic/effects/vote.py: one tied for the most is not considered)

An arrest by day is the day's first action ("Arrest > ... > Lynching > ..."): what the
crimes kind's sentences say of an arrested player holds from it on, that day: "The action
and/or vote of a successfully arrested player will not go thorough and will fail." (his
day action and his vote; another arrest is no such action: "The only exceptions to this
are arrests ..."), "Any and all actions on arrested players will fail ..." (a day action
aimed at him). A player in custody from an earlier phase is held all day (the crimes
kind's `day_held`), and actions on him fail too. A suspended officer's day actions do not
take place ("While suspended, the police officer in question will lose all abilities
apart from voting."). Not modelled by day: the record of the day's own actions (no day
action of this ruleset's modelled ones is a crime), house searches (by night only), and a
sniper's resistance to an arrest by day.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import crimes
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class DayAccuse:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    options = crimes.ACCUSED  # the phase of the crime, the prep phase too (a case's `decides`)

    def describe(self) -> str:
        return (
            "arrest by day: the accused is arrested when they committed a crime in the phase named"
        )


@dataclass(frozen=True)
class NoLynchArrested:
    why: Why = meta()

    def describe(self) -> str:
        return "a player arrested on the day the votes pick is not lynched, and no one is"


@dataclass(frozen=True)
class TiedArrestedOut:
    why: Why = meta()

    def describe(self) -> str:
        return "of two players tied for the most votes, one arrested that day, the other is lynched"


def _now(db: DayBuilder) -> int:
    return crimes.phase_index("day", db.day)


def _committed_as_accused(db: DayBuilder, i: int, q: str) -> Expr:
    """Day slot i names a past phase in which q committed a crime, by the record; the
    prep phase as the night's arrest names it (`crimes.prep_named`: open where the
    sentences clash, R181, R236)."""
    decided = db.sc.decision(i, crimes.ACCUSED)
    parts = []
    for k, text in enumerate(crimes.PHASES):
        kind, number = text.split()
        at = crimes.phase_index(kind, int(number))
        if at >= _now(db):
            continue
        hit = crimes.committed(db, q, at, by=db.actor(i))
        if hit != FALSE:
            parts.append(conj(eq(decided, Const(k)), hit))
    named = eq(decided, Const(crimes.option_of(crimes.PREP_AT)))
    hit = conj(named, crimes.committed(db, q, crimes.PREP_AT, by=db.actor(i)))
    if hit != FALSE:
        parts.append(conj(hit, crimes.prep_named(db, i, hit)))
    return any_of(parts)


def _repeated(db: DayBuilder, i: int, q: str) -> Expr:
    """Day slot i accuses q of the crimes of a phase q was arrested for before."""
    gate = crimes.said_any(db, crimes.NotTwice)
    if gate == FALSE:
        return FALSE
    decided = db.sc.decision(i, crimes.ACCUSED)
    got: crimes.Charges = db.before(crimes.CHARGES)
    return conj(
        gate,
        any_of(
            conj(eq(decided, Const(crimes.option_of(at))), e)
            for (p, at), e in got.items()
            if p == q
        ),
    )


def _accusations(db: DayBuilder) -> list[tuple[int, str, Expr, Expr]]:
    """(slot, the accused, it took place, it holds) for each arrest by day."""

    def make() -> list[tuple[int, str, Expr, Expr]]:
        out = []
        for i in range(db.n):
            for c, e in db.effects(i, DayAccuse):
                for q in db.players:
                    took = label(conj(c, db.ok(i), db.sc.aims(i, q)), e.why)
                    if took == FALSE:
                        continue
                    holds = conj(_committed_as_accused(db, i, q), neg(_repeated(db, i, q)))
                    out.append((i, q, took, holds))
        return out

    got: list[tuple[int, str, Expr, Expr]] = db.once("dayarrest:accusations", make)
    return got


def arrested_today(db: DayBuilder, q: str) -> Expr:
    """q is arrested by day today."""
    return any_of(conj(took, holds) for _, p, took, holds in _accusations(db) if p == q)


def _accuses(db: DayBuilder, i: int) -> Expr:
    """Day slot i is an arrest (no arrest of the day stops another)."""
    return any_of(c for c, _ in db.effects(i, DayAccuse))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """Day slot i does not take place: its actor is suspended; its actor is arrested
    today (unless it is an arrest itself); it aims at a player in custody or arrested
    today."""
    if not crimes.in_play(db.rs):
        return FALSE
    p = db.actor(i)
    parts = [crimes.suspended_now(db, p, _now(db))]
    other = neg(_accuses(db, i))
    held = crimes.said_any(db, crimes.HeldFails)
    if held != FALSE:
        parts.append(conj(held, other, arrested_today(db, p)))
    on_held = crimes.said_any(db, crimes.OnHeldFails)
    if on_held != FALSE:
        for q in db.players:
            on = db.sc.aims(i, q)
            if on == FALSE or q == p:
                continue
            today = conj(arrested_today(db, q), neg(_exempt(db, i, q)))
            theirs = disj(crimes.in_custody(db, q), today)
            parts.append(conj(on_held, other, on, theirs))
    return any_of(parts)


def _exempt(db: DayBuilder, i: int, q: str) -> Expr:
    """Day slot i's action on q is not stopped by q's arrest today (a kind's `day_exempt`:
    a cover that still works)."""
    return any_of(k.day_exempt(db, i, q) for k in db.kinds if k.day_exempt is not None)


def _said(db: DayBuilder, kind: type) -> list[tuple[Expr, Any]]:
    return crimes.said(db, kind)


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """A player arrested today: his vote has no power (`powerless`: "The action and/or
    vote of a successfully arrested player will not go thorough and will fail."), he is
    `spared` and `withdrawn` when the lynch's sentences say so."""
    kinds = {
        "powerless": crimes.HeldFails,
        "spared": NoLynchArrested,
        "withdrawn": TiedArrestedOut,
    }
    kind = kinds.get(name)
    if kind is None:
        return []
    gate = crimes.said_any(db, kind)
    if gate == FALSE:
        return []
    x = conj(gate, arrested_today(db, p))
    return [] if x == FALSE else [(x, "")]


def _false_accusation(db: DayBuilder, p: str) -> Expr:
    return any_of(
        conj(took, neg(holds)) for i, _, took, holds in _accusations(db) if db.actor(i) == p
    )


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Custody at the end of the day (every player who may be in it: a phase that says
    custody says all of it), the charges of today's arrests, and the suspensions of
    officers who accused falsely."""
    # (the ruleset's roles, not the day's pool: a symbolic day over a pool without an
    # officer still carries a custody of the night before, as a concrete day does)
    if not crimes.in_play(db.rs) or not any(
        isinstance(e, DayAccuse) for r in db.rs.roles for a in r.abilities for e in a.effects
    ):
        return {}
    out: dict[Atom, Expr] = {}
    for q in db.players:
        held = disj(crimes.in_custody(db, q), arrested_today(db, q))
        if held != FALSE:
            out[Atom(crimes.CUSTODY_ATOM, q)] = held
        for i, p, took, holds in _accusations(db):
            if p != q:
                continue
            decided = db.sc.decision(i, crimes.ACCUSED)
            for at in (crimes.PREP_AT, *range(1, _now(db))):
                key = Atom(crimes.CHARGED, q, str(at))
                hit = conj(took, holds, eq(decided, Const(crimes.option_of(at))))
                out[key] = disj(out.get(key, FALSE), hit)
        for gate, e in _said(db, crimes.Suspends):
            if e.by != crimes.ARREST_REASON:
                continue
            x = conj(gate, _false_accusation(db, q))
            if x != FALSE:
                key = Atom(
                    crimes.SUSPENDED_ATOM, q, crimes.state_tag(crimes.ARREST_REASON, e.phases)
                )
                out[key] = disj(out.get(key, FALSE), x)
    return {k: v for k, v in out.items() if v != FALSE}


KIND = Kind(
    "dayarrest",
    (DayAccuse, NoLynchArrested, TiedArrestedOut),
    day_stops=day_stops,
    day_marked=day_marked,
    day_atoms=day_atoms,
)
