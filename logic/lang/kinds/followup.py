"""Owns the clause language's reading of grammar/clause/followup.lark (words in
grammar/lexicon/followup.toml), mixed into logic/lang/kinds.Readings: "Can use Follow-Up
during each day phase to SI actions that happened to someone they staked out the previous
night." is a day ability on one player, named as the sentence names it, whose effect is
`FollowUp` (logic/effects/followup.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.followup import FollowUp
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency, Why


class FollowUpReading:
    """The methods of followup.lark's rules."""

    why: Why

    def fu_ability(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        node = FollowUp(self.why)
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (node,), self.why),)
