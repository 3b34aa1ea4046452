"""Owns reading the deal of character types, the teams and their victories, the
categories of roles and which of them every game deals
(grammar/game/deal.lark): ruleset-level nodes of logic/effects/deal.py, as facts of kind
`KIND_RULE` (`Ruleset.kind_rules`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.deal import (
    Always,
    Category,
    Deal,
    EveryRole,
    Exclusive,
    MoreRoles,
    Team,
    TeamWins,
)
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import Default, NoReading
from logic.lang.kinds.traits import Fact
from logic.model.ir import canon

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

    def dl_role(self, children: list[Any]) -> tuple[str]:
        (c,) = children
        return (c.strip('"') if isinstance(c, Token) else c,)

    def category_of(self, children: list[Any]) -> Fact:
        roles = tuple(c[0] for c in children if isinstance(c, tuple))
        name = groups(children)[-1]
        return Fact(KIND_RULE, Category(name, roles, self.why), self.why)

    def always_dealt(self, children: list[Any]) -> Fact:
        said = [canon(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        if said and said[0] not in ("exclusive", "exclusively"):
            raise NoReading(f"'always assigned and {said[0]} to': only 'exclusive to' is read")
        gs = groups(children)
        node = Always(gs[0], gs[1] if len(gs) > 1 else None, self.why)
        return Fact(KIND_RULE, node, self.why)

    def maybe_dealt(self, children: list[Any]) -> Fact:
        """ "Village Exclusive - These roles can only be assigned to villagers (good guys)
        but are not guaranteed to be assigned.": the category's roles go to that faction's
        players only (may be dealt or not: what the deal does anyway)."""
        gs = groups(children)
        return Fact(KIND_RULE, Exclusive(gs[0], gs[1], self.why), self.why)

    def not_guaranteed(self, children: list[Any]) -> Default:
        return self.default("a role may be left out of the deal")

    def role_each(self, children: list[Any]) -> Fact:
        """ "Every player in the game will have a special role or ability.": no player of
        a game dealt from categories of roles is without one (logic/effects/deal.py)."""
        return Fact(KIND_RULE, EveryRole(self.why), self.why)

    def more_roles(self, children: list[Any]) -> Fact:
        return Fact(KIND_RULE, MoreRoles(self.why), self.why)
