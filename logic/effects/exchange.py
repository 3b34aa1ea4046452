"""Owns powers that change hands: a role's power swapped between two players, or stolen
from a living or a dead player, and the stolen power's uses kept. Its phrases are
grammar/clause/exchange.lark, its words grammar/lexicon/exchange.toml, its reading
logic/lang/kinds/exchange.py.

Vocabulary:
  SwapPowers  an action naming two players: each takes the other's role (its powers),
              keeping their own faction ("This player may swap the powers of any two
              other players."); `alive`: both must be alive (the GM's "Only alive IMO"),
              and neither may be the user nor the two the same player.
              `SwapPowersByDay`: the same, used by day ("Anytime")
  TakePower   an action: the user takes the role of the target (keeping his faction) and
              the target's powers are gone for good: his role's abilities no longer take
              place, by night or by day, and his role's passive powers of the day stop
              ("This player may steal the power of another live player."); `dead`: the
              target must be dead ("... of a dead player."), else alive.
              `TakePowerByDay`: the same, used by day
  UsesKept    with TakePower: "Power use status is preserved.": a once-per-game ability
              of the stolen role that its former holder used does not take place for the
              thief
  PowersBack  with a revival (logic/effects/day.py's Revive): "That player's power
              status returns to what it was just before death.": the powers the revived
              player lost while dead (a theft from the dead) are his again; those lost
              before his death stay lost (the Necromancer's sentence)

A change of role is the identity kind's atom `X becomes ROLE` (logic/effects/identity.py),
carried by its lasting state (the frame's IDENTITY, which `role_is` reads). What this
kind carries itself: `DRAINED`, the players whose powers were stolen (atom `drained`;
`drained` with the object `dead`: stolen while dead), and `STOLEN`, who stole from whom
(atom `stole`), for the uses kept. Both are kept for the rest of the game, by nights and
days, but a drain made while dead ends where a revival gives the power status back
(atom `powers back`).

Readings (the source is silent): the robbed player keeps his role card (a scan of him
shows it; he only has no power); a faction's kill ("normal WW powers") is not a role
power and is not stopped; uses kept are checked on nights (the chain counts no uses
across its days).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind, Lasting, Outcome
from logic.effects.identity import becomes
from logic.model import frame
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    any_of,
    at_least,
    conj,
    disj,
    eq,
    label,
    labels,
    neg,
)
from logic.model.ir import Frequency, Role
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

DRAINED_ATOM = "drained"
STOLE_ATOM = "stole"
BACK_ATOM = "powers back"  # a revived player's power status is what it was before death
WHILE_DEAD = "dead"  # the object of a `drained` atom: stolen from the dead


@dataclass(frozen=True)
class SwapPowers:
    alive: bool = False
    why: Why = meta()

    def describe(self) -> str:
        who = "two other living players" if self.alive else "two other players"
        return f"swap: {who} take each other's role, keeping their factions"


@dataclass(frozen=True)
class SwapPowersByDay(SwapPowers):
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)


@dataclass(frozen=True)
class TakePower:
    dead: bool = False
    why: Why = meta()

    def describe(self) -> str:
        whose = "a dead" if self.dead else "a living"
        return f"steal: the user takes the role of {whose} target, whose powers are gone"


@dataclass(frozen=True)
class TakePowerByDay(TakePower):
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)


@dataclass(frozen=True)
class UsesKept:
    why: Why = meta()

    def describe(self) -> str:
        return "uses kept: a stolen once-per-game power its holder used stays used"


@dataclass(frozen=True)
class PowersBack:
    by_day: ClassVar[bool] = True  # with a revival by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "revived: the powers lost while dead are the player's again"


# ----------------------------------------------------------------------------- lasting state

# player -> (his powers are gone, the sentence, stolen while he was dead)
Drained = dict[str, list[tuple[Expr, Why, bool]]]
Stolen = dict[tuple[str, str], list[tuple[Expr, Why]]]  # (thief, victim) -> (it happened, why)


def _cause(whys: tuple[Why, ...]) -> Why:
    return next((w for w in whys if w.kind != "axiom"), whys[0] if whys else frame.TAKES_PLACE)


def _drained_step(before: tuple[tuple[str, Why, bool], ...], end: PhaseEnd) -> object:
    """The drains so far and this phase's; a drain made while dead ends with a revival
    that gives the power status back (`powers back`)."""
    got = {
        (a.subject, _cause(end.why(a)), a.obj == WHILE_DEAD)
        for a in end.atoms
        if a.kind == DRAINED_ATOM
    }
    back = {a.subject for a in end.atoms if a.kind == BACK_ATOM}
    kept = {(p, w, dead) for p, w, dead in set(before) | got if not (dead and p in back)}
    return tuple(sorted(kept, key=lambda x: (x[0], str(x[1]), x[2])))


def _drained_chain(before: Drained, end: ChainEnd) -> Drained:
    back: dict[str, Expr] = {}
    for a, e in end.atoms:
        if a.kind == BACK_ATOM:
            back[a.subject] = disj(back.get(a.subject, FALSE), e)
    out = {
        p: [(conj(c, neg(back.get(p, FALSE))) if dead else c, w, dead) for c, w, dead in cs]
        for p, cs in before.items()
    }
    for a, e in end.atoms:
        if a.kind == DRAINED_ATOM:
            dead = a.obj == WHILE_DEAD
            x = conj(e, neg(back.get(a.subject, FALSE))) if dead else e
            why = next(iter(labels(e)), frame.TAKES_PLACE)
            out.setdefault(a.subject, []).append((x, why, dead))
    return out


def _drained_view(state: tuple[tuple[str, Why, bool], ...], night: int) -> Drained:
    out: Drained = {}
    for p, why, dead in state:
        out.setdefault(p, []).append((TRUE, why, dead))
    return out


def _stolen_step(before: tuple[tuple[str, str, Why], ...], end: PhaseEnd) -> object:
    got = {(a.subject, a.obj, _cause(end.why(a))) for a in end.atoms if a.kind == STOLE_ATOM}
    return tuple(sorted(set(before) | got, key=lambda x: (x[0], x[1], str(x[2]))))


def _stolen_chain(before: Stolen, end: ChainEnd) -> Stolen:
    out = {k: list(c) for k, c in before.items()}
    for a, e in end.atoms:
        if a.kind == STOLE_ATOM:
            why = next(iter(labels(e)), frame.TAKES_PLACE)
            out.setdefault((a.subject, a.obj), []).append((e, why))
    return out


def _stolen_view(state: tuple[tuple[str, str, Why], ...], night: int) -> Stolen:
    out: Stolen = {}
    for p, v, why in state:
        out.setdefault((p, v), []).append((TRUE, why))
    return out


DRAINED = Lasting("drained", (), _drained_step, _drained_chain, _drained_view)
STOLEN = Lasting("stolen", (), _stolen_step, _stolen_chain, _stolen_view)


def _drained(state: Drained, p: str) -> Expr:
    return any_of(label(c, why) for c, why, _ in state.get(p, []))


# ----------------------------------------------------------------------------- the night


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i's action does not take place: its actor's powers were stolen; a swap or a
    theft whose targets do not fit; a stolen once-per-game power its holder used."""
    p = b.actor(i)
    reasons: list[Expr] = []
    # a role's power, not its faction's nightkill (a drained werewolf still kills with his
    # pack: a kill slot has no ability of its own)
    ability = any_of(c for c, _ in b.sc.abilities(i))
    reasons.append(conj(ability, _drained(b.before(DRAINED), p)))
    for c, e in b.effects(i, SwapPowers):
        reasons.append(label(conj(c, _swap_unfit(b, i, e)), e.why))
    for c, t in b.effects(i, TakePower):
        unfit = any_of(conj(b.aims(i, q), _unfit(b.sc.dead_before(q), t)) for q in b.sc.players)
        reasons.append(label(conj(c, unfit), t.why))
    reasons.append(_kept_spent(b, i))
    return any_of(reasons)


