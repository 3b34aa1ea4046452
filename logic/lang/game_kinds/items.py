"""Owns reading the GM's list of the items that can be stolen from each role, said of the
whole game (grammar/game/items.lark; logic/effects/items.py): "Panties can be stolen from
Vermouth, Chianti, ... and Yukiko." (`StolenFrom`); the thieves of one player told they
were not alone (`ThievesTold`); "Protection from the tranquilizer watch can be
discombobulated too." (`ItemBlocked`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.items import ItemBlocked, StolenFrom, ThievesTold
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class ItemListReading(GameBase):
    """The methods of game/items.lark's rules."""

    def it_item(self, children: list[Any]) -> str:
        return " ".join(str(c) for c in children if isinstance(c, Token))

    def it_list(self, children: list[Any]) -> _Healing:
        item = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        roles = tuple(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        return _Healing(StolenFrom(item, roles, self.why))

    def it_same(self, children: list[Any]) -> bool:
        return True

    def it_told(self, children: list[Any]) -> _Healing:
        return _Healing(ThievesTold(any(c is True for c in children), self.why))

    def it_named(self, children: list[Any]) -> str:
        return " ".join(str(c) for c in children if isinstance(c, Token))

    def it_blocked(self, children: list[Any]) -> _Healing:
        item = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return _Healing(ItemBlocked(item, self.why))
