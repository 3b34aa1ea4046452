"""One target's suggestion (`Suggestion`): the results the observer's ability could
give on it tonight and the worlds after each; the figures they give (`_tip`: the
information gain and the worlds expected left); and an anonymous player's suggestion
for another anonymous player (`_swapped`)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace


@dataclass
class Suggestion:
    """One target for the observer's ability tonight: the results it could give, the
    consistent worlds after each, the worlds expected to be left, and the expected
    information gain in bits.

    The worlds after a result are those in which tonight's check CAN give it. A world can
    give more than one result: the result depends on what the other players do tonight
    (someone may roleblock or jail the observer, who then learns nothing) and on any step
    the rules leave random or open. So the counts can add up to more than the consistent
    worlds (nine.obs: every world gives "even" or "odd", and 696,600 of its 1,027,200
    can also give nothing). Both measures take every pair of a consistent world and a
    result it can give as equally likely: P(x) = W_x / sum W_y."""

    target: str
    outcomes: list[tuple[tuple[str, ...], int]]
    gain: float
    unknown: bool = False  # the time ran out before every result was counted
    expected: float = math.nan  # consistent worlds expected left: sum P(x) W_x

    @property
    def pairs(self) -> int:
        """The sum of the per-result counts: (world, result it can give) pairs."""
        return sum(w for _, w in self.outcomes)


def _tip(t: str, counted: list[tuple[tuple[str, ...], int]]) -> Suggestion:
    """Target t with each result's worlds: the gain and the worlds expected left (summed
    in the order of the counts, not of the results as listed: the same counts give the
    same figures, to the last bit, whatever order Z3 listed the results in)."""
    counts = sorted(w for _, w in counted)
    total = sum(counts)
    entropy = math.log2(max(total, 1)) - sum(w / total * math.log2(w) for w in counts if w)
    left = sum(w * w for w in counts) / total if total else 0.0
    return Suggestion(t, counted, entropy, expected=left)


def _swapped(tip: Suggestion, u: str) -> Suggestion:
    """`tip` (for an anonymous player) for the anonymous player `u`: the two are
    interchangeable, so a result naming one names the other (a Tracker's "Dee" for
    target Dee is "Eve" for target Eve)."""
    a = tip.target
    names = re.compile(rf"\b({re.escape(a)}|{re.escape(u)})\b")

    def swap(text: str) -> str:
        return names.sub(lambda m: u if m.group(1) == a else a, text)

    return replace(
        tip, target=u, outcomes=[(tuple(swap(x) for x in got), w) for got, w in tip.outcomes]
    )
