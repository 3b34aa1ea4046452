"""Owns the clause language's reading of grammar/clause/cover.lark (words in
grammar/lexicon/cover.toml), mixed into logic/lang/kinds.Readings: "Can choose one ally
during the day." gives a day ability naming the ally, "Cover" (`Cover`,
logic/effects/cover.py); the GM's other sentences about it are a trait of the holder
(`CoverRule`: what the cover lends, who may be covered, what is not lent, when it lends
nothing); an ability section's "Night action, crime, cannot be covered." is a trait of
the ability of its section (`Uncovered`), and its "Night action, crime, can be covered."
(`Coverable`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.cover import NAME, Cover, Coverable, CoverRule, Uncovered
from logic.lang.read.pieces import _DayAbility, _Trait
from logic.model.ir import Frequency, Why


class CoverReading:
    """The methods of cover.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _cover_rule(self, **fields: Any) -> tuple[Any, ...]:
        return (_Trait(None, CoverRule(self.why, **fields), self.why),)

    def cv_order(self, children: list[Any]) -> tuple[Any, ...]:
        return (_DayAbility(NAME, 1, Frequency.EACH_NIGHT, (Cover(self.why),), self.why),)

    def cv_lends(self, children: list[Any]) -> tuple[Any, ...]:
        """ "one night ability": one of them a night ("a night ability": any number)."""
        one = any(
            isinstance(c, Token) and c.type == "A" and str(c).casefold() == "one" for c in children
        )
        return self._cover_rule(lends=self.why, one=one)

    def cv_allies(self, children: list[Any]) -> tuple[Any, ...]:
        """The faction after "all"; "own lover" adds the coverer's lover."""
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        lover = len(names) > 1 and names[-1].casefold().startswith("lover")
        return self._cover_rule(allies=self.why, faction=names[0], lover=lover)

    def cv_barred(self, children: list[Any]) -> tuple[Any, ...]:
        """The abilities listed after "Can't cover:" (each a word or two: "House Search")."""
        tokens = [c for c in children if isinstance(c, Token)]
        first = next((t for t in tokens if t.type == "NAME"), None)
        if first is None or str(first).casefold() != "cover":
            raise self._no_reading("not a list of what cannot be covered")
        after = tokens[[t.type for t in tokens].index("COLON") + 1 :]
        names = [str(t) for t in after if t.type != "COMMA"]
        return self._cover_rule(barred=self.why, names=tuple(names))

    def cv_dies(self, children: list[Any]) -> tuple[Any, ...]:
        return self._cover_rule(dies=self.why)

    def cv_disguises(self, children: list[Any]) -> tuple[Any, ...]:
        """ "cover" (a NAME: another verb is no reading)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["cover"]:
            raise self._no_reading("not a cover")
        return self._cover_rule(disguises=self.why)

    def cv_not_on(self, children: list[Any]) -> tuple[Any, ...]:
        arrested = any(isinstance(c, Token) and c.type == "ARREST" for c in children)
        return self._cover_rule(not_on=self.why, arrested=arrested)

    def cv_uncovered(self, children: list[Any]) -> tuple[Any, ...]:
        """ "covered" (a NAME: another word is no reading)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["covered"]:
            raise self._no_reading("not a cover")
        more = [t for c in children if isinstance(c, tuple) for t in c]  # (`unhindered`)
        return (_Trait(None, Uncovered(why=self.why), self.why), *more)

    def cv_coverable(self, children: list[Any]) -> tuple[Any, ...]:
        """ "covered" (the last NAME: another word is no reading; "handled" before it is
        the keywords' aside)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named[-1:] != ["covered"] or named[:-1] not in ([], ["handled"]):
            raise self._no_reading("not a cover")
        return (_Trait(None, Coverable(why=self.why), self.why),)

    def cv_snipes(self, children: list[Any]) -> tuple[Any, ...]:
        """ "cover" (a NAME: another verb is no reading)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if not named or named[0] != "cover":
            raise self._no_reading("not a cover")
        return self._cover_rule(snipes=self.why)

    def cv_arrested(self, children: list[Any]) -> tuple[Any, ...]:
        """ "covered" (a NAME: another verb is no reading)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["covered"]:
            raise self._no_reading("not a cover")
        return self._cover_rule(arrested_today=self.why)
