"""Owns the clause language's readings of grammar/clause/malfunction.lark and of the
malfunction's effect tail in grammar/clause/poison.lark (logic/effects/malfunction.py): a
player unaware of their role, one who is shown a character they do not hold, and a
target whose ability does not work for a night (and the day after)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.malfunction import Believes, Impaired, Unaware
from logic.lang.clause_parts import Tail, about
from logic.lang.kinds.knowing import names
from logic.lang.kinds.traits import Trait
from logic.model.ir import Why


class MalfunctionReading:
    """The methods of malfunction.lark's rules."""

    why: Why

    def impaired(self, children: list[Any]) -> Tail:
        day = any(isinstance(c, Token) and c.type == "TOMORROW" for c in children)
        return Tail((Impaired(day, why=self.why),))

    def unaware_of_role(self, children: list[Any]) -> tuple[Any, ...]:
        role = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        return about(children, Trait(Unaware(role, self.why)))

    def believes(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Trait(Believes(names(children)[0], why=self.why)))
