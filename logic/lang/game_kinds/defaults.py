"""Owns reading what the engine does anyway as a GM says it again
(grammar/game/defaults.lark): each sentence a `Default` that names the engine's behaviour it
states (logic/model/frame.py's axioms), read as a `frame.Restated` (`ruling casebook
--deletions`: `default`). Its `what` is the engine's behaviour and the sentence's words as
the lexicon reads them (two sentences saying one behaviour of two things are two nodes)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Default
from logic.model import frame
from logic.model.why import Why

_SKIPPED = frozenset({"NAME", "STRING", "COMMA", "COLON", "LPAR", "RPAR", "APOS_S", "DOT"})


def _read(children: list[Any]) -> str:
    """The sentence's words as the lexicon reads them (its categories; names left out)."""
    words = Tree("x", children).scan_values(lambda v: isinstance(v, Token))
    return " ".join(w.type.lower() for w in words if w.type not in _SKIPPED)


class DefaultsReading(GameBase):
    def _said(self, what: str, children: list[Any], axiom: Why) -> Default:
        return self.default(f"{what} ({_read(children)})", axiom)

    def df_untold(self, children: list[Any]) -> Default:
        return self._said("a player is told nothing of it", children, frame.TOLD)

    def df_voters(self, children: list[Any]) -> Default:
        return self._said("a living player may vote, or cast no vote", children, frame.VOTE)

    def df_alive(self, children: list[Any]) -> Default:
        return self._said("players begin alive and use their abilities", children, frame.ALIVE)

    def df_once(self, children: list[Any]) -> Default:
        return self._said("one use of an ability a player a phase", children, frame.ONE_USE)

    def df_again(self, children: list[Any]) -> Default:
        return self._said("the same target again, or another", children, frame.AGAIN)

    def df_blockable(self, children: list[Any]) -> Default:
        return self._said("a block stops it as any night action", children, frame.ROLEBLOCK)
