"""Owns reading what still reaches a traveler abroad, said of the whole game
(grammar/game/travel.lark; logic/effects/travel.py's `Reachable`): "Travelers can be
befriended." (the effect the verb names lands on a traveler abroad)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.couple import Befriend
from logic.effects.travel import Reachable
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing

# the effect each verb names (its lexicon category)
_EFFECTS: dict[str, type] = {"BEFRIEND": Befriend}


class TravelReading(GameBase):
    """The methods of game/travel.lark's rules."""

    def tr_reach(self, children: list[Any]) -> _Healing:
        kinds = tuple(
            _EFFECTS[c.type] for c in children if isinstance(c, Token) and c.type in _EFFECTS
        )
        return _Healing(Reachable(kinds, self.why))
