"""Owns reading the GM's list of the items that can be stolen from each role, said of the
whole game (grammar/game/items.lark; logic/effects/items.py): "Panties can be stolen from
Vermouth, Chianti, ... and Yukiko." (`StolenFrom`); the thieves of one player told they
were not alone (`ThievesTold`); "Protection from the tranquilizer watch can be
discombobulated too." (`ItemBlocked`); the watch's notices to its lender, its holder and
his attacker (`ItemNotice`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.items import ItemBlocked, ItemNotice, StolenFrom, ThievesTold
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import NoReading
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

    def it_watch(self, children: list[Any]) -> Watch:
        return Watch(str(children[0]))

    def _notice(self, children: list[Any], who: tuple[str, ...], when: str) -> _Healing:
        """The item the sentence names (every `it_watch` of it the same word)."""
        named = {w.casefold() for w in children if isinstance(w, Watch)}
        if len(named) != 1:
            raise NoReading("the notice names two items")
        return _Healing(ItemNotice(named.pop(), who, when, self.why))

    def it_notice_lender(self, children: list[Any]) -> _Healing:
        return self._notice(children, ("lender",), "broken")

    def it_notice_both(self, children: list[Any]) -> _Healing:
        return self._notice(children, ("lender", "holder"), "broken")

    def it_notice_used(self, children: list[Any]) -> _Healing:
        return self._notice(children, ("holder",), "used")

    def it_notice_attacker(self, children: list[Any]) -> _Healing:
        return self._notice(children, ("attacker",), "stopped")


class Watch(str):
    """The word a notice's sentence names its item by ("watch")."""
