"""Owns the clause language's reading of grammar/clause/suitcase.lark (words in
grammar/lexicon/suitcase.toml), mixed into logic/lang/kinds.Readings: the leader's day gift
of the Black Suitcase ('During each day the Leader (...) can decide to give the "Black
Suitcase" to any player (even himself).': a day ability naming the receiver, `Give`), the
receiver's night action ("During the next night the receiver can pretend to use any existing
Night ability.": `Pretend`, the ability pretended a decision), both named as the suitcase
("Black Suitcase"), the day's choice of a substitute receiver ("He can also choose a
substitute in case that player is killed/arrested.": `Substitute`, named "Substitute"), and
the GM's other sentences about it, a trait of the holder
(`SuitcaseRule`), logic/effects/suitcase.py."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.suitcase import SUBSTITUTE, Give, Pretend, Substitute, SuitcaseRule
from logic.lang.read.pieces import _AbilityStart, _DayAbility, _Trait
from logic.model.ir import Frequency, Why

_NAME = "Black Suitcase"


class SuitcaseReading:
    """The methods of suitcase.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _suitcase_rule(self, tag: str) -> tuple[Any, ...]:
        fields: dict[str, Any] = {tag: self.why}
        return (_Trait(None, SuitcaseRule(self.why, **fields), self.why),)

    def bs_give(self, children: list[Any]) -> tuple[Any, ...]:
        return (_DayAbility(_NAME, 1, Frequency.EACH_NIGHT, (Give(self.why),), self.why),)

    def bs_pretend(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 1, _NAME)
        return (start, Pretend(self.why))

    def bs_first_night(self, children: list[Any]) -> tuple[Any, ...]:
        """ "during Night 1": the first night only (another night is not this sentence)."""
        night = [str(c) for c in children if isinstance(c, Token) and c.type == "NUMERAL"]
        if night != ["1"]:
            raise self._no_reading("a night other than the first")
        return self._suitcase_rule("first_night")

    def bs_seen(self, children: list[Any]) -> tuple[Any, ...]:
        return self._suitcase_rule("seen")

    def bs_innocent(self, children: list[Any]) -> tuple[Any, ...]:
        return self._suitcase_rule("innocent")

    def bs_instead(self, children: list[Any]) -> tuple[Any, ...]:
        """The ability named after "use" (the opener, "Alternatively", is a NAME too)."""
        tokens = [c for c in children if isinstance(c, Token)]
        at = [t.type for t in tokens].index("USE")
        rule = SuitcaseRule(self.why, instead=self.why, lent=(str(tokens[at + 1]),))
        return (_Trait(None, rule, self.why),)

    def bs_members(self, children: list[Any]) -> tuple[Any, ...]:
        """The day (its number) and the group named (the words after "of the")."""
        tokens = [c for c in children if isinstance(c, Token)]
        day = int(next(t for t in tokens if t.type == "NUMERAL"))
        at = [t.type for t in tokens].index("MEMBER")
        group = " ".join(str(t) for t in tokens[at + 1 :] if t.type in ("NAME", "ROLENAME"))
        rule = SuitcaseRule(self.why, members=self.why, members_of=(day, group))
        return (_Trait(None, rule, self.why),)

    def bs_substitute(self, children: list[Any]) -> tuple[Any, ...]:
        return (
            _DayAbility(SUBSTITUTE, 1, Frequency.EACH_NIGHT, (Substitute(self.why),), self.why),
        )
