"""Owns the clause language's readings of visiting classes said of several roles or of a
faction's nightkill (grammar/clause/visits.lark, words in grammar/lexicon/visits.toml):
the class list the frame grammar reads from "Non-visiting roles: A, B, C." and the class
of whoever carries out a faction's nightkill (logic/lang/read/visits.py's pieces)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.lang.clause_parts import Nothing
from logic.lang.read.pieces import _KillVisits
from logic.model.ir import ClassList, SeenBy, VisitClass, Why


def _roles(children: list[Any]) -> tuple[str, ...]:
    return tuple(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")


class VisitReading:
    """The methods of visits.lark's rules."""

    why: Why

    def roles_non_visiting(self, children: list[Any]) -> tuple[Any, ...]:
        return (ClassList(VisitClass.NON, _roles(children), self.why),)

    def roles_visiting(self, children: list[Any]) -> tuple[Any, ...]:
        return (ClassList(VisitClass.VISITING, _roles(children), self.why),)

    def roles_semi_visiting(self, children: list[Any]) -> tuple[Any, ...]:
        return (ClassList(VisitClass.SEMI, _roles(children), self.why),)

    def even_if(self, _: list[Any]) -> None:
        """', even if they are otherwise a non-visiting role': what the class says anyway."""
        return None

    def kill_class(self, children: list[Any]) -> tuple[Any, ...]:
        """'any Werewolf role executing the faction's nightkill is considered a visiting
        role for the night': the class of the faction's nightkill."""
        toks = [c for c in children if isinstance(c, Token)]
        faction = next(str(t) for t in toks if t.type in ("NAME", "ROLENAME"))
        word = next(t.type for t in toks if t.type in ("VISIT", "NONVISITING", "SEMIVISITING"))
        vc = {
            "VISIT": VisitClass.VISITING,
            "NONVISITING": VisitClass.NON,
            "SEMIVISITING": VisitClass.SEMI,
        }[word]
        return (_KillVisits(faction, vc, self.why),)

    def class_unseen(self, _: list[Any]) -> tuple[Any, ...]:
        # the list's class is set where the list is read (logic/lang/read/visits.py)
        return (SeenBy(VisitClass.NON, (), False, self.why),)

    def unseen_visitor(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)
