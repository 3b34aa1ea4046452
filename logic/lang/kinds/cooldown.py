"""Owns the clause language's readings of grammar/clause/cooldown.lark (words in
grammar/lexicon/cooldown.toml), mixed into logic/lang/kinds.Readings: what an ability's use
bars the following night, as the frame grammar's pieces of a role's ability:

- its target ("whoever he protects cannot be chosen to be protected the following
  night"): the restriction `NoConsecutive`;
- the ability itself after a use that worked ("if his protection is used ..., the Doctor
  may not use his power the following night"): `Cooldown` (logic/effects/status.py), and
  the user told when it happens (`Cooldown(tells=...)`).

On a variant's line ('-Limited - ...') each is the variant's own sentence
(logic/lang/assemble/roles.py)."""

from __future__ import annotations

from typing import Any

from logic.effects.status import Cooldown
from logic.lang.clause_parts import about
from logic.lang.read.pieces import _Capability
from logic.model.ir import NoConsecutive, Why


class CooldownReading:
    """The methods of cooldown.lark's rules."""

    why: Why

    def cd_limited(self, _: list[Any]) -> tuple[Any, ...]:
        limit = NoConsecutive(False, self.why)
        return (_Capability(None, (), (limit,), None, False, self.why),)

    def cd_rest(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, _Capability(None, (Cooldown(self.why),), (), None, False, self.why))

    def cd_told(self, children: list[Any]) -> tuple[Any, ...]:
        rest = Cooldown(self.why, tells=self.why)
        return about(children, _Capability(None, (rest,), (), None, False, self.why))
