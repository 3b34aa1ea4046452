"""Owns the day's timeline of votes: votes cast and changed in order (the day frame's
`Timeline`, logic/model/day.py), the majority lock over it, and the day powers that act on
it, read from the werewolf pool's GM sentences. Its phrases are grammar/clause/timeline.lark
and grammar/game/timeline.lark, its words grammar/lexicon/timeline.toml, its readings
logic/lang/kinds/timeline.py and logic/lang/game_kinds/timeline.py.

Vocabulary:
  MajorityLock  (a rule of the game) "A player who has the votes of more than half of the
                living players is lynched immediately and the day ends.": the first
                moment of the day at which a living player holds more than half of the
                living players' votes (weighted: a vote doubled by then counts twice), that
                player is the day's lynch, whatever is voted after
  VoidLock      (a day ability aimed at no one) "the Stretcher may void the majority
                lock": from the moment it takes place no lock forms for the rest of the
                day (a lock formed before it stands)
  EndDay        (a day ability aimed at no one) "the Collapser may end the day
                instantly": the day ends at that moment, and its lynch is decided by the
                votes standing then (a lock formed before it stands)
  LockOpen      (a rule of the game) "Whether a vote another player doubles counts
                toward the majority lock is not settled.": a `doubled` status another
                player gave counts twice toward the lock only under a host's choice of
                the day (`riotlock:LINE`): ambiguous where it matters
  `moot`        (of either, a sentence) "If the majority lock was reached before it, it
                does not count and can be used again.": a use after a lock formed does not
                take place, so it is not spent

The moments of a day: the timeline's steps are its votes in order; day slot i's action
comes before step `at[i]` (actions at one position are simultaneous). The states read
are, for each position m, the one after the actions at m and the one after vote m. A
status a day action gives (a riot's `doubled`, a soothing's `powerless`) holds from its
day action on (the slots whose `ok:i` its condition reads; a status no day action gives,
a hex of the night, holds all day).
A case places a private action's line where the GM makes it public (docs/formats.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from logic.effects import vote
from logic.effects.amplify import TRIPLED
from logic.effects.base import Kind
from logic.effects.sway import VoteDouble
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    add,
    all_of,
    any_of,
    conj,
    disj,
    eq,
    ite,
    label,
    le,
    lt,
    neg,
    variables,
)
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder, Timeline


@dataclass(frozen=True)
class MajorityLock:
    """The rule of the game: the first player to hold a majority is lynched at once."""

    why: Why = meta()

    def describe(self) -> str:
        return "lynch: the first player voted by more than half of the living is lynched"


@dataclass(frozen=True)
class LockOpen:
    """(a rule of the game) Whether a vote another player doubled (a riot) counts
    twice toward the lock is left open: a host's choice a day, `ambiguous` where it
    matters (W18)."""

    why: Why = meta()

    def describe(self) -> str:
        return "lynch: whether a vote another player doubled counts twice toward the lock is open"


@dataclass(frozen=True)
class VoidLock:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    moot: Why | None = None  # "If the majority lock was reached before it, ..."

    def describe(self) -> str:
        moot = "; after a lock, it does not take place" if self.moot else ""
        return "day: no majority lock forms for the rest of the day" + moot


@dataclass(frozen=True)
class EndDay:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    moot: Why | None = None  # "If the majority lock was reached before it, ..."

    def describe(self) -> str:
        moot = "; after a lock, it does not take place" if self.moot else ""
        return "day: the day ends at once; the votes standing then decide the lynch" + moot


DOUBLED = "doubled"  # the status of a doubled vote (logic/effects/sway.py, tally.py)


def _lock(db: DayBuilder) -> MajorityLock | None:
    return next((r for r in db.rs.day_rules if isinstance(r, MajorityLock)), None)


def _acting(db: DayBuilder, kind: type) -> list[tuple[int, Expr]]:
    """(slot, it took place with an effect of `kind`) for each day slot that may."""
    out = []
    for i in range(db.n):
        x = any_of(conj(db.ok(i), c, label(TRUE, e.why)) for c, e in db.effects(i, kind))
        if x != FALSE:
            out.append((i, x))
    return out


def _by_time(db: DayBuilder) -> bool:
    """A tie is broken by who reached the count first (logic/effects/vote.py's `first`)."""
    return any(r.kind == "first" for r in db.rs.tie_rules)


def _timed(db: DayBuilder) -> bool:
    """The day reads its timeline: a lock, a tie broken by time, or a day power of this
    kind."""
    if _lock(db) is not None or _by_time(db):
        return True
    return any(db.effects(i, (VoidLock, EndDay)) for i in range(db.n))


class _Moments:
    """The states of one day over its timeline: the votes standing and the statuses in
    force at each, as the lynch's inputs (logic/effects/vote.DayInputs)."""

    def __init__(self, db: DayBuilder, tl: Timeline, inp: vote.DayInputs) -> None:
        self.db = db
        self.tl = tl
        self.inp = inp
        self.steps = len(tl.who)
        self.index = {p: k for k, p in enumerate(db.players)}
        self._cur: dict[tuple[str, int], Expr] = {}
        self._slots: dict[int, list[int]] = {}  # a condition's day slots (by its id)

    def cur(self, p: str, v: int) -> Expr:
        """p's vote once the first `v` steps are cast (-1: none yet)."""
        key = (p, v)
        if key not in self._cur:
            if v == 0:
                self._cur[key] = Const(-1)
            else:
                t = v - 1
                mine = eq(self.tl.who[t], Const(self.index[p]))
                self._cur[key] = ite(mine, self.tl.whom[t], self.cur(p, t))
        return self._cur[key]

    def _from(self, c: Expr, m: int) -> Expr:
        """A status under condition `c` is in force at position m: the day actions it
        comes from (the slots whose `ok:i` it reads) came by then; a status no day action
        gives (a hex of the night) holds all day."""
        key = id(c)
        if key not in self._slots:
            self._slots[key] = sorted(
                {int(v[3:]) for v in variables(c) if v.startswith("ok:") and v[3:].isdigit()}
            )
        return conj(*(le(self.tl.at[i], Const(m)) for i in self._slots[key]))

    def kept(self, c: Expr, p: str, v: int) -> Expr:
        """A doubling under condition `c` of p's vote still holds once `v` votes are cast:
        its doubling `follows` p's changes, or p changed nothing since it (no vote cast
        after it over one standing then; with none standing, one vote cast after it)."""
        self._from(c, 0)  # (fills the condition's slots)
        out: list[Expr] = []
        for i in self._slots[id(c)]:
            nodes = [e for _, e in self.db.effects(i, VoteDouble)]
            if not nodes:
                continue
            out.append(disj(self._follows(i, nodes), neg(self._changed(i, p, v))))
        return all_of(out)

    def _follows(self, i: int, nodes: list[VoteDouble]) -> Expr:
        """Day slot i's doubling follows its voter's changes: its sentence says so, or
        (said by none, or switched off) the host's open choice."""
        said = any_of(label(self.db.switch(e.follows), e.follows) for e in nodes if e.follows)
        at = nodes[0].why.loc
        return disj(said, self.db.choice(f"follows:{at.line}:{at.column}:{i}", [False, True]))

    def _changed(self, i: int, p: str, v: int) -> Expr:
        """p changed his vote after day slot i's action, once `v` votes are cast."""
        at, me = self.tl.at[i], Const(self.index[p])
        after = [conj(eq(self.tl.who[t], me), le(at, Const(t))) for t in range(v)]
        standing = any_of(
            conj(eq(at, Const(k)), neg(eq(self.cur(p, k), Const(-1))))
            for k in range(self.steps + 1)
        )
        twice = any_of(conj(after[t], after[u]) for t in range(v) for u in range(t + 1, v))
        return disj(conj(standing, any_of(after)), conj(neg(standing), twice))

    def inputs(self, v: int, m: int, riot: Expr = TRUE) -> vote.DayInputs:
        """The day's inputs at the state with `v` votes cast and the actions up to m (a
        vote another player doubled counts twice where `riot` holds, and while the
        doubling holds: `kept`)."""

        def marked(p: str, name: str) -> Expr:
            return any_of(
                conj(
                    c,
                    self._from(c, m),
                    riot if name == DOUBLED and s != p else TRUE,
                    self.kept(c, p, v) if name in (DOUBLED, TRIPLED) else TRUE,
                )
                for c, s in self.db.marked(p, name)
            )

        def marked_by(p: str, name: str, q: str) -> Expr:
            return any_of(conj(c, self._from(c, m)) for c, s in self.db.marked(p, name) if s == q)

        return replace(self.inp, vote=lambda p: self.cur(p, v), marked=marked, marked_by=marked_by)

    def states(self) -> list[tuple[int, int]]:
        """(votes cast, actions' position) of each state, in order: the actions at m,
        then vote m."""
        out: list[tuple[int, int]] = []
        for m in range(self.steps + 1):
            out.append((m, m))
            if m < self.steps:
                out.append((m + 1, m))
        return out


@dataclass
class _Day:
    """What the timeline gives one day: per player number, the lock's lynch of them;
    per state, whether a lock formed there first; the first EndDay's position."""

    moments: _Moments
    states: list[tuple[int, int]]
    first: list[Expr]  # per state: a lock formed there, none before
    locked: list[Expr]  # per player number
    ended: list[Expr]  # per position m: the day ended there (the first EndDay)
    at_m: list[Expr]  # per position m: an EndDay takes place there

    def past(self, v: int, m: int) -> Expr:
        """The day ended before the state (v, m): at an earlier position, or (after vote
        m) at m."""
        return any_of(self.at_m[k] for k in range(m + 1 if v > m else m))


def _day(db: DayBuilder) -> _Day:
    return db.once("timeline:day", lambda: _make(db))


def _make(db: DayBuilder) -> _Day:
    inp = vote.day_inputs(db)
    lock = _lock(db)
    voids = _acting(db, VoidLock)
    ends = _acting(db, EndDay)
    tl = db.timeline()
    mo = _Moments(db, tl, inp)
    n = len(db.players)
    states = mo.states()
    size = mo.steps + 1
    at_m = [any_of(conj(x, eq(tl.at[i], Const(m))) for i, x in ends) for m in range(size)]
    ended = [conj(at_m[m], *(neg(at_m[k]) for k in range(m))) for m in range(size)]
    locked: list[Expr] = [FALSE] * n
    first: list[Expr] = []
    earlier: list[Expr] = []
    riot: Expr = TRUE
    opened = next((r for r in db.rs.day_rules if isinstance(r, LockOpen)), None)
    if opened is not None and lock is not None:
        pick = db.choice(f"riotlock:{opened.why.loc.line}", [False, True])
        riot = disj(neg(label(db.switch(opened.why), opened.why)), label(pick, opened.why))
    for v, m in states:
        if lock is None:
            first.append(FALSE)
            continue
        # the day ended before this state: at an earlier position, or (after vote m) at m
        past = any_of(at_m[k] for k in range(m + 1 if v > m else m))  # (= _Day.past)
        void = any_of(conj(x, le(tl.at[i], Const(m))) for i, x in voids)
        open_ = conj(label(db.switch(lock.why), lock.why), neg(void), neg(past))
        if open_ == FALSE:
            first.append(FALSE)
            continue
        at = mo.inputs(v, m, riot)
        living = add(*(ite(vote.voting(inp, p), Const(1), Const(0)) for p in db.players))
        hits = []
        for k, q in enumerate(db.players):
            count = vote.tally(db.rs, at, k)
            hits.append(conj(open_, vote.voting(inp, q), lt(living, add(count, count))))
        before = any_of(earlier)
        for k in range(n):
            locked[k] = disj(locked[k], conj(hits[k], neg(before)))
        first.append(conj(any_of(hits), neg(before)))
        earlier.append(any_of(hits))
    locked = [label(x, lock.why) if lock else x for x in locked]
    return _Day(mo, states, first, locked, ended, at_m)


def _since(db: DayBuilder, d: _Day, final: vote.DayInputs) -> list[Expr]:
    """Per player number, how many of the day's states came before their final count
    (their tally under `final`, the votes the lynch reads) stood for good: the states
    from the last one back while the tally there is the final one (a state after the
    day ended counts as standing)."""
    out: list[Expr] = []
    for k in range(len(db.players)):
        total = vote.tally(db.rs, final, k)
        stable: Expr = TRUE
        moved: list[Expr] = []
        for v, m in reversed(d.states):
            here = vote.tally(db.rs, d.moments.inputs(v, m), k)
            stable = conj(stable, disj(d.past(v, m), eq(here, total)))
            moved.append(neg(stable))
        out.append(add(*(ite(x, Const(1), Const(0)) for x in moved)))
    return out


def day_timed(db: DayBuilder, inp: vote.DayInputs) -> vote.DayInputs:
    """The lynch's inputs once the timeline is read: the votes and statuses standing
    when the day ended early (an EndDay), and `locked` (per player number, the majority
    lock's lynch of them). `inp` unchanged when the day reads no timeline (it is then
    not built)."""
    if not _timed(db):
        return inp
    d = _day(db)
    final, before = d.moments.inputs(d.moments.steps, d.moments.steps), inp.marked

    def doubled(p: str, name: str) -> Expr:  # at the deadline: while the doubling holds
        return final.marked(p, name) if name in (DOUBLED, TRIPLED) else before(p, name)

    inp = replace(inp, marked=doubled)
    out = inp
    if any(e != FALSE for e in d.ended):
        standing = [(c, d.moments.inputs(m, m)) for m, c in enumerate(d.ended) if c != FALSE]

        def vote_(p: str) -> Expr:
            got = inp.vote(p)
            for c, at in reversed(standing):
                got = ite(c, at.vote(p), got)
            return got

        def marked(p: str, name: str) -> Expr:
            got = inp.marked(p, name)
            for c, at in reversed(standing):
                got = disj(conj(c, at.marked(p, name)), conj(neg(c), got))
            return got

        def marked_by(p: str, name: str, q: str) -> Expr:
            got = inp.marked_by(p, name, q)
            for c, at in reversed(standing):
                got = disj(conj(c, at.marked_by(p, name, q)), conj(neg(c), got))
            return got

        out = replace(out, vote=vote_, marked=marked, marked_by=marked_by)
    if any(x != FALSE for x in d.locked):
        out = replace(out, locked=d.locked.__getitem__)
    if _by_time(db):
        out = replace(out, since=_since(db, d, out).__getitem__)
    return out


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A Stretcher's or a Collapser's action whose `moot` sentence is in force does not
    take place (its use is not spent) when a lock formed before it: at a state before
    the actions of its position."""
    moots = [(c, e.moot) for c, e in db.effects(i, (VoidLock, EndDay)) if e.moot is not None]
    if not moots or _lock(db) is None:
        return FALSE
    d = _day(db)
    at = d.moments.tl.at[i]
    out: list[Expr] = []
    for m in range(d.moments.steps + 1):
        before = any_of(f for (v, k), f in zip(d.states, d.first, strict=True) if k < m)
        if before == FALSE:
            continue
        for c, why in moots:
            out.append(label(conj(c, db.switch(why), eq(at, Const(m)), before), why))
    return any_of(out)


KIND = Kind("timeline", (MajorityLock, VoidLock, EndDay), day_stops=day_stops, day_timed=day_timed)
