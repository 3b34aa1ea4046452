"""Owns reading a faction's kill rotation, said of the whole game (grammar/game/
rotation.lark; logic/effects/rotation.py): "Every member of the Black Org must kill before a
member is allowed a second kill." (`KillCycle`), "The exceptions to this is if a member is
unable to kill due to being arrested or lynched, ..." (`CycleOut`), "Once the cycle has been
completed once, a new order may be decided." (`CycleRenews`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.rotation import CycleOut, CycleRenews, KillCycle
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class RotationReading(GameBase):
    """The methods of game/rotation.lark's rules."""

    def kc_cycle(self, children: list[Any]) -> _Healing:
        group = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        return _Healing(KillCycle(group, self.why))

    def kc_out(self, children: list[Any]) -> _Healing:
        return _Healing(CycleOut(self.why))

    def kc_renews(self, children: list[Any]) -> _Healing:
        return _Healing(CycleRenews(self.why))
