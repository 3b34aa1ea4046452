"""Owns votes and the lynch: the vote-weight effect kind, the lynch and tie rules, and the
constraints of a day phase.

Vocabulary:
  VoteWeight  a role's vote counts as `weight` votes ("Their vote counts as two in the
              voting round.")
  Lynch       the player with strictly the most votes is removed ("The player with the
              most votes ... is removed for the remainder of the game.")
  TieRule     what a tie for the most votes gives: `choice` (a role's holder picks who is
              removed: "Judge, in the event of a tie, makes the final decision."), `none`
              ("If there was a tie and no Judge, no one is removed."), or `random` (a fair
              pick among the tied, marked random).

A day is a phase like a night: its inputs are expressions (a concrete day folds them to
constants; a symbolic one would leave them open), its outcome is the `lynch` variable,
defined by labelled equations. Without a Lynch sentence the frame axiom [plurality]
stands in (strict plurality, a tie lynches no one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from logic.model import frame
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    Var,
    add,
    any_of,
    conj,
    disj,
    eq,
    iff,
    implies,
    ite,
    label,
    le,
    lt,
    neg,
)
from logic.model.ir import Role, Ruleset, Why, canon, meta


@dataclass(frozen=True)
class VoteWeight:
    """The role's vote counts as `weight` votes."""

    weight: int
    why: Why = meta()

    def describe(self) -> str:
        return f"vote: counts as {self.weight} votes"


@dataclass(frozen=True)
class Lynch:
    """The ruleset's own plurality sentence (it replaces the frame axiom [plurality])."""

    why: Why = meta()

    def describe(self) -> str:
        return "lynch: the player with the most votes is removed"


@dataclass(frozen=True)
class TieRule:
    """What a tie for the most votes gives: "choice" (the holder of `role` picks who is
    removed), "none" (no one is removed), or "random" (a fair pick among the tied)."""

    kind: str
    role: str | None = None
    why: Why = meta()

    def describe(self) -> str:
        match self.kind:
            case "choice":
                return f"tie: the {self.role} picks who is removed"
            case "none":
                return f"tie: with no {self.role} able to pick, no one is removed"
        return "tie: a random pick among the tied"


NO_ONE = -1  # the value of `lynch` when no one is removed


@dataclass(frozen=True)
class DayInputs:
    """What a day's constraints read, every entry an expression over the phase's inputs.

    vote(p): the index of the player p votes for, or -1 (no vote); alive(p): p is alive
    when the day starts; role_is(p, role); choice(p): the index of the player p picks
    with a tie-break ability (-1: none), or None when the scenario leaves it open.
    """

    players: tuple[str, ...]
    vote: Callable[[str], Expr]
    alive: Callable[[str], Expr]
    role_is: Callable[[str, Role], Expr]
    choice: Callable[[str], Expr | None]


@dataclass
class DayConstraints:
    domains: dict[str, list[Any]]
    equations: list[tuple[Expr, Why]]
    atoms: dict[tuple[str, str], Expr]  # ("lynched", p) -> when p is removed
    random_vars: tuple[str, ...]


def weight(rs: Ruleset, inp: DayInputs, p: str) -> Expr:
    """How many votes p's vote counts as (1 unless p's role says otherwise)."""
    out: Expr = Const(1)
    for role in rs.roles:
        for w in role.traits:
            if isinstance(w, VoteWeight):
                out = ite(label(inp.role_is(p, role), w.why), Const(w.weight), out)
    return out


def tally(rs: Ruleset, inp: DayInputs, q: int) -> Expr:
    """The votes cast for player number q by living voters, weighted."""
    return add(
        *(
            ite(conj(inp.alive(p), eq(inp.vote(p), Const(q))), weight(rs, inp, p), Const(0))
            for p in inp.players
        )
    )


