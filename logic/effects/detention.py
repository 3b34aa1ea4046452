"""Owns detention: a player put in detention by night or by day and held there for some
phases, read from the GM's sentences (DCTP's Detention section: "Can put any player in
detention at Night or Day, except for themselves. The player will then be in detention
until they are released. Only one player at a time can be in detention. The player will be
released automatically after 3 phases or if Satou dies. ... Can not be used on the same
person twice in a row."). Its phrases are grammar/clause/detention.lark, its words
grammar/lexicon/detention.toml, its reading logic/lang/kinds/detention.py.

Vocabulary:
  Detain          a night action: its target is in detention from its tier on tonight
  DayDetain       the same by day (the day's first actions are held from the day on)
  Held            "The player will then be in detention until they are released": the
                  detention lasts past its phase (without it, its phase only)
  ReleasedAfter   "released automatically after 3 phases or if Satou dies": held in the
                  `phases` phases after the phase of the detention (R74), and no longer
                  once the detainer is dead (when `on_death`)
  OneAtATime      "Only one player at a time can be in detention": a detention that takes
                  place while another player is held either releases him or fails, the
                  host's open choice (R73, `detention:one:i`: ambiguous)
  NotTwiceInARow  "Can not be used on the same person twice in a row": a detention fails
                  when the user's detention before it (the last that took place) was of
                  the same player
  ArrestFirst     the whole game's "Arrest takes precedent over detain.": by day, a
                  detention of the day does not stop an arrest its detainee makes that day
                  (without it, a detention of today holds him for all the day's other
                  actions); by night the order of actions' tiers say so already
                  ("Arrest > ... > House Search/Detain")

What being held does the source never says but through "Arrest and detain do stop APTX
attempts if successful" and "If all BO players are either dead or arrested and the only
remaining BO is in detention, the game ends" (a detained player acts no more): R72 reads
it so, the held player's actions do not take place (night and day). Whether actions on a
held player take place the source does not say: the host's open choice for each
(`detention:on:i`, ambiguous where it matters). His vote counts (the Voting section's list
of who may not vote names no detention).

The state (`DETAINED`): (the held player, the detainer, the phase of the detention) for
each detention that took place, and (the player, the phase) of each release by a new
detention (`RELEASED_ATOM`, from the phase after it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import crimes, dayarrest
from logic.effects.base import Kind, Lasting, Outcome, line_rules
from logic.model.expr import FALSE, TRUE, Expr, Var, any_of, conj, disj, label, lt, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Detain:
    why: Why = meta()

    def describe(self) -> str:
        return "detention: the target is held (no action of his takes place)"


@dataclass(frozen=True)
class DayDetain:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "detention by day: the target is held (no action of his takes place)"


@dataclass(frozen=True)
class Held:
    why: Why = meta()

    def describe(self) -> str:
        return "a detained player stays in detention until released"


@dataclass(frozen=True)
class ReleasedAfter:
    phases: int
    on_death: bool
    why: Why = meta()

    def describe(self) -> str:
        dies = ", or once the detainer is dead" if self.on_death else ""
        return f"a detained player is released after {self.phases} phases{dies}"


@dataclass(frozen=True)
class OneAtATime:
    why: Why = meta()

    def describe(self) -> str:
        return "one player at a time in detention"


@dataclass(frozen=True)
class NotTwiceInARow:
    why: Why = meta()

    def describe(self) -> str:
        return "no detention of the player the user's last detention held"


@dataclass(frozen=True)
class ArrestFirst:
    why: Why = meta()

    def describe(self) -> str:
        return "an arrest comes before a detention of the same day"


DETAINED_ATOM, RELEASED_ATOM = "detained by", "released"
Entries = dict[tuple[str, str, int], Expr]  # (held, detainer, phase index) -> it took place


def _rules(b: Any, node: type) -> list[tuple[Expr, Any]]:
    """(its switch, the trait) for each role line's sentence of `node`."""
    return [(label(b.sc.switch(w), w), t) for _, w, t in line_rules(b, node, "why")]


def _said(b: Any, node: type) -> Expr:
    return any_of(g for g, _ in _rules(b, node))


def in_play(rs: Any) -> bool:
    return any(
        isinstance(e, (Detain, DayDetain)) for r in rs.roles for a in r.abilities for e in a.effects
    )


def held_before(b: Any, p: str, now: int) -> Expr:
    """p is held when phase `now` begins: detained in an earlier phase, kept since (the
    detention lasts past its phase when `Held` is said; within the phases `ReleasedAfter`
    gives and while the detainer lives, when it is said), and not released by a later
    detention (`OneAtATime`)."""
    return b.once(f"detention:held:{p}", lambda: _held_before(b, p, now))


