"""Owns changes of identity: a player's role or faction changing during the game, and
deaths bound to another player's death.

Vocabulary:
  Defect    a reaction: when the holder is targeted by `by`'s nightkill and chooses to
            (the ability that carries it is used: the player's choice, written in a case
            as `Tom uses ABILITY`), he does not die of it and becomes `role` of `faction`
            ("if he is targeted by the mafia's nightkill, he may choose, instead of dying,
            to become a vanilla Mafia")
  Bond      the ability's two targets become holders of `role`, their old roles
            overwritten ("these two players are Lovers. This will overwrite those
            players' original roles.")
  Steal     the user takes the role of the player `faction`'s nightkill lands on, and
            keeps his faction ("he may steal the role of the player that the mafia
            nightkills"; "he will remain as a Mafia"); a victim with no role gives nothing
  DeathLink a role trait: when one holder dies, for any reason, every other holder dies
            as well, in the same phase

A change is an outcome atom `X becomes NAME` (NAME a role or a faction); the kind's
lasting state `CHANGES` (the frame's `IDENTITY`, which a scenario's `role_is` reads)
gives the next phase the new identity, and win conditions after the phase count it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Death, Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, disj, label, lt, neg
from logic.model.ir import Role, Ruleset, canon
from logic.model.phase import IDENTITY, Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

BECOMES = "becomes"


@dataclass(frozen=True)
class Defect:
    by: str  # the faction whose nightkill triggers it
    faction: str
    role: str | None  # None: the ruleset's role of players with no role
    why: Why = meta()

    def describe(self) -> str:
        what = f"{self.role} " if self.role else "a player with no role, "
        return (
            f"defect: targeted by the {self.by} nightkill, the holder may choose not to die "
            f"and become {what}of the {self.faction}"
        )


@dataclass(frozen=True)
class Bond:
    role: str
    why: Why = meta()
    overwrite: Why | None = None

    def describe(self) -> str:
        return f"bond: the two targets become {self.role}, their old roles overwritten"


@dataclass(frozen=True)
class Steal:
    faction: str  # whose nightkill's victim is robbed
    why: Why = meta()
    keeps: Why | None = None  # "he will remain as a Mafia"
    lasts: Why | None = None  # "For the remainder of the game, ... treated as the role he stole"

    def describe(self) -> str:
        return f"steal: the user takes the role of the {self.faction} nightkill's victim"


@dataclass(frozen=True)
class DeathLink:
    why: Why = meta()
    # the noun of "If one lover dies, ...", when no role is named: said after an ability that
    # makes a pair of that status, the pair's (logic/lang/assemble/roles.py), not the role's
    named: str = field(default="", compare=False, hash=False)

    def describe(self) -> str:
        return "death link: when one holder dies, the others die as well"


def becomes(p: str, name: str) -> Atom:
    return Atom(BECOMES, p, name)


def vanilla_of(rs: Ruleset, role: str | None) -> str | None:
    """The role a change names: the given one, else the ruleset's role of no role."""
    return role if role is not None else rs.vanilla


# ----------------------------------------------------------------------------- the Traitor


def _nightkill_lands(b: NightBuilder, faction: str, q: str, slot: int | None = None) -> Expr:
    """`faction`'s nightkill (slot `slot`'s, when given) takes place and lands on q."""
    return any_of(
        conj(c, b.ok(i), b.aims(i, q))
        for i in range(b.n)
        if slot is None or i == slot
        for c, f in b.sc.nightkill_of(i)
        if canon(f) == canon(faction) and c != FALSE
    )


def defected(b: NightBuilder, q: str, i: int | None = None) -> Expr:
    """q chose to defect tonight and `by`'s nightkill (slot i's, when given) lands on q:
    that attack does not kill q."""
    parts = []
    for j in range(b.n):
        if b.actor(j) != q:
            continue
        for c, e in b.effects(j, Defect):
            parts.append(label(conj(c, b.ok(j), _nightkill_lands(b, e.by, q, i)), e.why))
    return any_of(parts)


