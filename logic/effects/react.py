"""Owns reactions: effects that strike players for what they did to someone, rather than
an action of their own on them.

Vocabulary:
  Guard    an action (the Monk's "Hamedo", activated on its user): "any player who
           targets the Monk will be killed before their action can be performed". The
           guard sits where the guarding action lands (it can be redirected). Who
           "targets" the guarded player: by the player each action lands on, or by the
           player it was aimed at? The sentence does not say when a redirect splits the
           two; the engine leaves it open (`reading:g`) unless a ruling settles it
           (`follows`: "... so was every other action": where actions land). An action
           of an earlier tier than the guard (the Redirector's, before "Hamedo" in the
           dawn order) has been performed already; whether the guard, which "lasts until
           Dawn", kills its actor anyway is open too (`early:g:j`), unless a ruling
           spares that role (`spares`: "with no harm to the Redirector").
  Explode  a role trait (the Bomb): "If the Bomb is nightkilled, the killer dies as
           well."; when the killer is a faction's nightkill, `group`: "one member of the
           Mafia is randomly chosen to die" (a random draw `blast:p`), leaving out the
           roles in `spared` unless they are the only member left; a hastened nightkill
           kills its hastener instead (`hastener`). A strengthened nightkill sets off
           nothing.

Deaths by reaction are not attacks: protection does not stop them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import attack, modify
from logic.effects.base import Death, Kind
from logic.model.expr import (
    FALSE,
    Const,
    Expr,
    Var,
    any_of,
    conj,
    disj,
    eq,
    implies,
    label,
    lt,
    neg,
)
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Guard:
    why: Why = meta()
    follows: Why | None = None  # a ruling: who "targets" the guarded player = where actions land
    spares: tuple[str, ...] = ()  # roles a ruling spares ("with no harm to the Redirector")
    spares_why: Why | None = None

    def describe(self) -> str:
        return "guard: whoever targets the guarded player is killed before their action"


@dataclass(frozen=True)
class Explode:
    why: Why = meta()
    group: Why | None = None  # "(If the Mafia targets him, one member ... randomly chosen to die.)"
    spared: tuple[str, ...] = ()  # "... he will not be taken into account ... unless ... only"
    spared_why: Why | None = None
    hastener: Why | None = None  # "the explosion will not be randomized, but will kill the Ninja"
    group_of: str | None = None  # the faction the group sentence names ("If the Mafia targets him")

    def describe(self) -> str:
        return "explodes: whoever nightkills the holder dies as well"


def deaths(b: NightBuilder) -> list[Death]:
    out: list[Death] = []
    for g in range(b.n):
        for c, e in b.effects(g, Guard):
            out.extend(_guard(b, g, c, e))
    out.extend(_explosions(b))
    return out


def _guard(b: NightBuilder, g: int, c: Expr, e: Guard) -> list[Death]:
    active = conj(c, b.ok(g))
    if active == FALSE:
        return []
    # who "targets" the guarded player: where actions land, by the ruling; else open
    name = f"reading:{g}"
    ruled = b.sc.switch(e.follows) if e.follows is not None else FALSE
    reading = disj(ruled, b.choice(name, [False, True]))
    out: list[Death] = []
    for j in range(b.n):
        if j == g or b.actor(j) == b.actor(g):
            continue
        guarded = [(q, conj(b.aims(g, q))) for q in b.sc.players]
        lands = any_of(conj(x, b.aims(j, q)) for q, x in guarded)
        aimed = any_of(conj(x, b.sc.aims(j, q)) for q, x in guarded)
        targets = disj(
            label(conj(ruled, lands), e.follows) if e.follows is not None else FALSE,
            conj(neg(ruled), reading, lands),
            conj(neg(ruled), neg(reading), aimed),
        )
        hit = conj(active, b.sc.taken(j), targets)
        if hit == FALSE:
            continue
        later = lt(b.tiers[g], b.tiers[j])
        spared = any_of(b.sc.role_is(b.actor(j), r) for r in _roles(b, e.spares))
        if e.spares_why is not None:
            spared = conj(b.sc.switch(e.spares_why), spared)
        early_name = f"early:{g}:{j}"
        early = conj(neg(later), b.choice(early_name, [False, True]))
        if spared != FALSE:
            early = conj(early, neg(label(spared, e.spares_why or e.why)))
        cond = label(conj(hit, disj(later, early)), e.why)
        out.append((b.actor(j), b.tiers[g], cond))
    return out


def _roles(b: NightBuilder, names: tuple[str, ...]) -> list[Any]:
    return [r for r in (b.rs.role(n) for n in names) if r is not None]


def _explosions(b: NightBuilder) -> list[Death]:
    out: list[Death] = []
    for role in b.roles:
        for x in (t for t in role.traits if isinstance(t, Explode)):
            for p in b.sc.players:
                holder = b.sc.role_is(p, role)
                if holder == FALSE:
                    continue
                out.extend(_explode(b, p, holder, x))
    return out


def _explode(b: NightBuilder, p: str, holder: Expr, x: Explode) -> list[Death]:
    out: list[Death] = []
    for i, q, hit, e in attack.attacks(b):
        if q != p:
            continue
        killed = conj(holder, hit, neg(attack.saved(b, q, e.strength, i)))
        strong = b.kill_modified(i, "strengthen")
        killed = conj(killed, neg(strong))
        if killed == FALSE:
            continue
        tier = attack.death_tier(b, i)
        kills = b.sc.nightkill_of(i)
        own = neg(any_of(c for c, _ in kills))
        out.append((b.actor(i), tier, label(conj(killed, own), x.why)))
        for c, faction in kills:
            hastened: Expr = FALSE
            if x.hastener is not None:  # the GM's note: the hastener, not a random member
                on = b.sc.switch(x.hastener)
                hastened = conj(on, b.kill_modified(i, "hasten"))
                for j, took in modify.modifiers(b, faction, "hasten"):
                    out.append((b.actor(j), tier, label(conj(killed, c, on, took), x.hastener)))
            other = x.group_of is not None and canon(faction) != canon(x.group_of)
            if x.group is None or other:  # no rule for this group's kill: who carried it out
                out.append((b.actor(i), tier, label(conj(killed, c), x.why)))
                continue
            blast = f"blast:{p}"
            b.choice(blast, [-1, *range(len(b.sc.players))], random=True)
            b.once(f"rules of {blast}", functools.partial(_draw_rules, b, p, blast, faction, x))
            for k, m in enumerate(b.sc.players):
                drawn = conj(killed, c, neg(hastened), eq(Var(blast), Const(k)))
                out.append((m, tier, label(drawn, x.group)))
    return out


def _draw_rules(b: NightBuilder, p: str, blast: str, faction: str, x: Explode) -> None:
    """The draw names a living member of the faction, leaving out the spared roles
    unless only they are left."""
    why = x.group or x.why
    members = {m: conj(b.sc.faction_is(m, faction), b.sc.alive_now(m)) for m in b.sc.players}
    spared_roles = _roles(b, x.spared)

    on = b.sc.switch(x.spared_why) if x.spared_why is not None else FALSE

    def spared(m: str) -> Expr:
        return conj(on, any_of(b.sc.role_is(m, r) for r in spared_roles))

    others = {m: conj(v, neg(spared(m))) for m, v in members.items()}
    anyone_else = any_of(others.values())
    for k, m in enumerate(b.sc.players):
        eligible = disj(others[m], conj(members[m], neg(anyone_else)))
        if spared_roles:
            eligible = label(eligible, x.spared_why or why)
        b.equations.append((implies(eq(Var(blast), Const(k)), eligible), why))
    b.equations.append((implies(any_of(members.values()), neg(eq(Var(blast), Const(-1)))), why))


KIND = Kind("react", (Guard, Explode), deaths=deaths)