def _unfit(dead: Expr, t: TakePower) -> Expr:
    return neg(dead) if t.dead else dead


def _swap_unfit(b: NightBuilder | DayBuilder, i: int, e: SwapPowers) -> Expr:
    """A swap's two players do not fit: one player twice, its user, or ("living") a
    dead one; by night or by day (one test for both frames)."""
    p = b.actor(i)
    t0, t1 = b.sc.target(i, 0), b.sc.target(i, 1)
    me = Const(b.sc.players.index(p))
    out = [eq(t0, t1), eq(t0, me), eq(t1, me)]
    if e.alive:
        for k, q in enumerate(b.sc.players):
            dead = b.sc.dead_before(q)
            if dead != FALSE:
                out.append(conj(dead, disj(eq(t0, Const(k)), eq(t1, Const(k)))))
    return any_of(out)


def _swapped(
    b: NightBuilder | DayBuilder,
    i: int,
    c: Expr,
    e: SwapPowers,
    role_is: Callable[[str, Role], Expr],
) -> list[tuple[str, Expr, str]]:
    """(player, it gives him the role, the role) for slot i's swap, by night or by day:
    each of its two players takes the other's role."""
    out: list[tuple[str, Expr, str]] = []
    t0, t1 = b.sc.target(i, 0), b.sc.target(i, 1)
    for k0, q0 in enumerate(b.sc.players):
        for k1, q1 in enumerate(b.sc.players):
            if q0 == q1:
                continue
            both = conj(c, b.ok(i), eq(t0, Const(k0)), eq(t1, Const(k1)))
            if both == FALSE:
                continue
            both = label(both, e.why)
            for r in b.roles:
                out.append((q0, conj(both, role_is(q1, r)), r.name))
                out.append((q1, conj(both, role_is(q0, r)), r.name))
    return out


