"""Owns the two watches of the Spy's modes: a watch on a player that learns which power he
used (the "alternative mode": "the spy selects a player to spy on. If that player uses a
power that night, the spy knows what power was used, but not the target"), and a watch on
a role that learns whom its power was used on (the first mode: "This player follows the
target of a specific night-time use role.", "he/she will be told the target of the seer,
but not the result of the scan or who did the scan"). Its phrases are
grammar/clause/spy.lark, its reading logic/lang/kinds/spy.py.

Vocabulary:
  PowerWatched  with the ability before it (aimed at a player): its user learns the role
                whose power the target used tonight (each role has one power here), "no
                one" when he used none; not whom it was used on
  RoleFollowed  with the ability before it (aimed at no one): its user decides a role
                (`X decides "ROLE"`: `options`, every role with a night ability, filled in
                when the ruleset is assembled, `with_roles`) and learns whom the powers of
                that role's holders that took place tonight landed on, "no one" when none
                did; not the result nor who used it

Readings (the source is silent): a power "used" is one that took place (a blocked one
was not used); a faction's kill is no role power (not reported). No lasting state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from logic.effects.base import Kind, night_role_names
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class PowerWatched:
    why: Why = meta()

    def describe(self) -> str:
        return "watch: learns which role's power the target used tonight, not its target"


@dataclass(frozen=True)
class RoleFollowed:
    why: Why = meta()
    options: tuple[str, ...] = ()

    def with_roles(self, roles: Sequence[Role]) -> RoleFollowed:
        """The options: every role with a night ability ("a specific night-time use
        role")."""
        return replace(self, options=night_role_names(roles))

    def describe(self) -> str:
        return "follow: decides a role, learns whom its power landed on tonight, not its result"


def _followed(b: NightBuilder, i: int) -> list[TextSource]:
    """Slot i's follow: the players the powers of the role decided landed on tonight."""
    out: list[TextSource] = []
    for c, e in b.effects(i, RoleFollowed):
        decided = b.sc.decision(i, e.options)
        pieces: list[tuple[Expr, str]] = []
        for k, name in enumerate(e.options):
            role = b.rs.role(name)
            if role is None:
                continue
            for j in range(b.n):
                if j == i:
                    continue
                power = any_of(c2 for c2, _ in b.sc.abilities(j))
                kill = any_of(c2 for c2, _ in b.sc.nightkill_of(j))  # the faction's, no role's
                used = conj(eq(decided, Const(k)), b.sc.role_is(b.actor(j), role), b.ok(j))
                used = conj(used, power, neg(kill))
                if used == FALSE:
                    continue
                for q in b.sc.players:
                    x = conj(used, b.aims(j, q))
                    if x != FALSE:
                        pieces.append((x, q))
        gate = label(conj(c, b.ok(i)), e.why)
        out.append(TextSource(b.actor(i), gate, None, tuple(pieces), e.why))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """Slot i's watches: the roles whose power its target used tonight; the players the
    powers of the role it follows landed on."""
    out: list[TextSource] = _followed(b, i)
    for c, e in b.effects(i, PowerWatched):
        pieces: list[tuple[Expr, str]] = []
        for j in range(b.n):
            if j == i:
                continue
            q = b.actor(j)
            power = any_of(c2 for c2, _ in b.sc.abilities(j))
            kill = any_of(c2 for c2, _ in b.sc.nightkill_of(j))  # the faction's, no role's
            used = conj(b.aims(i, q), b.ok(j), power, neg(kill))
            if used == FALSE:
                continue
            for r in b.roles:
                x = conj(used, b.sc.role_is(q, r))
                if x != FALSE:
                    pieces.append((x, r.name))
        gate = label(conj(c, b.ok(i)), e.why)
        out.append(TextSource(b.actor(i), gate, None, tuple(pieces), e.why))
    return out


KIND = Kind("spy", (PowerWatched, RoleFollowed), texts=texts)
