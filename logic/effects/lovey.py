"""Owns an ability a pair holds on each other, read from the GM's sentences (DCTP's
Lovey-Dovey: "Lovers can protect each other with the ability Lovey-Dovey."): each of a pair
made by logic/effects/couple.py holds a protection of the other, by night and, when said,
by day; how often the pair may use it and when it rests. Its phrases are
grammar/game/lovey.lark, read by logic/lang/game_kinds/lovey.py. No other file names it.

Vocabulary (whole-game sentences, each a node; a node absent: unsaid):
  PairAbility  "Lovers can protect each other with the ability Lovey-Dovey.": each of a
               pair of `status` holds the ability `name` (`Kind.lends`, from the phase
               after the pair is made): by night a protection (logic/effects/attack.py's
               `Protect`, in the order of healing as its keyword says) of the other of
               the pair; aimed at anyone else, it does not take place
  PairByDay    "The lover can protect the other lover during day or night.": the ability
               is used by day too (unsaid: by night alone)
  PairHinders  "This protect will hinder lynching, killing, sniping and even APTX.": by
               day the protected lover is not lynched (logic/effects/lynchstop.py's
               `DayGuard`) nor poisoned (logic/effects/aptx.py's `Guard`); by night the
               kill and the snipe are the protection's own (unsaid, a protection by day
               stops nothing)
  PairOne      "Just one lover can use protect." "They can't protect each other in the
               same phase.": of the two uses of a pair sent in one phase, one takes place
               (which one: the host's open choice, R96)
  PairOnce     "You can only protect once per Day/Night.": a pair that used it on a
               night does not use it the day after (night N and day N are one turn: the
               GM's "If they decide to protect during Day 1 instead of Night 1, they can
               use it again on Night2 or Day 2.")
  PairRest     "If it successfully hinders a lynching, killing, sniping, or poisoning, the
               lovers lose this ability for 2 phases": after a phase in which a use of
               the pair saved the other (a night's protection that succeeded, a day's that
               stopped a poisoning), the pair's uses of the next `phases` phases do not
               take place

The state a phase leaves (`USES`): (the user, the phase's index, "used" or "saved"); a
phase's atoms `X protects his pair` and `X saves his pair` say them. Readings R95-R98 in
casebook/dctp-mini-mafia.rules. Not modelled: a day's use that stopped a lynch as a
success that rests the pair (the lynch is decided after the day's actions: R97).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import aptx, attack, couple, crimes, heal
from logic.effects.attack import Protect
from logic.effects.base import Kind, Lasting, Outcome
from logic.effects.lynchstop import DayGuard
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.ir import Ability, Frequency
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

USED = "protects his pair"
SAVED = "saves his pair"

Uses = dict[tuple[str, int, str], Expr]  # (user, phase index, USED / SAVED) -> it holds


@dataclass(frozen=True)
class PairAbility:
    status: str
    name: str
    why: Why = meta()

    def describe(self) -> str:
        return f"each of a pair of {self.status} may protect the other ({self.name})"


@dataclass(frozen=True)
class PairByDay:
    why: Why = meta()

    def describe(self) -> str:
        return "the pair's protection is used by day too"


@dataclass(frozen=True)
class PairHinders:
    why: Why = meta()

    def describe(self) -> str:
        return "the pair's protection stops the lynch and a poisoning by day"


@dataclass(frozen=True)
class PairOne:
    why: Why = meta()

    def describe(self) -> str:
        return "one of a pair protects the other in a phase"


@dataclass(frozen=True)
class PairOnce:
    why: Why = meta()

    def describe(self) -> str:
        return "a pair protects once a night and the day after it"


@dataclass(frozen=True)
class PairRest:
    phases: int
    why: Why = meta()

    def describe(self) -> str:
        return f"a pair's protection that saved rests {self.phases} phases"


@dataclass(frozen=True)
class Lovey:
    """The lent ability's own node (beside what it does): whose pair's it is."""

    why: Why = meta()

    def describe(self) -> str:
        return "a protection of the other of the user's pair"


@dataclass(frozen=True)
class LoveyDay:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "a protection of the other of the user's pair, by day"


def _said(rs: Any, kind: type) -> list[Any]:
    return [x for x in rs.healing if isinstance(x, kind)]


def _on(b: Any, kind: type) -> Expr:
    return any_of(label(b.sc.switch(x.why), x.why) for x in _said(b.rs, kind))


def _ability(rs: Any, rule: PairAbility, day: bool) -> Ability | None:
    """The ability a pair's member holds in a phase of that kind."""
    if not day:
        effects: tuple[Any, ...] = (Lovey(rule.why), Protect(rule.why))
        return Ability(rule.name, "targets", Frequency.EACH_NIGHT, effects, why=rule.why)
    by_day = _said(rs, PairByDay)
    if not by_day:
        return None
    effects = (LoveyDay(by_day[0].why),)
    for h in _said(rs, PairHinders):
        effects += (DayGuard(by_day[0].why, stops=h.why), aptx.Guard(h.why))
    return Ability(rule.name, "targets", Frequency.EACH_NIGHT, effects, why=by_day[0].why)


