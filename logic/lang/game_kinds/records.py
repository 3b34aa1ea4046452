"""Owns reading police records said of the whole game (grammar/game/records.lark;
logic/effects/records.py): what a check of the records reads for a faction's members and for
the rest (the ruleset's "records" fact), and a step of the turn order whose check kills
whoever it finds with a faction (the frame reader's capability of the step's role: a check
of the records and a kill when it finds the faction)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.attack import Kill
from logic.effects.records import RecordsCheck
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.kinds.traits import Fact
from logic.lang.read.pieces import _Capability


def _strings(children: list[Any]) -> list[str]:
    return [str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING"]


class RecordsReading(GameBase):
    def rc_result(self, children: list[Any]) -> Fact:
        yes, no = _strings(children)
        return Fact("records", (groups(children)[0], yes, no), self.why)

    def rc_lethal_step(self, children: list[Any]) -> _Capability:
        role, faction = groups(children)
        why = self.why
        effects = (RecordsCheck(faction, None, None, why), Kill(why, lethal_if=faction))
        return _Capability(role, effects, (), None, False, why)
