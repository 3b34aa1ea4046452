"""Owns a block aimed at a role, not a player (the werewolf pool's Smoker in his "2nd
Alternative mode": "the smoker selects a ROLE to block. If that role uses a power that
night, it fails to work"). Its phrases are grammar/clause/blockrole.lark, its reading
logic/lang/kinds/blockrole.py.

Vocabulary:
  RoleBlock  with the ability before it (aimed at no one): its user decides a role
             (`X decides "ROLE"`: `options`, every role with a night ability, filled in
             when the ruleset is assembled, `with_roles`); tonight the powers of that
             role's holders do not take place (the faction's kill is no role's power)

Asked by the night frame through the `stops` hook (why an action does not take place), as
a roleblock is; two blocks of each other's roles are each other's cause (the frame's
simultaneous tier: one stops the other, either way, as two roleblocks aimed at each
other). Readings (the source is silent): a holder's power "fails to work" as a blocked
one does (it was used, and it took no effect); the blocker's own role is not blocked by
his block (he decides another). No lasting state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from logic.effects.base import Kind, night_role_names
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class RoleBlock:
    why: Why = meta()
    options: tuple[str, ...] = ()

    def with_roles(self, roles: Sequence[Role]) -> RoleBlock:
        """The options: every role with a night ability (a role that "uses a power that
        night")."""
        return replace(self, options=night_role_names(roles))

    def describe(self) -> str:
        return "role block: decides a role; its holders' powers tonight fail"


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i's action does not take place: it is a power of a role another player's role
    block decided tonight."""
    blocks = b.once(
        "roleblocks", lambda: [(j, c, e) for j in range(b.n) for c, e in b.effects(j, RoleBlock)]
    )
    if not blocks:
        return FALSE
    power = any_of(c for c, _ in b.sc.abilities(i))
    kill = any_of(c for c, _ in b.sc.nightkill_of(i))  # the faction's, no role's
    mine = conj(power, neg(kill))
    if mine == FALSE:
        return FALSE
    out: list[Expr] = []
    for j, c, e in blocks:
        if j == i or b.actor(j) == b.actor(i):
            continue
        decided = b.sc.decision(j, e.options)
        for k, name in enumerate(e.options):
            role = b.rs.role(name)
            if role is None:
                continue
            x = conj(c, b.ok(j), eq(decided, Const(k)), b.sc.role_is(b.actor(i), role), mine)
            if x != FALSE:
                out.append(label(x, e.why))
    return any_of(out)


KIND = Kind("blockrole", (RoleBlock,), stops=stops)
