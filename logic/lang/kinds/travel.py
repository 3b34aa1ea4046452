"""Owns the clause language's reading of grammar/clause/travel.lark (words in
grammar/lexicon/travel.toml), mixed into logic/lang/kinds.Readings: "To travel, the player
sends a travel order to the GM (whether it's during Prep, Night, or Day)." gives an ability
aimed at no one named "Travel", by night (`Travel`) and by day (`DayTravel`) as the phases
it lists say (logic/effects/travel.py); each of the GM's other sentences about a traveler
is a trait of the holder (`TravelRule`, tagged by its rule's name)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.travel import DayTravel, Travel, TravelRule
from logic.lang.read.pieces import _AbilityStart, _DayAbility, _Trait
from logic.model.ir import Frequency, Why

_NAME = "Travel"
_ONE = ("NAME", "BLOCK", "FRIGHTEN")  # travel.lark's _tr_one


class _Pair(tuple[str, ...]):
    """The abilities a sentence names as a pair ("Discombobulate & Frighten")."""


def _pair(children: list[Any]) -> tuple[str, ...]:
    return next((tuple(c) for c in children if isinstance(c, _Pair)), ())


class TravelReading:
    """The methods of travel.lark's rules."""

    why: Why

    def _rule(self, tag: str, names: tuple[str, ...] = ()) -> tuple[Any, ...]:
        fields: dict[str, Any] = {tag: self.why}
        if names:
            fields["in_air" if tag == "untouched" else "names"] = names
        return (_Trait(None, TravelRule(self.why, **fields), self.why),)

    def tr_order(self, children: list[Any]) -> tuple[Any, ...]:
        phases = {c.type for c in children if isinstance(c, Token)}
        out: list[Any] = []
        if "PREP" in phases:  # the prep phase's, before night 1 (its own ability)
            start = _AbilityStart("targets", Frequency.PREP, self.why, None, 0, _NAME)
            out += [start, Travel(self.why, prep=True)]
        if "NIGHT" in phases:
            start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 0, _NAME)
            out += [start, Travel(self.why)]
        if "DAY" in phases:
            day = (DayTravel(self.why),)
            out.append(_DayAbility(_NAME, 0, Frequency.EACH_NIGHT, day, self.why))
        return tuple(out)

    def tr_exempt(self, children: list[Any]) -> tuple[Any, ...]:
        after = False
        names = []
        for c in children:
            if isinstance(c, Token) and c.type == "UNLESS":
                after = True
            elif after and isinstance(c, Token) and c.type in ("NAME", "BLOCK", "FRIGHTEN"):
                names.append(str(c))
        return self._rule("exempt", tuple(names))

    def tr_onset(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("onset")

    def tr_flight(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("flight")

    def tr_on_abroad(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("on_abroad")

    def tr_idle(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("idle")

    def tr_en_route(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("en_route")

    def tr_on_route(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("on_route")

    def tr_no_aptx(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("no_aptx")

    def tr_anywhere(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("anywhere")

    def tr_alone(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("alone")

    def tr_survives(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("survives")

    def tr_lands(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("lands")

    def tr_flies_out(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("flies_out")

    def tr_still_work(self, children: list[Any]) -> tuple[Any, ...]:
        """The abilities named before "DO still work" (`exempt`, said again)."""
        names = []
        for c in children:
            if isinstance(c, Token) and c.type == "USE":
                break
            if isinstance(c, Token) and c.type in ("NAME", "BLOCK", "FRIGHTEN"):
                names.append(str(c))
        return self._rule("exempt", tuple(names))

    def tr_pair(self, children: list[Any]) -> _Pair:
        return _Pair(str(c) for c in children if isinstance(c, Token) and c.type in _ONE)

    def tr_still_work_again(self, children: list[Any]) -> tuple[Any, ...]:
        """`exempt` said again: the pair named ("Discombobulate & Frighten will stop Travel
        ...", "... are the only normal actions that will have an effect, ...")."""
        return self._rule("exempt", _pair(children))

    def tr_untouched(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("untouched", _pair(children))

    def tr_stopped(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("stopped")

    def tr_in_process(self, children: list[Any]) -> tuple[Any, ...]:
        return self._rule("in_process")
