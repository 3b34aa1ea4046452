"""Owns the clause language's readings of grammar/clause/actions.lark: an ability said by
what befalls whoever it is used on ('Whoever you discombobulate fails their night action
that same night.': an ability named by its verb that blocks its target, as the frame
grammar's reader gives it, logic/lang/read/block.py) and an ability named in a sentence
('Your night action is Discombobulate (Tricking).': the name and its alias, as
logic/lang/read/roles.py's `ability_name`), and a restriction given with its reason ('May
NOT discombobulate themselves, because it will discombobulate the GM.')."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.block import Roleblock
from logic.lang import lexicon
from logic.lang.clause_parts import About, NoReading, Starts, Verb, about, subject_of
from logic.lang.read.pieces import _AbilityName
from logic.model.ir import Frequency, NoSelfTarget, Why


def _title(word: str) -> str:
    lemma = lexicon.lexicon().lemmas.get(word.lower(), word.lower())
    return lemma[:1].upper() + lemma[1:]


class ActionReading:
    """The methods of actions.lark's rules."""

    why: Why

    def done_verb(self, children: list[Token]) -> str:
        return _title(str(children[0]))

    def done_to(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        subject = subject_of(children)
        starts = Starts("targets", Frequency.EACH_NIGHT, self.why, subject, 1, name)
        return (starts, Roleblock(self.why))

    def ability_word(self, children: list[Any]) -> str:
        c = children[0]
        if isinstance(c, Verb):
            return c.name or ""
        return str(c)

    def ability_named(self, children: list[Any]) -> tuple[Any, ...]:
        names = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        if not all(names):
            raise NoReading("an ability's name is written as a name (capitalised)")
        named = _AbilityName(names[0], tuple(names[1:]), self.why)
        roles = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        return (About(roles[0], named),) if roles else (named,)

    def no_self_because(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, NoSelfTarget(self.why))
