"""Owns an ability used on more than one target a night, one target of each group named,
read from the GM's sentences (DCTP's Slander): its phrases are grammar/clause/spread.lark,
read by logic/lang/kinds/spread.py. No other file names it.

Vocabulary (effects of the ability whose sentences they follow):
  Spread  "Gin may slander up to two targets: one Black Org, and one town.": the holder may
          use the ability up to `count` times a night (the binding's second action of one
          ability, `Kind.doubles`), one target of each of `groups` (a faction, by name)
  Apart   "He may not slander two Black Org or two town.": two uses of the ability by one
          player on targets of the same group named do not both take place

Two uses on targets of one group (of `Spread`'s groups or `Apart`'s): which of them takes
place the source does not say (an order the GM should refuse): the host's open choice, one
of the two (`ambiguous` where it matters). Unsaid (no `Spread`), a second use a night is
refused, as every ability's (R3). The symbolic night of `check` gives a player one action a
night: it does not search a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, member_named
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.ir import Ability
    from logic.model.phase import Act
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Spread:
    count: int
    groups: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"up to {self.count} targets a night, one of each of: {', '.join(self.groups)}"


@dataclass(frozen=True)
class Apart:
    groups: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"not two targets of one of: {', '.join(self.groups)}"


def doubles(acts: Sequence[Act], actor: str, ability: Ability) -> bool:
    """Binding: a second use of an ability whose sentence spreads it over two targets."""
    return any(isinstance(e, Spread) and e.count >= 2 for e in ability.effects)


def _groups(b: NightBuilder, i: int) -> list[tuple[Expr, str, Why]]:
    """(said, group, why) for each group slot i's ability names (Spread's or Apart's)."""
    out = []
    for kind in (Spread, Apart):
        for c, e in b.effects(i, kind):
            out += [(label(c, e.why), g, e.why) for g in e.groups]
    return out


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i and another slot of the same ability and player aim at players of one group
    the sentences name: the one the host's open choice does not play fails."""
    named = _groups(b, i)
    if not named:
        return FALSE
    p = b.actor(i)
    mine = {ab.name for _, ab in b.sc.abilities(i)}
    parts = []
    for j in range(b.n):
        if j == i or b.actor(j) != p or not mine & {ab.name for _, ab in b.sc.abilities(j)}:
            continue
        for said, group, why in named:
            both = any_of(
                conj(
                    b.aims(i, q), b.aims(j, r), member_named(b, q, group), member_named(b, r, group)
                )
                for q in b.sc.players
                for r in b.sc.players
            )
            clash = conj(said, both)
            if clash == FALSE:
                continue
            first, second = min(i, j), max(i, j)
            played = b.choice(f"spread:{first}:{second}", [first, second], decides=clash)
            parts.append(conj(clash, label(neg(eq(played, Const(i))), why)))
    return any_of(parts)


KIND = Kind("spread", (Spread, Apart), stops=stops, doubles=doubles)
