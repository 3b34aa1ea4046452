"""Owns the clause language's readings of the dead and of death
(grammar/clause/afterlife.lark): a check of a dead player that learns its role and
alignment (`ReadDead`), the same check reaching the living (`ReadLiving`) and what it
tells of them (`ReadFate`), powers used only after the holder's death (`AfterDeath`), and
what a death shows (the alignment truthfully: a note; hidden: `HiddenSide`; the role as
another: `FlipsAs`), a role unaware of itself until death (`Unaware`) and a kill once
dead, mixed into
logic/lang/kinds.Readings."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.afterlife import (
    AfterDeath,
    FlipsAs,
    HiddenSide,
    ReadDead,
    ReadFate,
    ReadLiving,
    Unaware,
)
from logic.effects.attack import Kill
from logic.lang.clause_parts import About, Nothing, Verb
from logic.lang.read.pieces import _DayAbility, _Trait
from logic.model.ir import Frequency, Why


def _tokens(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


def _of_named(children: list[Any], part: Any) -> tuple[Any, ...]:
    """`part`, said of the role the sentence names ("the Ghost's affiliation"), if any."""
    named = _tokens(children, "ROLENAME")
    return (About(named[0], part),) if named else (part,)


class AfterlifeReading:
    """The methods of afterlife.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def _checks(self, children: list[Any]) -> None:
        """A read of the dead or the living is a check: its verbs are a check's, or
        choosing and targeting ("picks a dead player and learns ..."), never a kill's or a
        protection's."""
        verbs = {c.category for c in children if isinstance(c, Verb)}
        if not verbs or not verbs <= {"CHECK", "CHOOSE", "TARGET"}:
            raise self._no_reading("a read of a player whose verb is not a check")

    def read_dead(self, children: list[Any]) -> tuple[Any, ...]:
        # how often is not said: each night, as the frame grammar reads it (T-dead-4)
        if any(isinstance(c, Verb) for c in children):  # "investigates a dead player"
            self._checks(children)
        freqs = [c for c in children if isinstance(c, Frequency)]
        if len(set(freqs)) > 1:
            raise self._no_reading("two different frequencies")
        frequency = freqs[0] if freqs else Frequency.EACH_NIGHT
        ability = _DayAbility("investigate", 1, frequency, (ReadDead(self.why),), self.why)
        return self._said_of(children, ability)

    def read_living(self, children: list[Any]) -> tuple[Any, ...]:
        self._checks(children)
        return self._said_of(children, ReadLiving(self.why))

    def read_fate(self, children: list[Any]) -> tuple[Any, ...]:
        return (ReadFate(tuple(_tokens(children, "ROLENAME")), self.why),)

    def read_living_fate(self, children: list[Any]) -> tuple[Any, ...]:
        self._checks(children)
        return (*self._said_of(children, ReadLiving(self.why)), *self.read_fate(children))

    def after_death(self, children: list[Any]) -> tuple[Any, ...]:
        return self._said_of(children, _Trait(None, AfterDeath(self.why), self.why))

    def unaware(self, children: list[Any]) -> tuple[Any, ...]:
        return self._said_of(children, _Trait(None, Unaware(self.why), self.why))

    def kill_after_death(self, children: list[Any]) -> tuple[Any, ...]:
        # "one nightkill to use whenever it likes": once, on any night after the death
        # (a night ability: its Kill is no day effect)
        kill = Kill(self.why)
        ability = _DayAbility("nightkill", 1, Frequency.ONCE_PER_GAME, (kill,), self.why)
        return self._said_of(children, ability)

    def side_shown(self, children: list[Any]) -> tuple[Any, ...]:
        # a flip shows the true alignment: what the model does anyway
        return _of_named(children, Nothing(self.why))

    def side_hidden(self, children: list[Any]) -> tuple[Any, ...]:
        return _of_named(children, _Trait(None, HiddenSide(self.why), self.why))

    def role_shown_as(self, children: list[Any]) -> tuple[Any, ...]:
        shown = _tokens(children, "NAME") or _tokens(children, "PLAIN")
        return self._said_of(children, _Trait(None, FlipsAs(shown[0], self.why), self.why))
