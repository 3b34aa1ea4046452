"""Owns abilities that malfunction: a player whose ability does not work, and who does
not know it (Blood on the Clocktower's drunk and poisoned players). What such a player
learns is the storyteller's free choice (ir.Chooser.STORYTELLER: "false information"),
and what their ability does to others does not happen.

Vocabulary:
  Impaired  an effect on the ability's target: its ability malfunctions for the span
            said ("they are [...] tonight and tomorrow day": `through_day`)
  Unaware   a trait: the holder does not know they hold the role ("You do not know you
            are the Drunk.")
  Believes  a trait: the holder is told they hold a character of `group` they do not
            hold ("You think you are a Townsfolk character, but you are not."); that
            character's ability malfunctions for them, always
  FalseInfo a trait: what the holder learns may be false, at the storyteller's choice
            ("You might get false information.")
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Lasting, Outcome, Table
from logic.effects.registration import same
from logic.model import frame
from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, label, labels
from logic.model.ir import Chooser, canon
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder
    from logic.model.table import Event, Play, Script, State


@dataclass(frozen=True)
class Impaired:
    through_day: bool = False
    by: Chooser = Chooser.STORYTELLER  # who chooses what an impaired player learns
    why: Why = meta()

    def describe(self) -> str:
        span = "tonight and the following day" if self.through_day else "tonight"
        return f"malfunction: the target's ability does not work {span} (its information is the {self.by.value}'s choice)"


@dataclass(frozen=True)
class Unaware:
    role: str
    why: Why = meta()

    def describe(self) -> str:
        return f"malfunction: the holder does not know they are the {self.role}"


@dataclass(frozen=True)
class Believes:
    group: str
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"malfunction: the holder is shown a {self.group} character they do not hold "
            f"({self.by.value}'s choice); its ability does not work for them"
        )


@dataclass(frozen=True)
class FalseInfo:
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return f"malfunction: what the holder learns might be false ({self.by.value}'s choice)"


# ----------------------------------------------------------------------------- the night


def impaired_tonight(b: NightBuilder, p: str) -> Expr:
    """p's ability malfunctions tonight: an `Impaired` lands on p, or p's role has
    `Believes` (labelled with its sentence). What p is told is then the storyteller's
    free choice (logic/effects/knowing.py asks). A night reads only tonight's impairment:
    one made the night before and lasting through its day is not carried into a chain's
    next night yet."""
    parts = [label(x, e.why) for _, x, e in b.lands(Impaired, p)]
    for role in b.roles:
        for t in role.traits:
            if isinstance(t, Believes):
                parts.append(label(b.sc.role_is(p, role), t.why))
    return any_of(parts)


# ----------------------------------------------------------------------------- the day after
# An impairment "tonight and tomorrow day" (`through_day`) lasts into the day after the
# night it lands, while its maker lives: the night leaves the atom `is impaired tomorrow` of
# each such target (its maker alive when the night ends: the table's reading, "until its
# maker dies"), carried to the day as the lasting state `IMPAIRED_DAY`, which the next
# night replaces (a night reads only its own impairment). A day reads it through
# `impaired_today` (logic/effects/triggers.py: a public shot that does not work).

IMPAIRED_ATOM = "is impaired tomorrow"


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Who stays impaired through the day after this night."""
    out: dict[Atom, Expr] = {}
    for q in b.sc.players:
        parts = [
            label(conj(x, outcome.alive_after[b.actor(j)], outcome.alive_after[q]), e.why)
            for j, x, e in b.lands(Impaired, q)
            if e.through_day
        ]
        hit = any_of(parts)
        if hit != FALSE:
            out[Atom(IMPAIRED_ATOM, q)] = hit
    return out


Impairs = dict[str, list[tuple[Expr, Why]]]  # player -> (impaired today, the sentence)


def _step(before: tuple[tuple[str, Why], ...], end: PhaseEnd) -> tuple[tuple[str, Why], ...]:
    """A night replaces who is impaired through the day with its own; a day ends it."""
    if end.kind != "night":
        return ()
    return tuple(
        (a.subject, _cause(end.why(a))) for a in sorted(end.atoms) if a.kind == IMPAIRED_ATOM
    )


