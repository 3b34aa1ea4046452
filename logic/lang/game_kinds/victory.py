"""Owns reading when the game ends and who wins (grammar/game/victory.lark) into
logic/model/win.py's Victory (parity against a group or against every other player
among its conditions), and the endgame's facts; victories the engine does not model (by
being lynched, by surviving to the end, a draw, several groups gone at once, every
faction's at once) are recognised, to say so."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.lang.game_kinds.base import GameBase, groups, ints
from logic.lang.game_kinds.parts import Default, NoReading, Precedes, Said, Unmodelled
from logic.lang.kinds.traits import Fact
from logic.model.ir import canon
from logic.model.win import Victory


class VictoryReading(GameBase):
    def own_conditions(self, children: list[Any]) -> Default:
        return self.default("each role with a victory of its own wins as its line says")

    def none_left(self, children: list[Any]) -> tuple[str, str, int]:
        return ("none_left", groups(children)[0], 0)

    def outnumber(self, children: list[Any]) -> tuple[str, str, int]:
        n = ints(children)
        return ("outnumber", groups(children)[0], n[-1])

    def sole(self, children: list[Any]) -> tuple[str, str | None, int]:
        # the group named ("all threats to the Town"), else the winners themselves
        named = groups(children)
        return ("sole", named[0] if named else None, 0)

    def last(self, children: list[Any]) -> tuple[str, str | None, int]:
        return ("last", None, 0)  # the winners themselves, no other player alive

    def last_with(self, children: list[Any]) -> tuple[str, str | None, int]:
        named = groups(children)
        return ("last", named[0] if named else None, ints(children)[0])

    def versus(self, children: list[Any]) -> tuple[str, str, int, str | None]:
        named = groups(children)
        side = named[0] if len(named) > 1 else None  # "the Mafia equal ...", not "they"
        return ("versus", named[-1], _margin(children), side)

    def parity_with(self, children: list[Any]) -> tuple[str, str, int, str | None]:
        return ("versus", groups(children)[-1], 0, None)  # "by reaching parity with"

    def parity(self, children: list[Any]) -> tuple[str, str | None, int]:
        # the group named ("when the Mafia equals the rest of the players"), else the winners
        named = groups(children)
        return ("parity", named[0] if named else None, _margin(children))

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
        cond, group, n, *sides = next(c for c in children if isinstance(c, tuple))
        side = sides[0] if sides and sides[0] is not None else ""
        if cond == "versus":
            # on a role's line, the side counted is the group named ("You win when the
            # Mafia outnumbers the Town."), never the role alone ("when you outnumber ...")
            if not winner and not side:
                raise NoReading("a victory by numbers said of the line's role")
            if winner and side and canon(side) != canon(winner):
                raise NoReading(f"{winner}'s victory when {side} outnumber {group}")
            if winner:
                side = ""
        victory = Victory(winner, cond, group or winner, n, (), self.why, side=side)
        return Fact("victory", victory, self.why)

    def game_over(self, children: list[Any]) -> Default:
        return self.default("the game ends when a victory holds")

    def win_by_lynch(self, children: list[Any]) -> Fact:
        return self._side(children, "lynched")

    def win_by_surviving(self, children: list[Any]) -> Fact:
        return self._side(children, "at_end")

    def win_with(self, children: list[Any]) -> Fact:
        """A role's victory with a group's ("You win with the Mafia."): the group wins and
        a holder of the role is in the game (logic/model/win.py's `with`)."""
        named = groups(children)
        winner = named[0] if len(named) > 1 else ""
        victory = Victory(winner, "with", named[-1], 0, (), self.why)
        return Fact("victory", victory, self.why)

    def _side(self, children: list[Any], cond: str) -> Fact:
        """A role's own victory beside the game's (logic/model/win.py's SIDE): "The
        Jester wins if he is lynched." ("He wins ...": the role of the line)."""
        named = groups(children)
        winner = named[0] if named else ""
        return Fact("victory", Victory(winner, cond, winner, 0, (), self.why), self.why)

    def game_draw(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("draw")

    def win_over_groups(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("victory over several groups")

    def win_every_faction(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("victory of every faction")

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


def _margin(children: list[Any]) -> int:
    """How many more than the others a victory by numbers needs: none when it says equal,
    parity or half ("equal or outnumber", "half or more"), one when it says outnumber,
    more than half or a majority."""
    words = {c.type for c in children if isinstance(c, Token)}
    if words & {"EQUAL", "PARITY", "AT_LEAST"} or ("HALF" in words and "MORE_THAN" not in words):
        return 0
    return 1
