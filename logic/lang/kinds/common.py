"""Owns the clause language's readings of the common role texts other hosts write
(grammar/clause/common.lark, words in grammar/lexicon/common.toml), mixed into
logic/lang/kinds.Readings:

- limited uses: "has two shots" (a budget of the role's uses a game), "three times per
  game" said of an ability (each ability at most N times a game): `Budget` of
  logic/effects/hex.py. With one ability the two are the same; a role with several
  abilities and "twice per game" on one of them gets the limit on each (the budget is the
  role's: the nearest the engine has, said here);
- the Veteran's alert: an ability on its user (`on_self`, no target) and "anyone who visits
  him while on alert dies": `Guard` of logic/effects/react.py, the Monk's Hamedo. The
  Guard kills the visitor before its action is performed; a host's Veteran may let the
  action happen (most say nothing): the nearest kind, said here;
- a kill used by day ("during the day, may shoot a player"): `DayKill` of
  logic/effects/day.py; a look at a dead player's role ("may choose a dead player and
  learn their role"): `ReadDead` of logic/effects/afterlife.py (its role and alignment);
- a death link in more words (`DeathLink`), how a player shows to an investigation
  (`OnRecords`), what a vote is worth (`VoteWeight`), "cannot be lynched" (`Immune`);
- sentences the engine has no effect for, read as notes (no effect, "not modelled"): who
  the role is ("You are the Doctor.", "The Miller is Town": the faction is the heading's),
  what it knows of another role ("You know who your Lover is."), a victory by being
  lynched or by surviving to the end (no victory condition of logic/model/win.py says
  either), a shot taken on its holder's death (no reaction of logic/effects/react.py is
  triggered by the holder's own death), an immunity ("cannot be roleblocked", "is immune
  to nightkills": no trait of the engine makes a player immune for the whole game).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, cast

from lark import Token

from logic.effects.afterlife import ReadDead
from logic.effects.attack import AutoProtect, Protect, Unprotectable
from logic.effects.block import Unblockable
from logic.effects.day import DayKill
from logic.effects.hex import Budget
from logic.effects.react import Guard
from logic.effects.records import Frame
from logic.effects.vote import Immune
from logic.lang.clause_parts import (
    NUMBERS,
    About,
    Actor,
    NoReading,
    Nothing,
    Starts,
    Tail,
    Verb,
    about,
    subject_of,
)
from logic.lang.kinds.lastshot import LastShotReading
from logic.lang.kinds.traits import Fact, Trait
from logic.lang.read.pieces import _Capability, _DayAbility
from logic.model.ir import Frequency, Why
from logic.model.win import Victory


@dataclass(frozen=True)
class Uses:
    """'three times per game': the ability's uses a game (a `when` beside its frequency)."""

    count: int


def _count(children: list[Any]) -> int:
    """The number a clause says: a numeral, a number word, or "twice"."""
    for c in children:
        if isinstance(c, Token) and c.type == "NUMERAL":
            return int(c)
        if isinstance(c, Token) and c.type == "NUMBER":
            return NUMBERS[str(c).lower()]
        if isinstance(c, Token) and c.type == "TWICE":
            return 2
        if isinstance(c, Token) and c.type in ("ONE_SHOT", "KILL"):  # "one bullet", "a shot"
            return 1
    raise AssertionError("a count with no number")


def uses_parts(children: list[Any], why: Why) -> tuple[Any, ...]:
    """What 'N times per game' among an ability's children adds: each of the role's
    abilities at most N times a game (the role's budget, logic/effects/hex.py)."""
    uses = [c for c in children if isinstance(c, Uses)]
    if uses and Frequency.ONCE_PER_GAME in children:
        raise NoReading("once per game and more than once per game")
    if len({u.count for u in uses}) > 1:
        raise NoReading("two different numbers of uses")
    return tuple(Trait(Budget("each", u.count, why)) for u in uses[:1])