def lends(
    rs: Any,
    history: Any,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Any]:
    """The pair's ability, when p is of a pair of its status made before this phase."""
    del held, decided
    out: list[Any] = []
    for rule in _said(rs, PairAbility):
        for status, a, b in history.state(couple.PAIRS.name):
            if p in (a, b) and couple._same(status, rule.status):
                ab = _ability(rs, rule, phase[0] == "day")
                if ab is not None and ab not in out:
                    out.append(ab)
    return out


def _partners(b: Any, p: str) -> list[tuple[str, Expr]]:
    """(the other of p's pair, the pair holds) for each pair of a status with the ability."""
    out = []
    for rule in _said(b.rs, PairAbility):
        for a, q, x in couple.pairs(b, rule.status):
            if p == a:
                out.append((q, x))
            elif p == q:
                out.append((a, x))
    return out


def _mine(b: Any, i: int, kind: type) -> Expr:
    return any_of(c for c, _ in b.effects(i, kind))


def _stops(b: Any, i: int, kind: type, now: int) -> Expr:
    """Slot i's use of the pair's ability does not take place: aimed at another than the
    other of the pair; the other used it too this phase and the host picked his (PairOne);
    the pair used it the night before this day (PairOnce); it rests (PairRest)."""
    mine = _mine(b, i, kind)
    if mine == FALSE:
        return FALSE
    p = b.actor(i)
    partners = _partners(b, p)
    rule = _said(b.rs, PairAbility)[0]
    why = label(TRUE, rule.why)
    lover = any_of(conj(x, b.sc.aims(i, q)) for q, x in partners)
    out = [conj(why, neg(lover))]
    one = _on(b, PairOne)
    if one != FALSE:
        for j in range(b.n):
            q = b.actor(j)
            if j == i or not any(q == r for r, _ in partners):
                continue
            theirs = _mine(b, j, kind)
            if theirs == FALSE:
                continue
            theirs = conj(b.sc.taken(j), theirs)  # (sent: a symbolic slot may be idle)
            first = min(i, j)
            loc = rule.why.loc
            pick = b.choice(f"lovey:{loc.line}:{loc.column}:one:{first}", [0, 1])
            out.append(conj(one, theirs, eq(pick, Const(0 if i == first else 1))))
    before: Uses = b.before(USES)
    pair = {p} | {q for q, _ in partners}
    once = _on(b, PairOnce)
    if once != FALSE and now % 2 == 0:  # a day: the pair's use of the night before
        used = any_of(
            x for (u, at, k), x in before.items() if u in pair and at == now - 1 and k == USED
        )
        out.append(conj(once, used))
    for r in _said(b.rs, PairRest):
        rests = any_of(
            x
            for (u, at, k), x in before.items()
            if u in pair and k == SAVED and now - r.phases <= at < now
        )
        out.append(conj(label(b.sc.switch(r.why), r.why), rests))
    return conj(mine, any_of(out))


