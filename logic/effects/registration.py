"""Owns registration: how a player shows to the abilities that detect characters,
alignments and types, when that is not what they are ("You might register as evil & as
a Minion or Demon, even if dead.", "There is a good player that registers as a Demon to
you."). Both are the storyteller's choices (ir.Chooser.STORYTELLER), made each time an
ability looks, not a gap in the rules.

Vocabulary (traits of the role that says them):
  RegistersAs  the holder might register as each of `shows` (a team, a faction or a
               character type), at the storyteller's choice (`by`; None: always, "You
               register as Town."); `even_dead`: also once dead
  RedHerring   one player of `team`, chosen by the storyteller at setup, registers as
               `group` to the holder's ability (and to no one else's)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind
from logic.model.expr import TRUE, Const, Expr, conj, eq, label
from logic.model.ir import Chooser, canon
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class RegistersAs:
    shows: tuple[tuple[str, ...], ...]  # each `&`-part: one of these (a team; Minion or Demon)
    even_dead: bool = False
    by: Chooser | None = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        parts = " and as ".join(" or ".join(p) for p in self.shows)
        dead = ", even if dead" if self.even_dead else ""
        if self.by is None:
            return f"registration: registers as {parts}{dead}"
        return f"registration: might register as {parts} ({self.by.value}'s choice){dead}"


@dataclass(frozen=True)
class RedHerring:
    team: str
    group: str
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"registration: one {self.team} player, chosen at setup ({self.by.value}'s "
            f"choice), registers as a {self.group} to this role"
        )


def same(a: str, b: str) -> bool:
    """Whether two names of a group are one ("Minions" and "Minion")."""
    x, y = canon(a), canon(b)
    return x == y or x.rstrip("s") == y.rstrip("s")


def shows_as(
    b: NightBuilder, q: str, role: Any, faction: str, checker: str, results: Sequence[str]
) -> list[tuple[str, Expr]]:
    """What a check by `checker` shows of q instead of `faction`, and when: each result
    q's role might register as, at the choice of its chooser (one variable per checker and
    target a night: the storyteller's, existential in `solve`; None: always the first)."""
    out: list[tuple[str, Expr]] = []
    for t in role.traits:
        if not isinstance(t, RegistersAs):
            continue
        options = [
            r
            for r in results
            if not same(r, faction) and any(same(r, g) for part in t.shows for g in part)
        ]
        if not options:
            continue
        if t.by is None:
            out.append((options[0], label(TRUE, t.why)))
            continue
        name = f"registers:{canon(q)}:{canon(checker)}"
        shown = b.choice(name, range(len(options) + 1), by=t.by)  # 0: what q is
        for k, other in enumerate(options):
            out.append((other, label(conj(eq(shown, Const(k + 1))), t.why)))
    return out


KIND = Kind("registration", (RegistersAs, RedHerring), shows_as=shows_as)
