"""Owns the clause language's reading of grammar/clause/clean.lark (words in
grammar/lexicon/clean.toml), mixed into logic/lang/kinds.Readings: what a clean does, said
after an ability's sentence ("If that player dies that night, their role will not be
revealed.", "If they die, their role will be shown as Townie."), the ability's effect
`Clean` (logic/effects/reveal.py). The verb "clean" itself is the kind's `Kind.actions`
(logic/lang/kinds/verbs.py)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.reveal import Clean
from logic.lang.clause_parts import NoReading, Starts, subject_of
from logic.lang.kinds.common import _frequency, uses_parts
from logic.model.ir import Why


class CleanReading:
    """The methods of clean.lark's rules."""

    why: Why

    def cl_kill(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You can clean a kill.": an ability on the player killed, its clean."""
        starts = Starts(
            "targets",
            _frequency(children),
            self.why,
            subject_of(children),
            name="Clean",
        )
        return (starts, Clean.said(self.why), *uses_parts(children, self.why))

    def cl_body(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You may choose to clean the body of the Mafia's kill.": a kill's clean."""
        body = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        if body.casefold() not in ("body", "bodies", "corpse", "corpses"):
            raise NoReading(f"a clean of {body!r}")
        return self.cl_kill(children)

    def cl_hidden(self, children: list[Any]) -> tuple[Any, ...]:
        return (Clean(None, self.why),)

    def cl_shown_as(self, children: list[Any]) -> tuple[Any, ...]:
        """The text after "as": a role's or another name, or a quoted text."""
        tokens = [c for c in children if isinstance(c, Token)]
        at = max(i for i, t in enumerate(tokens) if t.type == "AS")
        shown = next(t for t in tokens[at + 1 :] if t.type in ("ROLENAME", "NAME", "STRING"))
        return (Clean(str(shown).strip('"'), self.why),)
