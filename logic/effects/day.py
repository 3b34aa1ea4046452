"""Owns the day as a phase: day actions (abilities used by day, as effects any role can
carry) and the model of a concrete day (`build_day`: actions, votes, the lynch of
logic/effects/vote.py, reports, the state the day leaves, the win conditions).

Vocabulary (effects of a day ability; an ability with one of them is used by day only):
  DayKill      the target dies at once ("the Sorcerer may kill one target of his choice")
  VotesGone    with a DayKill: all votes by and for the target are removed
  Revive       a dead target is alive again at once
  VotesBack    with a Revive: the revived player may vote that day
  Exorcise     a dead holder of one of `roles` is removed from the game (mark `exorcised`)
  Discard      the actor gives up its role's power for good (mark `discarded`: traits
               that hold "while its power is in effect" stop)
  Rock         the target is struck by a rock, announced to every living player without
               the actor's name
  Public       the use is announced to every living player, naming the actor and its
               role ("The Sorcerer is revealed at this time")

A day action takes place when its actor is alive, its role is not roleblocked for the day
(a roleblock lasts "for the night and the following day"), its frequency allows it, and
its target fits (a kill or a rock: a living target; a revival: a dead one; an exorcism: a
dead holder of a listed role). A use counts against a once-per-game ability only when it
takes place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from logic.effects import afterlife, identity, records, report, status, sway, vote
from logic.effects.afterlife import Exorcise
from logic.effects.block import Roleblock
from logic.model import frame, semantics, win
from logic.model.expr import FALSE, TRUE, Const, Expr, Var, any_of, conj, disj, iff, label, neg
from logic.model.ir import Ability, NoSelfTarget, Role, Ruleset, canon
from logic.model.phase import Act, Atom, History, PhaseModel, Player, TextSource
from logic.model.why import Why, meta


@dataclass(frozen=True)
class DayKill:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the target dies at once"


@dataclass(frozen=True)
class VotesGone:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: votes by and for the killed target are removed"


@dataclass(frozen=True)
class Revive:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: a dead target is alive again"


@dataclass(frozen=True)
class VotesBack:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the revived target may vote that day"


@dataclass(frozen=True)
class Discard:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the actor gives up its role's power for good"


@dataclass(frozen=True)
class Rock:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the target is struck by a rock, announced without the actor's name"


@dataclass(frozen=True)
class Public:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "day: the use is announced, naming the actor"


DAY_EFFECTS = (
    DayKill,
    VotesGone,
    Revive,
    VotesBack,
    Exorcise,
    Discard,
    Rock,
    Public,
    *sway.SWAY_EFFECTS,
)


def is_day(ability: Ability) -> bool:
    """Whether the ability is used by day (one of its effects is `by_day`)."""
    return semantics.is_day(ability)


def _has(ab: Ability, kind: type) -> object | None:
    return next((e for e in ab.effects if isinstance(e, kind)), None)


def build_day(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    day: int,
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
    history: History,
    acts: Sequence[Act] = (),
    order: Sequence[str] = (),
) -> PhaseModel:
    """A concrete day: its actions, the lynch by the ruleset's vote and tie rules over the
    votes of living players who can act (an arrest stops votes too), reports of the
    lynched player's role, the marks the day leaves, then the win conditions."""
    names = tuple(players)
    roles = {p: pl.role for p, pl in players.items()}
    arrested = status.under_arrest(history)
    domains: dict[str, list[object]] = {}
    equations: list[tuple[Expr, Why]] = []
    atoms: dict[Atom, Expr] = {}
    definitions: dict[str, Expr] = {}
    texts: list[TextSource] = []
    oks: list[Expr] = []
    was_dead = {p: Const(p in history.dead) for p in names}
    for i, act in enumerate(acts):
        ab = act.ability
        reasons = _stoppers(ruleset, act, roles, history, day, was_dead)
        ok = conj(*(neg(r) for r in reasons), label(TRUE, ab.why))
        var = f"ok:{i}"
        domains[var] = [False, True]
        equations.append((iff(Var(var), ok), ab.why))
        definitions[var] = ok
        oks.append(Var(var))
        atoms[Atom("fails", act.actor)] = neg(Var(var))
        atoms[Atom("succeeds", act.actor)] = Var(var)

    def took(kind: type, target: str | None = None, actor: str | None = None) -> Expr:
        return _took(acts, oks, kind, target, actor)

    revived = {p: took(Revive, p) for p in names}
    killed = {p: took(DayKill, p) for p in names}
    gone = {p: conj(killed[p], took(VotesGone, p)) for p in names}
    alive = {
        p: conj(
            disj(neg(was_dead[p]), conj(revived[p], took(VotesBack, p))),
            Const(p not in arrested),
        )
        for p in names
    }
    open_block = _open_blocks(ruleset, roles, history, day, domains)
    inputs = _day_inputs(
        names, roles, history, day, votes, choices, order, acts, oks, alive, gone, open_block
    )
    day_ = vote.day_constraints(ruleset, inputs)
    domains.update(day_.domains)
    equations.extend(day_.equations)
    for (kind, p), expr in day_.atoms.items():
        if kind == "survived":  # a lynching attempt survived: spent for good
            atoms[status.mark_atom(p, sway.SURVIVED)] = expr
        else:
            atoms[Atom(kind, p)] = expr
    for p in names:
        atoms[Atom("dies", p)] = disj(atoms.get(Atom("dies", p), FALSE), killed[p])
    identity.day_echoes(ruleset, names, lambda p: roles[p], atoms)
    atoms.update(_marks_left(names, acts, oks, revived))

    # alive at the end of the day (who hears the announcements, who wins)
    def alive_after(p: str) -> Expr:
        return conj(disj(neg(was_dead[p]), revived[p]), neg(atoms[Atom("dies", p)]))

    texts.extend(_announcements(ruleset, players, acts, oks, alive_after))
    texts.extend(_lynch_reveals(players, atoms, alive_after))
    died = {p: atoms[Atom("dies", p)] for p in names}
    role_is = inputs.role_is
    texts.extend(
        report.role_reports(list(ruleset.roles), names, role_is, alive_after, died, "lynch")
    )
    texts.extend(afterlife.death_texts(list(ruleset.roles), names, role_is, died))
    reversed_ = {q: TRUE for q in records.reversed_in(history)}
    atoms.update(records.settle(ruleset, names, reversed_, role_is, alive_after))
    model = PhaseModel(
        phase=f"day {day}",
        domains=dict(domains),
        equations=equations,
        definitions=definitions,
        atoms=atoms,
        texts=texts,
        acts=tuple(acts),
        random_vars=day_.random_vars,
    )

    def member(p: str, group: str) -> Expr:
        pl = players[p]
        return Const(canon(group) in (canon(pl.role.name), canon(pl.faction)))

    win.add_wins(model, ruleset, names, alive_after, member)
    return model


