"""Owns abilities that act when something happens to their holder, not when the holder
chooses: on the holder's death ("If you die at night, you are woken to choose a player",
"If you die by execution, your team loses."), on a nomination ("The 1st time you are
nominated, if the nominator is a Townsfolk, they are executed immediately."), on the
day's end ("If only 3 players live & no execution occurs, your team wins."); a public
day ability whose effect depends on what the target is ("if they are the Demon, they
die"), and a vote bound to another player's ("you may only vote if they are voting too").

Vocabulary:
  OnDeath     a condition on the ability before: it is used only when the holder dies
              (`how`: "night", "execution" or "any")
  TeamResult  a trait: the holder's team wins (`wins`) or loses when `event` happens
              ("die by execution"; "3 alive, no execution")
  OnNominated a trait: the first time (`first`) the holder is nominated, if the
              nominator is of `group`, the nominator is executed
  IfIs        an effect: the target dies if it is of `group` (the storyteller's
              registration applies)
  Public      the ability is used by day, in public ("during the day, publicly choose")
  VotesWith   an effect: the holder may vote tomorrow only if the target votes too
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.base import Kind
from logic.model.why import Why, meta


@dataclass(frozen=True)
class OnDeath:
    how: str = "any"
    why: Why = meta()

    def describe(self) -> str:
        how = {"night": " at night", "execution": " by execution"}.get(self.how, "")
        return f"trigger: used when the holder dies{how}"


@dataclass(frozen=True)
class TeamResult:
    wins: bool
    event: str  # "dies by execution", "alive N and no execution"
    alive: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        result = "wins" if self.wins else "loses"
        if self.alive is not None:
            return f"trigger: if only {self.alive} players live and no execution occurs, the holder's team {result}"
        return f"trigger: if the holder {self.event}, the holder's team {result}"


@dataclass(frozen=True)
class OnNominated:
    group: str
    first: bool = True
    why: Why = meta()

    def describe(self) -> str:
        when = "the first time" if self.first else "each time"
        return (
            f"trigger: {when} the holder is nominated, a {self.group} nominator is executed at once"
        )


@dataclass(frozen=True)
class IfIs:
    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"kill: the target dies if they are the {self.group}"


@dataclass(frozen=True)
class Public:
    why: Why = meta()
    by_day = True  # the frame's attribute: the ability is used by day

    def describe(self) -> str:
        return "used by day, in public"


@dataclass(frozen=True)
class VotesWith:
    why: Why = meta()

    def describe(self) -> str:
        return "vote: tomorrow, the holder may vote only if the target votes too"


KIND = Kind("triggers", (OnDeath, TeamResult, OnNominated, IfIs, Public, VotesWith))