def _kept_spent(b: NightBuilder, i: int) -> Expr:
    """A once-per-game ability of a role slot i's actor stole, used by its former holder
    before the theft (the uses kept)."""
    p = b.actor(i)
    stolen: Stolen = b.before(STOLEN)
    out: list[Expr] = []
    for (thief, victim), happened in stolen.items():
        if thief != p:
            continue
        for c, ab in b.sc.abilities(i):
            if ab.frequency is not Frequency.ONCE_PER_GAME:
                continue
            spent = b.history.used(victim, ab.name)
            chained = b.sc.sent_before(victim, ab.name)
            used = TRUE if spent else at_least(1, chained)
            for x, took in happened:
                kept = _kept_why(b, took)
                if kept is not None:
                    out.append(label(conj(c, x, used), kept))
    return any_of(out)


def _kept_why(b: NightBuilder, took: Why) -> Why | None:
    """The "Power use status is preserved." of the ability whose theft is the sentence
    `took` (None: that theft keeps no uses: each thief's own sentence says it)."""
    for role in b.rs.roles:
        for ab in role.abilities:
            if any(isinstance(e, TakePower | TakePowerByDay) and e.why == took for e in ab.effects):
                return next((e.why for e in ab.effects if isinstance(e, UsesKept)), None)
    return None


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Tonight's swaps and thefts: `X becomes ROLE`, `drained`, `stole`. A player two of
    tonight's actions each give a role (a swap of the Leech who steals) gets the one or
    the other: the source does not say which, an open choice (`open:exchange:P`)."""
    out: dict[Atom, Expr] = {}
    # player -> slot -> (it gives the player the role, the role)
    given: dict[str, dict[int, list[tuple[Expr, str]]]] = {}

    def add(a: Atom, x: Expr) -> None:
        if x != FALSE:
            out[a] = disj(out.get(a, FALSE), x)

    def give(q: str, j: int, x: Expr, role: str) -> None:
        if x != FALSE:
            given.setdefault(q, {}).setdefault(j, []).append((x, role))

    for j in range(b.n):
        p = b.actor(j)
        for c, e in b.effects(j, SwapPowers):
            for q, x, role in _swapped(b, j, c, e, b.sc.role_is):
                give(q, j, x, role)
        for c, t in b.effects(j, TakePower):
            for q in b.sc.players:
                x = conj(c, b.ok(j), b.aims(j, q))
                if x == FALSE or q == p:
                    continue
                x = label(x, t.why)
                for r in b.roles:
                    give(p, j, conj(x, b.sc.role_is(q, r)), r.name)
                add(Atom(DRAINED_ATOM, q, WHILE_DEAD if t.dead else ""), x)
                add(Atom(STOLE_ATOM, p, q), x)
    for q, by_slot in given.items():
        slots = sorted(by_slot)
        fires = {j: any_of(x for x, _ in by_slot[j]) for j in slots}
        pick: Expr | None = None
        if len(slots) > 1:  # (it decides only where two of the slots give a role)
            two = any_of(conj(fires[j], fires[k]) for j in slots for k in slots if j < k)
            pick = b.choice(f"open:exchange:{q}", list(range(len(slots))), decides=two)
        # the pick names a slot that gives a role, else the first such slot wins (a
        # symbolic night lists every slot that may)
        named = (
            FALSE
            if pick is None
            else any_of(conj(eq(pick, Const(m)), fires[j]) for m, j in enumerate(slots))
        )
        for m, j in enumerate(slots):
            others = any_of(fires[k] for k in slots if k != j)
            first = conj(fires[j], neg(any_of(fires[k] for k in slots if k < j)))
            wins = (
                TRUE
                if pick is None
                else disj(neg(others), eq(pick, Const(m)), conj(neg(named), first))
            )
            for x, role in by_slot[j]:
                add(becomes(q, role), conj(x, wins))
    return out


# ----------------------------------------------------------------------------- the day


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A robbed player's day actions do not take place; a theft by day whose target does
    not fit (dead or alive, as its sentence says) does not either."""
    p = db.actor(i)
    reasons = [conj(any_of(c for c, _ in db.sc.abilities(i)), _drained(db.before(DRAINED), p))]
    for c, e in db.effects(i, SwapPowersByDay):
        reasons.append(label(conj(c, _swap_unfit(db, i, e)), e.why))
    for c, t in db.effects(i, TakePowerByDay):

        def unfit(q: str, t: TakePower = t) -> Expr:
            return _unfit(db.sc.dead_before(q), t)

        x = db.at_target(i, unfit)
        if x is not None:
            reasons.append(label(conj(c, x), t.why))
    return any_of(reasons)


