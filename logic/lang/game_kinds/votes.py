"""Owns reading the day's lynch, its ties and a day with no votes
(grammar/game/votes.lark) into logic/effects/vote.py's nodes."""

from __future__ import annotations

from typing import Any

from logic.effects.vote import Lynch, NoVotes, TieRule
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import Hidden
from logic.lang.kinds.traits import Fact


class VoteReading(GameBase):
    def lynch_daily(self, children: list[Any]) -> Fact:
        return Fact("lynch", Lynch(self.why, daily=True), self.why)

    def chosen_by(self, children: list[Any]) -> tuple[str]:
        return (groups(children)[0],)

    def lynch_most(self, children: list[Any]) -> tuple[Fact, ...]:
        out = [Fact("lynch", Lynch(self.why), self.why)]
        for (role,) in (c for c in children if isinstance(c, tuple)):  # "(or ... the Judge)"
            out.append(Fact("tie", TieRule("choice", role, self.why), self.why))
        return tuple(out)

    def tie_choice(self, children: list[Any]) -> Fact:
        named = groups(children)  # none: "you decide": the role of the line
        return Fact("tie", TieRule("choice", named[0] if named else None, self.why), self.why)

    def tie_none(self, children: list[Any]) -> Fact:
        return Fact("tie", TieRule("none", groups(children)[0], self.why), self.why)

    def tie_random(self, children: list[Any]) -> Fact:
        return Fact("tie", TieRule("random", None, self.why), self.why)

    def tie_excluded(self, children: list[Any]) -> Fact:
        named = groups(children)  # none: the role of the line it is said on
        return Fact("tie", TieRule("exclude", named[0] if named else None, self.why), self.why)

    def tie_vote(self, children: list[Any]) -> Fact:
        return Fact("tie", TieRule("vote", None, self.why), self.why)

    def no_votes(self, children: list[Any]) -> Fact:
        return Fact("day", NoVotes(self.why, None), self.why)

    def lynch_hidden(self, children: list[Any]) -> Hidden:
        return Hidden(self.why)
