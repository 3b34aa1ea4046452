"""Owns fake scan results for a player: the Meddler's "This werewolf may provide fake scan
results for the actions/status of another player (wolf or not) at night-time. ... If the
Meddler provides a preferred answer, that is what is given as a scan result, if not the
GG randomly selects one (possible) answer." Its phrases are grammar/clause/meddle.lark,
its words grammar/lexicon/meddle.toml, its reading logic/lang/kinds/meddle.py.

Vocabulary:
  Meddle  an action naming a player: tonight, every role scan of him (whoever scans)
          shows one fake role instead of his own: the role the player decided (`X decides
          "ROLE"` in a case: `options`, the roles of `pool`'s factions, filled in when the
          ruleset is assembled), else one drawn at random from those roles other than his
          own (`meddle:P:ROLE`, a draw of chance), in play or not; without the sentence
          that says so (`decided`), the host's open choice. One fake for every scan of
          him ("only by type (scan vs target), not by specific action")
  pool    the factions whose roles are the fake answers (`options`), "the entire villager
          pool (core, exclusive, general)"

Asked by the role scan (logic/effects/investigate.py) through the `shows_role` hook. A
scan of the actions of a player (the Spy's, the Seeker's) is not faked, nor an action
aimed at him ("If the action is a target, a random other player is chosen": not
modelled). No lasting state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Meddle:
    why: Why = meta()
    pool: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    pool_why: Why | None = None
    decided: Why | None = None

    def describe(self) -> str:
        among = " or ".join(self.pool) if self.pool else "no pool"
        return (
            "meddle: the target's role scans tonight show a fake role: the one decided, "
            f"else a random role of {among}"
        )


def meddled(b: NightBuilder, q: str) -> list[tuple[int, Expr, Meddle]]:
    """(slot, a meddling of q took place tonight, its node)."""
    return b.once(
        f"meddled:{q}",
        lambda: [
            (j, conj(c, b.ok(j), b.aims(j, q)), e)
            for j in range(b.n)
            for c, e in b.effects(j, Meddle)
            if conj(c, b.aims(j, q)) != FALSE
        ],
    )


def shows_role(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """What a role scan of q shows instead of his role tonight, and when."""
    out: list[tuple[str, Expr]] = []
    for j, x, e in meddled(b, q):
        if not e.options:
            continue
        undecided = x
        if e.decided is not None:  # the player's answer, else one drawn at random
            decided = b.sc.decision(j, e.options)
            for k, name in enumerate(e.options):
                out.append((name, label(conj(x, eq(decided, Const(k))), e.decided)))
            undecided = conj(x, eq(decided, Const(-1)))
        if undecided == FALSE:
            continue
        out += [(shown, conj(undecided, x)) for shown, x in drawn(b, q, e)]
    return out


def drawn(b: NightBuilder, q: str, e: Meddle) -> list[tuple[str, Expr]]:
    """(the answer not decided is `shown`, shown) for each role of the pool's: one drawn
    from the roles other than q's (`meddle:q:ROLE`, a draw for each role q may hold).
    Made once a night for q, each a variable fixed by the scenario (`meddled:q:NAME`):
    each meddling of q reads it (one for each player who may be the Meddler)."""

    def make() -> list[tuple[str, Expr]]:
        why = e.pool_why or e.why
        parts: dict[str, list[Expr]] = {}
        for role in b.roles:
            holds = b.sc.role_is(q, role)
            if holds == FALSE:
                continue
            others = [o for o in e.options if canon(o) != canon(role.name)]
            name = f"meddle:{q}:{canon(role.name)}"
            # no sentence says who picks the answer: the host's open choice
            pick = (
                b.choice(name, range(len(others)), random=True)
                if e.decided is not None
                else b.choice(f"open:{name}", range(len(others)))
            )
            for k, shown in enumerate(others):
                parts.setdefault(shown, []).append(conj(holds, eq(pick, Const(k))))
        out = []
        for shown, xs in parts.items():
            x = label(any_of(xs), why)
            out.append((shown, b.define(f"meddled:{q}:{shown}", x, shared=b.fixed(x))))
        return out

    return b.once(f"meddle:drawn:{q}:{e.options}", make)


KIND = Kind("meddle", (Meddle,), shows_role=shows_role)
