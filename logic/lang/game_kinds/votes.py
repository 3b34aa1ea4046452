"""Owns reading the day's lynch, its ties and a day with no votes
(grammar/game/votes.lark) into logic/effects/vote.py's nodes; what the day does anyway
(self-votes, changed votes, the living's votes) as read with no effect; and the day's
mechanics the engine does not model (a majority lynch, real time, no-lynch votes, a ban on
self-votes, how votes are written, a tie settled by the votes' times or lynching all)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.vote import Lynch, NoVotes, TieRule
from logic.lang.game_kinds.base import GameBase, groups
from logic.lang.game_kinds.parts import Default, Hidden, NoReading, Unmodelled
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

    def lynch_plurality(self, children: list[Any]) -> Fact:
        return Fact("lynch", Lynch(self.why), self.why)

    def tie_nobody(self, children: list[Any]) -> Fact:
        return Fact("tie", TieRule("none", None, self.why), self.why)

    # what the day does anyway
    def self_vote_allowed(self, children: list[Any]) -> Default:
        return self.default("a player may vote for any living player, themselves included")

    def vote_change(self, children: list[Any]) -> Default:
        return self.default("a day's votes are the last ones given")

    def living_vote(self, children: list[Any]) -> Default:
        return self.default("each living player has one vote, unless a role says otherwise")

    def day_vote(self, children: list[Any]) -> Default:
        return self.default("each day the living vote, and the vote's leader is lynched")

    def lynch_removed(self, children: list[Any]) -> Default:
        return self.default("a lynched player dies")

    # what the engine does not model
    def majority_lynch(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("majority lynch")

    def real_time(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("real time")

    def no_lynch_day(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("a day without a lynch")

    def no_lynch_valid(self, children: list[Any]) -> Unmodelled:
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named != ["valid"]:
            raise NoReading(f"no lynch as a {named[0]!r} option")
        return self.unmodelled("no-lynch votes")

    def no_lynch_vote(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("no-lynch votes")

    def self_vote_ban(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("self-votes")

    def vote_format(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("vote format")

    def vote_timing(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("vote timing")

    def tie_all(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("tie lynches all")
