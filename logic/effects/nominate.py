"""Owns nominations and executions (Blood on the Clocktower's day): who may nominate and
be nominated, and who is executed by the votes ("A player is executed if they get votes
from at least half of the living players, and more votes than any other player
nominated that day."), and the dead's last vote.

Vocabulary (ruleset-level nodes, `Ruleset.kind_rules`):
  Nominates      each living player may nominate `per_day` player(s) a day
  NominatedOnce  each player may be nominated `per_day` time(s) a day
  ExecutedBy     the nominee with the most votes is executed when the votes reach
                 `share` of the living players (0.5: half) and beat every other
                 nominee's; a tie for the most executes no one
  DeadVote       a dead player may vote `times` more time(s) in the game
  ExecutedDies   the executed player dies
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.base import Kind
from logic.model.why import Why, meta


@dataclass(frozen=True)
class Nominates:
    per_day: int = 1
    why: Why = meta()

    def describe(self) -> str:
        return f"nominations: each living player may nominate {self.per_day} player a day"


@dataclass(frozen=True)
class NominatedOnce:
    per_day: int = 1
    why: Why = meta()

    def describe(self) -> str:
        return f"nominations: each player may be nominated {self.per_day} time a day"


@dataclass(frozen=True)
class ExecutedBy:
    share: float = 0.5
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"execution: the nominee with the most votes, at least {self.share:g} of the living "
            "players' and more than any other nominee's, is executed"
        )


@dataclass(frozen=True)
class DeadVote:
    times: int = 1
    why: Why = meta()

    def describe(self) -> str:
        return f"votes: a dead player may vote {self.times} more time in the game"


@dataclass(frozen=True)
class ExecutedDies:
    why: Why = meta()

    def describe(self) -> str:
        return "execution: the executed player dies"


KIND = Kind("nominate", (Nominates, NominatedOnce, ExecutedBy, DeadVote, ExecutedDies))
