"""Owns the clause language's readings of grammar/clause/registration.lark: a role that
might register as what it is not, and a red herring (logic/effects/registration.py's
traits). "might" gives the choice to the storyteller (ir.Chooser.STORYTELLER); a
registration said with no modal always holds ("You register as Town.")."""

from __future__ import annotations

from typing import Any

from logic.effects.registration import RedHerring, RegistersAs
from logic.lang.clause_parts import about
from logic.lang.kinds.knowing import names
from logic.lang.kinds.storyteller import chooser
from logic.lang.kinds.traits import Trait
from logic.model.ir import Why


class RegistrationReading:
    """The methods of registration.lark's rules."""

    why: Why

    def shows(self, children: list[Any]) -> tuple[str, ...]:
        return tuple(names(children))

    def registers(self, children: list[Any]) -> tuple[Any, ...]:
        shows = tuple(c for c in children if isinstance(c, tuple))
        even_dead = any(getattr(c, "type", None) == "DEAD" for c in children)
        by = chooser(children, "a registration")
        return about(children, Trait(RegistersAs(shows, even_dead, by, self.why)))

    def red_herring(self, children: list[Any]) -> tuple[Any, ...]:
        team, group = names(children)
        return (Trait(RedHerring(team, group, why=self.why)),)
