"""Owns a role taken from a pool by the player's choice: the Morpher's "This player
chooses one role from the General Pool they would like to assume. If that role is not
assigned, they assume that role. If the role is assigned, the player can choose whether
or not to assume the alignment of the other player (without being told what it is)." Its
phrases are grammar/clause/morph.lark, its words grammar/lexicon/morph.toml, its reading
logic/lang/kinds/morph.py.

Vocabulary:
  Morph  an action naming no one, whose player decides a role of `pool`'s factions
         (`options`, filled in when the ruleset is assembled: `X decides "ROLE"`, or,
         with `align`, `X decides "ROLE and alignment"`): `free`, a role no player holds
         is his (`X becomes ROLE`, keeping his faction); `align`, a role some other
         player holds gives him that player's faction (`X becomes FACTION`) when he chose
         so, else nothing. Undecided, nothing happens.

A change is identity's atom (logic/effects/identity.py), carried by its lasting state.
Readings (the source is silent): "assigned" is held by a player of the game, alive or
dead; the choice is made by night ("Anytime"; "by the start of Day 2" is real time).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome
from logic.effects.identity import becomes
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

ALIGN = " and alignment"


@dataclass(frozen=True)
class Morph:
    why: Why = meta()
    pool: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    free: Why | None = None
    align: Why | None = None

    def with_pool(self, names: tuple[str, ...]) -> Morph:
        """The options: each role of the pool, and each with its holder's alignment."""
        aligned = tuple(f"{n}{ALIGN}" for n in names) if self.align is not None else ()
        return replace(self, options=(*names, *aligned))

    def describe(self) -> str:
        among = " or ".join(self.pool) if self.pool else "no pool"
        then = []
        if self.free is not None:
            then.append("a role no one holds is taken")
        if self.align is not None:
            then.append("a role held gives its holder's faction, if chosen")
        return f"morph: decides a role of {among}; " + ("; ".join(then) or "nothing follows")


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X becomes ROLE` for a role no one holds; `X becomes FACTION` for one held, with
    the alignment chosen."""
    out: dict[Atom, Expr] = {}

    def add(a: Atom, x: Expr) -> None:
        if x != FALSE:
            out[a] = disj(out.get(a, FALSE), x)

    for j in range(b.n):
        p = b.actor(j)
        for c, e in b.effects(j, Morph):
            decided = b.sc.decision(j, e.options)
            took = conj(c, b.ok(j))
            for k, option in enumerate(e.options):
                name = option.removesuffix(ALIGN)
                role = b.rs.role(name)
                if role is None:
                    continue
                chose = conj(took, eq(decided, Const(k)))
                if chose == FALSE:
                    continue
                held = [(q, b.sc.role_is(q, role)) for q in b.sc.players if q != p]
                assigned = any_of(x for _, x in held)
                if e.free is not None:
                    add(becomes(p, role.name), label(conj(chose, neg(assigned)), e.free))
                if e.align is None or not option.endswith(ALIGN):
                    continue
                for q, x in held:
                    for f in b.rs.factions:
                        faction = conj(chose, x, b.sc.faction_is(q, f))
                        add(becomes(p, f), label(faction, e.align))
    return out


KIND = Kind("morph", (Morph,), transition=transition)
