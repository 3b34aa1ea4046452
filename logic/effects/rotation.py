"""Owns a faction's kill rotation, read from the GM's sentences (DCTP's Black Org): "Every
member of the Black Org must kill before a member is allowed a second kill." and what ends
a member's part in it, and the lasting state of who has killed in the current cycle. Its
phrases are grammar/game/rotation.lark, read by logic/lang/game_kinds/rotation.py (words:
the base's, "cycle" is ROUND). No other file names it.

Vocabulary:
  KillCycle   the whole game's: a member of `group` (a faction) who carried out its
              nightkill in the current cycle does not carry it out again (his kill does
              not take place) while a member in the cycle has not; once every member in
              the cycle has, a second kill is allowed
  CycleOut    "The exceptions to this is if a member is unable to kill due to being
              arrested or lynched, in which case they are no longer factored in to the kill
              cycle.": a member dead or in custody (the crimes kind's) is out of the cycle
              (a reading: a member dead of another cause is as one lynched, K1). Unsaid,
              every member of the game is in it, alive or not
  CycleRenews "Once the cycle has been completed once, a new order may be decided.": a
              completed cycle starts again (no one has killed in it). Unsaid, once the
              first cycle is complete, no second kill is refused again

A kill counts when it took place (a discombobulated kill, one that did not take place, is
no member's turn: a reading, K2). The state a night leaves (`CYCLE`): `X has killed in the
cycle` for each member who has, when the night ends (an empty cycle when it was completed
and `CycleRenews` is said); a day leaves it as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import crimes
from logic.effects.base import Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Expr, all_of, any_of, conj, disj, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

KILLED = "has killed in the cycle"


@dataclass(frozen=True)
class KillCycle:
    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"every member of {self.group} kills once before one kills a second time"


@dataclass(frozen=True)
class CycleOut:
    why: Why = meta()

    def describe(self) -> str:
        return "a member arrested or dead is out of the kill cycle"


@dataclass(frozen=True)
class CycleRenews:
    why: Why = meta()

    def describe(self) -> str:
        return "a completed kill cycle starts again"


def _said(b: Any, kind: type) -> list[Any]:
    return [x for x in b.rs.healing if isinstance(x, kind)]


def _gate(b: Any, kind: type) -> Expr:
    return any_of(label(b.sc.switch(x.why), x.why) for x in _said(b, kind))


def _members(b: NightBuilder, cycle: KillCycle) -> list[tuple[str, Expr]]:
    return [(p, m) for p in b.sc.players if (m := b.member(p, cycle.group)) != FALSE]


def _before(b: NightBuilder, p: str) -> Expr:
    got: dict[str, Expr] = b.before(CYCLE)
    return got.get(p, FALSE)


def _in_cycle(b: NightBuilder, p: str, alive: Expr) -> Expr:
    """p takes part in the cycle: a member, and (when `CycleOut` is said) alive and not in
    custody (`alive`: whether he is)."""
    out = _gate(b, CycleOut)
    if out == FALSE:
        return TRUE
    return disj(neg(out), conj(alive, neg(crimes.in_custody(b, p))))


def _complete(b: NightBuilder, cycle: KillCycle, killed: Any, alive: Any) -> Expr:
    """Every member taking part in the cycle has killed in it."""
    return all_of(
        disj(neg(m), neg(_in_cycle(b, p, alive(p))), killed(p)) for p, m in _members(b, cycle)
    )


def _now(b: NightBuilder, cycle: KillCycle) -> dict[str, Expr]:
    """p has killed in the cycle when the night begins (a cycle completed since, by a
    death or an arrest of the day, has started again when `CycleRenews` is said)."""

    def make() -> dict[str, Expr]:
        def alive(p: str) -> Expr:
            return b.sc.alive_now(p)

        done = conj(_gate(b, CycleRenews), _complete(b, cycle, lambda p: _before(b, p), alive))
        return {p: conj(_before(b, p), neg(done)) for p, _ in _members(b, cycle)}

    got: dict[str, Expr] = b.once(f"rotation:now:{canon(cycle.group)}", make)
    return got


def _kills(b: NightBuilder, i: int, cycle: KillCycle) -> Expr:
    """Slot i is the group's nightkill."""
    return any_of(c for c, f in b.sc.nightkill_of(i) if canon(f) == canon(cycle.group))


def _barred(b: NightBuilder, p: str, cycle: KillCycle) -> Expr:
    """p has killed in the cycle, while another member taking part in it has not."""
    now = _now(b, cycle)
    waiting = any_of(
        conj(m, _in_cycle(b, q, b.sc.alive_now(q)), neg(now[q]))
        for q, m in _members(b, cycle)
        if q != p
    )
    said = label(b.sc.switch(cycle.why), cycle.why)
    return conj(said, now.get(p, FALSE), waiting)


def not_his_turn(b: NightBuilder, p: str) -> Expr:
    """It is not p's turn to kill tonight: he may not carry out his group's kill (asked by
    a kind whose action is said to need the turn: the Explosive Vest's strap)."""
    return any_of(_barred(b, p, cycle) for cycle in _said(b, KillCycle))


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i is the group's kill by a member who has killed in the cycle, while another
    member taking part in it has not."""
    parts = []
    for cycle in _said(b, KillCycle):
        kills = _kills(b, i, cycle)
        if kills != FALSE:
            parts.append(conj(kills, _barred(b, b.actor(i), cycle)))
    return any_of(parts)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Who has killed in the cycle when the night ends."""
    out: dict[Atom, Expr] = {}
    for cycle in _said(b, KillCycle):
        now = _now(b, cycle)
        said = label(b.sc.switch(cycle.why), cycle.why)
        killed = {
            p: disj(
                now[p],
                conj(
                    said,
                    any_of(
                        conj(_kills(b, i, cycle), b.ok(i)) for i in range(b.n) if b.actor(i) == p
                    ),
                ),
            )
            for p, _ in _members(b, cycle)
        }
        done = conj(
            _gate(b, CycleRenews),
            _complete(b, cycle, killed.__getitem__, outcome.alive_after.__getitem__),
        )
        for p, x in killed.items():
            x = conj(x, neg(done))
            if x != FALSE:  # (carried from an earlier night too: the cycle's sentence says why)
                out[Atom(KILLED, p)] = label(x, cycle.why)
    return out


def _step(before: tuple[str, ...], end: PhaseEnd) -> tuple[str, ...]:
    if end.kind != "night":
        return before
    return tuple(sorted(a.subject for a in end.atoms if a.kind == KILLED))


def _chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    if end.kind != "night":
        return before
    out: dict[str, Expr] = {}
    for a, e in end.atoms:
        if a.kind == KILLED:
            out[a.subject] = disj(out.get(a.subject, FALSE), e)
    return out


def _view(state: tuple[str, ...], night: int) -> dict[str, Expr]:
    return {p: TRUE for p in state}


CYCLE = Lasting("cycle", (), _step, _chain, _view)


KIND = Kind(
    "rotation",
    (KillCycle, CycleOut, CycleRenews),
    stops=stops,
    transition=transition,
    lasting=(CYCLE,),
)
