"""Owns reading when the game ends and who wins (grammar/game/victory.lark) into
logic/effects/win.py's Victory, and the endgame's facts."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.win import Victory
from logic.lang.game_kinds.base import GameBase, groups, ints
from logic.lang.game_kinds.parts import NoReading, Precedes, Said
from logic.lang.kinds.traits import Fact
from logic.model.ir import canon


class VictoryReading(GameBase):
    def none_left(self, children: list[Any]) -> tuple[str, str, int]:
        return ("none_left", groups(children)[0], 0)

    def outnumber(self, children: list[Any]) -> tuple[str, str, int]:
        n = ints(children)
        return ("outnumber", groups(children)[0], n[-1])

    def sole(self, children: list[Any]) -> tuple[str, str | None, int]:
        return ("sole", None, 0)  # the winners themselves

    def last(self, children: list[Any]) -> tuple[str, str | None, int]:
        return ("last", None, 0)  # the winners themselves, no other player alive

    def last_with(self, children: list[Any]) -> tuple[str, str | None, int]:
        named = groups(children)
        return ("last", named[0] if named else None, ints(children)[0])

    def victory_named(self, children: list[Any]) -> Fact:
        quoted = next(str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING")
        winner = quoted.rsplit("victory", 1)[0].strip(" ,") or quoted
        cond, group, n = next(c for c in children if isinstance(c, tuple))
        if group is not None and canon(group) != canon(winner):
            raise NoReading(f"the {winner!r} victory is said of {group!r}")
        return Fact("victory", Victory(winner, cond, winner, n, (), self.why), self.why)

    def precedence(self, children: list[Any]) -> Precedes:
        named = groups(children)
        return Precedes(named[0], named[1], self.why)

    def ending(self, children: list[Any]) -> Victory:
        (cond, group, n), winner = children[0], groups(children)[0]
        return Victory(winner, cond, group, n, (), self.why)

    def game_ends(self, children: list[Any]) -> tuple[Fact, ...]:
        return tuple(Fact("victory", v, self.why) for v in children if isinstance(v, Victory))

    def wins_when(self, children: list[Any]) -> Fact:
        named = groups(children)
        winner = named[0] if named else ""  # "He wins ...": the role of the line
        cond, group, n = next(c for c in children if isinstance(c, tuple))
        return Fact("victory", Victory(winner, cond, group or winner, n, (), self.why), self.why)

    def endgame_when(self, children: list[Any]) -> Fact:
        return Fact("endgame", ints(children)[0], self.why)

    def endgame_named(self, children: list[Any]) -> Said:
        return Said(self.why, alone=True)

    def endgame_winner(self, children: list[Any]) -> Fact:
        first, second = groups(children)
        return Fact("endgame victory", (first, second), self.why)

    def endgame_over(self, children: list[Any]) -> Fact:
        # "Town may never claim victory if Endgame occurs": the group that may not win
        names = groups(children)
        return Fact("endgame over", names[-2], self.why)