def day_constraints(rs: Ruleset, inp: DayInputs) -> DayConstraints:
    """The lynch of one day: who is removed, as labelled equations over `lynch`."""
    n = len(inp.players)
    lynch_why = rs.lynch.why if rs.lynch is not None else frame.PLURALITY
    counts = [tally(rs, inp, k) for k in range(n)]
    most = [
        conj(lt(Const(0), counts[k]), *(lt(counts[j], counts[k]) for j in range(n) if j != k))
        for k in range(n)
    ]
    tied = [
        conj(
            lt(Const(0), counts[k]),
            *(le(counts[j], counts[k]) for j in range(n)),
            any_of(eq(counts[j], counts[k]) for j in range(n) if j != k),
        )
        for k in range(n)
    ]
    domains: dict[str, list[Any]] = {"lynch": [NO_ONE, *range(n)]}
    equations: list[tuple[Expr, Why]] = []
    random_vars: list[str] = []
    lynch = Var("lynch")
    choosers = [r for r in rs.tie_rules if r.kind == "choice"]
    randoms = [r for r in rs.tie_rules if r.kind == "random"]
    # Who may break a tie: a living holder of a choosing role (the first rule listed wins).
    breakers: list[tuple[Expr, str, Why]] = []
    for rule in choosers:
        role = rs.role(rule.role or "")
        if role is None:
            continue
        for p in inp.players:
            present = conj(inp.role_is(p, role), inp.alive(p))
            if present != FALSE:
                breakers.append((present, p, rule.why))
    some_breaker = any_of(c for c, _, _ in breakers)
    reasons: list[Expr] = []  # why player k is removed (for explanations)
    for k in range(n):
        picked: list[Expr] = []
        for present, p, why in breakers:
            choice = inp.choice(p)
            if choice is None:  # the scenario leaves the pick open: any player
                name = f"choice:{p}"
                domains.setdefault(name, [NO_ONE, *range(n)])
                choice = Var(name)
            picked.append(label(conj(present, eq(choice, Const(k))), why))
        by_tie: Expr = any_of(picked)
        if randoms and not breakers:
            by_tie = label(TRUE, randoms[0].why)
        chosen = eq(lynch, Const(k))
        outright = label(most[k], lynch_why)
        if randoms and not breakers:
            # a fair pick among the tied: any of them may be removed
            reasons.append(disj(outright, label(tied[k], randoms[0].why)))
            equations.append((implies(chosen, disj(outright, tied[k])), randoms[0].why))
            equations.append((implies(outright, chosen), lynch_why))
        else:
            reasons.append(disj(outright, conj(tied[k], by_tie)))
            equations.append((iff(chosen, disj(outright, conj(tied[k], by_tie))), lynch_why))
    if randoms and not breakers:
        random_vars.append("lynch")
        some_tie = any_of(tied)
        equations.append((implies(some_tie, neg(eq(lynch, Const(NO_ONE)))), randoms[0].why))
    elif breakers:
        # with no breaker present, the 'no one' rule (or the frame axiom) applies
        none_rules = [r for r in rs.tie_rules if r.kind == "none"]
        if none_rules:
            equations.append(
                (
                    implies(conj(any_of(tied), neg(some_breaker)), eq(lynch, Const(NO_ONE))),
                    none_rules[0].why,
                )
            )
    atoms = {
        ("lynched", p): conj(eq(lynch, Const(k)), reasons[k]) for k, p in enumerate(inp.players)
    }
    return DayConstraints(domains, equations, atoms, tuple(random_vars))


def tie_breaker_roles(rs: Ruleset) -> list[Role]:
    """Roles whose holder makes a tie's decision."""
    out: list[Role] = []
    for rule in rs.tie_rules:
        role = rs.role(rule.role or "") if rule.kind == "choice" else None
        if role is not None and all(canon(r.name) != canon(role.name) for r in out):
            out.append(role)
    return out


def concrete_inputs(
    players: Sequence[str],
    roles: Mapping[str, Role],
    dead: frozenset[str],
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
) -> DayInputs:
    """The inputs of a day whose roles, votes and picks are known (a case's `day N:`)."""
    index = {p: k for k, p in enumerate(players)}

    def vote(p: str) -> Expr:
        t = votes.get(p)
        return Const(index[t] if t is not None else NO_ONE)

    def choice(p: str) -> Expr | None:
        return Const(index[choices[p]]) if p in choices else None

    return DayInputs(
        tuple(players),
        vote,
        lambda p: Const(p not in dead),
        lambda p, role: Const(canon(roles[p].name) == canon(role.name)),
        choice,
    )
