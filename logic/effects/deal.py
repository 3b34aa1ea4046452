"""Owns the deal of characters by the number of players: how many of each character type
a game of N players has ("With 7 players, there are 5 Townsfolk, 0 Outsiders, 1 Minion
and 1 Demon."), the teams the types belong to ("Townsfolk and Outsiders are good."), a
role that changes the deal ("There are extra Outsiders in play. [+2 Outsiders]"), and
the teams' victories ("The good team wins if the Demon dies.").

Vocabulary (ruleset-level nodes, `Ruleset.kind_rules`, unless said):
  Deal        with `players` players, `counts`: (group, how many) for each type
  Team        `team` is the factions `groups`
  Extra       a trait: `count` more (fewer, when negative) players of `group` are dealt
              while the holder is in play (None: the sentence does not say how many)
  TeamWins    `team` wins when `event` happens ("the Demon dies": `dies` a group;
              `alive`: only that many players are left alive)
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.base import Kind
from logic.model.why import Why, meta


@dataclass(frozen=True)
class Deal:
    players: int
    counts: tuple[tuple[str, int], ...]
    why: Why = meta()

    def describe(self) -> str:
        counts = ", ".join(f"{n} {g}" for g, n in self.counts)
        return f"deal: with {self.players} players, {counts}"


@dataclass(frozen=True)
class Team:
    team: str
    groups: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"team: {' and '.join(self.groups)} are {self.team}"


@dataclass(frozen=True)
class Extra:
    group: str
    count: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        n = "extra" if self.count is None else f"{self.count:+d}"
        return f"deal: {n} {self.group} in play"


@dataclass(frozen=True)
class TeamWins:
    team: str
    dies: str | None = None
    alive: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        if self.dies is not None:
            return f"victory: the {self.team} team wins when the {self.dies} dies"
        return f"victory: the {self.team} team wins when only {self.alive} players are alive"


KIND = Kind("deal", (Deal, Team, Extra, TeamWins))
