"""Owns the day actions and traits that sway one day's lynch once the votes are in: a
vote blocked or doubled, a substitute for the lynching victim, a lynch cancelled, a
lynch survived. Effects any role may carry; a day ability with one of them is used by
day only (logic/effects/day.py runs it, logic/effects/vote.py counts it).

Vocabulary (effects of a day ability, each in force for the day it is used):
  VoteBlock   the target's vote has no power that day (status `powerless`): "This player
              can block another's lynching vote."
  VoteDouble  the target's vote counts twice that day (status `doubled`), or the user's
              own when `own`: "This player can double another's lynching vote.", "This
              player can double his or her own vote for lynching." On a day read over its
              timeline (logic/effects/timeline.py), `follows` (its sentence: "It doubles
              whatever the valid vote is, so the vote can be changed") the vote standing
              at each moment counts twice; without it, whether a vote changed after the
              use still counts twice is the host's open choice (the source without it
              does not say). A day read without a timeline counts the last vote cast.
  Substitute  the target is lynched in place of the day's lynching victim (status
              `substitute`); with no victim, nothing happens: "This player chooses one
              other alive player to substitute for the lynching victim that day."
  Spare       if the target would be lynched, no player is lynched that day (status
              `spared`): "This player can save another player from lynching." with "No
              player is lynched that day ..."
Vocabulary (role traits):
  SurviveLynch  the holder survives one lynching attempt, and nobody is lynched in their
              place; the attempt spends it (the lasting mark `lynch survived`): "This
              player can survive one lynching attempt."

Order within the day: the votes give the victim; a Substitute moves the lynch to its
target; a Spare or a SurviveLynch on the player who would then be lynched cancels it.
When a Spare and a Substitute both take place, whether the Judge's save of the votes'
victim comes before the substitution (no one is lynched) or after it (the substitute is
lynched) is not said by any sentence: both stay open (`open:spare-first`, ambiguous
where it matters). A save of the substitute holds either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects.base import Kind
from logic.model.expr import FALSE, TRUE, Const, Expr, Var, any_of, conj, disj, label, neg
from logic.model.why import Why, cited, meta

if TYPE_CHECKING:
    from logic.effects.vote import DayInputs
    from logic.model.day import DayBuilder
    from logic.model.ir import Ruleset

SURVIVED = "lynch survived"  # the lasting mark of a spent SurviveLynch
# the statuses a day action gives its target for that day (read by logic/effects/vote.py)
STATUS = {
    "VoteBlock": "powerless",
    "VoteDouble": "doubled",
    "Substitute": "substitute",
    "Spare": "spared",
}


@dataclass(frozen=True)
class VoteBlock:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the target's vote has no power that day"


@dataclass(frozen=True)
class VoteDouble:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    own: bool = False
    why: Why = meta()
    follows: Why | None = None  # "It doubles whatever the valid vote is, so ... changed"

    def describe(self) -> str:
        whose = "the user's own" if self.own else "the target's"
        changed = "; a vote changed after it counts twice too" if self.follows else ""
        return f"day: {whose} vote counts twice that day{changed}"


@dataclass(frozen=True)
class Substitute:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the target is lynched in place of the day's lynching victim"


@dataclass(frozen=True)
class Spare:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    none: Why | None = cited()  # "No player is lynched that day": what a spare gives anyway

    def describe(self) -> str:
        return "day: if the target would be lynched, no player is lynched that day"


@dataclass(frozen=True)
class SurviveLynch:
    why: Why = meta()
    in_place: Why | None = cited()  # "Nobody is lynched in their place": likewise

    def describe(self) -> str:
        return "lynch: the holder survives one lynching attempt; nobody is lynched instead"


SWAY_EFFECTS = (VoteBlock, VoteDouble, Substitute, Spare)


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A sway aims at "one other alive player": not at the dead."""
    out: list[Expr] = []
    for c, e in db.effects(i, SWAY_EFFECTS):
        x = db.at_target(i, db.sc.dead_before)
        if x is not None:
            out.append(label(conj(c, x), e.why))
    return any_of(out)


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """The status `name` p holds today from a day action that took place (its source:
    the actor)."""
    out: list[tuple[Expr, str]] = []
    for i in range(db.n):
        for c, e in db.effects(i, SWAY_EFFECTS):
            if status_of(e) != name:
                continue
            own = isinstance(e, VoteDouble) and e.own
            on = Const(db.actor(i) == p) if own else db.sc.aims(i, p)
            x = conj(db.ok(i), c, label(TRUE, e.why), on)
            if x != FALSE:
                out.append((x, db.actor(i)))
    return out


KIND = Kind(
    "sway",
    nodes=(*SWAY_EFFECTS, SurviveLynch),
    day_stops=day_stops,
    day_marked=day_marked,
)


def status_of(effect: object) -> str:
    """The status a day action's effect gives its target for the day."""
    return STATUS[type(effect).__name__]


def _why_of(rs: Ruleset, kind: type) -> Why | None:
    """The sentence of the first effect of `kind` in the ruleset (None: no role has one)."""
    for role in rs.roles:
        for ab in role.abilities:
            for e in ab.effects:
                if isinstance(e, kind):
                    return e.why
    return None


def apply(
    rs: Ruleset, inp: DayInputs, lynched: list[Expr], domains: dict[str, list[Any]]
) -> tuple[list[Expr], list[Expr]]:
    """Who is lynched once the day's sway is applied to `lynched` (the votes' victim, one
    expression a player), and who survives a lynching attempt by their role (SurviveLynch)."""
    players = inp.players
    n = len(players)
    someone = any_of(lynched)
    subs = [inp.marked(p, "substitute") for p in players]
    any_sub = any_of(subs)
    moved = [disj(conj(neg(any_sub), lynched[k]), conj(someone, subs[k])) for k in range(n)]
    spared = [inp.marked(p, "spared") for p in players]
    saved_after = any_of(conj(moved[k], spared[k]) for k in range(n))
    saved = saved_after
    if any_sub != FALSE and any_of(spared) != FALSE:
        # the Judge's save and the Executioner's substitution on one day: no order given
        name = "open:spare-first"
        domains[name] = [False, True]
        why = _why_of(rs, Spare)
        first: Expr = Var(name) if why is None else label(Var(name), why)
        saved_first = any_of(conj(lynched[k], spared[k]) for k in range(n))
        saved = disj(conj(first, saved_first), saved_after)
    final = [conj(moved[k], neg(saved)) for k in range(n)]
    survive: list[Expr] = [FALSE] * n
    for role in rs.roles:
        for t in role.traits:
            if not isinstance(t, SurviveLynch):
                continue
            for k, p in enumerate(players):
                holds = conj(inp.role_is(p, role), inp.powered(p), neg(inp.marked(p, SURVIVED)))
                survive[k] = disj(survive[k], conj(final[k], label(holds, t.why)))
    return [conj(final[k], neg(survive[k])) for k in range(n)], survive
