"""Owns the clause language's reading of grammar/clause/spread.lark, mixed into
logic/lang/kinds.Readings: an ability spread over up to N targets a night, one of each group
named ("Gin may slander up to two targets: one Black Org, and one town.": `Spread`), and two
targets of one group refused ("He may not slander two Black Org or two town.": `Apart`),
effects of the ability the sentences follow (logic/effects/spread.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.spread import Apart, Spread
from logic.lang.clause_parts import NoReading
from logic.model.ir import Why


def _groups(children: list[Any]) -> tuple[str, ...]:
    """The groups named after the count (the subject, a ROLENAME too, comes first)."""
    tokens = [c for c in children if isinstance(c, Token)]
    at = next(k for k, t in enumerate(tokens) if t.type in ("ONLY", "CANNOT"))
    return tuple(str(t) for t in tokens[at:] if t.type in ("ROLENAME", "NAME"))


class SpreadReading:
    """The methods of spread.lark's rules."""

    why: Why

    def sp_up_to(self, children: list[Any]) -> tuple[Any, ...]:
        counts = [c for c in children if type(c) is int]
        groups = _groups(children)
        if not counts or counts[0] != len(groups):
            raise NoReading("the count of targets is not the number of groups named")
        return (Spread(counts[0], groups, self.why),)

    def sp_apart(self, children: list[Any]) -> tuple[Any, ...]:
        counts = [c for c in children if type(c) is int]
        if any(n != 2 for n in counts):
            raise NoReading("only two targets of one group are refused")
        return (Apart(_groups(children), self.why),)
