"""Owns the parts a clause of the clause language is read into, shared by every kind's
reading (logic/lang/clause.py and logic/lang/kinds/): what the sentence starts (an
ability), says of its role (`About`), its actor, object, target, verb and tail, and the
exception a derivation raises when it means nothing the engine has (`NoReading`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from logic.model.ir import Frequency, VisitClass, Why


@dataclass(frozen=True)
class Starts:
    """The sentence gives its role an ability: `verb` says what it is used as ("targets",
    "checks", "visits", "kills"), `targets` how many players it names."""

    verb: str
    frequency: Frequency
    why: Why
    subject: str | None = None  # the role the sentence names ("The Doctor may ...")
    targets: int = 1
    name: str | None = None  # the ability's own name: its verb, capitalised ("to Protect")


@dataclass(frozen=True)
class Nothing:
    """The sentence says the role has nothing to do ("You have no powers.")."""

    why: Why


@dataclass(frozen=True)
class ClassIs:
    """The sentence says whether the role's actions visit."""

    visit_class: VisitClass
    why: Why


@dataclass(frozen=True)
class About:
    """A part said of a role the sentence names ("The Doctor cannot target himself.")."""

    subject: str
    part: Any

    @property
    def why(self) -> Why:
        why: Why = self.part.why
        return why


@dataclass(frozen=True)
class Actor:
    role: str | None  # the role the clause names; None: a pronoun, or no subject
    pointed: bool = False  # "that player": a player said before (the target), not the role


def pointed(children: list[Any], what: str) -> None:
    """Refuse a part said of the role when its subject is "that player" (the target an
    ability chose, as in "Choose a player. That player appears guilty."): `what` is the
    mechanic said of the target, which is not modelled."""
    if any(isinstance(c, Actor) and c.pointed for c in children):
        raise NoReading(f"{what} said of 'that player' (the target), not of the role")


@dataclass(frozen=True)
class Objects:
    count: int  # players named
    other: bool  # "another player": not the user
    actions: bool = False  # "a number of actions": an action (its user and its target)
    living: bool = False  # "a living player": said of whom the ability reaches
    victim: bool = False  # "a victim": the one chosen to die ("the wolves choose a victim")


@dataclass(frozen=True)
class TargetRef:
    named: bool = False  # "the target", "your target": the sentence says there is an ability
    # "the Frightened player": the target of an ability of that verb (its lexicon category)
    verb: str | None = None


@dataclass(frozen=True)
class Must:
    pass


@dataclass(frozen=True)
class Verb:
    category: str  # the lexicon's category of the verb
    name: str | None = None  # the ability's name, when the verb is capitalised


@dataclass(frozen=True)
class FromGroup:
    """'protect ... from the werewolves': the ability's protection holds against that
    group's kills only."""

    group: str


@dataclass(frozen=True)
class Into:
    faction: str


def subject_of(children: list[Any]) -> str | None:
    return next((c.role for c in children if isinstance(c, Actor)), None)


NUMBERS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


@dataclass(frozen=True)
class Tail:
    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Otherwise:
    text: str


class NoReading(Exception):
    """This derivation means nothing the engine has (a reason, for the error)."""


def about(children: list[Any], part: Any) -> tuple[Any, ...]:
    subject = subject_of(children)
    return (About(subject, part),) if subject else (part,)
