"""Owns the clause language's readings of grammar/clause/storyteller.lark: the
storyteller's choices said as such (ir.Chooser.STORYTELLER), and `chooser`, the one
place a kind's reading asks which kind of choice its sentence gives: "might" (the
lexicon's MIGHT) is the storyteller's; no modal, a thing that always happens (None);
any other ("may": the holder's) is not a choice of the storyteller."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.malfunction import FalseInfo
from logic.effects.registration import RedHerring
from logic.lang.clause_parts import NoReading, about
from logic.lang.kinds.knowing import names
from logic.lang.kinds.traits import Trait
from logic.model.ir import Chooser, Why

MODALS = ("MAY", "MIGHT", "WILL", "MUST", "GET_TO")


def chooser(children: list[Any], what: str) -> Chooser | None:
    """The choice a sentence gives for `what` (a registration, a death moved): the
    storyteller's when it says "might" or names the storyteller, always (None) when it
    says no modal; another modal is refused (the holder's choice is not modelled)."""
    tokens = {c.type for c in children if isinstance(c, Token)}
    if tokens & {"MIGHT", "STORYTELLER"}:
        return Chooser.STORYTELLER
    said = tokens & set(MODALS)
    if said:
        raise NoReading(f"{what} the holder chooses ({'/'.join(sorted(said)).lower()})")
    return None


class StorytellerReading:
    """The methods of storyteller.lark's rules."""

    why: Why

    def chosen_herring(self, children: list[Any]) -> tuple[Any, ...]:
        team, group = names(children)
        return (Trait(RedHerring(team, group, Chooser.STORYTELLER, self.why)),)

    def false_info(self, children: list[Any]) -> tuple[Any, ...]:
        tokens = {c.type for c in children if isinstance(c, Token)}
        if not tokens & {"MIGHT", "STORYTELLER"} and "MAY" in tokens:
            raise NoReading("false information the holder chooses")
        return about(children, Trait(FalseInfo(Chooser.STORYTELLER, self.why)))
