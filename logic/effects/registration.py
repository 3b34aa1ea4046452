"""Owns registration: how a player shows to the abilities that detect characters,
alignments and types, when that is not what they are ("You might register as evil & as
a Minion or Demon, even if dead.", "There is a good player that registers as a Demon to
you."). Both are the storyteller's choices (ir.Chooser.STORYTELLER), made each time an
ability looks, not a gap in the rules.

Vocabulary (traits of the role that says them):
  RegistersAs  the holder might register as each of `shows` (a team, a faction or a
               character type), at the storyteller's choice; `even_dead`: also once dead
  RedHerring   one player of `team`, chosen by the storyteller at setup, registers as
               `group` to the holder's ability (and to no one else's)
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.base import Kind
from logic.model.ir import Chooser
from logic.model.why import Why, meta


@dataclass(frozen=True)
class RegistersAs:
    shows: tuple[tuple[str, ...], ...]  # each `&`-part: one of these (a team; Minion or Demon)
    even_dead: bool = False
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        parts = " and as ".join(" or ".join(p) for p in self.shows)
        dead = ", even if dead" if self.even_dead else ""
        return f"registration: might register as {parts} ({self.by.value}'s choice){dead}"


@dataclass(frozen=True)
class RedHerring:
    team: str
    group: str
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"registration: one {self.team} player, chosen at setup ({self.by.value}'s "
            f"choice), registers as a {self.group} to this role"
        )


KIND = Kind("registration", (RegistersAs, RedHerring))
