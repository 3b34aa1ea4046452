"""Owns reading the rules of players' conduct in the thread and the host's procedure
(grammar/game/conduct.lark): neither changes an outcome, and the engine models neither;
the sentences are recognised, so that `ruling parse` and `ruling draft` say so
(logic/lang/game_kinds/unmodelled.py's "conduct" and "procedure")."""

from __future__ import annotations

from typing import Any

from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Unmodelled


class ConductReading(GameBase):
    def conduct(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("conduct")

    def procedure(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("procedure")
