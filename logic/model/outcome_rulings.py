"""Owns outcome rulings ("If the Jailer jails the Hooker, the Hooker's action fails."):
when one applies in a night, and what it makes of the players it names.

A ruling's condition names actions by their verbs (an effect kind's own verbs, or an
ability's name) and players by their roles; its consequence makes actions fail (one more
stopper of `ok:i`, `ruled_failures`) or asserts a success, a death or a survival (a
constraint the rules can contradict, `ruled_assertions`). Each is under the ruling's
switch, so `check` can turn it off and explanations cite it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, implies, label, neg
from logic.model.ir import OutcomeRuling, verb_matches
from logic.model.phase import Atom

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


def matches(b: NightBuilder, i: int, verb: str) -> Expr:
    """Whether slot i's action is of the kind a ruling's verb names."""
    return any_of(c for c, ab in b.used(i) if verb_matches(verb, ab, b.verbs))


def ruling_cases(b: NightBuilder, r: OutcomeRuling) -> list[tuple[Expr, str]]:
    """(condition, player) pairs: when the condition holds, the ruling's consequence
    is about that player."""
    out: list[tuple[Expr, str]] = []
    subject = b.rs.role(r.subject) if r.subject else None
    for i in range(b.n):
        p, mi = b.actor(i), matches(b, i, r.verb)
        if mi == FALSE:
            continue
        pairs = _mutual_pairs(b, r, i, mi) if r.mutual else _aimed_pairs(b, r, i, mi)
        for cond, q in pairs:
            if cond == FALSE:
                continue
            cond = conj(b.sc.switch(r.why), cond)  # the switch exists only if it can apply
            if subject is None:  # "all actions fail": both players of the condition
                out += [(cond, p), (cond, q)]
            else:
                out += [(conj(cond, b.sc.role_is(x, subject)), x) for x in b.sc.players]
    return [(c, x) for c, x in out if c != FALSE]


def _mutual_pairs(b: NightBuilder, r: OutcomeRuling, i: int, mi: Expr) -> list[tuple[Expr, str]]:
    """(condition, q) for a mutual ruling: slot i (its verb matched when `mi`) and a
    later slot of another player q, of the same verb, aim at each other."""
    p = b.actor(i)
    pairs: list[tuple[Expr, str]] = []
    for j in range(i + 1, b.n):
        q = b.actor(j)
        if q != p:
            mj = matches(b, j, r.verb)
            both = conj(
                b.sc.taken(i),
                b.sc.taken(j),
                mi,
                mj,
                b.sc.aims(i, q),
                b.sc.aims(j, p),
            )
            pairs.append((both, q))
    return pairs


def _aimed_pairs(b: NightBuilder, r: OutcomeRuling, i: int, mi: Expr) -> list[tuple[Expr, str]]:
    """(condition, q) for a directed ruling: slot i's player holds the actor role and its
    action (of the ruling's verb when `mi`) is aimed at, or lands on, q holding the
    target role."""
    p = b.actor(i)
    pairs: list[tuple[Expr, str]] = []
    # (no actor role: "If the roleblock is aimed at the Redirector", any actor)
    actor = b.rs.role(r.actor) if r.actor else None
    target = b.rs.role(r.target or "")
    assert target is not None
    for q in b.sc.players:
        if q != p:
            one = conj(
                b.sc.role_is(p, actor) if actor is not None else TRUE,
                b.sc.taken(i),
                mi,
                b.aims(i, q) if r.lands else b.sc.aims(i, q),
            )
            pairs.append((conj(one, b.sc.role_is(q, target)), q))
    return pairs


def ruled_failures(b: NightBuilder) -> dict[str, list[Expr]]:
    """Per player, the rulings that make their actions fail (one more stopper)."""
    out: dict[str, list[Expr]] = {}
    for r in b.rs.outcome_rulings:
        if r.consequence in ("all fail", "fails"):
            for cond, x in ruling_cases(b, r):
                out.setdefault(x, []).append(label(cond, r.why))
    return out


def ruled_assertions(b: NightBuilder, atoms: dict[Atom, Expr]) -> None:
    """Rulings that assert success, a death or a survival: constraints the rules can
    contradict (added to the night's equations)."""
    for r in b.rs.outcome_rulings:
        if r.consequence in ("all fail", "fails"):
            continue
        for cond, x in ruling_cases(b, r):
            mine = [i for i in range(b.n) if b.actor(i) == x]
            if r.consequence == "succeeds":
                then = conj(*(implies(b.sc.taken(i), b.ok(i)) for i in mine))
            else:
                dies = atoms.get(Atom("dies", x), FALSE)
                then = dies if r.consequence == "dies" else neg(dies)
            b.equations.append((label(implies(cond, then), r.why), r.why))