def _marks_left(
    names: tuple[str, ...], acts: Sequence[Act], oks: Sequence[Expr], revived: Mapping[str, Expr]
) -> dict[Atom, Expr]:
    """What the day's actions leave on players: revived, a power discarded, exorcised."""
    atoms: dict[Atom, Expr] = {}
    for p in names:
        if revived[p] != FALSE:
            atoms[Atom("revived", p)] = revived[p]
        discard = _took(acts, oks, Discard, actor=p)
        if discard != FALSE:
            atoms[status.mark_atom(p, "discarded")] = discard
        exorcised = _took(acts, oks, Exorcise, p)
        if exorcised != FALSE:
            atoms[status.mark_atom(p, "exorcised")] = exorcised
    return atoms


def _stoppers(
    ruleset: Ruleset,
    act: Act,
    roles: Mapping[str, Role],
    history: History,
    day: int,
    was_dead: Mapping[str, Expr],
) -> list[Expr]:
    """What stops a day action, each labelled: a dead actor, a roleblock lasting into the
    day, an arrest, its frequency, a target that does not fit, a target on oneself."""
    ab = act.ability
    t = act.targets[0] if act.targets else None
    arrested = status.under_arrest(history)
    blocked = status.for_day(history, act.actor, "roleblocked", day)
    reasons: list[Expr] = [label(Const(act.actor in history.dead), frame.DEAD_DO_NOT_ACT)]
    if blocked:
        reasons.append(label(TRUE, ruleset_block_why(ruleset)))
    if act.actor in arrested:
        reasons.append(label(TRUE, frame.TAKES_PLACE))
    if not ab.frequency.allows(day, history.used(act.actor, ab.name)):
        reasons.append(label(TRUE, ab.why))
    if t is not None:
        for e in ab.effects:
            if isinstance(e, DayKill | Rock):
                reasons.append(label(was_dead[t], e.why))
            elif isinstance(e, Revive):
                reasons.append(label(neg(was_dead[t]), e.why))
            elif isinstance(e, Exorcise):
                listed = any(canon(roles[t].name) == canon(r) for r in e.roles)
                reasons.append(label(Const(t not in history.dead or not listed), e.why))
            elif isinstance(e, sway.SWAY_EFFECTS):  # "one other alive player"
                reasons.append(label(was_dead[t], e.why))
        for restriction in ab.restrictions:
            if isinstance(restriction, NoSelfTarget) and t == act.actor:
                reasons.append(label(TRUE, restriction.why))
    return reasons


