"""Owns the clause language's reading of grammar/clause/either.lark, mixed into
logic/lang/kinds.Readings: a role's card line naming night abilities joined by OR ("Night
action: Investigate 3 OR Interrogate.") is a trait of the holder, `Either`
(logic/effects/either.py): one of them a night. The number after a name (the "#" of an
investigation: how many actions it covers) is kept as written; no kind acts on it."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.either import Either
from logic.lang.clause_parts import NoReading
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


class EitherReading:
    """The methods of either.lark's rules."""

    why: Why

    def ei_name(self, children: list[Any]) -> str:
        return " ".join(str(c) for c in children if isinstance(c, Token))

    def ei_either(self, children: list[Any]) -> tuple[Any, ...]:
        head = next(c for c in children if isinstance(c, Token) and c.type == "ABILITY")
        if "night" not in str(head).casefold():
            raise NoReading("abilities joined by OR are read on a 'Night action:' line")
        names: list[str] = []
        counts: list[int | None] = []
        for c in children:
            if isinstance(c, str) and not isinstance(c, Token):
                names.append(c)
                counts.append(None)
            elif isinstance(c, Token) and c.type == "NUMERAL" and counts:
                counts[-1] = int(str(c)) if str(c).isdigit() else None
        return (_Trait(None, Either(self.why, tuple(names), tuple(counts)), self.why),)
