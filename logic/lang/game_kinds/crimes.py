"""Owns reading which abilities are crimes, said of the whole game
(grammar/game/crimes.lark; logic/effects/crimes.py): the list of crimes (`Crimes`, by the
abilities' gerunds), and what the record does anyway (a hindered crime did not happen;
belonging to a faction is no crime)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.crimes import Crimes
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Default
from logic.lang.read.pieces import _Healing


class CrimesReading(GameBase):
    def cr_item(self, children: list[Any]) -> tuple[str, ...]:
        """An ability by its gerund, and the kinds of it the sentence names."""
        words = [str(t) for t in children if isinstance(t, Token)]
        return (words[0],)

    def cr_list(self, children: list[Any]) -> _Healing:
        names = tuple(n for c in children if isinstance(c, tuple) for n in c)
        return _Healing(Crimes(names, self.why))

    def cr_hindered(self, children: list[Any]) -> Default:
        return self.default("a hindered action did not take place: it is not on the record")

    def cr_not_crime(self, children: list[Any]) -> Default:
        return self.default("the record holds actions, not factions")

    def cr_same_phase(self, children: list[Any]) -> Default:
        return self.default("the record is read of earlier phases only")
