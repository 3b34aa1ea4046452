"""Owns reading the turn's steps said of everyone (grammar/game/turn.lark): the night's
casualties, the roles of the dead told to a role (logic/effects/report.py), the next round;
what the turn does anyway (deaths announced, night 1 first, night and day alternating) as
read with no effect; a day start, a night 0 and a night without kills, which the engine
does not model."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.report import Report
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import Default, NoReading, RoleTrait, Said, Unmodelled
from logic.lang.kinds.traits import Fact


class TurnReading(GameBase):
    def wake_up(self, children: list[Any]) -> Said:
        return Said(self.why)

    def casualty_report(self, children: list[Any]) -> Fact:
        return Fact("casualties", None, self.why)

    def casualty_deaths(self, children: list[Any]) -> Fact:
        return Fact("casualties", None, self.why)

    def of_night(self, children: list[Any]) -> str:
        return "night"

    def of_lynch(self, children: list[Any]) -> str:
        return "lynch"

    def role_report(self, children: list[Any]) -> RoleTrait:
        role, when = groups(children)
        return RoleTrait(role, Report(when, self.why), self.why)

    def new_round(self, children: list[Any]) -> Fact:
        return Fact("round", None, self.why)

    def deaths_announced(self, children: list[Any]) -> Default:
        return self.default("every death is announced")

    def game_start(self, children: list[Any]) -> Default | Unmodelled:
        words = {c.type: str(c) for c in children if isinstance(c, Token)}
        if "DAY" in words:
            return self.unmodelled("day start")
        number = words.get("NUMERAL", "1")
        if number == "0":
            return self.unmodelled("night 0")
        if number != "1":
            raise NoReading(f"a game that starts on night {number}")
        return self.default("the game starts with night 1")

    def phases_alternate(self, children: list[Any]) -> Default:
        return self.default("night and day alternate, night 1 first")

    def night_no_kills(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("a night without kills")
