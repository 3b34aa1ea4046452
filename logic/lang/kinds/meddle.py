"""Owns the clause language's readings of grammar/clause/meddle.lark (words in
grammar/lexicon/meddle.toml), mixed into logic/lang/kinds.Readings: a night ability named
"meddle" whose effect is `Meddle` (logic/effects/meddle.py), "This werewolf may provide
fake scan results for the status of another player at night-time."; the answer given
("If the Meddler provides a preferred answer, ... if not the GG randomly selects one
(possible) answer.": `Meddle.decided`) and the roles it is drawn from ("The random answer
is one of the Village and General roles, in play or not.": `Meddle.pool`), and where an
action aimed at him lands ("If the action is a target, a random other player is chosen.":
`Meddle.scatter`), and the roles its player may leave out of the draw ("The meddler can
exclude some specific roles.": `Meddle.excludes`), each said of the ability before it; a block of every scan aimed at a
player ("This werewolf may block one other player from any night-time scan activity.":
`ScanBlock`, a night ability named "smoke")."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.meddle import Meddle, ScanBlock
from logic.lang.clause_parts import subject_of
from logic.lang.kinds.powers import Whom
from logic.lang.kinds.traits import Adds
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, NoSelfTarget, Why


class MeddleReading:
    """The methods of meddle.lark's rules."""

    why: Why

    def meddle(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        start = _AbilityStart("targets", freq, self.why, subject_of(children), 1, "meddle")
        other = any(isinstance(c, Whom) and c.other for c in children)
        return (start, Meddle(self.why), *((NoSelfTarget(self.why),) if other else ()))

    def meddle_answer(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Meddle, "decided", self.why),)

    def scan_block(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        start = _AbilityStart("targets", freq, self.why, subject_of(children), 1, "smoke")
        other = any(isinstance(c, Whom) and c.other for c in children)
        return (start, ScanBlock(self.why), *((NoSelfTarget(self.why),) if other else ()))

    def meddle_scatter(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Meddle, "scatter", self.why),)

    def meddle_exclude(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Meddle, "excludes", self.why),)

    def meddle_pool(self, children: list[Any]) -> tuple[Any, ...]:
        names = tuple(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        return (Adds(Meddle, "pool", self.why, names), Adds(Meddle, "pool_why", self.why))