# ----------------------------------------------------------------------------- the Thief


def _stolen(b: NightBuilder, j: int, c: Expr, e: Steal, outcome: Outcome) -> list[tuple[Expr, str]]:
    """(condition, role name) for each role slot j's theft may take tonight: the nightkill
    of `e.faction` lands on q and q holds that role. Whether a nightkill that was stopped
    (q protected) still counts is not said: an open reading (finding T-id-2)."""
    vanilla = canon(b.rs.vanilla) if b.rs.vanilla else None
    active = conj(c, b.ok(j))
    if active == FALSE:
        return []
    name = f"open:theft:{j}"
    counted: Expr | None = None
    out = []
    for q in b.sc.players:
        if q == b.actor(j):
            continue
        lands = _nightkill_lands(b, e.faction, q)
        if lands == FALSE:
            continue
        died = outcome.died.get(q, FALSE)
        if counted is None:
            counted = b.choice(name, [False, True])
        killed = disj(died, counted)
        for r in b.roles:
            if canon(r.name) == vanilla:
                continue  # "If the Thief targets a vanilla player": nothing to take
            holds = b.sc.role_is(q, r)
            if holds != FALSE:
                out.append((label(conj(active, lands, killed, holds), e.why), r.name))
    return out


# ----------------------------------------------------------------------------- hooks


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X becomes NAME` for every change of role or faction tonight."""
    out: dict[Atom, Expr] = {}

    def add(p: str, name: str, cond: Expr) -> None:
        if cond != FALSE:
            key = becomes(p, name)
            out[key] = disj(out.get(key, FALSE), cond)

    for j in range(b.n):
        p = b.actor(j)
        for c, d in b.effects(j, Defect):
            turned = conj(c, b.ok(j), _nightkill_lands(b, d.by, p))
            # "if he is targeted ..., he may choose, instead of dying": whether he may
            # choose when a protection would have saved him anyway is not said (finding
            # T-id-1): an open reading where it matters
            spared = attack.protected(b, p)
            if turned != FALSE and spared != FALSE:
                name = f"open:defect:{j}"
                turned = conj(turned, disj(neg(spared), b.choice(name, [False, True])))
            turned = label(turned, d.why)
            add(p, d.faction, turned)
            role = vanilla_of(b.rs, d.role)
            if role is not None:
                add(p, role, turned)
        for c, bond in b.effects(j, Bond):
            for q in b.sc.players:
                add(q, bond.role, label(conj(c, b.ok(j), b.aims(j, q)), bond.overwrite or bond.why))
        for c, s in b.effects(j, Steal):
            for cond, role_name in _stolen(b, j, c, s, outcome):
                add(p, role_name, cond)
    return out


def echoes(b: NightBuilder, deaths: Sequence[Death]) -> list[Death]:
    """A linked holder dies when another holder dies, at the same tier; players bound
    tonight (a Bond that lands before the death) count as holders."""
    # (from the ruleset: a pool without the role still has the players bound tonight)
    linked = [r for r in b.rs.roles if any(isinstance(t, DeathLink) for t in r.traits)]
    out: list[Death] = []
    for role in linked:
        link = next(t for t in role.traits if isinstance(t, DeathLink))
        bonds = [
            (j, c)
            for j in range(b.n)
            for c, e in b.effects(j, Bond)
            if canon(e.role) == canon(role.name)
        ]

        def holder(
            p: str, tier: Expr, role: Role = role, bonds: list[tuple[int, Expr]] = bonds
        ) -> Expr:
            tonight = [conj(c, b.ok(j), b.aims(j, p), lt(b.tiers[j], tier)) for j, c in bonds]
            return disj(b.sc.role_is(p, role), *tonight)

        if not bonds and all(b.sc.role_is(p, role) == FALSE for p in b.sc.players):
            continue  # no holder can be in play tonight
        # a's deaths grouped by the tier they take effect, each group named once (the
        # conditions are large: an echo per other player would repeat them)
        by_tier: dict[tuple[str, Expr], list[Expr]] = {}
        for a, tier, cond in deaths:
            by_tier.setdefault((a, tier), []).append(cond)
        for k, ((a, tier), conds) in enumerate(by_tier.items()):
            died: Expr | None = None
            for other in b.sc.players:
                if other == a:
                    continue
                both = conj(holder(a, tier), holder(other, tier))
                if both == FALSE:
                    continue
                if died is None:
                    died = b.define(f"linked:{a}:{k}", any_of(conds))
                out.append((other, tier, label(conj(died, both), link.why)))
    return out


def day_echoes(db: DayBuilder, atoms: dict[Atom, Expr]) -> dict[Atom, Expr]:
    """The same link by day: a holder lynched or killed takes the others with him."""
    out = dict(atoms)
    for role in db.rs.roles:
        link = next((t for t in role.traits if isinstance(t, DeathLink)), None)
        if link is None:
            continue
        holds = {p: h for p in db.players if (h := db.role_is(p, role)) != FALSE}
        direct = {p: out.get(Atom("dies", p), FALSE) for p in holds}
        for p in holds:
            others = any_of(label(conj(holds[q], d), link.why) for q, d in direct.items() if q != p)
            if others != FALSE:
                out[Atom("dies", p)] = disj(direct[p], conj(holds[p], others))
    return out


def identity_after(
    rs: Ruleset,
    member: Callable[[str, str], Expr],
    atoms: dict[Atom, Expr],
) -> Callable[[str, str], Expr]:
    """`member(p, group)` after the phase's changes of identity (for win conditions)."""
    changes: dict[str, list[tuple[str, Expr]]] = {}
    for a, x in atoms.items():
        if a.kind == BECOMES:
            changes.setdefault(a.subject, []).append((a.obj, x))
    if not changes:
        return member

    def after(p: str, group: str) -> Expr:
        mine = changes.get(p)
        if not mine:
            return member(p, group)
        is_faction = rs.faction(group) is not None
        same_kind = [(n, x) for n, x in mine if (rs.faction(n) is not None) == is_faction]
        to_it = any_of(x for n, x in same_kind if canon(n) == canon(group))
        changed = any_of(x for _, x in same_kind)
        return disj(to_it, conj(neg(changed), member(p, group)))

    return after


# ----------------------------------------------------------------------------- lasting state

Changed = tuple[tuple[str, str | None, str | None], ...]  # (player, role, faction): the latest


def _step(before: Changed, end: PhaseEnd) -> Changed:
    """The latest role and the latest faction of each player a phase changed."""
    if end.ruleset is None:
        return before
    changed = {p: (r, f) for p, r, f in before}
    for a in sorted(end.atoms):
        if a.kind != BECOMES:
            continue
        role, faction = changed.get(a.subject, (None, None))
        if end.ruleset.faction(a.obj) is not None:
            faction = a.obj
        else:
            role = a.obj
        changed[a.subject] = (role, faction)
    return tuple(sorted((p, r, f) for p, (r, f) in changed.items()))


Changes = dict[
    str, list[tuple[Expr, str]]
]  # player -> (it happened, the role or faction), oldest first


def _chain(before: Changes, end: ChainEnd) -> Changes:
    out = {p: list(c) for p, c in before.items()}
    for a, e in end.atoms:
        if a.kind == BECOMES:
            out.setdefault(a.subject, []).append((e, a.obj))
    return out


def _view(state: Changed, night: int) -> Changes:
    return {p: [(TRUE, n) for n in (r, f) if n is not None] for p, r, f in state}


CHANGES = Lasting(IDENTITY, (), _step, _chain, _view)


KIND = Kind(
    "identity",
    (Defect, Bond, Steal, DeathLink),
    transition=transition,
    echoes=echoes,
    nouns=(("theft", (Steal,)),),
    spares=defected,
    member_after=identity_after,
    lasting=(CHANGES,),
    day_echoes=day_echoes,
)
