"""Owns reading which abilities are crimes, said of the whole game
(grammar/game/crimes.lark; logic/effects/crimes.py): the list of crimes (`Crimes`, by the
abilities' gerunds), and what the record does anyway (a hindered crime did not happen;
belonging to a faction is no crime)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.crimes import (
    ARREST_ASKER,
    ARREST_REASON,
    INJURY_REASON,
    SEARCH_ASKER,
    SEARCH_REASON,
    AnyPast,
    AutoArrest,
    Barred,
    Crimes,
    EarlierOnly,
    HeldFails,
    HindersCrime,
    Hurt,
    NoBlamedArrest,
    NotTwice,
    OnHeldFails,
    ResultsWithheld,
    Suspends,
    SuspensionExempt,
    SuspensionStops,
)
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Default, NoReading
from logic.lang.read.pieces import _Healing
from logic.model import frame


class CrimesReading(GameBase):
    def cr_item(self, children: list[Any]) -> tuple[str, ...]:
        """An ability by its gerund, and the kinds of it the sentence names."""
        words = [str(t) for t in children if isinstance(t, Token)]
        return (words[0],)

    def cr_list(self, children: list[Any]) -> _Healing:
        names = tuple(n for c in children if isinstance(c, tuple) for n in c)
        return _Healing(Crimes(names, self.why))

    def cr_hindered(self, children: list[Any]) -> Default:
        return self.default(
            "a hindered action did not take place: it is not on the record", frame.TAKES_PLACE
        )

    def cr_not_crime(self, children: list[Any]) -> Default:
        return self.default("the record holds actions, not factions")

    def cr_same_phase(self, children: list[Any]) -> Default:
        return self.default("the record is read of earlier phases only")

    def cr_same_any(self, children: list[Any]) -> _Healing:
        return _Healing(EarlierOnly("any", self.why))

    def cr_same_arrest(self, children: list[Any]) -> _Healing:
        return _Healing(EarlierOnly(ARREST_ASKER, self.why, nights_days=True))

    def cr_same_search(self, children: list[Any]) -> _Healing:
        return _Healing(EarlierOnly(SEARCH_ASKER, self.why))

    def cr_suspended(self, children: list[Any]) -> _Healing:
        return _Healing(Suspends(ARREST_REASON, _count(children), self.why))

    def cr_no_use(self, children: list[Any]) -> str:
        return NO_USE

    def cr_search_suspended(self, children: list[Any]) -> _Healing:
        stops = NO_USE in children
        return _Healing(Suspends(SEARCH_REASON, _count(children), self.why, stops))

    def cr_barred(self, children: list[Any]) -> _Healing:
        return _Healing(Barred(self.why))

    def cr_auto(self, children: list[Any]) -> _Healing:
        return _Healing(AutoArrest(self.why))

    def cr_held(self, children: list[Any]) -> _Healing:
        return _Healing(HeldFails(self.why))

    def cr_on_held(self, children: list[Any]) -> _Healing:
        return _Healing(OnHeldFails(self.why))

    def cr_hurt(self, children: list[Any]) -> _Healing:
        return _Healing(Hurt(_count(children), self.why))

    def cr_order_note(self, children: list[Any]) -> Default:
        return self.default(
            "the order of actions: the arrest first, tricks and kills before a search"
        )

    def cr_auto_only(self, children: list[Any]) -> Default:
        return self.default("only a house search arrests by itself")

    def cr_suspension_stops(self, children: list[Any]) -> _Healing:
        return _Healing(SuspensionStops((ARREST_REASON, SEARCH_REASON), self.why))

    def cr_injury_stops(self, children: list[Any]) -> _Healing:
        return _Healing(SuspensionStops((INJURY_REASON,), self.why))

    def cr_secret(self, children: list[Any]) -> Default:
        return self.default("an arrest reveals no one's role")

    def cr_all_actions(self, children: list[Any]) -> Default:
        return self.default("a player may use each of his abilities in one night", frame.ONE_USE)

    def cr_not_twice(self, children: list[Any]) -> _Healing:
        return _Healing(NotTwice(self.why))

    def cr_hinders(self, children: list[Any]) -> _Healing:
        return _Healing(HindersCrime(self.why))

    def cr_item_exempt(self, children: list[Any]) -> _Healing:
        """The item whose actions a suspended officer may still take: named twice, the same
        ("the bow-tie actions in case he get's the bow-tie")."""
        named = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        if len({n.casefold() for n in named}) != 1:
            raise NoReading("the item used and the item held differ")
        return _Healing(SuspensionExempt(named[0], self.why))

    def cr_no_blamed(self, children: list[Any]) -> _Healing:
        """The group (a faction, by its name or initials, or a role) that may not arrest
        for "a blamed action" (the NAME must be "blamed": no other adjective is read)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["blamed"]:
            raise NoReading("an arrest barred for an action that is not a blamed one")
        group = next(c for c in children if type(c) is str)
        return _Healing(NoBlamedArrest(group, self.why))

    def cr_any_past(self, children: list[Any]) -> _Healing:
        return _Healing(AnyPast(self.why))

    def cr_no_results(self, children: list[Any]) -> _Healing:
        """The states whose first phase tells no results ("injured", "suspended"), said twice
        ("people do not recieve results on the phase they're injured/suspended")."""
        states = [t.type for t in children if isinstance(t, Token) and t.type in _STATES]
        half = len(states) // 2
        if not states or states[:half] != states[half:]:
            raise NoReading("the states named before and after differ")
        reasons = tuple(r for state in states[:half] for r in _STATES[state])
        return _Healing(ResultsWithheld(reasons, self.why))


NO_USE = "no use"  # the suspension's own "and can't use any actions during that time"
# the states a sentence names by their verb -> the reasons of crimes' suspensions
_STATES = {"SUSPEND": (ARREST_REASON, SEARCH_REASON), "INJURE": (INJURY_REASON,)}


def _count(children: list[Any]) -> int:
    return next(c for c in children if type(c) is int)
