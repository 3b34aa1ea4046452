"""Owns the two things every layer shares: `Why` (the sentence or engine axiom a piece of
IR or a constraint came from, kept outside equality) and `canon` (how names compare).
It depends on nothing else in the model, so the IR, the expression language and the
effect kinds can all import it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from logic.lang.errors import NOWHERE, Loc


@dataclass(frozen=True)
class Why:
    """A reason: the sentence (or engine axiom) a constraint came from."""

    loc: Loc
    text: str
    kind: str = "sentence"  # "sentence", "ruling", or "axiom"

    def __str__(self) -> str:
        return f"{self.loc.short}: {self.text}"


def axiom(name: str, text: str) -> Why:
    """An engine frame axiom, labelled like a sentence so cores and explanations name it."""
    return Why(Loc("<engine>", 0, 0), f"[{name}] {text}", "axiom")


def cited() -> Why | None:
    """Default for a field that only cites a sentence saying what the engine does anyway
    (the Judge's "No player is lynched that day ...": a spared lynch lynches no one with or
    without it): None when no sentence says it. `ruling casebook --deletions` answers
    `default` for a sentence that only fills such fields (logic/commands/deletions.py)."""
    return field(default=None, metadata={"cited": True})


def _nowhere() -> Why:
    return Why(NOWHERE, "")


def meta() -> Why:
    """Default for the `why` field: a placeholder that never takes part in equality."""
    return field(default_factory=_nowhere, compare=False, hash=False, repr=False)


@functools.lru_cache(maxsize=8192)
def canon(name: str) -> str:
    """Names compare case-insensitively, with runs of spaces collapsed."""
    return " ".join(name.replace('"', "").split()).casefold()
