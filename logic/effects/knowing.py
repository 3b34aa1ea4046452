"""Owns what a player is told by the game itself, not found by visiting: information a
role starts the game with or learns at night ("You start knowing that 1 of 2 players is
a particular Townsfolk.", "Each night, you learn how many of your 2 alive neighbours are
evil."). The nodes say what is true of the world when the information is true; whether a
player's information is true is another kind's (logic/effects/malfunction.py: an impaired
player's information is the storyteller's free choice).

Vocabulary (each an effect of the ability its sentence gives; `group` is a faction, a
character type or a role as the ruleset names it, `team` a team of factions
(logic/effects/deal.py's `Team`):
  OneOf          "1 of 2 players is a particular Townsfolk": `among` players are shown and
                 a character of `group` is named; one of them holds it
  NoneInPlay     "(Or that zero are in play.)": the information may instead be that no
                 player holds a character of the group of the ability's `OneOf`
  PairsCount     "how many pairs of evil players there are": neighbouring pairs, both of
                 the team
  NeighbourCount "how many of your 2 alive neighbours are evil": among the nearest
                 `count` players on either side (alive ones only, when `alive`)
  AnyIs          "you learn if either is a Demon": whether any target is of the group
  ExecutedRole   "which character died by execution today"
  SeesAll        "you see the Grimoire": every player's character and state
The role's own learning of a target's character ("you learn their character") is the
investigate kind's (`Info("role")`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.effects.deal import Team
from logic.effects.registration import RegistersAs, same
from logic.model.expr import FALSE, Const, Expr, add, any_of, conj, disj, eq, ite, label
from logic.model.ir import canon
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class OneOf:
    group: str
    among: int = 2
    holders: int = 1
    why: Why = meta()

    def describe(self) -> str:
        return f"learns: {self.holders} of {self.among} players shown is a particular {self.group}"


@dataclass(frozen=True)
class NoneInPlay:
    why: Why = meta()

    def describe(self) -> str:
        return "learns: or that no player holds a character of that kind"


@dataclass(frozen=True)
class PairsCount:
    team: str
    why: Why = meta()

    def describe(self) -> str:
        return f"learns: how many pairs of neighbouring {self.team} players there are"


@dataclass(frozen=True)
class NeighbourCount:
    team: str
    count: int = 2
    alive: bool = True
    why: Why = meta()

    def describe(self) -> str:
        alive = " alive" if self.alive else ""
        return f"learns: how many of the {self.count}{alive} neighbours are {self.team}"


@dataclass(frozen=True)
class AnyIs:
    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"learns: whether any of the chosen players is a {self.group}"


@dataclass(frozen=True)
class ExecutedRole:
    why: Why = meta()

    def describe(self) -> str:
        return "learns: the character of the player executed today"


@dataclass(frozen=True)
class SeesAll:
    why: Why = meta()

    def describe(self) -> str:
        return "learns: every player's character and state (the Grimoire)"


# ----------------------------------------------------------------------------- the night
# The counts (`PairsCount`) are built into a night: the players' order is their seats,
# clockwise; a player who might register as the team (registration.RegistersAs) does so
# at each look by the storyteller's choice (one per pair counted). The other nodes are
# read by `ruling solve`'s Clocktower loop only (logic/commands/solve/clocktower.py).


def _team(b: NightBuilder, team: str) -> list[str]:
    """The factions of a team (deal.Team, in the ruleset's kind_rules), or the faction
    named so."""
    out = [
        f
        for t in b.rs.kind_rules
        if isinstance(t, Team) and same(t.team, team)
        for g in t.groups
        for f in b.rs.factions
        if same(f, g)
    ]
    return out or [f for f in b.rs.factions if same(f, team)]


def looks(b: NightBuilder, p: str, team: str, look: str) -> Expr:
    """p registers as `team` at this look: p's faction is the team's, or p's role might
    register as it and the storyteller so chooses (a variable per look)."""
    parts = [any_of(b.sc.faction_is(p, f) for f in _team(b, team))]
    for role in b.roles:
        for t in role.traits:
            if not isinstance(t, RegistersAs) or not any(
                same(g, team) for part in t.shows for g in part
            ):
                continue
            holds = b.sc.role_is(p, role)
            if holds == FALSE:
                continue
            if t.by is None:
                parts.append(label(holds, t.why))
                continue
            name = f"registers:{canon(p)}:{look}"
            chosen = eq(b.choice(name, [False, True], by=t.by), Const(True))
            parts.append(label(conj(holds, chosen), t.why))
    return disj(*parts)


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The number a count tells its user (a text per possible number)."""
    out: list[TextSource] = []
    players = list(b.sc.players)
    n = len(players)
    for c, e in b.effects(i, PairsCount):
        look = f"{canon(b.actor(i))}:pair"
        pairs = [
            conj(
                looks(b, players[k], e.team, f"{look}{k}"),
                looks(b, players[(k + 1) % n], e.team, f"{look}{k}"),
            )
            for k in range(n if n > 2 else n - 1)
        ]
        count = add(*(ite(x, Const(1), Const(0)) for x in pairs))
        gate = conj(c, b.ok(i))
        for v in range(len(pairs) + 1):
            hit = conj(gate, eq(count, Const(v)))
            if hit != FALSE:
                out.append(TextSource(b.actor(i), label(hit, e.why), str(v), why=e.why))
    return out


KIND = Kind(
    "knowing",
    (OneOf, NoneInPlay, PairsCount, NeighbourCount, AnyIs, ExecutedRole, SeesAll),
    texts=texts,
)
