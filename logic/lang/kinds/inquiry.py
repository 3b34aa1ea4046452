"""Owns the clause language's readings of grammar/clause/inquiry.lark: a check that learns
one of several answers its sentence names ('learns whether that player is a child, a
teenager or an adult': an `Interrogate` of the card line those answers are on, which
logic/lang/assemble/finish.py finds, since the sentence does not name it), and an
investigation of actions whose number is said as a sentence of its own ('The number of
actions she can Investigate is "#".': the `ActionCheck` the frame grammar's reader gives),
and a player attacked tonight shown to the role by chance ('a target may be revealed to
the Witness': the `Witness` trait, logic/effects/report.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.inquiry import ActionCheck
from logic.effects.interrogate import Interrogate, Slander
from logic.effects.records import OnRecords, RecordsCheck
from logic.effects.report import Report, Witness
from logic.lang import lexicon
from logic.lang.clause_parts import (
    About,
    NoReading,
    Objects,
    Starts,
    Tail,
    Verb,
    about,
    subject_of,
)
from logic.lang.kinds.common2 import implied
from logic.lang.kinds.traits import Trait
from logic.lang.read.pieces import _Capability
from logic.model.ir import Frequency, NoSelfTarget, Why

UNSAID = ""
"""The check of an `Interrogate` whose sentence names no card line (finish.py finds it)."""


class InquiryReading:
    """The methods of inquiry.lark's rules."""

    why: Why

    def learn_which(self, children: list[Any]) -> tuple[Any, ...]:
        answers = _answers(children)
        implied_check = implied(children, self.why, "checks")  # with no ability before it
        return (
            *implied_check,
            *about(children, Interrogate(tuple(answers), self.why, check=UNSAID)),
        )

    def which_purpose(self, children: list[Any]) -> Tail:
        answers = _answers(children)
        return Tail((Interrogate(tuple(answers), self.why, check=UNSAID),))

    def actions_counted(self, children: list[Any]) -> tuple[Any, ...]:
        verb = next(c for c in children if isinstance(c, Verb))
        if verb.category != "CHECK":
            raise NoReading("only an investigation is used on actions")
        starts = Starts(
            "targets", Frequency.EACH_NIGHT, self.why, subject_of(children), 2, verb.name
        )
        return (starts, ActionCheck(self.why))

    def shown_target(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Trait(Witness(self.why)))

    def allowed_verb(self, children: list[Token]) -> str:
        lemma = lexicon.lexicon().lemmas.get(str(children[0]).lower(), str(children[0]).lower())
        return lemma[:1].upper() + lemma[1:]

    def allowed_to(self, children: list[Any]) -> tuple[Any, ...]:
        """'Allows player to slander any player at night': an ability named after its verb."""
        name = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        obj = next(c for c in children if isinstance(c, Objects))
        if obj.actions:
            raise NoReading("actions are investigated, not slandered")
        starts = Starts("targets", frequency, self.why, subject_of(children), obj.count, name)
        return (starts, NoSelfTarget(self.why)) if obj.other else (starts,)

    def inverts(self, _: list[Any]) -> tuple[Any, ...]:
        return (Slander(self.why),)

    def shown_by_chance(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Trait(Witness(self.why, self.why)))

    def died(self, _: list[Any]) -> tuple[str, ...]:
        return ("night", "lynch")

    def killed(self, _: list[Any]) -> tuple[str, ...]:
        return ("night",)

    def voted_off(self, _: list[Any]) -> tuple[str, ...]:
        return ("lynch",)

    def death_report(self, children: list[Any]) -> tuple[Any, ...]:
        whens = {w for c in children if isinstance(c, tuple) for w in c}
        reports = [Trait(Report(w, self.why)) for w in ("night", "lynch") if w in whens]
        return tuple(p for r in reports for p in about(children, r))

    def off_records(self, children: list[Any]) -> tuple[Any, ...]:
        roles = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        trait = Trait(OnRecords(False, self.why))
        return (About(roles[0], trait),) if roles else about(children, trait)

    def member_told(self, children: list[Any]) -> tuple[Any, ...]:
        """A records check whose answer for a member is said: the prose's capability, as
        the frame grammar's `records_check` reads it (logic/lang/read/records.py)."""
        tokens = [c for c in children if isinstance(c, Token)]
        faction = [str(t) for t in tokens if t.type in ("NAME", "ROLENAME")][-1]
        yes = next(str(t) for t in tokens if t.type == "STRING")[1:-1].rstrip(".")
        check = RecordsCheck(faction, yes, None, self.why)
        return (_Capability(subject_of(children), (check,), (), None, False, self.why),)


def _answers(children: list[Any]) -> list[str]:
    """The answers a sentence names, as written: names, and a guilty word ("Town or Scum":
    finish.py reads it as the faction checked)."""
    return [str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "GUILTY")]
