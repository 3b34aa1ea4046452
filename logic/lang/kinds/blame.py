"""Owns the clause language's reading of grammar/clause/blame.lark (words in
grammar/lexicon/blame.toml), mixed into logic/lang/kinds.Readings: "May opt to blame a
townie for committing a crime on the same night." gives an ability naming two players (the
blamed, the victim) and the action pinned, a decision (`Blame`, logic/effects/blame.py);
the GM's other sentences about it are a trait of the holder (`BlameRule`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.blame import Blame, BlameRule
from logic.lang.read.pieces import _AbilityStart, _Trait
from logic.model.ir import Frequency, Why

_NAME = "Blame"


class BlameReading:
    """The methods of blame.lark's rules."""

    why: Why

    def bl_order(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 2, _NAME)
        return (start, Blame(self.why))

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def bl_seen(self, children: list[Any]) -> tuple[Any, ...]:
        """The action is "the blamed action" (the grammar's NAME: "blamed" is no word of
        the lexicon, so that the game's sentences of crimes keep reading it as a name)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if not named or named[0] != "blamed":
            raise self._no_reading("not the blamed action")
        return (_Trait(None, BlameRule(self.why, seen=self.why), self.why),)

    def bl_hidden(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, BlameRule(self.why, hidden=self.why), self.why),)