def stops(b: NightBuilder, i: int) -> Expr:
    if not _said(b.rs, PairAbility):
        return FALSE
    return _stops(b, i, Lovey, crimes.phase_index("night", b.night))


def posthumous(b: NightBuilder, i: int) -> Expr:
    """A use of the pair's ability by night takes place though its user dies at the kill's
    tier, when no attack aims at him: his death is then his lover's suicide, which his
    protection stops (R98: "This protect will hinder ... killing"; without this, the
    protection, in the tier of "All other actions" after "Killing", and the suicide of
    the protector at the kill's tier would each be consistent)."""
    mine = _mine(b, i, Lovey)
    if mine == FALSE:
        return FALSE
    p = b.actor(i)
    aimed = any_of(hit for _, v, hit, *_ in attack.attacks(b) if v == p)
    rule = _said(b.rs, PairAbility)[0]
    return label(conj(mine, neg(b.sc.dead_before(p)), neg(aimed)), rule.why)


def day_stops(db: DayBuilder, i: int) -> Expr:
    if not _said(db.rs, PairAbility):
        return FALSE
    return _stops(db, i, LoveyDay, crimes.phase_index("day", db.day))


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X protects his pair` for a use that took place, `X saves his pair` for one whose
    protection succeeded."""
    del outcome
    out: dict[Atom, Expr] = {}
    for i in range(b.n):
        mine = _mine(b, i, Lovey)
        if mine == FALSE:
            continue
        p = b.actor(i)
        took = conj(mine, b.ok(i))
        saved = any_of(heal.succeeds(b, i, q) for q, _ in _partners(b, p))
        out[Atom(USED, p)] = disj(out.get(Atom(USED, p), FALSE), took)
        out[Atom(SAVED, p)] = disj(out.get(Atom(SAVED, p), FALSE), conj(took, saved))
    return out


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The day's: a use that took place, and one that stopped a poisoning of the other."""
    del outcome
    out: dict[Atom, Expr] = {}
    for i in range(db.n):
        mine = _mine(db, i, LoveyDay)
        if mine == FALSE:
            continue
        p = db.actor(i)
        took = conj(mine, db.ok(i))
        guards = any_of(c for c, _ in db.effects(i, aptx.Guard))
        saved = any_of(
            conj(db.sc.aims(i, q), aptx.would_poison(db, q)) for q, _ in _partners(db, p)
        )
        out[Atom(USED, p)] = disj(out.get(Atom(USED, p), FALSE), took)
        out[Atom(SAVED, p)] = disj(out.get(Atom(SAVED, p), FALSE), conj(took, guards, saved))
    return out


# ----------------------------------------------------------------------------- lasting state


def _index(end: Any) -> int:
    return crimes.phase_index(end.kind, end.number)


def _step(before: tuple[tuple[str, int, str], ...], end: PhaseEnd) -> tuple[Any, ...]:
    got = {(a.subject, _index(end), a.kind) for a in end.atoms if a.kind in (USED, SAVED)}
    return tuple(sorted(set(before) | got))


def _chain(before: Uses, end: ChainEnd) -> Uses:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind in (USED, SAVED):
            key = (a.subject, _index(end), a.kind)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, int, str], ...], night: int) -> Uses:
    del night
    return {key: TRUE for key in state}


USES = Lasting("pair uses", (), _step, _chain, _view)


KIND = Kind(
    "lovey",
    (PairAbility, PairByDay, PairHinders, PairOne, PairOnce, PairRest, Lovey, LoveyDay),
    lends=lends,
    stops=stops,
    posthumous=posthumous,
    day_stops=day_stops,
    transition=transition,
    day_atoms=day_atoms,
    lasting=(USES,),
)
