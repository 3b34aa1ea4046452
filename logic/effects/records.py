"""Owns police records: how each role shows on them, their reversal (and reverting), and
the checks that read them.

Vocabulary:
  OnRecords     a role shows on police records as guilty or not, whatever its faction
                (the Ninja "evade[s] police records"; the Rogue's "records still indicate
                the Rogue is a member")
  Reverse       an action: the target's record is reversed ("the guilty look innocent or
                the innocent guilty"); it stays reversed in later phases
  Revert        when no holder of a role is left alive, every record reverts to its
                original status ("When all Agents are removed from play, ...")
  RecordsCheck  an action: the actor pulls up the target's record and is told `yes` when
                it shows a member of `faction`, else `no`
  Frame         an action: the target's record shows a member of `faction` ("" for any
                faction checked: "shows up as guilty") to the checks of that night in
                its tier or a later one ("Choose someone to frame each night. If they are
                investigated, they will appear to be Mafia."); gone the next night

A record read by an action of tier t shows: guilty if a Frame of tier t or earlier landed
on it tonight; else the role's own status, reversed if it was reversed before tonight, and
reversed (again) if a Reverse of an earlier tier took place tonight. Reversing twice restores it (the source says "reverse"; nothing says otherwise).
The state after a phase is the atom `record reversed` of each player, an expression of
the phase like any other (`transition`; by day, `settle`), carried to later phases as
the kind's lasting state `RECORDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, disj, iff, ite, label, le, lt, neg
from logic.model.ir import Role, Ruleset
from logic.model.phase import Atom, ChainEnd, History, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class OnRecords:
    guilty: bool
    why: Why = meta()

    def describe(self) -> str:
        return f"shows on police records as {'guilty' if self.guilty else 'innocent'}"


@dataclass(frozen=True)
class Reverse:
    why: Why = meta()

    def describe(self) -> str:
        return "reverse: the target's police record is reversed (it stays reversed)"


@dataclass(frozen=True)
class Revert:
    role: str
    why: Why = meta()

    def describe(self) -> str:
        return f"records revert when no {self.role} is left alive"


@dataclass(frozen=True)
class Frame:
    why: Why = meta()
    faction: str = ""

    def describe(self) -> str:
        shown = f"a member of {self.faction}" if self.faction else "guilty"
        return f"frame: the target's record shows {shown} to that night's checks"

    def refines(self, other: object) -> bool:
        """'Frame one player. They will appear as Mafia.': the faction the later sentence
        names takes the place of the verb's own frame (which shows "guilty")."""
        return bool(self.faction) and isinstance(other, Frame) and not other.faction


@dataclass(frozen=True)
class RecordsCheck:
    faction: str
    yes: str | None = None
    no: str | None = None
    why: Why = meta()

    def describe(self) -> str:
        texts = ", ".join(f'"{x}"' for x in (self.yes, self.no) if x) or "no text"
        return f"records: checks whether the target's record shows a member of {self.faction} ({texts})"

    def refines(self, other: object) -> bool:
        """'Check one person for suspicious activity. You will know if your target is a
        member of the Mafia.': the faction the later sentence names takes the place of the
        check of the other faction (`""`) the first said."""
        return (
            bool(self.faction)
            and isinstance(other, RecordsCheck)
            and not other.faction
            and (other.yes, other.no) in ((None, None), (self.yes, self.no))
        )


def xor(a: Expr, b: Expr) -> Expr:
    return neg(iff(a, b))


def base_guilty(b: NightBuilder, q: str, faction: str) -> Expr:
    """q's record before any tampering: the role's own status on police records."""
    parts = []
    for role in b.roles:
        is_role = b.sc.role_is(q, role)
        if is_role == FALSE:
            continue
        shown = next((t for t in role.traits if isinstance(t, OnRecords)), None)
        guilty = shown.guilty if shown else canon(role.faction) == canon(faction)
        if guilty:
            parts.append(label(is_role, shown.why) if shown else is_role)
    return any_of(parts)


def reversed_tonight(b: NightBuilder, q: str, before: Expr | None = None) -> Expr:
    """A Reverse on q took place tonight (in a tier before `before`, when given)."""
    return any_of(
        label(hit if before is None else conj(hit, lt(b.tiers[k], before)), e.why)
        for k, hit, e in b.lands(Reverse, q)
    )


