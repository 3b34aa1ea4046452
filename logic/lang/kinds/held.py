"""Owns the clause language's reading of grammar/clause/held.lark, mixed into
logic/lang/kinds.Readings: abilities held as things used once each (a Witch's potions).
Each thing is an ability of its verb's kind, once per game: a protection ("healing",
"save") or a kill ("poison", "kill"); no effect kind of its own."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.attack import Protect
from logic.lang.clause_parts import NUMBERS, NoReading, Nothing, subject_of
from logic.lang.read.pieces import _AbilityStart
from logic.model.ir import Frequency, Why


class _Held(str):
    """What one thing held does: "PROTECT" or "KILL"."""


class HeldReading:
    """The methods of held.lark's rules."""

    why: Why

    def hd_kind(self, children: list[Any]) -> _Held:
        kind = next(c for c in children if isinstance(c, Token)).type
        return _Held("PROTECT" if kind == "PROTECT" else "KILL")

    hd_verb = hd_kind

    def hd_to(self, children: list[Any]) -> _Held:
        return next(c for c in children if isinstance(c, _Held))

    def hd_held(self, children: list[Any]) -> tuple[Any, ...]:
        """One ability a thing, used once in the game, in the order the sentence says them."""
        why, subject = self.why, subject_of(children)
        helds = [c for c in children if isinstance(c, _Held)]
        said = [
            int(c) if c.type == "NUMERAL" else NUMBERS.get(str(c).lower(), 0)
            for c in children
            if isinstance(c, Token) and c.type in ("NUMBER", "NUMERAL")
        ]
        if said and said[0] != len(helds):  # "three potions: one to save and one to kill"
            raise NoReading(f"{said[0]} things held, and {len(helds)} said")
        out: list[Any] = []
        for held in helds:
            if held == "PROTECT":
                start = _AbilityStart("targets", Frequency.ONCE_PER_GAME, why, subject, 1, "save")
                out += [start, Protect(why)]
            else:
                out.append(_AbilityStart("kills", Frequency.ONCE_PER_GAME, why, subject, 1, "kill"))
        return tuple(out)

    def hd_each_once(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # each thing held is used once already


__all__ = ["HeldReading"]
