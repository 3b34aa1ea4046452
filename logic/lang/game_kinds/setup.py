"""Owns reading the setup and the night's order said in prose (grammar/game/setup.lark):
vanillas, the balance of the deal, neutral roles, the order's heading, one tier at once,
roles dealt once (the frame reader's unique roles), an order of the night by kinds of
action (an order of operations by the nouns of logic/effects/'s kinds); roles dealt at
random and roles repeated (what the engine does anyway); the setup's size and openness
(not modelled)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import (
    Default,
    Heading,
    KindOrder,
    NoReading,
    Unique,
    Unmodelled,
)
from logic.lang.kinds.traits import Fact
from logic.lang.read.pieces import REST


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

    def all_at_once(self, _: list[Any]) -> Fact:
        """ "All night actions happen simultaneously.": the actions of a tier are
        simultaneous, and with no order of operations there is one tier."""
        return Fact("simultaneous", None, self.why)

    def random_roles(self, children: list[Any]) -> Default:
        if not any(isinstance(c, Token) and c.type == "RANDOM" for c in children):
            return self.default("each player is dealt a role")
        return self.default("the roles are dealt at random (a uniform prior over the setup)")

    def unique_roles(self, children: list[Any]) -> Unique:
        return Unique(self.why)

    def duplicates(self, children: list[Any]) -> Default:
        return self.default("a role may be dealt to several players")

    def setup_size(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("the setup")

    def st_kind(self, children: list[Any]) -> str:
        return _NOUNS[children[0].type]  # ("actions" after it: "killing actions")

    def st_rest(self, children: list[Any]) -> str:
        return REST

    def kind_order(self, children: list[Any]) -> KindOrder:
        kinds = [c for c in children if type(c) is str]  # (a Token is a str too)
        words = {c.type for c in children if isinstance(c, Token)}
        if words & {"FIRST", "LAST"}:  # "first": before all the others, "last": after them
            kinds.append(REST)
        if words & {"AFTER", "LAST"}:  # "Kills are resolved after protections."
            kinds.reverse()
        if len(set(kinds)) != len(kinds):
            raise NoReading("a kind of action twice in one order")
        return KindOrder(tuple((k,) for k in kinds), self.why)


# the noun an order of operations calls each kind's effects (logic/effects/'s `nouns`)
_NOUNS = {
    "BLOCK": "roleblock",
    "PROTECT": "protection",
    "PROTECTION": "protection",
    "KILL": "killing",
    "CHECK": "investigation",
    "REDIRECT": "redirection",
    "PROTECTIVE": "protection",
    "INVESTIGATIVE": "investigation",
}
