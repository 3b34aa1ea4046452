"""Owns the clause language's reading of grammar/clause/betrayal.lark (words in
grammar/lexicon/betrayal.toml), mixed into logic/lang/kinds.Readings: "She randomly gets to
know one activity of the BO that was done on that night." (`Betrayal`), the list of what
it reports, one line an activity ("Slander: Gin used slander on that night (doesn't know on
who).": `BetrayalReport`), its lines of abilities held some other way that it never reports
("Covered abilities: DOESN'T get to know what ability Calvados covered and used.":
`BetrayalHidden`), what the holder learns besides ("Will get to know the identity of the
role that was erased.": `BetrayalIdentity`), and "..., but it can be discombobulated." (`BetrayalBlocked`), each a
trait of the holder (logic/effects/betrayal.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.betrayal import (
    Betrayal,
    BetrayalBlocked,
    BetrayalHidden,
    BetrayalIdentity,
    BetrayalReport,
)
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


class BetrayalReading:
    """The methods of betrayal.lark's rules."""

    why: Why

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def bt_core(self, children: list[Any]) -> tuple[Any, ...]:
        after = False
        group = ""
        for c in children:
            if isinstance(c, Token) and c.type == "OF":
                after = True
            elif after and isinstance(c, Token) and c.type in ("ROLENAME", "NAME"):
                group = str(c)
                break
        return (_Trait(None, Betrayal(group, self.why), self.why),)

    def bt_blocked(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, BetrayalBlocked(self.why), self.why),)

    def bt_report(self, children: list[Any]) -> tuple[Any, ...]:
        names = []
        for c in children:
            if isinstance(c, Token) and c.type == "COLON":
                break
            if isinstance(c, Token) and c.type != "SLASH":
                names.append(str(c))
        return (_Trait(None, BetrayalReport(tuple(names), self.why), self.why),)

    def bt_hidden(self, children: list[Any]) -> tuple[Any, ...]:
        way = str(children[0])  # "Covered", "Disguised": the way the abilities are held
        return (_Trait(None, BetrayalHidden((way,), self.why), self.why),)

    def bt_identity(self, children: list[Any]) -> tuple[Any, ...]:
        done = str(children[-1])  # "erased": the activity whose object's role is learned
        trait = _Trait(None, BetrayalIdentity((done,), self.why), self.why)
        return self._said_of(children, trait)  # ("Ruling: Kir will get to know ...")
