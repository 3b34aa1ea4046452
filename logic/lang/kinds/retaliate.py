"""Owns the clause language's reading of grammar/clause/retaliate.lark, mixed into
logic/lang/kinds.Readings: Revenge ('When they get lynched, the target of their own
lynching vote will become "injured".'), a role trait `LynchMarks` whose mark is the quoted
word, and Vengeance ("If Akai gets lynched, he'll kill the person he voted for too."), a
role trait `LynchKills` (logic/effects/retaliate.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.retaliate import LynchKills, LynchMarks
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


class RetaliateReading:
    """The methods of retaliate.lark's rules."""

    why: Why

    def rv_marks(self, children: list[Any]) -> tuple[Any, ...]:
        quoted = next(c for c in children if isinstance(c, Token) and c.type == "STRING")
        mark = str(quoted).strip("\"'“”")
        return (_Trait(None, LynchMarks(mark, self.why), self.why),)

    def rv_kills(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, LynchKills(self.why), self.why),)
