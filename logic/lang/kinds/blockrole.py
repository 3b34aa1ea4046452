"""Owns the clause language's readings of grammar/clause/blockrole.lark, mixed into
logic/lang/kinds.Readings: a block aimed at a role ("the smoker selects a ROLE to block.",
a night ability named "smoke" aimed at no one) and what it does ("If that role uses a power
that night, it fails to work": `RoleBlock`, logic/effects/blockrole.py, an effect of the
ability before it)."""

from __future__ import annotations

from typing import Any

from logic.effects.blockrole import RoleBlock
from logic.lang.clause_parts import subject_of
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, Why


class BlockRoleReading:
    """The methods of blockrole.lark's rules."""

    why: Why

    def br_choose(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        return (_AbilityStart("targets", freq, self.why, subject_of(children), 0, "smoke"),)

    def br_fails(self, _: list[Any]) -> tuple[Any, ...]:
        return (RoleBlock(self.why),)