def _held_before(b: Any, p: str, now: int) -> Expr:
    got: Entries = b.before(DETAINED)
    freed: dict[tuple[str, int], Expr] = b.before(RELEASES)
    lasts = _said(b, Held)
    parts = []
    for (q, by, at), e in got.items():
        if q != p or at >= now:
            continue
        kept = [lasts]
        for gate, t in _rules(b, ReleasedAfter):
            if now > at + t.phases:
                kept.append(neg(gate))
            if t.on_death:
                kept.append(neg(conj(gate, b.sc.dead_before(by))))
        kept += [neg(x) for (r, when), x in freed.items() if r == p and at <= when < now]
        parts.append(conj(e, *kept))
    return any_of(parts)


def _last_of(b: Any, by: str, q: str, now: int) -> Expr:
    """`by`'s last detention before phase `now` was of q."""
    got: Entries = b.before(DETAINED)
    parts = []
    for (p, who, at), e in got.items():
        if who != by or p != q or at >= now:
            continue
        later = [x for (r, w2, at2), x in got.items() if w2 == by and r != q and at < at2 < now]
        parts.append(conj(e, neg(any_of(later))))
    return any_of(parts)


# ----------------------------------------------------------------------------- both phases


def _own_fails(b: Any, i: int, p: str, target_of: Any, now: int, kind: type) -> Expr:
    """Slot i (a detention by p) fails: its target was p's last detainee
    (`NotTwiceInARow`), or another player is held and the host's choice is that the new
    detention fails (`OneAtATime`)."""
    parts = []
    for c, _ in b.effects(i, kind):
        row = _said(b, NotTwiceInARow)
        if row != FALSE:
            parts += [conj(c, row, target_of(q), _last_of(b, p, q, now)) for q in _players(b)]
        for gate, t in _rules(b, OneAtATime):
            other = any_of(
                conj(target_of(q), held_before(b, r, now))
                for q in _players(b)
                for r in _players(b)
                if r != q
            )
            if other == FALSE:
                continue
            keeps = b.choice(f"detention:one:{i}", [False, True], decides=conj(c, gate, other))
            parts.append(conj(c, gate, other, label(neg(keeps), t.why)))
    return any_of(parts)


def _players(b: Any) -> tuple[str, ...]:
    return tuple(b.sc.players) if hasattr(b.sc, "players") else tuple(b.players)


# ----------------------------------------------------------------------------- the night


def _now(b: NightBuilder) -> int:
    return crimes.phase_index("night", b.night)


def _tonight(b: NightBuilder, q: str) -> list[tuple[int, Expr]]:
    """(slot, it holds q from its tier on) for each detention of q tonight."""
    return [(j, label(x, e.why)) for j, x, e in b.lands(Detain, q)]


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i does not take place: its actor is held (from before, or by a detention
    tonight before its tier: R72); it aims at a held player and the host's choice is that
    it fails (R72, open); it is a detention that may not be (`_own_fails`)."""
    if not in_play(b.rs):
        return FALSE
    p, now = b.actor(i), _now(b)
    mine = [held_before(b, p, now)]
    mine += [conj(x, lt(b.tiers[j], b.tiers[i])) for j, x in _tonight(b, p) if j != i]
    parts = [any_of(mine)]
    for q in b.sc.players:
        on = b.aims(i, q)
        if on == FALSE or q == p:
            continue
        theirs = any_of(
            [held_before(b, q, now)]
            + [conj(x, lt(b.tiers[j], b.tiers[i])) for j, x in _tonight(b, q) if j != i]
        )
        if theirs == FALSE:
            continue
        fails = b.choice(f"detention:on:{i}", [False, True], decides=conj(on, theirs))
        parts.append(conj(on, theirs, fails))
    parts.append(_own_fails(b, i, p, lambda q: b.aims(i, q), now, Detain))
    return any_of(parts)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Tonight's detentions that took place, and the players they release."""
    if not in_play(b.rs):
        return {}
    return _atoms(
        b, _now(b), [(j, b.actor(j), q, x) for q in b.sc.players for j, x in _tonight(b, q)]
    )


def _atoms(b: Any, now: int, took: list[tuple[int, str, str, Expr]]) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    for j, by, q, x in took:
        key = Atom(DETAINED_ATOM, q, by)
        out[key] = disj(out.get(key, FALSE), x)
        for gate, _ in _rules(b, OneAtATime):
            name = f"detention:one:{j}"
            if name not in b.domains:
                continue
            for r in _players(b):
                if r == q:
                    continue
                freed = conj(x, gate, held_before(b, r, now), _var(name))
                if freed != FALSE:
                    key = Atom(RELEASED_ATOM, r)
                    out[key] = disj(out.get(key, FALSE), freed)
    return {k: v for k, v in out.items() if v != FALSE}


