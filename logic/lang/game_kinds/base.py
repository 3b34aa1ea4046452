"""Owns the base of the game language's reading mixins: the sentence's `why`, and the
parts every kind reads (a group, a count), what the engine does anyway (`default`) and a
mechanic it does not model (`unmodelled`)."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from logic.lang.game_kinds.parts import Default, Unmodelled, count_of, group_of
from logic.lang.game_kinds.unmodelled import MECHANICS
from logic.model.ir import Why


class GameBase(Transformer[Token, Any]):
    """A derivation of one sentence -> its parts; every part's `why` is the sentence's."""

    def __init__(self, why: Why) -> None:
        super().__init__()
        self.why = why

    def group(self, children: list[Any]) -> str:
        return group_of(children)

    def count(self, children: list[Any]) -> int:
        return count_of(children)

    def default(self, what: str, axiom: Why | None = None) -> Default:
        """The sentence says what the engine does anyway (`what`; `axiom`: the engine's
        behaviour it says again, logic/model/frame.py's or an effect kind's)."""
        return Default(what, self.why, axiom)

    def unmodelled(self, mechanic: str) -> Unmodelled:
        """The sentence states `mechanic`, which the engine does not model."""
        assert mechanic in MECHANICS, mechanic
        return Unmodelled(mechanic, self.why)


def groups(children: list[Any]) -> list[str]:
    """The groups a rule names, in order."""
    return [c for c in children if type(c) is str]


def ints(children: list[Any]) -> list[int]:
    return [c for c in children if type(c) is int]
