"""Owns the clause language's reading of grammar/clause/lastshot.lark, mixed into
logic/lang/kinds.Readings: a kill made at the time of one's own death ("This werewolf can
kill a player of their choosing at the time of their death."). One sentence gives two
abilities named "kill", one used by night (`LastShot`) and one by day (`LastShotByDay`,
logic/effects/lastshot.py): the player named in the phase the holder dies in is killed.
And a shot taken when lynched ("If you are lynched, you may kill a player who voted for
you."): one day ability (`LynchShot`)."""

from __future__ import annotations

from typing import Any

from lark import Tree

from logic.effects.lastshot import LastShot, LastShotByDay, LynchShot
from logic.lang.clause_parts import about, subject_of
from logic.lang.read.pieces import _AbilityStart, _DayAbility
from logic.model.ir import Frequency, Why


class LastShotReading:
    """The methods of lastshot.lark's rules."""

    why: Why

    def last_shot(self, children: list[Any]) -> tuple[Any, ...]:
        freq = Frequency.EACH_NIGHT
        night = _AbilityStart("targets", freq, self.why, subject_of(children), 1, "kill")
        day = _DayAbility("kill", 1, freq, (LastShotByDay(self.why),), self.why)
        return (night, LastShot(self.why), *about(children, day))

    def lynch_shot(self, children: list[Any]) -> tuple[Any, ...]:
        """'If you are lynched, you may kill one of the players who voted for you.': a day
        ability naming a player, who dies if the holder is lynched that day (a voter of
        the holder's, when the sentence says so)."""
        voters = any(isinstance(c, Tree) and c.data == "ls_voter" for c in children)
        shot = LynchShot(voters, self.why)
        day = _DayAbility("kill", 1, Frequency.EACH_NIGHT, (shot,), self.why)
        return about(children, day)
