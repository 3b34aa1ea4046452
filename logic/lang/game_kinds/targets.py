"""Owns reading what the whole game says of whom abilities may target
(grammar/game/targets.lark): "Players cannot target themselves." is logic/model/ir.py's
`NoSelfEvery`, which gives every role's abilities that name a player the restriction."""

from __future__ import annotations

from typing import Any

from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing
from logic.model.ir import NoSelfEvery


class TargetsReading(GameBase):
    def no_self_every(self, _: list[Any]) -> _Healing:
        return _Healing(NoSelfEvery(self.why))
