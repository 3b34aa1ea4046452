"""Owns abilities that act when something happens to their holder, not when the holder
chooses: on the holder's death ("If you die at night, you are woken to choose a player",
"If you die by execution, your team loses."), on a nomination ("The 1st time you are
nominated, if the nominator is a Townsfolk, they are executed immediately."), on the
day's end ("If only 3 players live & no execution occurs, your team wins."); a public
day ability whose effect depends on what the target is ("if they are the Demon, they
die"), and a vote bound to another player's ("you may only vote if they are voting too").

Vocabulary:
  OnDeath     a condition on the ability before: it is used only when the holder dies
              (`how`: "night", "execution" or "any")
  TeamResult  a trait: the holder's team wins (`wins`) or loses when `event` happens
              ("die by execution"; "3 alive, no execution")
  OnNominated a trait: the first time (`first`) the holder is nominated, if the
              nominator is of `group`, the nominator is executed
  IfIs        an effect: the target dies if it is of `group` (the storyteller's
              registration applies)
  Public      the ability is used by day, in public ("during the day, publicly choose")
  VotesWith   an effect: the holder may vote tomorrow only if the target votes too
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Table
from logic.effects.knowing import looks
from logic.effects.malfunction import impaired_today
from logic.effects.registration import may_be_type, must_be_type
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.ir import canon
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder
    from logic.model.table import Event, Play, State


@dataclass(frozen=True)
class OnDeath:
    how: str = "any"
    why: Why = meta()

    def describe(self) -> str:
        how = {"night": " at night", "execution": " by execution"}.get(self.how, "")
        return f"trigger: used when the holder dies{how}"


@dataclass(frozen=True)
class TeamResult:
    wins: bool
    event: str  # "dies by execution", "alive N and no execution"
    alive: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        result = "wins" if self.wins else "loses"
        if self.alive is not None:
            return f"trigger: if only {self.alive} players live and no execution occurs, the holder's team {result}"
        return f"trigger: if the holder {self.event}, the holder's team {result}"


@dataclass(frozen=True)
class OnNominated:
    group: str
    first: bool = True
    why: Why = meta()

    def describe(self) -> str:
        when = "the first time" if self.first else "each time"
        return (
            f"trigger: {when} the holder is nominated, a {self.group} nominator is executed at once"
        )


@dataclass(frozen=True)
class IfIs:
    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"kill: the target dies if they are the {self.group}"


@dataclass(frozen=True)
class Public:
    why: Why = meta()
    by_day = True  # the frame's attribute: the ability is used by day

    def describe(self) -> str:
        return "used by day, in public"


@dataclass(frozen=True)
class VotesWith:
    why: Why = meta()

    def describe(self) -> str:
        return "vote: tomorrow, the holder may vote only if the target votes too"


# ----------------------------------------------------------------------------- the night
# An ability used on its holder's death at night (`OnDeath`: "If you die at night, you
# are woken to choose a player") takes place only the night its holder dies, and that
# death does not stop it (the frame's "the dead do not act"). One used on a death by
# execution is not used at night.


def stops(b: NightBuilder, i: int) -> Expr:
    return any_of(
        label(conj(c, neg(b.dies_tonight(b.actor(i))) if e.how != "execution" else c), e.why)
        for c, e in b.effects(i, OnDeath)
    )


def posthumous(b: NightBuilder, i: int) -> Expr:
    return any_of(c for c, e in b.effects(i, OnDeath) if e.how != "execution")


# ----------------------------------------------------------------------------- the day
# (logic/model/day.py): a public shot (`IfIs`) kills its target, alive when the day
# began, when the target registers as the shot's group at this look (the storyteller's
# choice for a character that might register as it: knowing.looks) and the shooter's
# ability works today (malfunction.impaired_today: poisoned "tonight and tomorrow day").
# Once a game and the dead not acting are the frame's (the ability's frequency, `ok:i`).


def day_deaths(db: DayBuilder) -> list[tuple[str, Expr]]:
    out: list[tuple[str, Expr]] = []
    for i in range(db.n):
        p = db.actor(i)
        for c, e in db.effects(i, IfIs):
            works = conj(db.ok(i), c, neg(impaired_today(db, p)))
            if works == FALSE:
                continue
            for q in db.players:
                aimed = conj(works, db.sc.aims(i, q), neg(db.sc.dead_before(q)))
                if aimed == FALSE:
                    continue
                shown = looks(db, q, e.group, f"{canon(p)}:shot:{canon(q)}")
                out.append((q, label(conj(aimed, shown), e.why)))
    return out


# ----------------------------------------------------------------------------- at the table
# (logic/model/table.py): an ability used on its holder's death learns only then; a
# public shot kills a target that registers as its group (once a game); the first
# nomination of an `OnNominated` holder executes a nominator of its group at once; a
# `TeamResult` holder executed ends the game.

SHOT, NOMINATED = "triggers:shot", "triggers:nominated"


def learns(play: Play, st: State, before: State, k: int, char: str) -> bool | None:
    """An ability used on its holder's death tells them only the night they die."""
    if any(isinstance(e, OnDeath) for e in play.s.effects(char)):
        return before.alive[k] and not st.alive[k]
    return None


