"""Owns reading the setup and the night's order said in prose (grammar/game/setup.lark):
vanillas, the balance of the deal, neutral roles, the order's heading, one tier at once."""

from __future__ import annotations

from typing import Any

from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import Heading
from logic.lang.kinds.traits import Fact


class SetupReading(GameBase):
    def vanilla(self, children: list[Any]) -> Fact:
        return Fact("vanilla", groups(children)[0], self.why)

    def balance(self, children: list[Any]) -> Fact:
        # (the words of "town vanilla", the words of "non-town"): split when assembled
        return Fact("balance", tuple(groups(children)), self.why)

    def neutral(self, children: list[Any]) -> Fact:
        a, b, c = groups(children)
        return Fact("neutral", (c, (a, b)), self.why)

    def never_dealt(self, children: list[Any]) -> Fact:
        return Fact("never dealt", groups(children)[0], self.why)

    def order_heading(self, children: list[Any]) -> Heading:
        return Heading("order", self.why)

    def healing_heading(self, children: list[Any]) -> Heading:
        return Heading("healing", self.why)

    def same_tier(self, children: list[Any]) -> Fact:
        return Fact("simultaneous", None, self.why)
