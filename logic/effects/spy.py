"""Owns a watch on a player that learns which power he used: the Spy's "alternative mode"
("the spy selects a player to spy on. If that player uses a power that night, the spy
knows what power was used, but not the target"). Its phrases are grammar/clause/spy.lark,
its reading logic/lang/kinds/spy.py.

Vocabulary:
  PowerWatched  with the ability before it (aimed at a player): its user learns the role
                whose power the target used tonight (each role has one power here), "no
                one" when he used none; not whom it was used on

Readings (the source is silent): a power "used" is one that took place (a blocked one
was not used); a faction's kill is no role power (not reported). No lasting state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class PowerWatched:
    why: Why = meta()

    def describe(self) -> str:
        return "watch: learns which role's power the target used tonight, not its target"


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """Slot i's watch: the roles whose power its target used tonight."""
    out: list[TextSource] = []
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


KIND = Kind("spy", (PowerWatched,), texts=texts)
