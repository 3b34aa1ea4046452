"""Owns the clause language's readings of grammar/clause/knowing.lark: what a player is
told by the game (logic/effects/knowing.py's nodes). A sentence that says when ("You
start knowing", "Each night, you learn") gives its role an ability of no target that
tells it; "you learn if either is a Demon" is said of the players an ability before it
chose, and gives none."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.knowing import (
    AnyIs,
    ExecutedRole,
    NeighbourCount,
    NoneInPlay,
    OneOf,
    PairsCount,
    SeesAll,
)
from logic.lang.clause_parts import NoReading, Starts, subject_of
from logic.model.ir import Frequency, Why


class _Start:
    """What `start_knowing` reads as: the information is the first night's."""


START = _Start()


def names(children: list[Any]) -> list[str]:
    """The groups a rule's children name (`group` nodes: factions, types, teams)."""
    return [c for c in children if isinstance(c, str) and not isinstance(c, Token)]


def numbers(children: list[Any]) -> list[int]:
    return [int(c) for c in children if isinstance(c, Token) and c.type == "NUMERAL"]


class KnowingReading:
    """The methods of knowing.lark's rules."""

    why: Why

    def group(self, children: list[Token]) -> str:
        return str(children[0])

    def start_knowing(self, _: list[Any]) -> _Start:
        return START

    def _told(self, children: list[Any], node: Any) -> tuple[Any, ...]:
        """An ability with no target that tells `node`: on the first night when the role
        starts knowing it, else when its sentence says."""
        freqs = [c for c in children if isinstance(c, Frequency)]
        if any(c is START for c in children):
            if freqs:
                raise NoReading("'start knowing' with a night of its own")
            frequency = Frequency.FIRST_NIGHT
        else:
            frequency = next(
                (f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT
            )
        starts = Starts("checks", frequency, self.why, subject_of(children), 0)
        return (starts, node)

    def knows_one_of(self, children: list[Any]) -> tuple[Any, ...]:
        holders, among = numbers(children)
        if not 0 < holders < among:
            raise NoReading(f"{holders} of {among} players")
        return self._told(children, OneOf(names(children)[0], among, holders, self.why))

    def or_none_in_play(self, _: list[Any]) -> tuple[Any, ...]:
        return (NoneInPlay(self.why),)

    def knows_pairs(self, children: list[Any]) -> tuple[Any, ...]:
        return self._told(children, PairsCount(names(children)[0], self.why))

    def knows_neighbours(self, children: list[Any]) -> tuple[Any, ...]:
        count = numbers(children) or [2]
        alive = any(isinstance(c, Token) and c.type == "ALIVE" for c in children)
        node = NeighbourCount(names(children)[0], count[0], alive, self.why)
        return self._told(children, node)

    def knows_any(self, children: list[Any]) -> tuple[Any, ...]:
        if any(c is START for c in children) or any(isinstance(c, Frequency) for c in children):
            raise NoReading("'if either is' speaks of the players chosen before")
        return (AnyIs(names(children)[0], self.why),)

    def knows_executed(self, children: list[Any]) -> tuple[Any, ...]:
        return self._told(children, ExecutedRole(self.why))

    def knows_all(self, children: list[Any]) -> tuple[Any, ...]:
        return self._told(children, SeesAll(self.why))
