"""Owns what a role does or shows after its holder's death, and reads of the dead: powers
used only once dead, roles their holders learn only when they die, what the lynch and a
killer's reveal show of such a role, and an investigation of the dead and of what the
living will become.

Vocabulary (role traits, from the role's line):
  AfterDeath   the role has no powers until its holder dies ("The Zombie has no powers
               until its death."): its night abilities are used by a dead holder only
               (the frame's "the dead do not act" is lifted for them), and not once the
               holder is exorcised (`Exorcise` below, a day action: the mark `exorcised`
               of logic/effects/day.py)
  Unaware      the holder does not know its role until it dies: when it dies (by night
               or by day) it is told "You are the ROLE"
  HiddenSide   the holder's alignment is not shown when it is lynched or killed: the
               lynch shows "P was ROLE" and a killer learns "ROLE" (no alignment)
  FlipsAs      lynched, the holder's role shows as `shown` ("its role will flip as
               Vanilla"); its alignment shows truthfully
Effects of an ability:
  ReadDead     a dead target's role and alignment, "ROLE (FACTION)", as they truly are
               (the role held tonight, no trait that masks a look): a target alive
               tonight makes the read fail unless the ability also has ReadLiving
  ReadLiving   the ability may target a living player
  ReadFate     a living target: "will become the ROLE" when it holds one of `roles`,
               else "will not become the ROLE1 or ROLE2"

"Dead" for these reads is dead before tonight (a player killed in an earlier tier of the
same night is read as living).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import status
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder

EXORCISED = "exorcised"


@dataclass(frozen=True)
class Exorcise:
    """A day action: a dead holder of one of `roles` is removed from the game (the mark
    `exorcised`, built by logic/effects/day.py)."""

    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)

    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"day: a dead {' or '.join(self.roles)} is removed from the game"


@dataclass(frozen=True)
class AfterDeath:
    why: Why = meta()

    def describe(self) -> str:
        return "after death: the role's powers are used only once its holder is dead"


@dataclass(frozen=True)
class Unaware:
    why: Why = meta()

    def describe(self) -> str:
        return "unaware: the holder learns its role when it dies"


@dataclass(frozen=True)
class HiddenSide:
    why: Why = meta()

    def describe(self) -> str:
        return "hidden side: the alignment is not shown when lynched or killed"


@dataclass(frozen=True)
class FlipsAs:
    shown: str
    why: Why = meta()

    def describe(self) -> str:
        return f"lynched, the role shows as {self.shown}; the alignment shows truthfully"


@dataclass(frozen=True)
class ReadDead:
    why: Why = meta()

    def describe(self) -> str:
        return "read: a dead target's role and alignment, as they truly are"


@dataclass(frozen=True)
class ReadLiving:
    why: Why = meta()

    def describe(self) -> str:
        return "read: may target a living player"


@dataclass(frozen=True)
class ReadFate:
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"read: a living target, whether it will become the {' or '.join(self.roles)}"


def _trait(role: Role, kind: type) -> Any:
    return next((t for t in role.traits if isinstance(t, kind)), None)


def needs_dead(role: Role, effect: object) -> bool:
    """Whether the effect does anything only with a player dead before the night (a read
    of the dead, a power used after death): never on a first night."""
    return isinstance(effect, ReadDead) or _trait(role, AfterDeath) is not None


# ----------------------------------------------------------------------------- what is shown


def shown(role: Role, faction: str, when: str) -> str:
    """What a reveal shows of a holder of `role` in `faction`: `when` "lynch" (to all) or
    "kill" (to the killer)."""
    name = role.name
    flip = _trait(role, FlipsAs)
    if when == "lynch" and flip is not None:
        name = flip.shown
    if _trait(role, HiddenSide) is not None:
        return name
    return f"{name} ({faction})"


def death_texts(
    roles: list[Role], players: tuple[str, ...], role_is: Any, died: dict[str, Expr]
) -> list[TextSource]:
    """A holder of an Unaware role is told its role when it dies."""
    out = []
    for role in roles:
        t = _trait(role, Unaware)
        if t is None:
            continue
        for p in players:
            gate = conj(role_is(p, role), died.get(p, FALSE))
            if gate != FALSE:
                out.append(TextSource(p, label(gate, t.why), f"You are the {role.name}", (), t.why))
    return out


def exorcised_before(b: NightBuilder, p: str) -> Expr:
    """p was exorcised on an earlier day (a mark for good)."""
    return Const(bool(status.marks(b.sc.history, p, EXORCISED)))


# ----------------------------------------------------------------------------- the night


def posthumous(b: NightBuilder, i: int) -> Expr:
    """Slot i is an ability of a role whose powers are used only once dead (for the
    frame's "the dead do not act", which does not stop it)."""
    if b.sc.slots[i].kind != "ability":
        return FALSE
    p = b.actor(i)
    return any_of(
        conj(b.sc.role_is(p, r), b.sc.switch(t.why))
        for r in b.roles
        for t in [_trait(r, AfterDeath)]
        if t is not None
    )


def stops(b: NightBuilder, i: int) -> Expr:
    """An after-death power used by a living holder, or by an exorcised one; a read of
    the dead aimed at a living player without leave to read the living."""
    reasons: list[Expr] = []
    p = b.actor(i)
    if b.sc.slots[i].kind == "ability":
        for r in b.roles:
            t = _trait(r, AfterDeath)
            if t is None:
                continue
            holder = conj(b.sc.role_is(p, r), b.sc.switch(t.why))
            if holder == FALSE:
                continue
            reasons.append(label(conj(holder, b.sc.alive_now(p)), t.why))
            gone = exorcised_before(b, p)
            if gone != FALSE:
                why = _exorcise_why(b) or t.why
                reasons.append(label(conj(holder, gone), why))
    living = [c for c, _ in b.effects(i, ReadLiving)]
    for c, e in b.effects(i, ReadDead):
        for q in b.sc.players:
            x = conj(c, neg(any_of(living)), b.aims(i, q), b.sc.alive_now(q))
            if x != FALSE:
                reasons.append(label(x, e.why))
    return any_of(reasons)


def _exorcise_why(b: NightBuilder) -> Why | None:
    for r in b.rs.roles:
        for ab in r.abilities:
            for e in ab.effects:
                if isinstance(e, Exorcise):
                    return e.why
    return None


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The reads: a dead target's role and alignment, a living target's fate."""
    out: list[TextSource] = []
    reader = b.actor(i)
    for c, e in b.effects(i, ReadDead):
        pieces: list[tuple[Expr, str]] = []
        for q in b.sc.players:
            hit = conj(b.aims(i, q), b.sc.dead_before(q))
            if hit == FALSE:
                continue
            for r in b.roles:
                for f in b.rs.factions:
                    x = conj(hit, b.sc.role_is(q, r), b.sc.faction_is(q, f))
                    if x != FALSE:
                        pieces.append((x, f"{r.name} ({f})"))
        gate = conj(c, b.ok(i), any_of(x for x, _ in pieces))
        if gate != FALSE:
            out.append(TextSource(reader, label(gate, e.why), None, tuple(pieces), e.why))
    for c, e in b.effects(i, ReadFate):
        become = [x for x in (b.rs.role(n) for n in e.roles) if x is not None]
        fated: dict[str, list[Expr]] = {}
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q), b.sc.alive_now(q))
            if hit == FALSE:
                continue
            held = []
            for fate in become:
                x = b.sc.role_is(q, fate)
                held.append(x)
                fated.setdefault(f"will become the {fate.name}", []).append(conj(hit, x))
            none = f"will not become the {' or '.join(e.roles)}"
            fated.setdefault(none, []).append(conj(hit, neg(any_of(held))))
        for text, conds in fated.items():
            gate = any_of(conds)
            if gate != FALSE:
                out.append(TextSource(reader, label(gate, e.why), text, (), e.why))
    return out


def night_texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    return death_texts(b.roles, b.sc.players, b.sc.role_is, outcome.died)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    return death_texts(list(db.rs.roles), db.players, db.role_is, outcome.died)


KIND = Kind(
    "afterlife",
    (AfterDeath, Unaware, HiddenSide, FlipsAs, ReadDead, ReadLiving, ReadFate),
    stops=stops,
    texts=texts,
    phase_texts=night_texts,
    posthumous=posthumous,
    nouns=(("investigation", (ReadDead, ReadFate)), ("exorcism", (Exorcise,))),
    day_texts=day_texts,
)
