"""Owns the clause language's reading of grammar/clause/spylist.lark (DCTP's Spy section):
"The user chooses a list of players not in the BO (4 - 6, ..." starts a night ability on
a list (logic/effects/spylist.py's `SpyList`: its length and the faction it may not name),
"Of these, the GM picks a random one and sends the name of the role to the player." gives
what it tells (`SpyRole`); "GM ultimately decides how many)." and the Spy's other
sentences (the role worn told, no use again while the player drawn is free, too few
townspeople, unseen by investigations) add to them."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.spylist import SpyList, SpyRole
from logic.lang.clause_parts import NoReading
from logic.lang.read.pieces import _AbilityStart, _AddTo
from logic.model.ir import LIST, Frequency, Why


def _tokens(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


def _faction(children: list[Any]) -> str:
    """The faction named after NOT DURING THE ("the BO")."""
    toks = [c for c in children if isinstance(c, Token)]
    at = next(k for k, c in enumerate(toks) if c.type == "DURING")
    return next(str(c) for c in toks[at + 1 :] if c.type in ("NAME", "ROLENAME"))


class SpyListReading:
    """The methods of spylist.lark's rules."""

    why: Why

    def sl_list(self, children: list[Any]) -> tuple[Any, ...]:
        low, high = (int(x) for x in _tokens(children, "NUMERAL")[:2])
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, LIST)
        return (start, SpyList(_faction(children), low, high, self.why))

    def sl_gm(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(SpyList, "gm", self.why),)

    def sl_told(self, children: list[Any]) -> tuple[Any, ...]:
        return (SpyRole(self.why),)

    def sl_worn(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(SpyRole, "worn", self.why),)

    def sl_again(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(SpyRole, "again", self.why),)

    def sl_town(self, children: list[Any]) -> tuple[Any, ...]:
        if any(w.casefold() not in ("less", "fewer") for w in _tokens(children, "MORE")):
            raise NoReading("'more than' townspeople: only 'less than' is read")
        least, plus = (int(x) for x in _tokens(children, "NUMERAL")[:2])
        return (_AddTo(SpyRole, "town", self.why, (self.why, least, plus)),)

    def sl_unseen(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(SpyRole, "unseen", self.why),)
