"""Owns actions that change another action rather than a player: strengthening and
hastening a faction's nightkill ("The Strongman has the power, once per game, to
strengthen the nightkill of the Mafia.").

Vocabulary:
  Modify  an action with no target that changes tonight's nightkill of `faction`:
          `strengthen` ("A strengthened nightkill ignores all role and alignment
          effects, such as a Doctor's protection or a Bomb's explosion.") or `hasten`
          ("A hastened nightkill is resolved before any other night action, including
          protections and other powers."). `why_effect` is that second sentence.

A hastened nightkill takes the tier of the ruleset's "Hastened nightkills" order item
(logic/model/semantics.py, `tier`), is not saved by protections, and is not moved by
actions of later tiers. A strengthened one is saved by nothing and sets off no
reaction (logic/effects/attack.py, react.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.model.expr import Expr, any_of, conj, label
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Modify:
    mode: str  # "strengthen" or "hasten"
    faction: str
    why: Why = meta()
    why_effect: Why | None = None

    def describe(self) -> str:
        return f"{self.mode}: tonight's nightkill of the {self.faction} is {self.mode}ed"


def modified(b: NightBuilder, faction: str, mode: str) -> Expr:
    """Tonight's nightkill of `faction` is strengthened / hastened (a modifier took place)."""
    return b.once(
        f"{mode}:{canon(faction)}",
        lambda: any_of(
            label(conj(c, b.ok(j)), e.why_effect or e.why)
            for j in range(b.n)
            for c, e in b.effects(j, Modify)
            if e.mode == mode and canon(e.faction) == canon(faction)
        ),
    )


def kill_modified(b: NightBuilder, i: int, mode: str) -> Expr:
    """Slot i is a faction's nightkill, and it is strengthened / hastened tonight."""
    return any_of(conj(c, modified(b, f, mode)) for c, f in b.sc.nightkill_of(i))


def modifiers(b: NightBuilder, faction: str, mode: str) -> list[tuple[int, Expr]]:
    """(slot, it took place) for each modifier of `faction`'s nightkill tonight."""
    return [
        (j, conj(c, b.ok(j)))
        for j in range(b.n)
        for c, e in b.effects(j, Modify)
        if e.mode == mode and canon(e.faction) == canon(faction)
    ]


def has_modifiers(b: NightBuilder, mode: str) -> bool:
    return any(e.mode == mode for j in range(b.n) for _, e in b.effects(j, Modify))


KIND = Kind("modify", (Modify,), kill_modified=kill_modified)
