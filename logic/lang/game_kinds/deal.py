"""Owns reading the deal of character types, the teams and their victories
(grammar/game/deal.lark): ruleset-level nodes of logic/effects/deal.py, as facts of kind
`KIND_RULE` (`Ruleset.kind_rules`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.deal import Deal, Team, TeamWins
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import Default
from logic.lang.kinds.traits import Fact

KIND_RULE = "kind rule"
"""A fact whose value is a ruleset-level node of an effect kind (`Ruleset.kind_rules`)."""


def _numbers(children: list[Any]) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "NUMERAL"]


class DealReading(GameBase):
    def dealt(self, children: list[Any]) -> tuple[str, int]:
        return (groups(children)[0], _numbers(children)[0])

    def deal_count(self, children: list[Any]) -> Fact:
        counts = tuple(c for c in children if isinstance(c, tuple))
        return Fact(KIND_RULE, Deal(_numbers(children)[0], counts, self.why), self.why)

    def team_of(self, children: list[Any]) -> Fact:
        *members, team = groups(children)
        return Fact(KIND_RULE, Team(team, tuple(members), self.why), self.why)

    def team_wins_death(self, children: list[Any]) -> Fact:
        team, dies = groups(children)
        return Fact(KIND_RULE, TeamWins(team, dies=dies, why=self.why), self.why)

    def team_wins_alive(self, children: list[Any]) -> Fact:
        team = groups(children)[0]
        node = TeamWins(team, alive=_numbers(children)[0], why=self.why)
        return Fact(KIND_RULE, node, self.why)

    def night_star(self, _: list[Any]) -> Default:
        return self.default("'each night*' is read as every night but the first")
