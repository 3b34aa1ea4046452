"""Owns checks for one role and the control of another role's results that finding it
gives: the Forger's "Investigator" / "Not Investigator", and from the night he finds the
Investigator on, the Investigator's target told to him and the result it shows decided
by him (a decision the player makes: `X decides "TEXT"` in a case; Act.decision).

Vocabulary:
  RoleCheck  the actor learns `yes` when the target holds `role`, else `no`. Once the
             actor has found the role (the mark `found ROLE`, kept for the game) the
             check tells nothing more ("Once he finds the Investigator, his powers
             change.")
  Forge      from the night the actor finds `role` (that night too, by `same_night`:
             "including the night he finds the investigator"), whenever the actor's
             action takes place: `learns`, the actor is told where the check of `role`'s
             holder lands that night ("no one" when it does not act); `options`, the
             player decides which of them that check shows ("Town or Mafia"). An
             undecided forgery leaves the check its own result; a check that does not
             take place (roleblocked: "Unknown") is not forged.

The find and the check it controls are in one tier of an order of operations
("Investigations"): simultaneous, and the forgery applies that night only by
`same_night` (the sentence's switch: without it, the find counts from the next night).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import Ability, Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class RoleCheck:
    role: str
    yes: str
    no: str
    why: Why = meta()

    def describe(self) -> str:
        return f'role check: learns "{self.yes}" if the target is the {self.role}, else "{self.no}"'


@dataclass(frozen=True)
class Forge:
    role: str
    why: Why = meta()
    learns: Why | None = None
    same_night: Why | None = None
    options: tuple[str, ...] = ()
    options_why: Why | None = None

    def describe(self) -> str:
        out = f"once the {self.role} is found: "
        parts = []
        if self.learns:
            parts.append(f"learns the {self.role}'s target")
        if self.options:
            parts.append(
                f"decides whether the {self.role}'s check shows {' or '.join(self.options)}"
            )
        return out + ("; ".join(parts) or "the powers change")


def options_of(ability: Ability) -> tuple[str, ...]:
    """The options an ability leaves its player to decide among (none: no decision)."""
    return next((e.options for e in ability.effects if isinstance(e, Forge) and e.options), ())


def found_mark(role: str) -> str:
    return f"found {canon(role)}"


def _role(b: NightBuilder, name: str) -> Role | None:
    return b.rs.role(name)


def finds(b: NightBuilder, i: int, role_name: str) -> Expr:
    """Slot i's role check lands on a holder of `role_name` tonight (and took place)."""
    role = _role(b, role_name)
    if role is None:
        return FALSE
    parts = []
    for c, e in b.effects(i, RoleCheck):
        if canon(e.role) != canon(role_name):
            continue
        on_holder = any_of(conj(b.aims(i, q), b.sc.role_is(q, role)) for q in b.sc.players)
        parts.append(label(conj(c, b.ok(i), on_holder), e.why))
    return any_of(parts)


def active(b: NightBuilder, i: int, f: Forge) -> Expr:
    """Slot i's forgery works tonight: its action takes place and its actor has found the
    role (before tonight, or tonight when the sentence says so)."""

    def make() -> Expr:
        before = b.sc.marked_before(b.actor(i), found_mark(f.role))
        tonight = label(finds(b, i, f.role), f.same_night) if f.same_night else FALSE
        return conj(b.ok(i), disj(label(before, f.why), tonight))

    return b.once(f"forge:{i}:{canon(f.role)}", make)


def _checks_of(b: NightBuilder, role_name: str) -> list[tuple[int, Expr]]:
    """(slot, its actor holds `role_name`) for the night's ability slots."""
    role = _role(b, role_name)
    if role is None:
        return []
    out = []
    for j in range(b.n):
        if b.sc.slots[j].kind != "ability":
            continue
        holds = b.sc.role_is(b.actor(j), role)
        if holds != FALSE:
            out.append((j, holds))
    return out


def overrides(b: NightBuilder, i: int) -> list[tuple[Expr, str, Why]]:
    """(condition, text, sentence) for each forged result slot i's check may show: a
    forger's action works tonight, slot i's actor holds the role it controls, and the
    forger's player decided that text."""
    out: list[tuple[Expr, str, Why]] = []
    checker = b.actor(i)
    for j in range(b.n):
        if b.actor(j) == checker:
            continue
        for c, f in b.effects(j, Forge):
            role = _role(b, f.role)
            if not f.options or role is None:
                continue
            holds = b.sc.role_is(checker, role)
            if holds == FALSE:
                continue
            decided = b.sc.decision(j, f.options)
            why = f.options_why or f.why
            for k, text in enumerate(f.options):
                pick = eq(decided, Const(k))
                if pick == FALSE:
                    continue
                out.append((label(conj(c, holds, active(b, j, f), pick), why), text, why))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The role check's answer, and the target of the found role's check."""
    out: list[TextSource] = []
    p = b.actor(i)
    for c, e in b.effects(i, RoleCheck):
        role = _role(b, e.role)
        if role is None:
            continue
        fresh = neg(b.sc.marked_before(p, found_mark(e.role)))
        gate = conj(c, b.ok(i), fresh)
        yes = any_of(conj(b.aims(i, q), b.sc.role_is(q, role)) for q in b.sc.players)
        no = any_of(conj(b.aims(i, q), neg(b.sc.role_is(q, role))) for q in b.sc.players)
        for text, cond in ((e.yes, yes), (e.no, no)):
            if conj(gate, cond) != FALSE:
                out.append(TextSource(p, label(conj(gate, cond), e.why), text, why=e.why))
    for c, f in b.effects(i, Forge):
        if f.learns is None:
            continue
        gate = label(conj(c, active(b, i, f)), f.learns)
        if gate == FALSE:
            continue
        pieces = tuple(
            (x, q)
            for j, holds in _checks_of(b, f.role)
            if b.actor(j) != p
            for q in b.sc.players
            for x in [conj(holds, b.sc.taken(j), b.aims(j, q))]
            if x != FALSE
        )
        out.append(TextSource(p, gate, None, pieces, f.learns))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The mark `found ROLE`: kept for the game from the night the check finds it."""
    out: dict[Atom, Expr] = {}
    for i in range(b.n):
        for _, f in b.effects(i, Forge):
            mark = found_mark(f.role)
            p = b.actor(i)
            found = finds(b, i, f.role)
            if found == FALSE:
                continue
            key = Atom("mark", p, mark)
            old = out.get(key, label(b.sc.marked_before(p, mark), f.why))
            out[key] = disj(old, found)
    return out


KIND = Kind(
    "forge",
    (RoleCheck, Forge),
    texts=texts,
    transition=transition,
    nouns=(("investigation", (RoleCheck,)),),
)