def day(
    play: Play, st: State, events: Sequence[Event], i: int
) -> Iterator[tuple[State, int]] | None:
    e = events[i]
    if e.kind == "says_info" and play.s.has(e.obj, IfIs):
        return _shot(play, st, events, i)
    if e.kind == "nominates":
        return _nomination(play, st, events, i)
    return None


def _next_is(play: Play, events: Sequence[Event], i: int, kind: str, k: int) -> bool:
    return (
        i + 1 < len(events) and events[i + 1].kind == kind and play.seat(events[i + 1].subject) == k
    )


def _shot(play: Play, st: State, events: Sequence[Event], i: int) -> Iterator[tuple[State, int]]:
    """A public shot at a target: it dies if it registers as the shot's group (a death
    the next event says), once a game, by a working holder of the character claimed."""
    e = events[i]
    k, target = play.seat(e.subject), play.seat(e.text)
    dies_next = _next_is(play, events, i, "died", target)
    holds = canon(st.chars[k]) == canon(e.obj)
    works = holds and st.alive[k] and play.sober(st, k) and k not in st.marks.get(SHOT, ())
    works = works and st.alive[target]
    if holds:
        st.marks[SHOT] = st.marks.get(SHOT, frozenset()) | {k}
    group = next(x.group for x in play.s.effects(e.obj) if isinstance(x, IfIs))
    may = works and may_be_type(play.s, st.chars[target], group)
    must = works and must_be_type(play.s, st.chars[target], group)
    if dies_next and may:
        yield from ((s, i + 2) for s in play.die(st, target))
    elif not dies_next and not must:
        yield st, i + 1


def _nomination(
    play: Play, st: State, events: Sequence[Event], i: int
) -> Iterator[tuple[State, int]]:
    """The first nomination of a working `OnNominated` holder executes a nominator of
    its group at once (the execution the next event says)."""
    e = events[i]
    x, v = play.seat(e.subject), play.seat(e.obj)
    executed = _next_is(play, events, i, "executed", x)
    nominated = st.marks.get(NOMINATED, frozenset())
    first = v not in nominated
    st.marks[NOMINATED] = nominated | {v}
    trait = next((t for t in play.s.traits(st.chars[v]) if isinstance(t, OnNominated)), None)
    works = trait is not None and first and play.sober(st, v) and st.alive[x]
    may = works and trait is not None and may_be_type(play.s, st.chars[x], trait.group)
    must = works and trait is not None and must_be_type(play.s, st.chars[x], trait.group)
    if executed and may:
        yield from ((s, i + 2) for s in play.execute(st, x))
    elif not executed and not must:
        yield st, i + 1


def executed(play: Play, st: State, k: int) -> Iterator[State] | None:
    """A working holder of a `TeamResult` that loses on execution dies and ends it."""
    for t in play.s.traits(st.chars[k]):
        loses = isinstance(t, TeamResult) and not t.wins and "execution" in t.event
        if loses and play.sober(st, k):
            st.alive[k] = False
            st.over = True
            return iter((st,))
    return None


KIND = Kind(
    "triggers",
    (OnDeath, TeamResult, OnNominated, IfIs, Public, VotesWith),
    stops=stops,
    posthumous=posthumous,
    day_deaths=day_deaths,
    table=Table(
        acting=(OnNominated, IfIs, TeamResult),
        learns=learns,
        day=day,
        executed=executed,
    ),
)
