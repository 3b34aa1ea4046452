"""Owns reading one identification a day for a group and the rank that settles its
conflicting orders, said of the whole game (grammar/game/identify.lark;
logic/effects/identify.py's `OnePerDay`, `Ranking`, `RankDecides`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.identify import OnePerDay, RankDecides, Ranking
from logic.lang.clause_parts import NoReading
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


def _names(children: list[Any], kind: str = "NAME") -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


class IdentifyGameReading(GameBase):
    def id_one(self, children: list[Any]) -> _Healing:
        """ "They use Identify all together.": one identification a day for the group of
        the ability named."""
        return _Healing(OnePerDay(_names(children)[0], self.why))

    def id_rank(self, children: list[Any]) -> _Healing:
        """ "The ranking of the DB are: ..." (the first name is "ranking")."""
        named = _names(children)
        if named[0].casefold() != "ranking":
            raise NoReading("not a ranking")
        return _Healing(Ranking(tuple(_names(children, "ROLENAME")), self.why))

    def id_by_rank(self, children: list[Any]) -> _Healing:
        """ "... conflicting orders on whom to Identify, the GM will use this ranking." (the
        words "conflicting" and "ranking" where the sentence has them)."""
        named = [n.casefold() for n in _names(children)]
        if "conflicting" not in named or named[-1] != "ranking":
            raise NoReading("not a ranking of conflicting orders")
        ability = _names(children)[named.index("conflicting") + 1]
        return _Healing(RankDecides(ability, self.why))
