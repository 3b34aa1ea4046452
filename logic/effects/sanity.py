"""Owns a checker's sanity: results that do not follow the target ("Your investigations
always return Mafia.", "You will always receive a result of Town.", "Your results are
inverted.": the Paranoid, Naive and Insane Cops of open setups).

Vocabulary:
  Sanity  a role trait of the checker: every check the holder makes of a player's
          faction shows `faction` (a member of it, whoever the target is), or, with
          `guilty`, guilty / innocent to a records check; `inverted`: the opposite of
          what it would show (of a check with two answers).

It bends what the check reads, after every other kind's say (a frame, a registration):
records checks through `Kind.skews` (logic/effects/records.py asks it), faction checks
through `Kind.shows_as` (logic/effects/investigate.py). A check of a role (a role cop's)
is not bent: the sentences speak of alignment results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind
from logic.model.expr import FALSE, Expr, conj, label
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Sanity:
    why: Why = meta()
    faction: str = ""  # every check shows a member of this faction
    guilty: bool | None = None  # every records check shows guilty / innocent
    inverted: bool = False

    def describe(self) -> str:
        if self.inverted:
            return "sanity: the holder's checks show the opposite of the truth"
        if self.faction:
            return f"sanity: the holder's checks always show {self.faction}"
        return f"sanity: the holder's checks always show {'guilty' if self.guilty else 'innocent'}"


def _held(b: NightBuilder, p: str) -> list[tuple[Expr, Sanity]]:
    """(p holds the role, labelled with its sentence; the sanity) for each role's sanity."""
    out = []
    for r in b.rs.roles:
        for t in r.traits:
            if isinstance(t, Sanity):
                held = b.sc.role_is(p, r)
                if held != FALSE:
                    out.append((label(held, t.why), t))
    return out


def skews(b: NightBuilder, i: int, faction: str) -> list[tuple[Expr, bool | None]]:
    """What slot i's records check (asking after `faction`) shows instead, and when: True
    (guilty), False (innocent) or None (the opposite of what it would show)."""
    out: list[tuple[Expr, bool | None]] = []
    for held, t in _held(b, b.actor(i)):
        if t.inverted:
            out.append((held, None))
        elif t.faction:
            out.append((held, canon(t.faction) == canon(faction)))
        elif t.guilty is not None:
            out.append((held, t.guilty))
    return out


def shows_as(
    b: NightBuilder, q: str, role: Any, faction: str, checker: str, results: Sequence[str]
) -> list[tuple[str, Expr]]:
    """A faction check by a holder shows his sanity's faction (or, inverted, the other of
    two answers) instead of q's `faction`."""
    out = []
    for held, t in _held(b, checker):
        if t.faction and canon(t.faction) != canon(faction):
            shown = next((r for r in results if canon(r) == canon(t.faction)), None)
            if shown is not None:
                out.append((shown, conj(held, b.sc.role_is(q, role))))
        elif t.inverted and len(results) == 2:
            other = [r for r in results if canon(r) != canon(faction)]
            if len(other) == 1:
                out.append((other[0], conj(held, b.sc.role_is(q, role))))
    return out


KIND = Kind("sanity", (Sanity,), skews=skews, shows_as=shows_as)