def _cause(whys: tuple[Why, ...]) -> Why:
    return next((w for w in whys if w.kind != "axiom"), whys[0] if whys else frame.TAKES_PLACE)


def _chain(before: Impairs, end: ChainEnd) -> Impairs:
    if end.kind != "night":
        return {}
    out: Impairs = {}
    for a, e in end.atoms:
        if a.kind == IMPAIRED_ATOM:
            out.setdefault(a.subject, []).append((e, next(iter(labels(e)), frame.TAKES_PLACE)))
    return out


def _view(state: tuple[tuple[str, Why], ...], night: int) -> Impairs:
    out: Impairs = {}
    for q, why in state:
        out.setdefault(q, []).append((TRUE, why))
    return out


IMPAIRED_DAY = Lasting("impaired today", (), _step, _chain, _view)


def impaired_today(db: DayBuilder, p: str) -> Expr:
    """p's ability malfunctions today: an impairment of the night before lasts through
    the day (`IMPAIRED_DAY`), or p's role has `Believes`."""
    before: Impairs = db.before(IMPAIRED_DAY)
    parts = [label(cond, why) for cond, why in before.get(p, [])]
    return any_of([*parts, *_believes(db, p)])


def _believes(db: DayBuilder, p: str) -> list[Expr]:
    return [
        label(db.sc.role_is(p, role), t.why)
        for role in db.sc.roles()
        for t in role.traits
        if isinstance(t, Believes)
    ]


# ----------------------------------------------------------------------------- at the table
# (logic/model/table.py): a `Believes` holder sits under the claim of a character of its
# group, always impaired; an `Impaired` target is impaired from the night it is chosen
# through the following day, until its maker dies or no longer holds its character.

IMPAIRED, IMPAIRER = "malfunction:impaired", "malfunction:impairer"


def hides(script: Script, hidden: str, claim: str, me: bool) -> bool:
    """A `Believes` holder may sit under a claim of the group it is told it holds."""
    believes = [t for t in script.traits(hidden) if isinstance(t, Believes)]
    return any(same(script.type_of(claim), t.group) for t in believes)


def dealt(script: Script, world: Sequence[str], claims: Sequence[str]) -> bool:
    """The character a `Believes` holder is shown is not in play (the rulebook's; read
    from "All roles are unique.": no character is dealt twice, shown or held)."""
    held = {canon(c) for c in world}
    shown = [claims[k] for k, c in enumerate(world) if script.has(c, Believes)]
    return not any(canon(c) in held for c in shown)


def impaired(play: Play, st: State, k: int) -> bool:
    return play.holds(st, k, Believes) or st.marks.get(IMPAIRED) == k


def choices(play: Play, st: State, night: int, events: Sequence[Event]) -> Iterator[State]:
    """Whom a working `Impaired` ability picks tonight: no one, or a player whose
    character acts or is told something tonight (any other is as none)."""
    makers = [k for k in range(play.n) if st.alive[k] and play.holds(st, k, Impaired)]
    working = [k for k in makers if not play.holds(st, k, Believes)]
    targets: list[int | None] = [None]
    if working:
        speakers = {play.seat(e.subject) for e in events if e.kind == "says_info"}
        targets += [
            k for k in range(play.n) if st.alive[k] and (k in speakers or play.s.acts(st.chars[k]))
        ]
    for t in targets:
        s1 = st.copy()
        s1.marks[IMPAIRED] = t
        s1.marks[IMPAIRER] = working[0] if working else None
        yield s1


def settle(play: Play, st: State) -> None:
    """An impairment ends when its maker dies or no longer holds its character."""
    k = st.marks.get(IMPAIRER)
    if k is not None and (not st.alive[k] or not play.holds(st, k, Impaired)):
        st.marks[IMPAIRED] = None
        st.marks[IMPAIRER] = None


def day_end(play: Play, st: State) -> None:
    st.marks[IMPAIRED] = None


KIND = Kind(
    "malfunction",
    (Impaired, Unaware, Believes, FalseInfo),
    transition=transition,
    lasting=(IMPAIRED_DAY,),
    table=Table(
        hides=hides,
        dealt=dealt,
        impaired=impaired,
        choices=choices,
        settle=settle,
        day_end=day_end,
    ),
)
