"""Owns the clause language's reading of grammar/clause/relay.lark: "After each night, James
will receive two results from his subordinates chosen at random (...)." is a trait of the
holder (logic/effects/relay.py's `Relayed`, the number the sentence says), and "With
concern to Akai, James will receive only one of his investigations." / "In the case of Kir,
James will receive only one of her actions (...), chosen at random." a trait of one result
only of the subordinate named (`RelayOne`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.relay import Relayed, RelayOne
from logic.lang.clause_parts import NUMBERS
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


def _number(text: str) -> int:
    return int(text) if text.isdigit() else NUMBERS[text.casefold()]


class RelayReading:
    """The methods of relay.lark's rules."""

    why: Why

    def rl_reports(self, children: list[Any]) -> tuple[Any, ...]:
        n = next(str(c) for c in children if isinstance(c, Token) and c.type == "NUMBER")
        return (_Trait(None, Relayed(_number(n), self.why), self.why),)

    def rl_one(self, children: list[Any]) -> tuple[Any, ...]:
        role = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        # "his investigations": the results of the abilities so named; "her actions": all
        toks = [c for c in children if isinstance(c, Token)]
        at = next(k for k, c in enumerate(toks) if c.type in ("POSS", "THEM"))
        of = (str(toks[at + 1]),) if toks[at + 1].type == "CHECK" else ()
        return (_Trait(None, RelayOne((role, *of), self.why), self.why),)
