"""Owns reading what is revealed of a dead player's card (grammar/game/reveals.lark):
logic/effects/vote.py's Reveal, on a lynch (to all) or a kill (to the killer only)."""

from __future__ import annotations

from typing import Any

from logic.effects.vote import Reveal
from logic.lang.game_kinds.base import GameBase
from logic.lang.kinds.traits import Fact


class RevealReading(GameBase):
    def reveal_lynch(self, children: list[Any]) -> Fact:
        return Fact("day", Reveal("lynch", self.why), self.why)

    def reveal_kill(self, children: list[Any]) -> Fact:
        return Fact("day", Reveal("kill", self.why), self.why)
