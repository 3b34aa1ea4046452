"""Owns reading the definitions of the natures a role's parenthesis lists
(grammar/game/natures.lark): "One-time use - These roles can only be used once." gives the
fact `nature` "once", by which the assembler reads a parenthesis's "One-time use" as once
per game (logic/lang/assemble/roles.py); without it the nature says nothing."""

from __future__ import annotations

from typing import Any

from logic.lang.game_kinds.base import GameBase
from logic.lang.kinds.traits import Fact

NATURE = "nature"


class NatureReading(GameBase):
    def nature_once(self, _: list[Any]) -> Fact:
        return Fact(NATURE, "once", self.why)
