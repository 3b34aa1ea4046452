"""Owns the clause language's reading of grammar/clause/census.lark: a count the holder is
told in the prep phase ("Player gets to know how many Black Org members are present in the
current game ...", "... the FBI Leader is given notice of how many of his subordinated
(Jodie, Akai, Camel, Kir) are in the game."), a trait of the holder (logic/effects/
census.py's `Census`) over the roles or factions the sentence names; "This count includes
characters disguised as his subordinated." said after it (`CensusWorn`), and the hint of a
disguise as one of the roles counted (`CensusHint`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.census import Census, CensusHint, CensusWorn
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


def _named(children: list[Any]) -> tuple[str, ...]:
    return tuple(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")


class CensusReading:
    """The methods of census.lark's rules."""

    why: Why

    def ce_count(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, Census(_named(children), self.why), self.why),)

    def ce_notice(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, Census(_named(children), self.why), self.why),)

    def ce_worn(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, CensusWorn(self.why), self.why),)

    def ce_hint(self, children: list[Any]) -> tuple[Any, ...]:
        text = next(str(c) for c in children if isinstance(c, Token) and c.type == "STRING")
        return (_Trait(None, CensusHint(text[1:-1], self.why), self.why),)
