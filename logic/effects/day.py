"""Owns the day actions (abilities used by day, as effects any role can carry): what
stops them, what they do to the day's vote and deaths, the marks they leave and what
they announce, as answers to the day hooks (logic/effects/base.Kind) that the day's
frame (logic/model/day.py, one frame for a concrete and a symbolic day) asks.

Vocabulary (effects of a day ability; an ability with one of them is used by day only):
  DayKill      the target dies at once ("the Sorcerer may kill one target of his choice")
  VotesGone    with a DayKill: all votes by and for the target are removed
  Revive       a dead target is alive again at once
  VotesBack    with a Revive: the revived player may vote that day
  Exorcise     a dead holder of one of `roles` is removed from the game (mark `exorcised`)
  Discard      the actor gives up its role's power for good (mark `discarded`: traits
               that hold "while its power is in effect" stop)
  Rock         the target is struck by a rock, announced to every living player without
               the actor's name
  Public       the use is announced to every living player, naming the actor and its
               role ("The Sorcerer is revealed at this time"); the actor's role is shown
               for good (mark `shown`: "Once revealed, your vote counts as three.",
               logic/effects/vote.py's VoteWeight `shown`). An ability that does nothing
               else is a reveal ("You may reveal yourself as the Mayor during the day.")

A day action takes place when its actor is alive, its role is not roleblocked for the day
(a roleblock lasts "for the night and the following day": logic/effects/block.py says so)
nor arrested (status.py), its frequency allows it, and its target fits (a kill or a rock: a living target; a revival: a dead one; an exorcism: a
dead holder of a listed role). A use counts against a once-per-game ability only when it
takes place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects import afterlife, status, vote
from logic.effects.afterlife import Exorcise
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, label, neg
from logic.model.ir import Role, canon
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class DayKill:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the target dies at once"


@dataclass(frozen=True)
class VotesGone:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: votes by and for the killed target are removed"


@dataclass(frozen=True)
class Revive:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: a dead target is alive again"


@dataclass(frozen=True)
class VotesBack:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the revived target may vote that day"


@dataclass(frozen=True)
class Discard:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the actor gives up its role's power for good"


@dataclass(frozen=True)
class Rock:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the target is struck by a rock, announced without the actor's name"


@dataclass(frozen=True)
class Public:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the use is announced, naming the actor"


def _unfit(db: DayBuilder, i: int) -> list[Expr]:
    """Why day slot i's target does not fit its effects, each labelled: a kill or a rock
    on the dead, a revival of the living, an exorcism of one not dead or not listed."""
    out: list[Expr] = []
    dead = db.sc.dead_before
    for c, e in db.effects(i, (DayKill, Rock, Revive, Exorcise)):
        if isinstance(e, DayKill | Rock):
            x = db.at_target(i, dead)
        elif isinstance(e, Revive):
            x = db.at_target(i, lambda q: neg(dead(q)))
        else:
            listed = [r for r in db.sc.roles() if any(canon(r.name) == canon(n) for n in e.roles)]

            def unfit(q: str, listed: list[Role] = listed) -> Expr:
                return neg(conj(dead(q), any_of(db.role_is(q, r) for r in listed)))

            x = db.at_target(i, unfit)
        if x is not None:
            out.append(label(conj(c, x), e.why))
    return out


def day_stops(db: DayBuilder, i: int) -> Expr:
    """What stops a day action of this kind: a target that does not fit (a roleblock
    lasting into the day is logic/effects/block.py's, an arrest status.py's)."""
    return any_of(_unfit(db, i))


def day_back(db: DayBuilder, p: str) -> Expr:
    """p is revived and may vote that day."""
    return conj(db.took(Revive, p), db.took(VotesBack, p))


def day_revived(db: DayBuilder, p: str) -> Expr:
    return db.took(Revive, p)


def day_removed(db: DayBuilder, p: str) -> Expr:
    """A day kill took p, with its votes."""
    return conj(db.took(DayKill, p), db.took(VotesGone, p))


def day_unpowered(db: DayBuilder, p: str) -> Expr:
    """p's powers are given up (for good, or today)."""
    discarded = any_of(c for c, _ in db.marked(p, "discarded"))
    return disj(discarded, db.took(Discard, actor=p))


