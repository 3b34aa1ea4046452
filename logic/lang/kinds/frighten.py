"""Owns the clause language's reading of grammar/clause/frighten.lark (words in
grammar/lexicon/frighten.toml), mixed into logic/lang/kinds.Readings: "can't use his
ability the next day" said of a target is `Frighten` (logic/effects/frighten.py), the
target's day actions stopped the day after. "The Frightened player ..." is clause.lark's
`effect` with a target named by the verb of the ability it is of (frighten, a verb the kind
declares); "He also can't vote the next day." is the base language's (`vote_blocked_next`:
a hex, the target's vote with no power the next day)."""

from __future__ import annotations

from typing import Any

from logic.effects.frighten import Frighten
from logic.lang.clause_parts import Tail
from logic.model.ir import Why


class FrightenReading:
    """The methods of frighten.lark's rules."""

    why: Why

    def actions_blocked_next(self, _: list[Any]) -> Tail:
        return Tail((Frighten(self.why),))