def on_itself(
    children: list[Any], why: Why, name: str, effects: tuple[Any, ...]
) -> tuple[Any, ...]:
    """An ability with no target that acts on its user ("Use one at night to survive any
    attack.", "Each night you may commute."), named `name`, with its frequency and uses."""
    cap = _Capability(
        None, effects, (), _frequency(children), False, why, name=name, targets=0, on_self=True
    )
    return (*about(children, cap), *uses_parts(children, why))


def _frequency(children: list[Any]) -> Frequency:
    freqs = [c for c in children if isinstance(c, Frequency)]
    return next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)


class CommonReading:
    """The methods of common.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def death_link(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def on_records(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    # how often
    def times_per_game(self, children: list[Any]) -> Uses:
        n = _count(children)
        if n < 2:
            raise self._no_reading("once per game is said 'once per game'")
        return Uses(n)

    # limited shots
    def shots(self, children: list[Any]) -> tuple[Any, ...]:
        n = _count(children)
        return about(children, Trait(Budget("game", n, self.why)))

    def spend(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        starts = Starts("kills", _frequency(children), why, subject_of(children))
        return (starts, *uses_parts(children, why))

    def vest_use(self, children: list[Any]) -> tuple[Any, ...]:
        """A vest spent on oneself: it protects its user (its uses: the vests the role has,
        `shots`)."""
        return on_itself(children, self.why, "Vest", (Protect(self.why),))

    def vest_each(self, _: list[Any]) -> tuple[Any, ...]:
        raise self._no_reading(
            "vests that each stop a kill by themselves (the automatic protection stops one "
            "night's kills, once; a vest used at night is an ability: 'Use one at night to "
            "survive any attack.')"
        )

    def one_a_night(self, _: list[Any]) -> tuple[Any, ...]:
        return ()

    # a frame
    def framed(self, children: list[Any]) -> tuple[Any, ...]:
        """What a frame shows: the faction named after "appear" ("" for "guilty")."""
        words = [c for c in children if isinstance(c, Token)]
        shown = next(
            c
            for i, c in enumerate(words)
            if c.type in ("NAME", "GUILTY")
            and i
            and words[i - 1].type in ("APPEAR", "AS", "BE", "A", "THE", "LEARN", "THEM", "HE")
        )
        return (Frame(self.why, str(shown) if shown.type == "NAME" else ""),)

    def appear_tail(self, children: list[Any]) -> Tail:
        """'..., making them appear as Mafia if investigated': the ability's frame."""
        return Tail(self.framed(children))

    # the alert and its visitors
    def alert(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        if len({c for c in children if isinstance(c, Frequency)} - {Frequency.EACH_NIGHT}) > 1:
            raise self._no_reading("two different frequencies")
        cap = _Capability(
            None, (), (), _frequency(children), False, why, name="Alert", targets=0, on_self=True
        )
        return (*about(children, cap), *uses_parts(children, why))

    def alert_kills(self, children: list[Any]) -> tuple[Any, ...]:
        """The alert and, said after it, what it does to visitors."""
        return (*self.alert(children), *self.visitors_die(children))

    def visitors_die(self, children: list[Any]) -> tuple[Any, ...]:
        """Whoever visits the guarded player dies (`Guard`); said of the holder ("anyone
        who visits you", "... visits the Veteran") the ability acts on its user: a role whose
        line says nothing else guards itself, not a player it picks."""
        visited = next(
            (
                b
                for a, b in itertools.pairwise(children)
                if isinstance(a, Token) and a.type in ("VISIT", "TARGET")
            ),
            None,
        )
        holder = isinstance(visited, Actor) or (
            isinstance(visited, Token)
            and visited.type == "HE"
            and str(visited).casefold() in ("you", "him", "her")
        )
        guard = _Capability(None, (Guard(self.why),), (), None, False, self.why, on_self=holder)
        return (guard,)

    # abilities used by day
    def day_kill(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        if any(isinstance(c, Uses) for c in children) and Frequency.ONCE_PER_GAME in children:
            raise self._no_reading("two different frequencies")
        day = _DayAbility("kill", 1, _frequency(children), (DayKill(why),), why)
        return (*about(children, day), *uses_parts(children, why))

    def dies_at_once(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # what the kill before it says already

    # "That night, ..."
    def tonight_effect(self, children: list[Any]) -> tuple[Any, ...]:
        return tuple(p for c in children if isinstance(c, tuple) for p in c)

    # said in more ways
    def linked_death(self, children: list[Any]) -> tuple[Any, ...]:
        return self.death_link(children)

    def unlynchable(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Trait(Immune(False, self.why)))

    # reads of the dead
    def reads_dead(self, children: list[Any]) -> tuple[Any, ...]:
        verbs = {c.category for c in children if isinstance(c, Verb)}
        if verbs - {"CHECK", "CHOOSE", "TARGET", "VISIT"}:
            raise self._no_reading("only a look at a dead player's role is read")
        why = self.why
        read = _DayAbility("investigate", 1, _frequency(children), (ReadDead(why),), why)
        return (*about(children, read), *uses_parts(children, why))

    # immunities, the role's own
    def immune_kill(self, children: list[Any]) -> tuple[Any, ...]:
        """ "Cannot be killed at night." "Immune to nightkills.": a night immunity."""
        return about(children, Trait(AutoProtect(self.why, lasting=True)))

    def immune_block(self, children: list[Any]) -> tuple[Any, ...]:
        """ "Cannot be roleblocked." "Roleblocks have no effect on you." ("They cannot be
        roleblocked." is said of a target: a note)"""
        return _own(children, Trait(Unblockable(self.why)), self.why)

    def immune_protect(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You cannot be protected." "Doctors are unable to save you." (the Macho)"""
        return _own(children, Trait(Unprotectable(self.why)), self.why)

    # notes: no effect
    def immune_note(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def knows_other(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def knows_listed(self, children: list[Any]) -> tuple[Any, ...]:
        """ "... are listed below.": the host names the holder's teammates (a note)."""
        where = str(children[-1]).casefold()
        if where not in ("below", "above", "here"):
            raise NoReading(f"listed {where!r}")
        return (Nothing(self.why),)

    def given_target(self, _: list[Any]) -> tuple[Any, ...]:
        """The Executioner's target given by the game: a note, as the victory by its lynch
        (no role is given a target)."""
        return (Nothing(self.why),)

    def wins_unmodelled(self, children: list[Any]) -> tuple[Any, ...]:
        """The role's own victory (logic/model/win.py's SIDE): by being lynched, by
        dying, by being alive when the game ends; by its target's lynch: a note (no role is given
        a target)."""
        kinds = {c.type for c in children if isinstance(c, Token)}
        if "TARGET" in kinds:
            return (Nothing(self.why),)
        if "LYNCH" in kinds:
            cond = "lynched"
        elif kinds & {"DIE", "KILL"}:
            cond = "dies"  # "You win if you die." (any death, by night or by day)
        else:
            cond = "at_end"
        return (Fact("victory", Victory("", cond, "", 0, (), self.why), self.why),)

    def shoots_on_death(self, children: list[Any]) -> tuple[Any, ...]:
        """'When the Hunter dies, he may immediately shoot one player, who dies as well.':
        a shot at the time of one's death (logic/effects/lastshot.py's, as lastshot.lark
        reads "kill a player of their choosing at the time of their death")."""
        return LastShotReading.last_shot(cast(Any, self), children)

    def sides_with_nobody(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)


def _own(children: list[Any], trait: Trait, why: Why) -> tuple[Any, ...]:
    """An immunity of the role whose line says it ("you", no subject), or of the role it
    names; said of "they" or "that player" (the target of the ability before): a note."""
    words = [str(c).lower() for c in children if isinstance(c, Token)]
    if any(isinstance(c, Token) and c.type == "HE" and str(c).lower() != "you" for c in children):
        return (Nothing(why),)
    if words[:2] == ["that", "player"]:
        return (Nothing(why),)
    for c in children:  # the role named before "cannot" (after it: "by the Doctor")
        if isinstance(c, Token) and c.type == "CANNOT":
            break
        if isinstance(c, Token) and c.type == "ROLENAME":
            return (About(str(c), trait),)
    return about(children, trait)


__all__ = ["CommonReading", "Uses", "uses_parts"]
