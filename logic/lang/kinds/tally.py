"""Owns the clause language's reading of grammar/clause/tally.lark (words in
grammar/lexicon/tally.toml), mixed into logic/lang/kinds.Readings: Accompany, a day ability
on one player named by its verb ("She may accompany anyone during the day ..."), whose
effect is `Accompany` (logic/effects/tally.py), the votes it takes ("The target will have
his/her lynching votes reduced by 1 for that day.") and its restriction ("She can't
accompany herself."); Voice of Accusation, a day ability on the user's own vote named as
its sentence names it ("..., she may use Voice of Accusation."), whose effect is
`ExtraVote`, what it counts and when it may be used."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.tally import Accompany, ExtraVote
from logic.lang.read.pieces import _AddTo, _DayAbility
from logic.model.ir import Frequency, NoSelfTarget, Why


def _words(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


class TallyReading:
    """The methods of tally.lark's rules."""

    why: Why

    def tl_accompany(self, children: list[Any]) -> tuple[Any, ...]:
        verb = _words(children, "ACCOMPANY")[0]
        name = verb[:1].upper() + verb[1:].lower()
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (Accompany(self.why),), self.why),)

    def tl_less(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Accompany, "less", self.why),)

    def tl_no_self(self, children: list[Any]) -> tuple[Any, ...]:
        return (NoSelfTarget(self.why),)

    def tl_extra(self, children: list[Any]) -> tuple[Any, ...]:
        words = [str(c) for c in children if isinstance(c, Token)]
        at = words.index(next(w for w in words if w.lower() == "use"))
        name = " ".join(words[at + 1 :])
        day = _DayAbility(name, 0, Frequency.EACH_NIGHT, (ExtraVote(self.why),), self.why)
        return (day,)

    def tl_counts(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(ExtraVote, "counts", self.why),)

    def tl_examined(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(ExtraVote, "examined", self.why),)

    def tl_spent(self, children: list[Any]) -> tuple[Any, ...]:
        """ "... was a deciding factor in having the person lynched ...": spent once it
        decided a lynch."""
        return (_AddTo(ExtraVote, "spent", self.why),)