def day_deaths(db: DayBuilder) -> list[tuple[str, Expr]]:
    """A day kill's target dies at once, unless a kind spares him (`Kind.day_spares`)."""
    return [
        (p, conj(x, neg(db.spared(p)))) for p in db.players if (x := db.took(DayKill, p)) != FALSE
    ]


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """What the day's actions leave on players: revived, a power discarded, exorcised, a
    role shown."""
    atoms: dict[Atom, Expr] = {}
    for p in db.players:
        revived = db.revived(p)
        if revived != FALSE:
            atoms[Atom("revived", p)] = revived
        discard = db.took(Discard, actor=p)
        if discard != FALSE:
            atoms[status.mark_atom(p, "discarded")] = discard
        exorcised = db.took(Exorcise, p)
        if exorcised != FALSE:
            atoms[status.mark_atom(p, "exorcised")] = exorcised
        shown = db.took(Public, actor=p)
        if shown != FALSE:
            atoms[status.mark_atom(p, "shown")] = shown
    return atoms


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """p's role shown today by a public use of p's own (the mark `shown` from the day it
    is made: a vote that counts more once revealed counts so that day)."""
    if name != "shown":
        return []
    shown = db.took(Public, actor=p)
    return [] if shown == FALSE else [(shown, p)]


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """What the day's actions announce (a day-killed player's role to the killer, a
    rock, a public use or an exorcism to every player alive at the end of the day), and
    the lynched player's role and alignment, told to every player (vote.Reveal)."""
    return _announcements(db, outcome) + _lynch_reveals(db, outcome)


def _announcements(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    texts: list[TextSource] = []
    kill_reveal = next(
        (r for r in db.rs.day_rules if isinstance(r, vote.Reveal) and r.when == "kill"), None
    )
    for i in range(db.n):
        said: list[tuple[Expr, str, Why]] = []
        ok = db.ok(i)
        for c, ab in db.sc.abilities(i):
            exorcises = any(isinstance(x, Exorcise) for x in ab.effects)
            for e in (x for x in ab.effects if isinstance(x, DayKill | Rock | Public)):
                on = conj(c, db.switch(e.why))
                said += _said(db, i, on, e, exorcises, kill_reveal, texts)
        for cond, text, why in said:
            for q in db.players:
                gate = conj(ok, cond, outcome.alive_after[q])
                if gate != FALSE:
                    texts.append(TextSource(q, label(gate, why), text, (), why))
    return texts


def _said(
    db: DayBuilder,
    i: int,
    c: Expr,
    e: object,
    exorcises: bool,
    kill_reveal: vote.Reveal | None,
    texts: list[TextSource],
) -> list[tuple[Expr, str, Why]]:
    """What effect `e` of day slot i's ability (used when `c`) announces to all (each:
    when, the text, the sentence); a day kill's reveal to the killer goes to `texts`."""
    p = db.actor(i)
    said: list[tuple[Expr, str, Why]] = []
    if isinstance(e, Public):  # the actor's role; an exorcism is public too
        said += [(conj(c, who), f"{p} is the {r.name}", e.why) for who, r, _ in db.sc.identities(p)]
    for t in db.players:
        at = conj(c, db.sc.aims(i, t))
        if at == FALSE:
            continue
        if isinstance(e, DayKill) and kill_reveal is not None:
            for who, role, faction in db.sc.identities(t):
                told = afterlife.shown(role, faction, "kill")
                gate = label(conj(db.ok(i), at, who), kill_reveal.why)
                texts.append(TextSource(p, gate, told, (), e.why))
        if isinstance(e, Rock):
            said.append((at, f"{t} is struck by a rock", e.why))
        if isinstance(e, Public) and exorcises:  # "This is also public and immediate."
            said.append((at, f"{t} is exorcised", e.why))
    return said


def _lynch_reveals(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    texts: list[TextSource] = []
    for p in db.players:
        shown = db.atoms.get(Atom("revealed", p), FALSE)
        if shown == FALSE:
            continue
        for who, role, faction in db.sc.identities(p):
            told = f"{p} was {afterlife.shown(role, faction, 'lynch')}"
            for q in db.players:
                gate = conj(shown, who, disj(outcome.alive_after[q], Const(q == p)))
                if gate != FALSE:
                    texts.append(TextSource(q, gate, told, (), None))
    return texts


KIND = Kind(
    "day",
    (DayKill, VotesGone, Revive, VotesBack, Discard, Rock, Public),
    day_stops=day_stops,
    day_back=day_back,
    day_revived=day_revived,
    day_removed=day_removed,
    day_unpowered=day_unpowered,
    day_deaths=day_deaths,
    day_atoms=day_atoms,
    day_texts=day_texts,
    day_marked=day_marked,
)
