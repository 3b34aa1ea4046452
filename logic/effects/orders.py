"""Owns the Black Org leader's orders, read from the GM's sentences (DCTP's "Black Org
Leader" status, on Anokata's line): a night action that names who carries out the
faction's kill and on whom, and that the order is final. Its phrases are
grammar/clause/orders.lark, read by logic/lang/kinds/orders.py (its words the base's). No
other file names it.

Vocabulary:
  Order      the ability's effect ("Can order killings."): a night action naming two
             players, the killer and the victim (`X uses Order on K and V`). Alone it does
             nothing: what it does is its holder's line's `OrderRule`
  OrderRule  `final`: "The leader has the final say on who to designate as the night kill
             target and may give the order as such." (said again by "No one can override
             this order."): on a night an order of a member of the faction takes place, the
             faction's kill takes place only as ordered: a kill by another member, or on
             another player, does not take place (a case's `X kills Y` is who carries it out)

Readings (LO1-LO4 in casebook/dctp-mini-mafia.rules): an order stopped (its leader
discombobulated, in custody, dead) did not take place and binds no one ("unless ... Vodka
... discombobulated the leader the same phase"); an order that names a player of another
faction as the killer leaves the faction's kill unordered; the kill cycle (R15) still
refuses a member's second kill, ordered or not (LO3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, line_rules
from logic.model.expr import FALSE, Const, Expr, all_of, any_of, conj, eq, label, neg
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

NAME = "Order"


@dataclass(frozen=True)
class Order:
    why: Why = meta()

    def describe(self) -> str:
        return "order: names who carries out the faction's kill tonight (first) and on whom"


@dataclass(frozen=True)
class OrderRule:
    why: Why = meta()
    final: Why | None = None

    def describe(self) -> str:
        return "order: the faction's kill takes place only as ordered"


def _is(b: NightBuilder, target: Expr, q: str) -> Expr:
    return eq(target, Const(b.sc.players.index(q)))


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i carries out its faction's kill otherwise than an order of tonight says."""
    kills = b.sc.nightkill_of(i)
    if not kills:
        return FALSE
    me = b.actor(i)
    parts = []
    for j in range(b.n):
        if j == i:
            continue
        leader = b.actor(j)
        for c, _ in b.effects(j, Order):
            for r, w, _ in line_rules(b, OrderRule, "final"):
                gate = conj(c, b.ok(j), b.sc.role_is(leader, r), label(b.sc.switch(w), w))
                if gate == FALSE:
                    continue
                for k, faction in kills:
                    ours = conj(b.sc.faction_is(leader, faction), k)
                    killer = b.target(j, 0)
                    members = any_of(
                        conj(_is(b, killer, q), b.sc.faction_is(q, faction)) for q in b.sc.players
                    )
                    same = all_of(
                        [
                            _is(b, killer, me),
                            eq(b.target(j, 1), b.target(i, 0)),
                        ]
                    )
                    parts.append(conj(gate, ours, members, neg(same)))
    return any_of(parts)


KIND = Kind("orders", (Order, OrderRule), stops=stops)
