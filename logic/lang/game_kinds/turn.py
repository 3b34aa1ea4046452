"""Owns reading the turn's steps said of everyone (grammar/game/turn.lark): the night's
casualties, the roles of the dead told to a role (logic/effects/report.py), the next round."""

from __future__ import annotations

from typing import Any

from logic.effects.report import Report
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import RoleTrait, Said
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
