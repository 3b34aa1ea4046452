"""Owns the clause language's readings of grammar/clause/deal.lark: a role that changes
the deal ("There are extra Outsiders in play. [+2 Outsiders]": logic/effects/deal.py's
`Extra`, a trait of the role)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.deal import Extra
from logic.lang.clause_parts import NoReading
from logic.lang.kinds.knowing import names, numbers
from logic.lang.kinds.traits import Trait
from logic.model.ir import Why


class DealReading:
    """The methods of deal.lark's rules."""

    why: Why

    def extra_in_play(self, children: list[Any]) -> tuple[Any, ...]:
        groups = names(children)
        if len(groups) == 2 and groups[0].rstrip("s").lower() != groups[1].rstrip("s").lower():
            raise NoReading("the bracket names another group than the sentence")
        plus = any(isinstance(c, Token) and c.type == "PLUS" for c in children)
        count = numbers(children)[0] if plus else None
        return (Trait(Extra(groups[0], count, self.why)),)
