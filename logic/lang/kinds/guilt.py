"""Owns the clause language's reading of grammar/clause/guilt.lark, mixed into
logic/lang/kinds.Readings: a kill's user who dies for whom it killed ("If you kill a town
player, you will die of guilt the following night."): `Guilt` (logic/effects/guilt.py), an
effect of the ability before (with none, the kill it speaks of). A death at another time (that night, the next day) or for a
kill of a player of no faction named is refused with its reason."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.attack import Kill
from logic.effects.guilt import Guilt
from logic.lang.clause_parts import NoReading
from logic.lang.kinds.common2 import Implied
from logic.model.ir import Why


class GuiltReading:
    """The methods of guilt.lark's rules."""

    why: Why

    def guilt(self, children: list[Any]) -> tuple[Any, ...]:
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        when = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        if not names:
            raise NoReading("a death for guilt over a kill of any player (no faction named)")
        if not when:
            raise NoReading(
                "a death for guilt whose time is not said (the guilt kind's death comes the "
                "night after the kill: say 'the following night')"
            )
        if when[0] != "gu_next_night":
            raise NoReading(
                "a death for guilt at a time other than the following night (the guilt "
                "kind's death comes the night after the kill)"
            )
        # with no ability before it, the sentence's kill is the role's ability (as a
        # restriction's verb is: common2.py's Implied; after an ability it adds nothing)
        implied = Implied("kills", (Kill(self.why),), self.why)
        return (implied, Guilt(names[-1], self.why))

    def gu_lose(self, _: list[Any]) -> tuple[Any, ...]:
        raise NoReading(
            "an ability lost for whom a kill killed (the guilt kind's outcome is a death the "
            "night after the kill, not an ability taken away)"
        )

    def gu_next_night(self, _: list[Any]) -> str:
        return "gu_next_night"

    def gu_other(self, _: list[Any]) -> str:
        return "gu_other"
