"""Owns the clause language's reading of grammar/clause/retaliate.lark, mixed into
logic/lang/kinds.Readings: Revenge ('When they get lynched, the target of their own
lynching vote will become "injured".'), a role trait `LynchMarks` whose mark is the quoted
word, and Vengeance ("If Akai gets lynched, he'll kill the person he voted for too."), a
role trait `LynchKills`; and a blocked killer's kill on the blocker ("If you are
roleblocked, you will kill the roleblocker instead."), `KillsBlocker`
(logic/effects/retaliate.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.retaliate import (
    BrokenRevenges,
    DeathInjures,
    Hindered,
    HinderedAtNight,
    KillsBlocker,
    LynchKills,
    LynchMarks,
)
from logic.lang.clause_parts import NoReading
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


class RetaliateReading:
    """The methods of retaliate.lark's rules."""

    why: Why

    def rv_marks(self, children: list[Any]) -> tuple[Any, ...]:
        quoted = next(c for c in children if isinstance(c, Token) and c.type == "STRING")
        mark = str(quoted).strip("\"'“”")
        return (_Trait(None, LynchMarks(mark, self.why), self.why),)

    def rv_kills(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, LynchKills(self.why), self.why),)

    def rv_blocker(self, children: list[Any]) -> tuple[Any, ...]:
        """ "If you are roleblocked, you will kill the roleblocker instead.": the holder's
        kill, blocked, falls on each player whose roleblock stopped it."""
        named = [
            str(c).casefold()
            for c in children
            if isinstance(c, Token) and c.type in ("NAME", "ROLENAME")
        ]
        if named and not named[-1].endswith("blocker"):
            raise NoReading(f"'the {named[-1]}' is not the one who blocked the holder")
        return (_Trait(None, KillsBlocker(self.why), self.why),)

    def rv_death(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, DeathInjures(self.why), self.why),)

    def rv_frightened(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, Hindered(self.why), self.why),)

    def rv_same(self, children: list[Any]) -> tuple[Any, ...]:
        """ "Same with discombobulation.": a discombobulation hinders the holder's
        vengeance as a frightening does (R76: read in its section, after "If Frightened,
        he can't vote and can't use this action.")."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["discombobulation"]:
            raise NoReading("not a discombobulation")
        return (_Trait(None, HinderedAtNight(self.why), self.why),)

    def rv_broken(self, children: list[Any]) -> tuple[Any, ...]:
        """ "Bone Breaking" (the two names: another ability is no reading)."""
        words = [str(c).casefold() for c in children if isinstance(c, Token)]
        if words[3:5] != ["bone", "breaking"]:
            raise NoReading("not a bone breaking")
        return (_Trait(None, BrokenRevenges(self.why), self.why),)
