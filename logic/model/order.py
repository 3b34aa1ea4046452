"""Owns priority rulings ("The Jailer acts before the Hooker."): how one moves a role's
night actions in the order of the night.

The ruling states an order between two roles' actions. Where the ruleset's priority list
(or, without one, its framework's order of effects) already puts every action of the
first role before the earliest of the second's, the ruling changes nothing (`ruling ask`
calls it entailed). Otherwise the first role's actions take place in the step just
before the second's earliest, under the ruling's switch (so `check` can turn it off and
explanations cite it); the other roles keep their steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.model.expr import FALSE, Const, Expr, any_of, conj, ite, label
from logic.model.frameworks import FRAMEWORKS, Framework
from logic.model.ir import OrderRuling, Ruleset, Why, canon

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


def steps(rs: Ruleset, framework: Framework, role: str) -> list[int]:
    """Every step a role's night abilities may take place in (its priority entries, or
    the framework's tiers of its abilities when there is no priority list)."""
    if rs.priority:
        return [e.tier for e in rs.priority if e.subject and canon(e.subject) == canon(role)]
    found = rs.role(role)
    return [framework.tier(ab) for ab in found.abilities] if found is not None else []


def moved_step(rs: Ruleset, framework: Framework, o: OrderRuling) -> int | None:
    """The step the ruling moves its first role to, or None when the order already holds
    (or either role has no night action to order)."""
    first, second = steps(rs, framework, o.first), steps(rs, framework, o.second)
    if not first or not second or max(first) < min(second):
        return None
    return min(second) - 1


def reorder(b: NightBuilder, i: int, tier: Expr) -> Expr:
    """Slot i's step once the priority rulings apply (`tier`: the step without them)."""
    if not b.rs.orders:
        return tier
    p = b.actor(i)
    # a role's ability, not the faction's nightkill its holder carries out (a kill slot
    # has no ability of its own)
    uses = any_of(c for c, _ in b.sc.abilities(i))
    for o in b.rs.orders:
        step = moved_step(b.rs, b.framework, o)
        role = b.rs.role(o.first)
        if step is None or role is None or uses == FALSE:
            continue
        holds = conj(b.sc.role_is(p, role), uses)
        if holds != FALSE:
            tier = ite(label(conj(b.sc.switch(o.why), holds), o.why), Const(step), tier)
    return tier


def already(rs: Ruleset, why: Why) -> str | None:
    """Why the priority ruling written at `why` changes nothing, when it is one that the
    ruleset's order already holds (for `ruling ask`); None otherwise."""
    framework = FRAMEWORKS[rs.framework]
    for o in rs.orders:
        if o.why.loc != why.loc or moved_step(rs, framework, o) is not None:
            continue
        first, second = steps(rs, framework, o.first), steps(rs, framework, o.second)
        if not first or not second:
            idle = o.first if not first else o.second
            return f"{idle} has no night action to order, so it changes nothing"
        where = "priority list" if rs.priority else "order of effects"
        return (
            f"the ruleset's {where} already has it ({o.first}: step "
            f"{', '.join(map(str, sorted(set(first))))}; {o.second}: step "
            f"{', '.join(map(str, sorted(set(second))))}), so it changes nothing"
        )
    return None
