"""Owns reading the GM's sentences about disguises said of the whole game
(grammar/game/disguise.lark; logic/effects/disguise.py): what check of which roles reads
the disguise ("If Vermouth or Irish are disguised, they assume the default interrogation
result of the disguise they are wearing.": `WornCard`), what takes a disguise off
(`LostOn`), a pinch's arrest (`PinchArrests`), a disguise's items and abilities (`WornItems`, `WornAbilities`), the roles no one may disguise as (`NotAs`), and the role a disguise takes
being out of the game (`Replaced`)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from logic.effects.disguise import (
    CostumeInPrep,
    CostumeLimit,
    CostumeTimes,
    DisguiseRemains,
    Investigable,
    LostOn,
    NotAs,
    OnlyAs,
    PinchArrests,
    Rechoose,
    Redisguise,
    Replaced,
    WornAbilities,
    WornCard,
    WornItems,
)
from logic.effects.pastdisguise import PastInvestigable
from logic.effects.scent import ScentKept
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import NoReading
from logic.lang.read.pieces import _Healing

_CAUSES = {"PINCH": "pinched", "INJURE": "injured", "ARREST": "arrested"}


def _roles(children: list[Any]) -> tuple[str, ...]:
    return tuple(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")


class DisguiseReading(GameBase):
    """The methods of game/disguise.lark's rules."""

    def dg_assume(self, children: list[Any]) -> _Healing:
        tokens = [c for c in children if isinstance(c, Token)]
        at = next(k for k, c in enumerate(tokens) if c.type == "RESULT")
        check = str(tokens[at - 1]).lower()  # "the default interrogation result"
        return _Healing(WornCard(check, _roles(children), self.why))

    def dg_lost_injured(self, children: list[Any]) -> _Healing:
        return _Healing(LostOn(("injured",), (), self.why))

    def dg_cause(self, children: list[Any]) -> str:
        first = children[0]
        if isinstance(first, Token) and first.type in _CAUSES:
            return _CAUSES[first.type]
        return "searched"  # "house searched"

    def dg_lost_list(self, children: list[Any]) -> _Healing:
        causes = tuple(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return _Healing(LostOn(causes, _roles(children), self.why))

    def dg_kind(self, children: list[Any]) -> str:
        """A group's members ("Black Org members": the group), or a word ("children")."""
        return next((c for c in children if type(c) is str), None) or str(children[0])

    def dg_prep_roles(self, children: list[Any]) -> str:
        return "prep"  # "Prep phase roles": the roles with a prep action

    def dg_not_as(self, children: list[Any]) -> _Healing:
        kinds = tuple(
            c for c in children if isinstance(c, str) and not isinstance(c, (Token, Tree))
        )
        return _Healing(NotAs(kinds, self.why))

    def dg_replaced(self, children: list[Any]) -> _Healing:
        return _Healing(Replaced(self.why))

    def dg_pinch_arrests(self, children: list[Any]) -> _Healing:
        return _Healing(PinchArrests(self.why))

    def dg_items(self, children: list[Any]) -> _Healing:
        return _Healing(WornItems(False, self.why))

    def dg_steal_items(self, children: list[Any]) -> _Healing:
        return _Healing(WornItems(False, self.why))

    def dg_costume_items(self, children: list[Any]) -> _Healing:
        return _Healing(WornItems(True, self.why))

    def dg_abilities(self, children: list[Any]) -> _Healing:
        return _Healing(WornAbilities(False, self.why))

    def dg_costume_abilities(self, children: list[Any]) -> _Healing:
        return _Healing(WornAbilities(True, self.why))

    def dg_prep_costume(self, children: list[Any]) -> _Healing:
        return _Healing(CostumeInPrep(_roles(children), self.why))

    def dg_only_as(self, children: list[Any]) -> _Healing:
        return _Healing(OnlyAs(groups(children)[0], self.why))

    def dg_nights(self, children: list[Any]) -> _Healing:
        nights = next(c for c in children if type(c) is int)
        return _Healing(CostumeLimit(_roles(children), nights, self.why))

    def dg_rechoose(self, children: list[Any]) -> _Healing:
        return _Healing(Rechoose(_roles(children), self.why))

    def dg_scent_kept(self, children: list[Any]) -> _Healing:
        return _Healing(ScentKept(self.why))

    def dg_investigable(self, children: list[Any]) -> _Healing:
        return _Healing(Investigable(False, self.why))

    def dg_investigable_costume(self, children: list[Any]) -> _Healing:
        return _Healing(Investigable(True, self.why))

    def dg_time(self, children: list[Any]) -> str:
        return (
            "night" if any(isinstance(c, Token) and c.type == "NIGHT" for c in children) else "day"
        )

    def dg_times(self, children: list[Any]) -> _Healing:
        times = tuple(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return _Healing(CostumeTimes(times, self.why))

    def dg_remains(self, children: list[Any]) -> _Healing:
        """What removes it: "injury" (a NAME) or an ability; no other word is read."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["injury"]:
            raise NoReading("a disguise removed by something other than an injury or an ability")
        return _Healing(DisguiseRemains(self.why))

    def dg_again(self, children: list[Any]) -> _Healing:
        return _Healing(Redisguise(_roles(children), self.why))

    def dg_investigable_past(self, children: list[Any]) -> _Healing:
        return _Healing(PastInvestigable(self.why))