def _var(name: str) -> Expr:
    return Var(name)


# ----------------------------------------------------------------------------- the day


def _day_now(db: DayBuilder) -> int:
    return crimes.phase_index("day", db.day)


def _today(db: DayBuilder, q: str) -> list[tuple[int, Expr]]:
    return [
        (i, label(conj(c, db.ok(i), db.sc.aims(i, q)), e.why))
        for i in range(db.n)
        for c, e in db.effects(i, DayDetain)
    ]


def day_stops(db: DayBuilder, i: int) -> Expr:
    """Day slot i does not take place: its actor is held (R72; a detention of today comes
    with the day's first actions: it holds him for the day's other slots); it aims at a
    held player and the host's choice is that it fails; it is a detention that may not
    be."""
    if not in_play(db.rs):
        return FALSE
    p, now = db.actor(i), _day_now(db)
    first = _arrest_first(db, i)
    mine = [held_before(db, p, now)] + [conj(x, neg(first)) for j, x in _today(db, p) if j != i]
    parts = [any_of(mine)]
    for q in db.players:
        on = db.sc.aims(i, q)
        if on == FALSE or q == p:
            continue
        theirs = any_of([held_before(db, q, now)] + [x for j, x in _today(db, q) if j != i])
        if theirs == FALSE:
            continue
        fails = db.choice(f"detention:on:{i}", [False, True], decides=conj(on, theirs))
        parts.append(conj(on, theirs, fails))
    parts.append(_own_fails(db, i, p, lambda q: db.sc.aims(i, q), now, DayDetain))
    return any_of(parts)


def _arrest_first(db: DayBuilder, i: int) -> Expr:
    """Day slot i is an arrest, which `ArrestFirst` puts before the day's detentions."""
    said = any_of(
        label(db.switch(x.why), x.why) for x in db.rs.healing if isinstance(x, ArrestFirst)
    )
    if said == FALSE:
        return FALSE
    return conj(said, any_of(c for c, _ in db.effects(i, dayarrest.DayAccuse)))


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    if not in_play(db.rs):
        return {}
    took = [(j, db.actor(j), q, x) for q in db.players for j, x in _today(db, q)]
    return _atoms(db, _day_now(db), took)


# ----------------------------------------------------------------------------- lasting states


def _index(kind: str, number: int) -> int:
    return crimes.phase_index(kind, number)


def _detained_step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    at = _index(end.kind, end.number)
    got = [
        (a.subject, a.obj, at, crimes.cause_of(end.why(a)))
        for a in sorted(end.atoms)
        if a.kind == DETAINED_ATOM
    ]
    return (*before, *got) if got else before


def _detained_chain(before: Entries, end: ChainEnd) -> Entries:
    at = _index(end.kind, end.number)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == DETAINED_ATOM:
            out[(a.subject, a.obj, at)] = e
    return out


def _detained_view(state: Iterable[tuple[str, str, int, Why]], night: int) -> Entries:
    return {(q, by, at): label(TRUE, why) for q, by, at, why in state}


DETAINED = Lasting("detained", (), _detained_step, _detained_chain, _detained_view)


def _released_step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    at = _index(end.kind, end.number)
    got = [
        (a.subject, at, crimes.cause_of(end.why(a)))
        for a in sorted(end.atoms)
        if a.kind == RELEASED_ATOM
    ]
    return (*before, *got) if got else before


def _released_chain(before: dict[tuple[str, int], Expr], end: ChainEnd) -> dict[Any, Expr]:
    at = _index(end.kind, end.number)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == RELEASED_ATOM:
            out[(a.subject, at)] = e
    return out


def _released_view(state: Iterable[tuple[str, int, Why]], night: int) -> dict[Any, Expr]:
    return {(q, at): label(TRUE, why) for q, at, why in state}


RELEASES = Lasting("released", (), _released_step, _released_chain, _released_view)

KIND = Kind(
    "detention",
    (Detain, DayDetain, Held, ReleasedAfter, OneAtATime, NotTwiceInARow, ArrestFirst),
    stops=stops,
    transition=transition,
    lasting=(DETAINED, RELEASES),
    nouns=(("detain", (Detain,)),),
    day_stops=day_stops,
    day_atoms=day_atoms,
)