def day_unpowered(db: DayBuilder, p: str) -> Expr:
    """A robbed player's passive powers of the day are gone."""
    return _drained(db.before(DRAINED), p)


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Today's swaps and thefts: `X becomes ROLE`, `drained`, `stole`."""
    out: dict[Atom, Expr] = {}
    for i in range(db.n):
        p = db.actor(i)
        for c, e in db.effects(i, SwapPowersByDay):
            for q, x, role in _swapped(db, i, c, e, db.role_is):
                if x != FALSE:
                    a = becomes(q, role)
                    out[a] = disj(out.get(a, FALSE), x)
        for c, t in db.effects(i, TakePowerByDay):
            for q in db.players:
                x = conj(db.ok(i), c, db.sc.aims(i, q))
                if x == FALSE or q == p:
                    continue
                x = label(x, t.why)
                for r in db.sc.roles():
                    y = conj(x, db.role_is(q, r))
                    if y != FALSE:
                        a = becomes(p, r.name)
                        out[a] = disj(out.get(a, FALSE), y)
                d = Atom(DRAINED_ATOM, q, WHILE_DEAD if t.dead else "")
                out[d] = disj(out.get(d, FALSE), x)
                out[Atom(STOLE_ATOM, p, q)] = disj(out.get(Atom(STOLE_ATOM, p, q), FALSE), x)
        for c, e in db.effects(i, PowersBack):
            for q in db.players:
                x = conj(db.ok(i), c, db.sc.aims(i, q), db.revived(q))
                if x != FALSE:
                    a = Atom(BACK_ATOM, q)
                    out[a] = disj(out.get(a, FALSE), label(x, e.why))
    return out


KIND = Kind(
    "exchange",
    (SwapPowers, SwapPowersByDay, TakePower, TakePowerByDay, UsesKept, PowersBack),
    stops=stops,
    transition=transition,
    lasting=(DRAINED, STOLEN),
    day_stops=day_stops,
    day_unpowered=day_unpowered,
    day_atoms=day_atoms,
)
