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

A category names an effect kind's node by its class name ("Roleblock"), so the frame
imports no kind (logic/engine.py hands the kinds in); tests/test_frameworks.py checks
that every name is a node of a kind in the registry.
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.model.ir import Ability


@dataclass(frozen=True)
class Framework:
    name: str
    summary: str
    # an effect node's class name -> its tier, when no list is given
    categories: tuple[tuple[str, int], ...] = ()
    default_tier: int = 0  # for abilities with no listed effect ("Miscellaneous")
    dead_stop: bool = True  # a player killed in an earlier tier does not act
    ties: str = "ambiguous"  # what several outcomes are: "ambiguous" or "random"

    def tier(self, ability: Ability) -> int:
        """An ability's tier by its effects: the first-listed category it has."""
        names = {type(e).__name__ for e in ability.effects}
        tiers = [t for node, t in self.categories if node in names]
        return min(tiers) if tiers else self.default_tier


TIERS = Framework("tiers", "the ruleset's priority list; one tier is simultaneous")
NAR = Framework(
    "nar",
    "Natural Action Resolution (Mafiascum): block, protect, misc, kill, inspect; kills do not stop the dead",
    categories=(
        ("Jail", 4),
        ("Roleblock", 4),
        ("Protect", 6),
        ("Intercept", 7),
        ("Kill", 8),
        ("Investigate", 10),
        ("Result", 10),
    ),
    default_tier=7,
    dead_stop=False,
    ties="random",
)
FRAMEWORKS = {f.name: f for f in (TIERS, NAR)}
