"""Owns reading the Black Org's poisoning by day, said of the whole game
(grammar/game/aptx.lark; logic/effects/aptx.py): each member of the faction the sentence
names may poison by day (`AptxGrant`), what a landed APTX does (`AptxKills`), and "Same for
APTX." (`NoLynchAptx`); a charm used up by the poisoning it stops (`CharmSpent`), given to its giver once a game
(`CharmSelfOnce`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.aptx import AptxGrant, AptxKills, CharmSelfOnce, CharmSpent, NoLynchAptx
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


class AptxReading(GameBase):
    def ax_grant(self, children: list[Any]) -> _Healing:
        tokens = [c for c in children if isinstance(c, Token)]
        name = next(str(c) for c in tokens if c.type == "NAME")
        at = next(k for k, c in enumerate(tokens) if c.type == "ATTEMPT")
        verb = str(tokens[at + 2]).lower()  # "attempt to VERB": the ability's name
        return _Healing(AptxGrant(name, verb, self.why))

    def ax_kills(self, children: list[Any]) -> _Healing:
        return _Healing(AptxKills(self.why))

    def ax_same(self, children: list[Any]) -> _Healing:
        return _Healing(NoLynchAptx(self.why))

    def ax_spent(self, children: list[Any]) -> _Healing:
        return _Healing(CharmSpent(self.why))

    def ax_self_once(self, children: list[Any]) -> _Healing:
        return _Healing(CharmSelfOnce(self.why))
