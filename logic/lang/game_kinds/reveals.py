"""Owns reading what is revealed of a dead player's card (grammar/game/reveals.lark):
logic/effects/vote.py's Reveal, on a lynch (to all), a kill (to the killer only), every
death (to all: "Flips are full."), a death at night only (to all: "A player killed at night
has their role revealed in the morning.") or none ("No flips."). A reveal of the alignment alone
("..., but not their role") is a mechanic the engine does not model (a reveal shows the
role and the alignment): recognised, to say so."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from logic.effects.vote import Reveal
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Unmodelled
from logic.lang.kinds.traits import Fact


def _shows_role(children: list[Any]) -> bool:
    """Whether the card a reveal shows holds the role: its own words name a role, and the
    words after "but not" do not take it away ("their alignment, but not their role")."""
    shown = {c.type for c in children if isinstance(c, Token)}
    left_out = {
        t.type
        for c in children
        if isinstance(c, Tree) and c.data == "rv_except"
        for t in c.scan_values(lambda v: isinstance(v, Token))
    }
    if "ROLE" in left_out:
        return False
    return "ROLE" in shown or "ALIGNMENT" not in shown  # "Flips are full.": no card named


class RevealReading(GameBase):
    def _reveal(self, when: str, children: list[Any]) -> Fact | Unmodelled:
        if not _shows_role(children):
            return self.unmodelled("alignment-only flips")
        return Fact("day", Reveal(when, self.why), self.why)

    def rv_except(self, children: list[Any]) -> Tree[Token]:
        return Tree("rv_except", children)

    def reveal_lynch(self, children: list[Any]) -> Fact | Unmodelled:
        return self._reveal("lynch", children)

    def reveal_kill(self, children: list[Any]) -> Fact | Unmodelled:
        return self._reveal("kill", children)

    def reveal_death(self, children: list[Any]) -> Fact | Unmodelled:
        return self._reveal("death", children)

    def reveal_night(self, children: list[Any]) -> Fact | Unmodelled:
        return self._reveal("night", children)

    def reveal_none(self, children: list[Any]) -> Fact:
        return Fact("day", Reveal("none", self.why), self.why)