def framed_tonight(b: NightBuilder, q: str, faction: str, tier: Expr) -> Expr:
    """A Frame as `faction` (or as guilty) landed on q tonight, in `tier` or before it."""
    return any_of(
        label(conj(hit, le(b.tiers[k], tier)), e.why)
        for k, hit, e in b.lands(Frame, q)
        if not e.faction or canon(e.faction) == canon(faction)
    )


def shows_guilty(b: NightBuilder, q: str, faction: str, tier: Expr) -> Expr:
    """What q's record says to an action of tier `tier`: a member of `faction` or not."""
    flipped = xor(reversed_before(b, q), reversed_tonight(b, q, tier))
    return disj(framed_tonight(b, q, faction, tier), xor(base_guilty(b, q, faction), flipped))


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The yes / no of slot i's records checks."""
    out = []
    for c, e in b.effects(i, RecordsCheck):
        guilty = any_of(
            conj(b.aims(i, q), shows_guilty(b, q, e.faction, b.tiers[i])) for q in b.sc.players
        )
        # the checker's say over what every check shows (a sanity: `Kind.skews`)
        for k in b.kinds:
            for held, shown in k.skews(b, i, e.faction) if k.skews else ():
                bent = neg(guilty) if shown is None else (TRUE if shown else FALSE)
                guilty = ite(held, bent, guilty)
        yes, no = e.yes, e.no
        if yes is None and no is None and not e.faction.startswith("like:"):
            # no text named ("You will learn whether they are Mafia."): the answer is
            # said by the faction asked about
            yes, no = e.faction, f"not {e.faction}"
        for text, holds in ((yes, guilty), (no, neg(guilty))):
            if text is not None:
                gate = label(conj(c, b.ok(i), holds), e.why)
                out.append(TextSource(b.actor(i), gate, text, why=e.why))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Whose record is reversed after the phase (the atoms `record reversed`)."""
    before: dict[str, Expr] = b.before(RECORDS)
    if not any(b.effects(k, Reverse) for k in range(b.n)) and not any(
        x != FALSE for x in before.values()
    ):
        return {}
    flipped = {q: xor(before.get(q, FALSE), reversed_tonight(b, q)) for q in b.sc.players}
    return settle(b.rs, b.sc.players, flipped, b.sc.role_is, outcome.alive_after.__getitem__)


def settle(
    rs: Ruleset,
    players: Iterable[str],
    flipped: Mapping[str, Expr],
    role_is: Callable[[str, Role], Expr],
    alive_after: Callable[[str], Expr],
) -> dict[Atom, Expr]:
    """Per record `flipped` in the phase: whether it is reversed after it. Records revert
    when no holder of a reverting role is left alive."""
    players = tuple(players)
    out = {}
    for q, keep in flipped.items():
        for r in rs.reverts:
            role = rs.role(r.role)
            if role is not None:
                holders = any_of(conj(role_is(p, role), alive_after(p)) for p in players)
                keep = conj(keep, label(holders, r.why))
        out[Atom(REVERSED, q)] = keep
    return out


# ----------------------------------------------------------------------------- lasting state

REVERSED = "record reversed"


def _step(before: frozenset[str], end: PhaseEnd) -> frozenset[str]:
    """A phase that speaks of records gives each its state; one that does not keeps them."""
    if REVERSED not in end.defined:
        return before
    return frozenset(a.subject for a in end.atoms if a.kind == REVERSED)


def _chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    out = dict(before)
    out.update((a.subject, e) for a, e in end.atoms if a.kind == REVERSED)
    return out


def _view(state: frozenset[str], night: int) -> dict[str, Expr]:
    return {q: TRUE for q in state}


RECORDS = Lasting("records", frozenset(), _step, _chain, _view)


def reversed_before(b: NightBuilder, q: str) -> Expr:
    """q's record was reversed when the night began."""
    got: dict[str, Expr] = b.before(RECORDS)
    return got.get(q, FALSE)


def reversed_in(history: History) -> frozenset[str]:
    """The players whose record is reversed after the phases `history` holds."""
    got: frozenset[str] = history.state(RECORDS.name, RECORDS.empty)
    return got


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The records reversed when the day began revert when no holder of a reverting
    role is alive at its end (`settle`)."""
    flipped: dict[str, Expr] = db.before(RECORDS)
    return settle(db.rs, db.players, flipped, db.role_is, outcome.alive_after.__getitem__)


KIND = Kind(
    "records",
    (OnRecords, Reverse, Revert, RecordsCheck, Frame),
    texts=texts,
    actions=(("FRAME", "targets", Frame),),
    transition=transition,
    lasting=(RECORDS,),
    day_atoms=day_atoms,
)
