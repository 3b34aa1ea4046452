"""Owns the clause language's readings of grammar/clause/crimes.lark: a house search
ordered each night ("Can order a house search each Night.": an ability named by its
noun, whose effect is logic/effects/crimes.py's `HouseSearch`), the arrest at night or by
day (one sentence, two abilities: `Accuse` and logic/effects/dayarrest.py's `DayAccuse`) and a special
investigation of an action of a past phase (`PastCheck`). The arrest's verb is its
kind's (`Kind.actions`), read as any ability's verb is."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.crimes import Accuse, HouseSearch, PastCheck, Release
from logic.effects.dayarrest import DayAccuse
from logic.lang import lexicon
from logic.lang.clause_parts import Starts, subject_of
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency, NoSelfTarget, Why


class CrimesReading:
    """The methods of crimes.lark's rules."""

    why: Why

    def cr_arrest(self, children: list[Any]) -> tuple[Any, ...]:
        """'Can arrest any player at Night or Day, except for themselves.': an arrest by
        night and one by day, both named by the verb, neither on the user."""
        verb = next(c for c in children if isinstance(c, Token) and c.type == "ARREST")
        name = str(verb)[:1].upper() + str(verb)[1:].lower()
        starts = Starts("targets", Frequency.EACH_NIGHT, self.why, subject_of(children), 1, name)
        no_self = NoSelfTarget(self.why)
        day = _DayAbility(
            name, 1, Frequency.EACH_NIGHT, (DayAccuse(self.why),), self.why, (no_self,)
        )
        return (starts, Accuse(self.why), no_self, day)

    def cr_search(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = freqs[0] if freqs else Frequency.EACH_NIGHT
        starts = Starts("targets", frequency, self.why, subject_of(children), 1, "House Search")
        return (starts, HouseSearch(self.why))

    def cr_past(self, children: list[Any]) -> tuple[Any, ...]:
        """'The player can Special Investigate one action of a past phase.': an ability of
        two targets (the action's doer and the one it was done to), named by its verb."""
        verb = next(c for c in children if isinstance(c, Token) and c.type == "SPECIAL_INVESTIGATE")
        lemma = lexicon.lexicon().lemmas.get(str(verb).lower(), str(verb).lower())
        name = " ".join(w[:1].upper() + w[1:] for w in lemma.split())
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = freqs[0] if freqs else Frequency.EACH_NIGHT
        starts = Starts("targets", frequency, self.why, subject_of(children), 2, name)
        return (starts, PastCheck(self.why))

    def cr_lawsuit(self, children: list[Any]) -> tuple[Any, ...]:
        """'Can bring back anyone who has been arrested with a lawsuit.': an ability named
        by its noun that frees an arrested player."""
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = freqs[0] if freqs else Frequency.EACH_NIGHT
        starts = Starts("targets", frequency, self.why, subject_of(children), 1, "Lawsuit")
        return (starts, Release(self.why))
