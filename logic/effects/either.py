"""Owns a role's night abilities joined by OR on its card (DCTP's "Night action: Investigate
3 OR Interrogate.", "Night action: Observe OR Stake Out."): its holder uses one of them a
night. Its phrases are grammar/clause/either.lark, its reading logic/lang/kinds/either.py.

Vocabulary:
  Either  a trait of the role whose card line it is: the abilities it names (`names`, as
          written) and the number written after each (`counts`: the "#" of an
          investigation, how many actions it covers; kept, not acted on)

Asked by the night frame through the `stops` hook: a night the holder sent two (or more) of
the abilities named, one of them is played and the others do not take place. Which one is
the host's choice (`ambiguous` where it matters): the source's only word on it is "If
multiple incompatible actions are submitted by a player, the last valid action prior to the
countdown ending will be the one played.", an order in real time a case does not hold (as
travel's "not both", logic/effects/travel.py). A name is matched to an ability by its
letters ("Stake Out" is "Stake-out", "First-Aid" is "First Aid"). No lasting state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, line_rules
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Either:
    why: Why = meta()
    names: tuple[str, ...] = ()
    counts: tuple[int | None, ...] = ()

    def describe(self) -> str:
        return "one of these a night: " + " or ".join(self.names)


def letters(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalpha())


def named(b: NightBuilder, j: int, name: str) -> Expr:
    """Slot j's ability is the one `name` names."""
    return any_of(c for c, ab in b.sc.abilities(j) if letters(ab.name) == letters(name))


def sent(b: NightBuilder, p: str, name: str, but: int = -1) -> Expr:
    """p sent the ability `name` names tonight (in a slot other than `but`)."""
    return any_of(
        conj(b.sc.taken(j), named(b, j, name)) for j in range(b.n) if j != but and b.actor(j) == p
    )


def two(xs: list[Expr]) -> Expr:
    """At least two of `xs` hold."""
    return any_of(conj(x, y) for k, x in enumerate(xs) for y in xs[k + 1 :])


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i does not take place: its actor's card joins its ability by OR with another he
    sent tonight, and the host played the other."""
    p = b.actor(i)
    if not any(b.actor(j) == p for j in range(b.n) if j != i):
        return FALSE
    parts: list[Expr] = []
    for r, w, t in line_rules(b, Either, "why"):
        for k, name in enumerate(t.names):
            mine = named(b, i, name)
            if mine == FALSE:
                continue
            other = any_of(sent(b, p, m, i) for n, m in enumerate(t.names) if n != k)
            if other == FALSE:
                continue
            both = two([sent(b, p, m) for m in t.names])
            played = b.choice(
                f"either:{p}:{w.loc.line}:{w.loc.column}", list(range(len(t.names))), decides=both
            )
            held = conj(b.sc.role_is(p, r), label(b.sc.switch(w), w))
            parts.append(label(conj(held, mine, other, neg(eq(played, Const(k)))), w))
    return any_of(parts)


KIND = Kind("either", (Either,), stops=stops)
