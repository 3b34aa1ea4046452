"""Owns reading the definitions of the natures a role's parenthesis lists
(grammar/game/natures.lark): each gives the fact `nature` with what it means ("once",
"active", "passive", "recurring", "night", "day", "any"), by which the assembler reads a
parenthesis (logic/lang/assemble/roles.py): "One-time use" makes its ability once per
game; "Night-time" and "Day-time" say when it is used, "Active" that it is an ability
the player uses, "Passive" that the role has none, each checked against the role's own
sentences (a contradiction is bad input); "Dual-nature" that it may be used publicly,
"Private" that it is only valid when PMed (logic/effects/manner.py's UseManner), both
checked against a role with no ability unless the definition is followed by "Does not
apply to passive roles." A nature the ruleset does not define says nothing."""

from __future__ import annotations

from typing import Any

from logic.lang.game_kinds.base import GameBase
from logic.lang.kinds.traits import Fact
from logic.lang.read.pieces import EXEMPT, NATURE


class NatureReading(GameBase):
    def _nature(self, meaning: str) -> Fact:
        return Fact(NATURE, meaning, self.why)

    def nature_once(self, _: list[Any]) -> Fact:
        return self._nature("once")

    def nature_active(self, _: list[Any]) -> Fact:
        return self._nature("active")

    def nature_passive(self, _: list[Any]) -> Fact:
        return self._nature("passive")

    def nature_recurring(self, _: list[Any]) -> Fact:
        return self._nature("recurring")

    def nature_night(self, _: list[Any]) -> Fact:
        return self._nature("night")

    def nature_day(self, _: list[Any]) -> Fact:
        return self._nature("day")

    def nature_any(self, _: list[Any]) -> Fact:
        return self._nature("any")

    def nature_dual(self, _: list[Any]) -> Fact:
        return self._nature("dual")

    def nature_private(self, _: list[Any]) -> Fact:
        return self._nature("private")

    def nature_exempt(self, _: list[Any]) -> Fact:
        """ "Does not apply to passive roles." after a definition: a passive role (no
        ability) may list that nature; without it, "Private" and "Dual-nature" need a use
        to PM or to post, and a role with none that lists them is bad input."""
        return self._nature(EXEMPT)
