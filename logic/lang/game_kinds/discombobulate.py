"""Owns reading the roleblocks that fail themselves, said of the whole game
(grammar/game/discombobulate.lark; logic/effects/blockfails.py's `BlockFails`):
"Discombobulating someone who is not in Japan fails, as does discombobulating the killer
while Bribe is in effect." (DCTP's Discombobulate section, reworded)."""

from __future__ import annotations

from typing import Any

from logic.effects.blockfails import BlockFails
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class DiscombobulateReading(GameBase):
    """The methods of game/discombobulate.lark's rules."""

    def bk_abroad(self, children: list[Any]) -> str:
        return "abroad"

    def bk_bribed(self, children: list[Any]) -> str:
        return "bribed"

    def bk_fails(self, children: list[Any]) -> _Healing:
        cases = tuple(dict.fromkeys(c for c in children if c in ("abroad", "bribed")))
        return _Healing(BlockFails(cases, self.why))
