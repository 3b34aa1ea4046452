"""Owns the frame of a game played out at the table: a storyteller's game (Blood on the
Clocktower's) over what its players observed, one starting world at a time. Which
starting assignments of characters to seats are consistent with the claims, the
information each player says their character gave them, the deaths, nominations and
executions, when SOME choices of the storyteller and of the evil players explain them.

The frame names no kind and no character. It plays the phases in order and, at each
step, asks every kind for its part (`effects/base.Table`): the deal and who may hide
under a claim (the deal, a character told it is another), the choices made at setup (a
red herring) and each night before anyone dies (whom an ability impairs), the night's
deaths (a kill, a death moved, a character passed on), what a node may tell its player
(the storyteller's registrations), the day's events (a public shot, a nomination that
executes its nominator), an execution and a death by day, and a team's win. Every
unobserved choice is a branch, existential: a world is consistent when some branch
explains every event. A state carries each seat's character and life, the day's
execution, whether a team has won, and the kinds' own marks (`State.marks`, keyed by the
kind's names, immutable values).

Why this is a frame of its own and not the phase frame (logic/model/semantics.py,
day.py, chain.py), which since issue 29 builds a Clocktower night's information
(knowing.texts), impairment (malfunction.impaired_tonight) and passing on (succession's
transition) as well, and agrees with this frame on a first night's information, the
day's public shot and the Ravenkeeper's look (tests/test_table_agrees.py). What the
phase frame has now, and what it still lacks for the puzzles:
  1. Observations: `solve`'s binding (logic/lang/observations.py) has no seat whose
     claim may be a lie (an evil player's) or a belief (`malfunction.Believes`), nor
     hidden characters; a table world is an assignment of characters to seats.
  2. Lasting states: the phase frame carries an impairment "tonight and tomorrow day"
     into the day after its night while its maker lives (malfunction's `IMPAIRED_DAY`)
     and the red herring (knowing.herrings). It lacks the day's execution read by the
     next night (`ExecutedRole`).
  3. The day: the phase frame's day has the public shot (`IfIs`: triggers.day_deaths,
     with registration and the impairment above) and a character passed on by day
     (the Scarlet Woman: succession.day_atoms). It lacks a nomination that executes
     its nominator at once (`OnNominated`), a team that loses by its holder's
     execution (`TeamResult`), an execution by the votes (logic/effects/nominate.py)
     and the teams' wins (deal.TeamWins): no kind answers `day_lynch` for them (a
     Clocktower vote is not one vote per player), so `check` searches no Clocktower
     day.
  4. Night deaths and what a death tells: the phase frame has a death moved
     (`DiesInstead`, an open reading of its safety: finding T13), information on the
     holder's death (`OnDeath`: triggers.stops and posthumous over
     `NightBuilder.dies_tonight`) and a character shown as another it might register
     as (registration.shows_role: the Ravenkeeper's look at the Recluse).
  5. Cost: `resolve` enumerates the product of the storyteller's picks of every player
     told something (hundreds of options each); a table checks each reported text
     against a world, and plays a few thousand worlds in a second.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from logic.model.ir import Frequency, Role, Ruleset, canon

if TYPE_CHECKING:
    from logic.effects.base import Kind, Table


@dataclass(frozen=True)
class Event:
    """One observed event: `kind` ("says_info", "died", "executed", "nominates"), its
    `subject` (a player), `obj` (a character, or a nominee) and `text` (what was said)."""

    kind: str
    subject: str
    obj: str = ""
    text: str = ""


@dataclass(frozen=True)
class Game:
    """The observations, bound: seats, claims, hidden characters, phases of events."""

    seats: tuple[str, ...]
    claims: tuple[str, ...]  # by seat
    hidden: tuple[str, ...]
    maybe: tuple[str, ...]  # what the observer might be unknowingly
    me: int
    phases: tuple[tuple[str, int, tuple[Event, ...]], ...]  # (kind, number, events), in order


@dataclass(frozen=True)
class Script:
    """The ruleset as a table reads it: each character's type and team, and the kinds'
    hooks, gathered once (`hooks(name)`: every kind's answer to that hook, in order)."""

    rs: Ruleset
    kinds: tuple[Kind, ...]
    types: dict[str, str]  # character -> its type (the ruleset's faction)
    teams: dict[str, str]  # type -> team
    memo: dict[Any, Any] = field(default_factory=dict, compare=False)

    @staticmethod
    def read(rs: Ruleset, kinds: Sequence[Kind]) -> Script:
        types = {canon(r.name): r.faction for r in rs.roles}
        tables = [k.table for k in kinds if k.table is not None]
        teams: dict[str, str] = {}
        for t in tables:
            if t.teams is not None:
                teams.update(t.teams(rs))
        return Script(rs, tuple(kinds), types, teams)

    def hooks(self, name: str) -> list[Callable[..., Any]]:
        key = ("hooks", name)
        if key not in self.memo:
            self.memo[key] = [
                getattr(k.table, name)
                for k in self.kinds
                if k.table is not None and getattr(k.table, name) is not None
            ]
        return self.memo[key]

    def owner(self, node: object) -> Table | None:
        """The table of the kind that owns `node`."""
        key = ("owner", type(node))
        if key not in self.memo:
            self.memo[key] = next(
                (k.table for k in self.kinds if k.table is not None and type(node) in k.nodes),
                None,
            )
        return self.memo[key]

    def role(self, char: str) -> Role:
        key = ("role", char)
        if key not in self.memo:
            role = self.rs.role(char)
            assert role is not None, char
            self.memo[key] = role
        return self.memo[key]

    def type_of(self, char: str) -> str:
        return self.types[canon(char)]

    def team_of(self, char: str) -> str:
        return self.teams[canon(self.type_of(char))]

    def effects(self, char: str) -> list[object]:
        key = ("effects", char)
        if key not in self.memo:
            self.memo[key] = [e for a in self.role(char).abilities for e in a.effects]
        return self.memo[key]

    def traits(self, char: str) -> tuple[object, ...]:
        return self.role(char).traits

    def has(self, char: str, node: type) -> bool:
        key = (char, node)
        if key not in self.memo:
            role = self.role(char)
            nodes = (*(e for a in role.abilities for e in a.effects), *role.traits)
            self.memo[key] = any(isinstance(x, node) for x in nodes)
        return self.memo[key]

    def first_night_of(self, char: str, node: type) -> int:
        """The first night the character's ability with `node` is used (1, or 2 for
        "each night*")."""
        for a in self.role(char).abilities:
            if any(isinstance(e, node) for e in a.effects):
                return 2 if a.frequency is Frequency.SUBSEQUENT_NIGHTS else 1
        return 1

    def liars(self) -> str | None:
        """The team whose players may lie (a kind's `liars`; None: no kind says)."""
        if "liars" not in self.memo:
            found = [t for h in self.hooks("liars") if (t := h(self)) is not None]
            self.memo["liars"] = found[0] if found else None
        return self.memo["liars"]

    def lies(self, char: str) -> bool:
        return canon(self.team_of(char)) == canon(self.liars() or "")

    def caps(self, n: int) -> dict[str, int] | None:
        """With n players, the most characters of each type a game may deal (a kind's
        `caps`; None: no game of n players is dealt)."""
        return next((c for h in self.hooks("caps") if (c := h(self, n)) is not None), None)

    def acts(self, char: str) -> bool:
        """A character whose working matters beyond its information (a kind's `acting`)."""
        key = ("acts", char)
        if key not in self.memo:
            nodes = [n for k in self.kinds if k.table is not None for n in k.table.acting]
            self.memo[key] = any(self.has(char, n) for n in nodes)
        return self.memo[key]


# ----------------------------------------------------------------------------- starting worlds


def starts(script: Script, game: Game) -> Iterator[tuple[str, ...]]:
    """Every starting assignment the setup allows: each seat its claim or a hidden
    character a kind lets it hold under that claim (`hides`), no character twice, no type
    over its cap (`caps`), and the whole deal as the kinds allow (`dealt`)."""
    caps = script.caps(len(game.seats))
    assert caps is not None, "the command says which games are dealt"
    options: list[list[str]] = []
    for k, claim in enumerate(game.claims):
        opts = [claim]
        me = k == game.me
        for h in game.maybe if me else game.hidden:
            if canon(h) != canon(claim) and any(
                f(script, h, claim, me) for f in script.hooks("hides")
            ):
                opts.append(h)
        options.append(opts)
    for world in _unique(script, options, caps, 0, [], {}):
        if all(f(script, world, game.claims) for f in script.hooks("dealt")):
            yield tuple(world)


def _unique(
    script: Script,
    options: list[list[str]],
    caps: dict[str, int],
    k: int,
    chosen: list[str],
    counts: dict[str, int],
) -> Iterator[list[str]]:
    """The assignments of options to seats k.. with no character twice and no type over
    its cap."""
    if k == len(options):
        yield list(chosen)
        return
    for c in options[k]:
        typ = script.type_of(c)
        if c in chosen or counts.get(typ, 0) >= caps.get(typ, 0):
            continue
        chosen.append(c)
        counts[typ] = counts.get(typ, 0) + 1
        yield from _unique(script, options, caps, k + 1, chosen, counts)
        counts[typ] -= 1
        chosen.pop()


# ----------------------------------------------------------------------------- playing it out


@dataclass
class State:
    """A moment of one game: each seat's character and life, the day's execution,
    whether a team has won, and the kinds' marks (immutable values, by name)."""

    chars: list[str]  # current characters, by seat
    alive: list[bool]
    marks: dict[str, Any] = field(default_factory=dict)
    over: bool = False  # a team has won
    executed: int | None = None  # today's execution (for the next night's information)

    def copy(self) -> State:
        return replace(self, chars=list(self.chars), alive=list(self.alive), marks=dict(self.marks))


class Play:
    """One starting world played out over the observations, depth first over the
    choices nobody observed; `consistent` when some choices explain every event."""

    def __init__(self, script: Script, game: Game, world: tuple[str, ...]) -> None:
        self.s, self.g, self.start = script, game, world
        self.n = len(world)

    def consistent(self) -> bool:
        state = State(list(self.start), [True] * self.n)
        return any(self._phases(s, 0) for s in self.each("setup", state))

    def each(self, hook: str, st: State, *args: Any) -> Iterator[State]:
        """The states every kind's generator `hook` leaves, one kind after another."""
        yield from self._each(self.s.hooks(hook), st, args)

    def _each(
        self, hooks: list[Callable[..., Any]], st: State, args: tuple[Any, ...]
    ) -> Iterator[State]:
        if not hooks:
            yield st
            return
        for s in hooks[0](self, st, *args):
            yield from self._each(hooks[1:], s, args)

    def first(self, hook: str, *args: Any) -> Any:
        """The first kind's answer to `hook` that is not None (None: no kind's concern)."""
        for h in self.s.hooks(hook):
            got = h(self, *args)
            if got is not None:
                return got
        return None

    # seats and characters
    def seat(self, name: str) -> int:
        key = ("seat", self.g.seats, name)
        if key not in self.s.memo:
            self.s.memo[key] = next(
                k for k, p in enumerate(self.g.seats) if canon(p) == canon(name)
            )
        return self.s.memo[key]

    def named(self) -> list[int]:
        """The seats some player's information names (in seat order)."""
        if not hasattr(self, "_named"):
            words = {
                canon(w)
                for _, _, events in self.g.phases
                for e in events
                if e.kind == "says_info"
                for w in re.findall(r"\w+", e.text)
            }
            self._named = [k for k, p in enumerate(self.g.seats) if canon(p) in words]
        return self._named

    def holds(self, st: State, k: int, node: type) -> bool:
        return self.s.has(st.chars[k], node)

    def sober(self, st: State, k: int) -> bool:
        """Seat k's ability works now (no kind says it is impaired)."""
        return not any(h(self, st, k) for h in self.s.hooks("impaired"))

    def works(self, st: State, k: int, node: type) -> bool:
        """Seat k holds a working character with `node`."""
        return self.s.has(st.chars[k], node) and self.sober(st, k)

    def won(self, st: State) -> bool:
        return any(h(self, st) for h in self.s.hooks("won"))

    def settle(self, st: State) -> None:
        for h in self.s.hooks("settle"):
            h(self, st)

    # the phases
    def _phases(self, st: State, i: int) -> bool:
        if st.over:
            return False  # a team has won: the puzzles' games go on
        if i == len(self.g.phases):
            return True
        kind, number, events = self.g.phases[i]
        if kind == "night":
            return any(self._phases(after, i + 1) for after in self._night(st, number, events))
        return any(self._phases(after, i + 1) for after in self._day(st, events))

    def _night(self, st: State, night: int, events: tuple[Event, ...]) -> Iterator[State]:
        for s1 in self.each("choices", st, night, events):
            for s2 in self.each("deaths", s1, night, events):
                self.settle(s2)
                if self._night_info(s2, st, events):
                    s2.executed = None
                    yield s2

    def _night_info(self, st: State, before: State, events: tuple[Event, ...]) -> bool:
        for e in events:
            if e.kind != "says_info":
                continue
            k = self.seat(e.subject)
            if self.s.lies(before.chars[k]) or not self.sober(st, k):
                continue  # free: an evil player's, an impaired player's
            if canon(before.chars[k]) != canon(e.obj):
                return False  # a good player told they are what they are not
            if not self.told(st, before, k, e.text):
                return False
        return True

    def told(self, st: State, before: State, k: int, text: str) -> bool:
        """Whether seat k's information `text` may be true: its teller's own change, or
        what its character's nodes may tell it (some registrations make it so)."""
        about_self = self.first("statement", st, before, k, text)
        if about_self is not None:
            return bool(about_self)
        char = before.chars[k]
        learns = self.first("learns", st, before, k, char)
        if not (st.alive[k] if learns is None else learns):
            return False  # the dead learn nothing
        for node in self.s.effects(char):
            table = self.s.owner(node)
            if table is None or table.told is None:
                continue
            got = table.told(self, st, before, k, node, text)
            if got is not None:
                return got
        return True  # information no kind reads: not a constraint

    # the day
    def _day(self, st: State, events: tuple[Event, ...]) -> Iterator[State]:
        yield from self._day_events(st.copy(), list(events), 0)

    def _day_events(self, st: State, events: list[Event], i: int) -> Iterator[State]:
        if i == len(events):
            for h in self.s.hooks("day_end"):
                h(self, st)
            yield st
            return
        if st.over:
            return
        got = self.first("day", st, events, i)
        if got is not None:
            for s, j in got:
                yield from self._day_events(s, events, j)
            return
        e = events[i]
        if e.kind == "executed":
            k = self.seat(e.subject)
            if st.alive[k]:
                for s in self.execute(st, k):
                    yield from self._day_events(s, events, i + 1)
        elif e.kind != "died":  # a death by day that nothing before explains
            yield from self._day_events(st, events, i + 1)

    def execute(self, st: State, k: int) -> Iterator[State]:
        """Seat k is executed: what a kind makes of it, or k dies."""
        st = st.copy()
        st.executed = k
        got = self.first("executed", st, k)
        if got is not None:
            yield from got
            return
        for s in self.die(st, k):
            self.settle(s)
            yield s

    def die(self, st: State, k: int) -> Iterator[State]:
        """Seat k dies by day: what a kind makes of it, or k is dead (and a team may
        have won)."""
        got = self.first("dies", st, k)
        if got is not None:
            yield from got
            return
        st = st.copy()
        st.alive[k] = False
        if self.won(st):
            st.over = True
        yield st
