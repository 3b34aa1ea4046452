"""Owns abilities that malfunction: a player whose ability does not work, and who does
not know it (Blood on the Clocktower's drunk and poisoned players). What such a player
learns is the storyteller's free choice (ir.Chooser.STORYTELLER: "false information"),
and what their ability does to others does not happen.

Vocabulary:
  Impaired  an effect on the ability's target: its ability malfunctions for the span
            said ("they are [...] tonight and tomorrow day": `through_day`)
  Unaware   a trait: the holder does not know they hold the role ("You do not know you
            are the Drunk.")
  Believes  a trait: the holder is told they hold a character of `group` they do not
            hold ("You think you are a Townsfolk character, but you are not."); that
            character's ability malfunctions for them, always
  FalseInfo a trait: what the holder learns may be false, at the storyteller's choice
            ("You might get false information.")
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.effects.base import Kind
from logic.model.ir import Chooser
from logic.model.why import Why, meta


@dataclass(frozen=True)
class Impaired:
    through_day: bool = False
    by: Chooser = Chooser.STORYTELLER  # who chooses what an impaired player learns
    why: Why = meta()

    def describe(self) -> str:
        span = "tonight and the following day" if self.through_day else "tonight"
        return f"malfunction: the target's ability does not work {span} (its information is the {self.by.value}'s choice)"


@dataclass(frozen=True)
class Unaware:
    role: str
    why: Why = meta()

    def describe(self) -> str:
        return f"malfunction: the holder does not know they are the {self.role}"


@dataclass(frozen=True)
class Believes:
    group: str
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"malfunction: the holder is shown a {self.group} character they do not hold "
            f"({self.by.value}'s choice); its ability does not work for them"
        )


@dataclass(frozen=True)
class FalseInfo:
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return f"malfunction: what the holder learns might be false ({self.by.value}'s choice)"


KIND = Kind("malfunction", (Impaired, Unaware, Believes, FalseInfo))