def _took(
    acts: Sequence[Act],
    oks: Sequence[Expr],
    kind: type,
    target: str | None = None,
    actor: str | None = None,
) -> Expr:
    """Whether a day action with an effect of `kind` (aimed at `target`, by `actor`, when
    given) took place today."""
    return any_of(
        conj(oks[i], label(TRUE, e.why))  # type: ignore[attr-defined]
        for i, a in enumerate(acts)
        for e in [_has(a.ability, kind)]
        if e is not None
        and (target is None or target in a.targets)
        and (actor is None or a.actor == actor)
    )


def _swayed(acts: Sequence[Act], oks: Sequence[Expr], p: str, name: str) -> Expr:
    """p holds the status `name` from a day action that took place today (sway.py)."""
    return any_of(
        conj(oks[i], label(TRUE, e.why))
        for i, a in enumerate(acts)
        for e in a.ability.effects
        if isinstance(e, sway.SWAY_EFFECTS)
        and sway.status_of(e) == name
        and (
            a.actor == p
            if isinstance(e, sway.VoteDouble) and e.own
            else bool(a.targets) and a.targets[0] == p
        )
    )


def _open_blocks(
    ruleset: Ruleset,
    roles: Mapping[str, Role],
    history: History,
    day: int,
    domains: dict[str, list[object]],
) -> dict[str, Expr]:
    """Per roleblocked holder of a passive power of the day, whether the roleblock stops
    it: an open choice (`open:roleblocked:P`, added to `domains`)."""
    # T-day-5: whether a roleblock "for the night and the following day" also stops the
    # passive powers of the day (a vote's weight, a tie-break, immunity) is not said: for
    # a roleblocked holder of such a power both readings stay open (ambiguous if it matters)
    traits = (
        vote.VoteWeight,
        vote.PairVote,
        vote.Powerless,
        vote.Immune,
        vote.LastVoterDies,
    )
    breakers = {
        canon(r.role or "") for r in ruleset.tie_rules if r.kind in ("vote", "exclude", "choice")
    }
    open_block: dict[str, Expr] = {}
    for p in roles:
        passive = any(isinstance(t, traits) for t in roles[p].traits)
        if (passive or canon(roles[p].name) in breakers) and status.for_day(
            history, p, "roleblocked", day
        ):
            name = f"open:roleblocked:{p}"
            domains[name] = [False, True]
            open_block[p] = label(Var(name), ruleset_block_why(ruleset))
    return open_block


