"""Owns the parts a sentence about the whole game is read into, beside the clause
language's `traits.Fact` (a ruleset fact: a tie rule, a victory, the casualties): a clause
that says nothing alone, a card not revealed, a heading, a report to a role, what the
engine does anyway, roles dealt once, an order of the night by kinds, and a mechanic the
engine does not model (logic/lang/game_kinds/unmodelled.py names them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.lang.clause_parts import NoReading
from logic.model.ir import Why

__all__ = [
    "Default",
    "Heading",
    "Hidden",
    "KillerRule",
    "KindOrder",
    "NoReading",
    "Precedes",
    "RoleTrait",
    "Said",
    "Unique",
    "Unmodelled",
    "count_of",
    "group_of",
]


@dataclass(frozen=True)
class Said:
    """A clause that adds nothing the engine models ("everyone wakes up", "the game
    ends"); `alone` when the sentence may be only this ('This is called "Endgame."')."""

    why: Why
    alone: bool = False


@dataclass(frozen=True)
class Hidden:
    """'The lynched player's role and alignment will not be revealed.': said of the day
    with no votes in the sentence before (logic/lang/game.py joins them)."""

    why: Why


@dataclass(frozen=True)
class Heading:
    """A line that opens what follows ("the order of operations is as follows:")."""

    kind: str
    why: Why


@dataclass(frozen=True)
class Precedes:
    """`winner`'s victory takes precedence over `over`'s (joined to the victory it
    qualifies, said in the same sentence)."""

    winner: str
    over: str
    why: Why


@dataclass(frozen=True)
class KillerRule:
    """A faction's nightkill is carried out by one member; `exclusive`: that member does
    not use its own night action that night."""

    faction: str
    exclusive: bool
    why: Why
    victims: str = ""  # "choose a villager to kill": the group the victim is of ("": anyone)


@dataclass(frozen=True)
class RoleTrait:
    """Something the game does for a role it names ("Detective is told the jobs of ...")."""

    role: str
    part: Any
    why: Why


@dataclass(frozen=True)
class Default:
    """The sentence says what the engine does anyway (`what`: "a player may vote for
    themselves"): read, with no effect (`ruling parse` keeps it as a sentence with none).
    With `axiom`, the engine's behaviour it says again, named: read as a `frame.Restated`
    (`ruling coverage`: verbatim; `ruling casebook --deletions`: `default`)."""

    what: str
    why: Why
    axiom: Why | None = None

    def describe(self) -> str:
        return f"what the engine does anyway: {self.what}"


@dataclass(frozen=True)
class Unmodelled:
    """The sentence states a mechanic the engine does not model (`mechanic`, a key of
    logic/lang/game_kinds/unmodelled.py's MECHANICS): reported as such, never read."""

    mechanic: str
    why: Why

    def describe(self) -> str:
        return f"not modelled ({self.mechanic})"


@dataclass(frozen=True)
class Unique:
    """No role is dealt twice ("All roles are unique."): the frame reader's unique roles."""

    why: Why


@dataclass(frozen=True)
class KindOrder:
    """The night's order by kinds of action ("in the following order: roleblocks,
    protections, kills, investigations"): each tier's nouns, first to last, as an order of
    operations names them ("roleblock", "protection", "killing", "investigation"; REST:
    every action no other item names)."""

    items: tuple[tuple[str, ...], ...]
    why: Why


_NUMBERS = {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def group_of(children: list[Any]) -> str:
    """The words of a group (a faction or a role), as the ruleset writes them."""
    return " ".join(str(c) for c in children if isinstance(c, Token))


def count_of(children: list[Any]) -> int:
    """A number of players: "one", "two", "2"; "any", "some" are not a number."""
    (tok,) = children
    if tok.type == "NUMERAL":
        return int(tok)
    n = _NUMBERS.get(str(tok).lower())
    if n is None:
        raise NoReading(f"{tok!s} is not a number of players")
    return n
