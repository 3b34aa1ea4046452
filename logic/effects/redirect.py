"""Owns redirection: an action that names two players and sends every later action aimed
at one of them to the other ("Any action targeting one of these players that night is
redirected toward the other player."), or sends the first one's own action to the second
("You may redirect a player's action to another player.").

Vocabulary:
  Redirect  the actor names two players; every other action of a later tier whose target
            is one of them lands on the other instead. `tells`: the actor learns what
            was redirected and whom it was meant for, not who used it. `one_way`: the
            first player's own actions of a later tier land on the second instead (their
            first target; a second target stays).

Every effect kind reads where an action lands through the phase builder's `aims`, so a
redirected kill kills the other player, a redirected protection protects them, and a
redirected roleblock blocks them. An action of an earlier tier than the redirect (a
hastened nightkill, "resolved before any other night action") is not moved; one of the
same tier is, as a roleblock of the same tier stops it (a ruleset with no order of its
own is one tier).
Several redirects apply one after the other, in the order of their slots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, ite, label, le, lt
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Redirect:
    why: Why = meta()
    tells: Why | None = None
    one_way: bool = False
    # said of the ability before it, which must name two players (roles.py's `_kind_node`)
    needs_targets: ClassVar[int] = 2

    def describe(self) -> str:
        told = (
            "; the actor learns what was redirected and whom it was meant for" if self.tells else ""
        )
        if self.one_way:
            return f"redirect: the first player's actions go to the second player{told}"
        return f"redirect: actions aimed at either of two named players go to the other{told}"


def redirects(b: NightBuilder, i: int) -> list[tuple[int, Expr, Redirect]]:
    """(slot, it takes place before slot i's tier, effect) for every redirect tonight."""
    return [
        (r, conj(c, b.ok(r), le(b.tiers[r], b.tiers[i])), e)
        for r in range(b.n)
        if r != i
        for c, e in b.effects(r, Redirect)
    ]


def retarget(b: NightBuilder, i: int, k: int, t: Expr) -> Expr:
    for r, active, e in redirects(b, i):
        if active == FALSE:
            continue
        one, other = b.sc.target(r, 0), b.sc.target(r, 1)
        moved = label(active, e.why)
        if e.one_way:  # the first player's own action goes to the second
            if k == 0 and b.actor(i) in b.sc.players:
                mine = eq(one, Const(b.sc.players.index(b.actor(i))))
                t = ite(conj(moved, mine), other, t)
            continue
        t = ite(conj(moved, eq(t, one)), other, ite(conj(moved, eq(t, other)), one, t))
    return t


def texts(b: NightBuilder, r: int) -> list[TextSource]:
    """'The Redirector is informed what powers were redirected and who they were
    originally intended for, but not who used the power.'"""
    out = []
    for c, e in b.effects(r, Redirect):
        if e.tells is None:
            continue
        pieces: list[tuple[Expr, str]] = []
        for i in range(b.n):
            if i == r:
                continue
            active = conj(c, b.ok(r), lt(b.tiers[r], b.tiers[i]), b.sc.taken(i))
            names = [(cond, ab.name) for cond, ab in b.sc.abilities(i)]
            if not names:  # a faction's nightkill slot (of a symbolic night)
                for cond, faction in b.sc.nightkill_of(i):
                    nk = b.rs.nightkill(faction)
                    if nk is not None:
                        names.append((cond, nk.ability.name))
            for q in b.sc.players:
                mine = b.sc.aims(i, q)
                named = any_of(eq(b.sc.target(r, x), Const(b.sc.players.index(q))) for x in (0, 1))
                for cond, name in names:
                    x = conj(active, cond, mine, named)
                    if x != FALSE:
                        pieces.append((x, f"{name} for {q}"))
        gate = label(conj(c, b.ok(r)), e.tells)
        out.append(TextSource(b.actor(r), gate, None, tuple(pieces), e.tells))
    return out


KIND = Kind(
    "redirect",
    (Redirect,),
    retarget=retarget,
    texts=texts,
    nouns=(("redirection", (Redirect,)),),
)
