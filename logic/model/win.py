"""Owns win conditions: predicates over who is alive after a phase, with the precedence
the ruleset gives, and the `wins` / `the game goes on` atoms.

Vocabulary (the conditions of `Victory`; `group` is a faction or a role):
  none_left   no living player belongs to `group` ("all of the Mafia have been removed")
  outnumber   one or more of `group` are alive and at most `others` players outside it
              ("any combination including one or more Mafia and no more than one other")
  last        a holder of `group` is alive with exactly `others` other players ("the
              Rogue and one other role are left alive")
  sole        no living player is outside `group` ("win when all threats to the Town have
              been eliminated", "the sole living faction")
  parity      one or more of `group` are alive, and at least `others` more than the living
              players outside it ("when they make up half or more of the living players":
              `others` 0; "a majority of the living players": 1)
  versus      one or more holders of `side` (by default `winner`) are alive, and at least
              `others` more than the living members of `group` ("when they equal or
              outnumber the Town": 0; "when they outnumber the Town": 1; on a role's line,
              "You win when the Mafia outnumbers the Town.": `side` the Mafia)
  endgame     exactly `others` players are alive and no faction holds them all ("two
              survivors of differing factions"), and a member of `group` is alive (or,
              with `absent`, none is: "the Mafia if he is not"); only after a night ("the
              day begins with")

A role's own victory beside the game's (`SIDE`; it neither ends the game nor stops
another victory, as the sentences that give it say no more):
  lynched     a holder of `group` is lynched that day ("You win if you are lynched.")
  dies        a holder of `group` dies in the phase, by night or by day ("You win if you
              die.", "You only win if you are killed.")
  at_end      the game ends after the phase (a victory of the conditions above holds) and a
              holder of `group` is alive ("You win if you are alive at the end of the
              game.")
  with        `group` wins after the phase and a holder of `winner` is in the game ("You
              win with the Mafia.", "You win if the Mafia wins.")

A role's victory by a group's fate (`beside`: its winner a role, the group it counts
another: "You win when the Mafia outnumbers the Town.") holds with the group's, whenever
its condition does and a holder of the role is in the game; it neither ends the game nor
competes with another victory (a Goon wins with the Mafia, not instead of it).

After each phase the conditions are evaluated on the players alive at its end. A
victory that holds wins unless a victory taking precedence over it holds too. Two that
hold with no precedence between them leave the winner open: the `winner` variable then
has two values, and the resolver reports the phase as ambiguous, as it should: the
rules do not say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from logic.model.expr import (
    FALSE,
    Const,
    Expr,
    Var,
    add,
    any_of,
    conj,
    eq,
    iff,
    implies,
    ite,
    label,
    le,
    neg,
)
from logic.model.ir import Ruleset, Why, canon, meta
from logic.model.phase import Atom, PhaseModel

CONDITIONS = ("none_left", "outnumber", "last", "sole", "parity", "versus", "endgame")
SIDE = ("lynched", "dies", "at_end", "with")


@dataclass(frozen=True)
class Victory:
    """`winner` (a faction or a role) wins when `condition` holds of `group`."""

    winner: str
    condition: str  # one of CONDITIONS
    group: str
    others: int = 0
    over: tuple[str, ...] = ()  # the victories (by winner) this one takes precedence over
    why: Why = meta()
    absent: bool = False  # endgame: the group has no living member
    side: str = ""  # versus: the group counted against `group`, when not the winner

    def describe(self) -> str:
        match self.condition:
            case "none_left":
                when = f"no {self.group} is left"
            case "outnumber":
                when = f"one or more {self.group} and at most {self.others} other(s) are left"
            case "sole":
                when = f"no one outside the {self.group} is left"
            case "parity" | "versus":
                them = (
                    "the other living players"
                    if self.condition == "parity"
                    else f"the living {self.group}"
                )
                side = self.group if self.condition == "parity" else self.side or self.winner
                many = "at least as many as" if self.others <= 0 else "more than"
                if self.others > 1:
                    many = f"at least {self.others} more than"
                when = f"the living {side} are {many} {them}"
            case "lynched":
                return f"victory: {self.winner} wins when a holder is lynched (the game goes on)"
            case "dies":
                return f"victory: {self.winner} wins when a holder dies (the game goes on)"
            case "at_end":
                return f"victory: {self.winner} wins when the game ends with a holder alive"
            case "with":
                return f"victory: {self.winner} wins when the {self.group} wins"
            case "endgame":
                who = "no" if self.absent else "a"
                when = (
                    f"{self.others} survivors of differing factions, {who} {self.group} among them"
                )
            case _:
                when = f"the {self.group} and {self.others} other(s) are the last alive"
        over = f"; takes precedence over {', '.join(self.over)}" if self.over else ""
        return f"victory: {self.winner} wins when {when}{over}"


GOES_ON = -1


@dataclass
class WinConstraints:
    domains: dict[str, list[Any]]
    equations: list[tuple[Expr, Why]]
    atoms: dict[tuple[str, str], Expr]  # ("wins", faction or role), ("goes on", "")


def _count(xs: Sequence[Expr]) -> Expr:
    return add(*(ite(x, Const(1), Const(0)) for x in xs))


def _condition(
    rs: Ruleset,
    v: Victory,
    players: Sequence[str],
    alive_after: Callable[[str], Expr],
    member: Callable[[str, str], Expr],
    phase: str,
) -> Expr:
    """Whether victory `v` holds after the phase (a role's needs a holder in the game)."""
    inside = [conj(alive_after(p), member(p, v.group)) for p in players]
    outside = [conj(alive_after(p), neg(member(p, v.group))) for p in players]
    match v.condition:
        case "none_left":
            cond = neg(any_of(inside))
        case "outnumber":
            cond = conj(any_of(inside), le(_count(outside), Const(v.others)))
        case "last":
            cond = conj(
                any_of(inside),
                eq(_count([alive_after(p) for p in players]), Const(v.others + 1)),
            )
        case "sole":
            cond = neg(any_of(outside))
        case "parity":
            cond = conj(any_of(inside), le(add(_count(outside), Const(v.others)), _count(inside)))
        case "versus":
            side = [conj(alive_after(p), member(p, v.side or v.winner)) for p in players]
            cond = conj(any_of(side), le(add(_count(inside), Const(v.others)), _count(side)))
        case "endgame":
            alive = [alive_after(p) for p in players]
            left = eq(_count(alive), Const(v.others))
            one_side = any_of(
                eq(
                    _count([conj(alive_after(p), member(p, f)) for p in players]),
                    Const(v.others),
                )
                for f in rs.factions
            )
            present = neg(any_of(inside)) if v.absent else any_of(inside)
            cond = conj(left, neg(one_side), present) if phase == "night" else FALSE
        case _:
            raise AssertionError(v.condition)
    if rs.role(v.winner) is not None:  # a role's victory needs a holder in the game
        cond = conj(cond, any_of(member(p, v.winner) for p in players))
    return cond


def beside(rs: Ruleset, v: Victory) -> bool:
    """A role's victory by a group's fate ("You win when the Mafia outnumbers the Town.",
    "... when all threats to the Town have been eliminated."): it holds with the group's,
    neither ending the game nor competing with another victory."""
    return (
        v.condition not in SIDE
        and rs.role(v.winner) is not None
        and canon(v.side or v.group) != canon(v.winner)
    )


def win_constraints(
    rs: Ruleset,
    players: Sequence[str],
    alive_after: Callable[[str], Expr],
    member: Callable[[str, str], Expr],
    suffix: str = "",
    phase: str = "night",
    lynched: Callable[[str], Expr] = lambda p: FALSE,
    died: Callable[[str], Expr] = lambda p: FALSE,
) -> WinConstraints:
    """The winner after a phase. `member(p, group)` says p belongs to a faction or holds
    a role of that name; `alive_after(p)` that p is alive when the phase ends;
    `lynched(p)` that p was lynched in it (a day); `died(p)` that p died in it."""
    victories = [v for v in rs.victories if v.condition not in SIDE and not beside(rs, v)]
    holds = [
        label(_condition(rs, v, players, alive_after, member, phase), v.why) for v in victories
    ]
    # a role's victory by a group's fate holds with it, beside the game's
    with_group: dict[tuple[str, str], Expr] = {}
    for v in rs.victories:
        if beside(rs, v):
            held = label(_condition(rs, v, players, alive_after, member, phase), v.why)
            with_group[("wins", v.winner)] = any_of(
                [with_group.get(("wins", v.winner), FALSE), held]
            )
    if not victories:
        return WinConstraints({}, [], with_group)
    name = f"winner{suffix}"
    winner = Var(name)
    domains: dict[str, list[Any]] = {name: [GOES_ON, *range(len(victories))]}
    equations: list[tuple[Expr, Why]] = []
    first = victories[0].why
    equations.append((iff(eq(winner, Const(GOES_ON)), neg(any_of(holds))), first))
    for k, v in enumerate(victories):
        beaten = [
            holds[j]
            for j, w in enumerate(victories)
            if j != k and any(canon(x) == canon(v.winner) for x in w.over)
        ]
        equations.append((implies(eq(winner, Const(k)), conj(holds[k], *map(neg, beaten))), v.why))
    goes_on = conj(
        eq(winner, Const(GOES_ON)),
        *(label(neg(h), v.why) for h, v in zip(holds, victories, strict=True)),
    )
    atoms: dict[tuple[str, str], Expr] = {("goes on", ""): goes_on}
    for k, v in enumerate(victories):
        key = ("wins", v.winner)
        atoms[key] = any_of([atoms.get(key, FALSE), conj(eq(winner, Const(k)), holds[k])])
    ended = neg(eq(winner, Const(GOES_ON)))
    for v in rs.victories:
        if v.condition not in SIDE:
            continue
        holders = [p for p in players if member(p, v.group) != FALSE]
        if v.condition == "with":  # the group's victory, with a holder of the role dealt
            dealt = any_of(member(p, v.winner) for p in players)
            cond = conj(atoms.get(("wins", v.group), FALSE), dealt)
        elif v.condition == "lynched":
            cond = any_of(conj(member(p, v.group), lynched(p)) for p in holders)
        elif v.condition == "dies":
            cond = any_of(conj(member(p, v.group), died(p)) for p in holders)
        else:
            cond = conj(ended, any_of(conj(member(p, v.group), alive_after(p)) for p in holders))
        key = ("wins", v.winner)
        atoms[key] = any_of([atoms.get(key, FALSE), label(cond, v.why)])
    for key, cond in with_group.items():
        atoms[key] = any_of([atoms.get(key, FALSE), cond])
    return WinConstraints(domains, equations, atoms)


def add_wins(
    model: PhaseModel,
    ruleset: Ruleset,
    players: Sequence[str],
    alive_after: Callable[[str], Expr],
    member: Callable[[str, str], Expr],
) -> None:
    """The win conditions after the phase (logic/model/win.py), as atoms of it."""
    phase = "day" if model.phase.startswith("day") else "night"
    wins = win_constraints(
        ruleset,
        players,
        alive_after,
        member,
        phase=phase,
        lynched=lambda p: model.atoms.get(Atom("lynched", p), FALSE),
        died=lambda p: model.atoms.get(Atom("dies", p), FALSE),
    )
    model.domains.update(wins.domains)
    model.equations.extend(wins.equations)
    for (kind, who), expr in wins.atoms.items():
        model.atoms[Atom(kind, who)] = expr
