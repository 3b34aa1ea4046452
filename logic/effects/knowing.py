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

from logic.effects.base import Kind
from logic.model.why import Why, meta


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


KIND = Kind(
    "knowing", (OneOf, NoneInPlay, PairsCount, NeighbourCount, AnyIs, ExecutedRole, SeesAll)
)
