"""Owns the resolution frameworks: how to order a night when a ruleset gives no priority
list of its own, as published by the community. Each is data, read by the semantics.

  tiers  the ruleset's own priority list; without one, every action is in one tier.
         Earlier tiers take effect first, a tier is simultaneous, a player killed in an
         earlier tier does not act, and what one tier leaves open is ambiguous.
  nar    Natural Action Resolution (Mafiascum wiki, "Natural Action Resolution", by
         Xylthixlm): "Apply actions which modify other actions before the actions they
         modify" (the engine's fixed point does this within a tier); a loop is broken by
         the list Copy, Hide, Bus, Block, Redirect, Protect, Miscellaneous, Kill, Recruit,
         Inspect, and between equals "using any fair method" (so what is left is random,
         not a gap in the rules); "Killing doesn't stop the actions of the dead player."
A ruleset's own priority list always wins over a framework's category order.
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.attack import Kill, Protect
from logic.effects.block import Jail, Roleblock
from logic.effects.intercept import Intercept
from logic.effects.investigate import Investigate, Result
from logic.model.ir import Ability


@dataclass(frozen=True)
class Framework:
    name: str
    summary: str
    categories: tuple[tuple[type, int], ...] = ()  # effect kind -> tier, when no list is given
    default_tier: int = 0  # for abilities with no listed effect ("Miscellaneous")
    dead_stop: bool = True  # a player killed in an earlier tier does not act
    ties: str = "ambiguous"  # what several outcomes are: "ambiguous" or "random"

    def tier(self, ability: Ability) -> int:
        """An ability's tier by its effects: the first-listed category it has."""
        tiers = [
            t for kind, t in self.categories if any(isinstance(e, kind) for e in ability.effects)
        ]
        return min(tiers) if tiers else self.default_tier


TIERS = Framework("tiers", "the ruleset's priority list; one tier is simultaneous")
NAR = Framework(
    "nar",
    "Natural Action Resolution (Mafiascum): block, protect, misc, kill, inspect; kills do not stop the dead",
    categories=(
        (Jail, 4),
        (Roleblock, 4),
        (Protect, 6),
        (Intercept, 7),
        (Kill, 8),
        (Investigate, 10),
        (Result, 10),
    ),
    default_tier=7,
    dead_stop=False,
    ties="random",
)
FRAMEWORKS = {f.name: f for f in (TIERS, NAR)}