def _day_inputs(
    names: tuple[str, ...],
    roles: Mapping[str, Role],
    history: History,
    day: int,
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
    order: Sequence[str],
    acts: Sequence[Act],
    oks: Sequence[Expr],
    alive: Mapping[str, Expr],
    gone: Mapping[str, Expr],
    open_block: Mapping[str, Expr],
) -> vote.DayInputs:
    """What the lynch reads of a concrete day: the votes and picks, who is alive and who a
    day kill removed, whose powers are in effect, the statuses held today, the order of
    the votes."""

    def marks_of(p: str, name: str) -> list[str]:
        return [m.source for m in status.for_day(history, p, name, day)]

    def marked_by(p: str, name: str, q: str) -> Expr:
        return Const(q in marks_of(p, name))

    def powered(p: str) -> Expr:
        return conj(
            Const(not marks_of(p, "discarded")),
            neg(_took(acts, oks, Discard, actor=p)),
            neg(open_block.get(p, FALSE)),
        )

    index = {p: k for k, p in enumerate(names)}

    def vote_of(p: str) -> Expr:
        t = votes.get(p)
        return Const(index[t] if t is not None else vote.NO_ONE)

    def choice(p: str) -> Expr | None:
        return Const(index[choices[p]]) if p in choices else None

    def rank(p: str) -> Expr:
        return Const(list(order).index(p) if p in order else -1)

    def role_is(p: str, role: Role) -> Expr:
        return Const(canon(roles[p].name) == canon(role.name))

    return vote.DayInputs(
        names,
        vote_of,
        alive.__getitem__,
        role_is,
        choice,
        removed=gone.__getitem__,
        powered=powered,
        marked=lambda p, name: disj(Const(bool(marks_of(p, name))), _swayed(acts, oks, p, name)),
        marked_by=marked_by,
        rank=rank,
    )


def _announcements(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    acts: Sequence[Act],
    oks: Sequence[Expr],
    alive_after: Callable[[str], Expr],
) -> list[TextSource]:
    """What the day's actions announce: a day-killed player's role to the killer (a
    Reveal of kills), and a rock, a public use or an exorcism to every player alive at
    the end of the day."""
    texts: list[TextSource] = []
    names = tuple(players)
    kill_reveal = next(
        (r for r in ruleset.day_rules if isinstance(r, vote.Reveal) and r.when == "kill"), None
    )
    for i, act in enumerate(acts):
        said: list[tuple[str, Why]] = []
        t = act.targets[0] if act.targets else ""
        for e in act.ability.effects:
            if isinstance(e, DayKill) and t and kill_reveal is not None:
                pl = players[t]
                told = afterlife.shown(pl.role, pl.faction, "kill")
                texts.append(TextSource(act.actor, label(oks[i], kill_reveal.why), told, (), e.why))
            if isinstance(e, Rock):
                said.append((f"{t} is struck by a rock", e.why))
            if isinstance(e, Public):
                said.append((f"{act.actor} is the {players[act.actor].role.name}", e.why))
                if t and _has(act.ability, Exorcise):  # "This is also public and immediate."
                    said.append((f"{t} is exorcised", e.why))
        for text, why in said:
            for q in names:
                gate = conj(oks[i], alive_after(q))
                if gate != FALSE:
                    texts.append(TextSource(q, label(gate, why), text, (), why))
    return texts


def _lynch_reveals(
    players: Mapping[str, Player], atoms: Mapping[Atom, Expr], alive_after: Callable[[str], Expr]
) -> list[TextSource]:
    """The lynched player's role and alignment, told to every player (vote.Reveal)."""
    texts: list[TextSource] = []
    names = tuple(players)
    for p in names:
        shown = atoms.get(Atom("revealed", p), FALSE)
        if shown == FALSE:
            continue
        told = f"{p} was {afterlife.shown(players[p].role, players[p].faction, 'lynch')}"
        for q in names:
            gate = conj(shown, disj(alive_after(q), Const(q == p)))
            if gate != FALSE:
                texts.append(TextSource(q, gate, told, (), None))
    return texts


def ruleset_block_why(ruleset: Ruleset) -> Why:
    """The sentence that makes a roleblock last into the day (the roleblock's own)."""
    for role in ruleset.roles:
        for ab in role.abilities:
            for e in ab.effects:
                if isinstance(e, Roleblock):
                    return e.why
    return frame.TAKES_PLACE
