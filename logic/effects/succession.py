"""Owns the Demon's kill and its passing on: who may not be killed by a group's kill
("You are safe from the Demon.", "they are safe from the Demon tonight"), a death moved
to another player ("If you die at night, another player might die instead."), and a
character that passes to another player when its holder dies ("If you kill yourself this
way, a Minion becomes the Imp.", "If there are 5 or more players alive & the Demon dies,
you become the Demon.").

Vocabulary:
  Dies        an effect: the target dies ("choose a player: they die"): an attack of the
              holder's group (a kill stopped by `SafeFrom` of that group)
  SafeFrom    the target (an effect) or the holder (a trait) is not killed by the kills
              of `group` (`tonight`: this night only)
  DiesInstead a trait: when the holder would die at night, another player might die in
              their place (the storyteller's choice)
  Succession  a trait or effect: when `trigger` happens, `heir` (a player of that group,
              or the holder itself when None) becomes `becomes` (a role or a group);
              `self_kill`: the trigger is the holder killing itself with this ability;
              `min_alive`: only while at least that many players are alive
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.base import Kind
from logic.model.ir import Chooser
from logic.model.why import Why, meta


@dataclass(frozen=True)
class Dies:
    why: Why = meta()

    def describe(self) -> str:
        return "kill: the target dies, unless safe from the holder's kind"


@dataclass(frozen=True)
class SafeFrom:
    group: str
    tonight: bool = False
    why: Why = meta()

    def describe(self) -> str:
        when = " tonight" if self.tonight else ""
        return f"safety: not killed by the {self.group}{when}"


@dataclass(frozen=True)
class DiesInstead:
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return f"safety: if the holder would die at night, another player might die instead ({self.by.value}'s choice)"


@dataclass(frozen=True)
class Succession:
    becomes: str
    heir: str | None = None  # a group one of whose players inherits; None: the holder
    self_kill: bool = False
    dies: str | None = None  # the group whose holder's death passes it on
    min_alive: int = 0
    why: Why = meta()

    def describe(self) -> str:
        who = f"a {self.heir}" if self.heir else "the holder"
        if self.self_kill:
            when = "if the holder kills itself this way"
        else:
            when = f"if the {self.dies} dies"
        if self.min_alive:
            when += f" while {self.min_alive} or more players are alive"
        return f"succession: {when}, {who} becomes the {self.becomes}"


KIND = Kind("succession", (Dies, SafeFrom, DiesInstead, Succession))
