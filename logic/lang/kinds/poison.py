"""Owns the clause language's reading of grammar/clause/poison.lark's outcome of a poison
("They will die the following night unless healed."): the poison said by what it does,
logic/effects/poison.py's node. Said after a "poison" ability it is that ability's one
effect again; after any other verb it makes that ability a poisoning."""

from __future__ import annotations

from typing import Any

from logic.effects.poison import Poison
from logic.lang.clause_parts import NoReading, Tail
from logic.model.ir import Why


class PoisonReading:
    """The methods of poison.lark's rules."""

    why: Why

    def dies_next_night(self, _: list[Any]) -> Tail:
        return Tail((Poison(self.why),))

    def dies_next_day(self, _: list[Any]) -> Tail:
        raise NoReading(
            "a death at the end of the following day: the engine does not model a delayed "
            "death by day (its poison kills at the end of the following night: 'They will "
            "die the following night unless healed.')"
        )


__all__ = ["PoisonReading"]
