"""Owns the clause language's readings of grammar/clause/succession.lark: the Demon's
kill ("they die"), safety from a group's kills, a death moved to another player, and a
character passed on (logic/effects/succession.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.succession import Dies, DiesInstead, SafeFrom, Succession
from logic.lang.clause_parts import NoReading, Nothing, Tail, about
from logic.lang.kinds.knowing import names, numbers
from logic.lang.kinds.storyteller import chooser
from logic.lang.kinds.traits import Trait
from logic.model.ir import Why


class SuccessionReading:
    """The methods of succession.lark's rules."""

    why: Why

    def dies(self, _: list[Any]) -> Tail:
        return Tail((Dies(self.why),))

    def safe_tonight(self, children: list[Any]) -> Tail:
        tonight = any(isinstance(c, Token) and c.type == "TONIGHT" for c in children)
        return Tail((SafeFrom(names(children)[0], tonight, self.why),))

    def safe_if_attacked(self, children: list[Any]) -> tuple[Any, ...]:
        """'If the werewolves attack that player, they survive.': the ability's target is
        safe from that group's kills tonight."""
        return (SafeFrom(names(children)[0], True, self.why),)

    def safe_from(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Trait(SafeFrom(names(children)[0], why=self.why)))

    def safe_once(self, children: list[Any]) -> tuple[Any, ...]:
        """'You survive the first attack by the werewolves.': safety from that group's
        kills until the first night they attack the holder."""
        return about(children, Trait(SafeFrom(names(children)[0], once=True, why=self.why)))

    def dies_in_place(self, children: list[Any]) -> tuple[Any, ...]:
        by = chooser(children, "a death moved to another player")
        if by is None:
            raise NoReading("a death moved to a player no one chooses")
        return (Trait(DiesInstead(by, self.why)),)

    def passes_on_self_kill(self, children: list[Any]) -> tuple[Any, ...]:
        heir = names(children)[0]
        role = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        return (Succession(role, heir, self_kill=True, why=self.why),)

    def passes_on_death(self, children: list[Any]) -> tuple[Any, ...]:
        found = names(children)  # "you inherit their ability": the role that died
        dies, becomes = (found[0], found[0]) if len(found) == 1 else found
        least = numbers(children)
        node = Succession(
            becomes, None, dies=dies, min_alive=least[0] if least else 0, why=self.why
        )
        return (Trait(node),)

    def not_counted(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)
