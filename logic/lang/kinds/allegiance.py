"""Owns the clause language's reading of a role's allegiance and identity
(grammar/clause/allegiance.lark): "You are aligned with the Town." names the role's
faction (`FactionIs`), "You are the Doctor." the role the text is about (`IsRole`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.lang.clause_parts import about
from logic.model.ir import Why


@dataclass(frozen=True)
class FactionIs:
    """The sentence names the faction of its role."""

    faction: str
    why: Why


@dataclass(frozen=True)
class IsRole:
    """The sentence says which role it is about ("You are the Doctor.")."""

    role: str
    why: Why


@dataclass(frozen=True)
class _Faction:
    name: str


class AllegianceReading:
    """The methods of allegiance.lark's rules."""

    why: Why

    def on_records(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError  # traits.py's: how a player shows on the police records

    def faction(self, children: list[Token]) -> _Faction:
        return _Faction(" ".join(str(c) for c in children))

    def allegiance(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(c.name for c in children if isinstance(c, _Faction))
        shows = any(
            isinstance(c, Token) and c.type in ("STRING", "GUILTY", "INNOCENT") for c in children
        )
        records = self.on_records(children) if shows else ()
        return (*about(children, FactionIs(name, self.why)), *records)

    def identity(self, children: list[Any]) -> tuple[Any, ...]:
        role = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        said = [FactionIs(c.name, self.why) for c in children if isinstance(c, _Faction)]
        return (IsRole(role, self.why), *said)
