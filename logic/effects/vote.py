"""Owns votes and the lynch: the vote-weight effect kinds, the lynch and tie rules, lynch
immunity and substitution, reveals, and the constraints of a day phase.

Vocabulary (role traits):
  VoteWeight    a role's vote counts as `weight` votes ("Their vote counts as two in the
                voting round.", "Any vote the Doublevoter makes is counted twice")
  PairVote      two holders of the role voting for the same player count `total` votes
                together ("their votes will count as three instead of two")
  Powerless     the holder's vote has no power ("the Imaginary Friend's vote has no
                power"), while its power is in effect when `power`
  Immune        the holder cannot be lynched (while its power is in effect when `power`);
                the lynch passes to the next in line ("the person in second place")
  LastVoterDies when the holder is lynched, the last living player to vote for them dies
Vocabulary (rules of the game):
  Lynch         the player with strictly the most votes is removed; `daily`: someone is
                lynched every day ("One person will be lynched each day."), so players
                tied at zero votes are tied for the most
  TieRule       what a tie for the most votes gives: `choice` (a role's holder picks:
                "Judge, in the event of a tie, makes the final decision."), `vote` (a
                holder's vote on one of the leaders decides: "if there is a tie, and his
                vote is on one of the vote leaders, that person will be lynched"),
                `exclude` (a holder tied for the most is not considered: "he will not be
                considered for the lynch"), `none` ("no one is removed": with a role, when
                no holder can pick; with none, on every tie: "If there is a tie, no one is
                lynched.", what the frame axiom [plurality] does anyway), `random` (a
                fair pick among the tied, marked random), or `first` (the tied player whose
                count stood first is lynched: "In the event of a tie, the tied player who
                reached that vote total first is lynched.", read over the day's timeline,
                logic/effects/timeline.py)
  NoVotes       a day with no votes cast: everyone alive is tied at zero; `hidden`: the
                lynched player's role is not revealed
  Reveal        the lynched player's role and alignment are revealed to all (`when`
                "lynch"), or only the killer learns them (`when` "kill", the night's), or
                every dead player's are revealed to all, the lynched and those who died at
                night (`when` "death": "Flips are full."), or no dead player's are (`when`
                "none": "Roles are not revealed upon death.", what the engine does anyway)

Statuses a night leaves for the day (logic/effects/hex.py gives them): `powerless` (the
vote has no power), `charm-vote` (a vote for the status's source has no power),
`charm-lynch` (if the source would be lynched, the holder is lynched instead). Statuses a
day action gives for that day (logic/effects/sway.py): `powerless`, `doubled` (the vote
counts twice), `substitute`, `spared`; (logic/effects/secretvote.py) `secret` (a
vote cast for the status's source) and `public-void` (the public vote does not count).
(logic/effects/tally.py) `lessened` (one vote fewer for the holder), `doubled` (her own
vote counts twice); (logic/effects/dayarrest.py) `withdrawn` (tied for the most, the holder
is not considered); (logic/effects/day.py) `shown` (the holder's role made public by a use
of his own, for good: a vote weight "once revealed" counts from then on).

A day is a phase like a night: its inputs are expressions (a concrete day folds them to
constants; a symbolic one leaves them open), its outcome is the `lynch` variable,
defined by labelled equations. Without a Lynch sentence the frame axiom [plurality]
stands in (strict plurality, a tie lynches no one). When two tie-breakers pick
different leaders nothing says whose pick counts: the lynch is left open (ambiguous).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import status, sway
from logic.effects.base import Kind
from logic.model import frame
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    Var,
    add,
    any_of,
    conj,
    disj,
    eq,
    implies,
    ite,
    label,
    le,
    lt,
    neg,
    variables,
)
from logic.model.ir import Role, Ruleset, Why, canon, meta
from logic.model.phase import Atom

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class VoteWeight:
    """The role's vote counts as `weight` votes."""

    by_day: ClassVar[bool] = True  # a passive power of the day (logic/effects/block.py)

    weight: int
    why: Why = meta()
    # "Once revealed, your vote counts as three.": only once the holder's role is shown
    # (the mark `shown` of a public use, logic/effects/day.py)
    shown: Why | None = None

    def describe(self) -> str:
        once = " once the holder's role is shown" if self.shown else ""
        return f"vote: counts as {self.weight} votes{once}"


@dataclass(frozen=True)
class PairVote:
    """Two holders of the role voting for the same player count `total` votes together."""

    by_day: ClassVar[bool] = True  # a passive power of the day (logic/effects/block.py)

    # the role is dealt to more than one player (the Lovers): read by the scenario's binding
    shared: ClassVar[bool] = True
    total: int
    why: Why = meta()

    def describe(self) -> str:
        return f"vote: two holders voting alike count as {self.total}"


@dataclass(frozen=True)
class Powerless:
    """The holder's vote has no power (while its power is in effect, when `power`)."""

    by_day: ClassVar[bool] = True  # a passive power of the day (logic/effects/block.py)

    power: bool = False
    why: Why = meta()

    def describe(self) -> str:
        return "vote: has no power" + (" while its power is in effect" if self.power else "")


@dataclass(frozen=True)
class Immune:
    """The holder cannot be lynched; the lynch passes on to the next in line."""

    by_day: ClassVar[bool] = True  # a passive power of the day (logic/effects/block.py)

    power: bool = False
    why: Why = meta()

    def describe(self) -> str:
        return "lynch: cannot be lynched" + (" while its power is in effect" if self.power else "")


@dataclass(frozen=True)
class LastVoterDies:
    """When the holder is lynched, the last player to vote for them dies."""

    by_day: ClassVar[bool] = True  # a passive power of the day (logic/effects/block.py)

    why: Why = meta()

    def describe(self) -> str:
        return "lynch: the last player to vote for the holder dies"


@dataclass(frozen=True)
class Lynch:
    """The ruleset's own plurality sentence (it replaces the frame axiom [plurality])."""

    why: Why = meta()
    daily: bool = False  # someone is lynched every day (a tie at zero is a tie)

    def describe(self) -> str:
        if self.daily:
            return "lynch: one player is lynched each day"
        return "lynch: the player with the most votes is removed"


@dataclass(frozen=True)
class TieRule:
    """What a tie for the most votes gives (see the module's vocabulary)."""

    kind: str  # choice, vote, exclude, none, random
    role: str | None = None
    why: Why = meta()

    def restates(self) -> Why | None:
        """The engine's axiom this rule says again, if it says nothing else: with no one
        of a role able to pick, no one is removed ("If there was a tie and no Judge, no one
        is removed.") is `frame.PLURALITY`'s "a tie lynches no one" (a rule with no role
        is more: `clash` sets it against a pick). `ruling casebook --deletions`: `default`."""
        return frame.PLURALITY if self.kind == "none" and self.role is not None else None

    def describe(self) -> str:
        match self.kind:
            case "choice":
                return f"tie: the {self.role} picks who is removed"
            case "vote":
                return f"tie: the leader the {self.role} votes for is lynched"
            case "exclude":
                return f"tie: a tied {self.role} is not considered for the lynch"
            case "none" if self.role is None:
                return "tie: no one is lynched"
            case "none":
                return f"tie: with no {self.role} able to pick, no one is removed"
            case "first":
                return "tie: the tied player who reached that count first is lynched"
        return "tie: a random pick among the tied"


@dataclass(frozen=True)
class NoVotes:
    """A day with no votes cast: every living player is tied at zero."""

    why: Why = meta()
    hidden: Why | None = None  # "the lynched player's role and alignment will not be revealed"

    def describe(self) -> str:
        return "lynch: with no votes, everyone is tied" + (
            "; the lynched role is not revealed" if self.hidden else ""
        )


@dataclass(frozen=True)
class Reveal:
    """Whose role is revealed: the lynched player's to all (`lynch`), a killed player's
    to the killer only (`kill`), every dead player's to all (`death`), a player's who died
    at night to all (`night`: a lynch is not revealed), nobody's (`none`)."""

    when: str
    why: Why = meta()

    def describe(self) -> str:
        match self.when:
            case "lynch":
                return "reveal: the lynched player's role and alignment, to all"
            case "death":
                return "reveal: every dead player's role and alignment, to all (lynched or killed)"
            case "night":
                return "reveal: the role and alignment of a player who died at night, to all"
            case "none":
                return "reveal: no dead player's role is revealed"
        return "reveal: a killed player's role and alignment, to the killer only"


NO_ONE = -1  # the value of `lynch` when no one is removed
DRAW = "draw:lynch"  # the random pick among the tied


def _false1(p: str) -> Expr:
    return FALSE


def _true1(p: str) -> Expr:
    return TRUE


def _false2(p: str, name: str) -> Expr:
    return FALSE


def _closed(name: str, where: Expr) -> Expr:
    return FALSE


def _false3(p: str, name: str, q: str) -> Expr:
    return FALSE


@dataclass(frozen=True)
class DayInputs:
    """What a day's constraints read, every entry an expression over the phase's inputs.

    vote(p): the index of the player p votes for, or -1 (no vote); alive(p): p is alive
    during the day (a revived player is); role_is(p, role); choice(p): the index of the
    player p picks with a tie-break ability (-1: none), or None when the scenario leaves
    it open. removed(p): a day kill took p (votes by and for p are removed); powered(p):
    p's role powers are in effect today (not discarded, not stopped by a roleblock; every
    role trait of the day reads it); marked(p, name) and marked_by(p, name,
    q): p holds a status of the day (given by q); rank(p): the position of p's vote in
    the order votes were cast (later is greater); opened(name, where): the host's open
    choice `name` (a boolean) that decides something where `where` holds.
    """

    players: tuple[str, ...]
    vote: Callable[[str], Expr]
    alive: Callable[[str], Expr]
    role_is: Callable[[str, Role], Expr]
    choice: Callable[[str], Expr | None]
    removed: Callable[[str], Expr] = field(default=_false1)
    powered: Callable[[str], Expr] = field(default=_true1)
    marked: Callable[[str, str], Expr] = field(default=_false2)
    marked_by: Callable[[str, str, str], Expr] = field(default=_false3)
    rank: Callable[[str], Expr] | None = None
    # per player number, the majority lock's lynch of them (logic/effects/timeline.py):
    # when one holds, the lock decides the lynch, not the votes at the day's end
    locked: Callable[[int], Expr] | None = None
    # per player number, how many of the day's moments passed before their final count
    # stood for good (logic/effects/timeline.py): a tie rule "first" reads it
    since: Callable[[int], Expr] | None = None
    # a host's open choice of the day, true or false (`where`: where it decides anything)
    opened: Callable[[str, Expr], Expr] = field(default=_closed)


@dataclass
class DayConstraints:
    domains: dict[str, list[Any]]
    equations: list[tuple[Expr, Why]]
    atoms: dict[tuple[str, str], Expr]  # ("lynched" | "dies" | "revealed", p) -> when
    random_vars: tuple[str, ...]


def _traits(rs: Ruleset, kind: type) -> list[tuple[Role, Any]]:
    return [(role, t) for role in rs.roles for t in role.traits if isinstance(t, kind)]


def _holds(inp: DayInputs, p: str, role: Role, trait: Any) -> Expr:
    """p holds `role` and its trait is in effect today (p's role powers are: not
    discarded, nor stopped by a roleblock lasting into the day)."""
    return label(conj(inp.role_is(p, role), inp.powered(p)), trait.why)


def voting(inp: DayInputs, p: str) -> Expr:
    """p's vote counts at all: p is alive and not taken by a day kill."""
    return conj(inp.alive(p), neg(inp.removed(p)))


def powerless(rs: Ruleset, inp: DayInputs, p: str) -> Expr:
    """p's vote has no power today (a trait of p's role, or a status)."""
    parts = [_holds(inp, p, role, t) for role, t in _traits(rs, Powerless)]
    parts.append(inp.marked(p, "powerless"))
    return any_of(parts)


def weight(rs: Ruleset, inp: DayInputs, p: str) -> Expr:
    """How many votes p's vote counts as (1 unless p's role or a status says otherwise)."""
    out: Expr = Const(1)
    for role, w in _traits(rs, VoteWeight):
        held = _holds(inp, p, role, w)
        if w.shown is not None:
            held = conj(held, label(inp.marked(p, "shown"), w.shown))
        out = ite(held, Const(w.weight), out)
    # a day's sway (effects/sway.py), amplified: three times (effects/amplify.py)
    more = ite(inp.marked(p, "tripled"), add(out, out, out), add(out, out))
    out = ite(inp.marked(p, "doubled"), more, out)
    traits = any_of(_holds(inp, p, role, t) for role, t in _traits(rs, Powerless))
    soothed = inp.marked(p, "powerless")
    both = conj(soothed, inp.marked(p, "doubled"))
    if both != FALSE:  # W3: a vote both blocked and doubled today; the source leaves open
        # which holds ("Maybe we could give the same player a choice?"): the host's choice
        soothed = conj(soothed, neg(conj(both, inp.opened(f"open:sway:{p}", both))))
    return ite(disj(traits, soothed), Const(0), out)


def tally(rs: Ruleset, inp: DayInputs, q: int) -> Expr:
    """The votes cast for player number q by living voters, weighted; none when a day
    kill took q."""
    target = inp.players[q]
    parts: list[Expr] = []
    for p in inp.players:
        # a public vote, unless void today; a secret vote (logic/effects/secretvote.py)
        public = conj(eq(inp.vote(p), Const(q)), neg(inp.marked(p, "public-void")))
        cast = conj(voting(inp, p), disj(public, inp.marked_by(p, "secret", target)))
        charmed = inp.marked_by(p, "charm-vote", target)
        parts.append(ite(conj(cast, neg(charmed)), weight(rs, inp, p), Const(0)))
    for role, pv in _traits(rs, PairVote):
        holders = [p for p in inp.players if inp.role_is(p, role) != FALSE]
        for a_, b_ in ((a, b) for i, a in enumerate(holders) for b in holders[i + 1 :]):
            both = conj(
                _holds(inp, a_, role, pv),
                _holds(inp, b_, role, pv),
                *(conj(voting(inp, x), eq(inp.vote(x), Const(q))) for x in (a_, b_)),
                *(neg(powerless(rs, inp, x)) for x in (a_, b_)),
                *(neg(inp.marked_by(x, "charm-vote", target)) for x in (a_, b_)),
            )
            extra = Const(pv.total - 2)  # on top of the two votes counted above
            parts.append(ite(label(both, pv.why), extra, Const(0)))
    # one vote fewer today (logic/effects/tally.py: an accompaniment)
    parts.append(ite(inp.marked(target, "lessened"), Const(-1), Const(0)))
    return ite(inp.removed(target), Const(0), add(*parts))


def day_constraints(rs: Ruleset, inp: DayInputs) -> DayConstraints:
    """The lynch of one day: who is removed, as labelled equations over `lynch`."""
    n = len(inp.players)
    players = inp.players
    lynch_why = rs.lynch.why if rs.lynch is not None else frame.PLURALITY
    novotes = next((r for r in rs.day_rules if isinstance(r, NoVotes)), None)
    none_cast = conj(
        *(neg(conj(voting(inp, p), neg(eq(inp.vote(p), Const(NO_ONE))))) for p in players)
    )
    top = _leaders(rs, inp, _zero_ok(rs, novotes, none_cast))
    unique = [conj(top[k], *(neg(top[j]) for j in range(n) if j != k)) for k in range(n)]
    tie = any_of(conj(top[k], any_of(top[j] for j in range(n) if j != k)) for k in range(n))
    # who breaks a tie: a living holder of a choosing role (a pick), or of a voting one
    domains: dict[str, list[Any]] = {"lynch": [NO_ONE, *range(n)]}
    equations: list[tuple[Expr, Why]] = []
    picks = _tie_picks(rs, inp, domains)
    picked = [conj(top[k], any_of(picks[k])) for k in range(n)]
    some_pick = any_of(picked)
    # a tie no pick breaks, broken by who reached that count first (the day's timeline)
    firsts = [r for r in rs.tie_rules if r.kind == "first"]
    by_time: list[Expr] = [FALSE] * n
    if firsts and inp.since is not None:
        since = [inp.since(k) for k in range(n)]
        by_time = [
            label(
                conj(
                    tie,
                    neg(some_pick),
                    top[k],
                    *(disj(neg(top[j]), lt(since[k], since[j])) for j in range(n) if j != k),
                ),
                firsts[0].why,
            )
            for k in range(n)
        ]
    some_time = any_of(by_time)
    randoms = [r for r in rs.tie_rules if r.kind == "random"]
    random_vars: list[str] = []
    chosen_by_draw: list[Expr] = [FALSE] * n
    if randoms:
        random_vars.append(DRAW)
        left = conj(tie, neg(some_pick), neg(some_time))
        chosen_by_draw = _draw(randoms[0], top, left, domains, equations)
    lynch = Var("lynch")
    base: list[Expr] = []
    locked = [inp.locked(k) for k in range(n)] if inp.locked is not None else [FALSE] * n
    any_locked = any_of(locked)
    for k in range(n):
        by_draw = (
            label(
                conj(tie, neg(some_pick), neg(some_time), top[k], chosen_by_draw[k]),
                randoms[0].why,
            )
            if randoms
            else FALSE
        )
        why_k = disj(label(unique[k], lynch_why), conj(tie, picked[k]), by_time[k], by_draw)
        why_k = disj(locked[k], conj(neg(any_locked), why_k))
        base.append(why_k)
        equations.append((implies(eq(lynch, Const(k)), why_k), lynch_why))
    equations.append((implies(any_of(base), neg(eq(lynch, Const(NO_ONE)))), lynch_why))
    chosen = [conj(eq(lynch, Const(k)), base[k]) for k in range(n)]
    # a substitute, a save, a lynch survived (effects/sway.py)
    lynched, survived = sway.apply(rs, inp, _charmed(inp, chosen), domains)
    atoms: dict[tuple[str, str], Expr] = {}
    for k, p in enumerate(players):
        atoms[("lynched", p)] = lynched[k]
        if survived[k] != FALSE:
            atoms[("survived", p)] = survived[k]
    deaths = _last_voter_deaths(rs, inp, lynched)
    for p in players:
        atoms[("dies", p)] = any_of(deaths[p])
    reveal = next(
        (r for r in rs.day_rules if isinstance(r, Reveal) and r.when in ("lynch", "death")), None
    )
    if reveal is not None:
        hidden = (
            label(none_cast, novotes.hidden)
            if novotes is not None and novotes.hidden is not None
            else FALSE
        )
        for k, p in enumerate(players):
            atoms[("revealed", p)] = label(conj(lynched[k], neg(hidden)), reveal.why)
    return DayConstraints(domains, equations, atoms, tuple(random_vars))


def _zero_ok(rs: Ruleset, novotes: NoVotes | None, none_cast: Expr) -> Expr:
    """Whether players tied at zero votes are tied for the most: someone is lynched every
    day, or (a NoVotes rule) no vote was cast at all (`none_cast`)."""
    zero_ok: Expr = FALSE
    if rs.lynch is not None and rs.lynch.daily:
        zero_ok = label(TRUE, rs.lynch.why)
    if novotes is not None:
        zero_ok = disj(zero_ok, label(none_cast, novotes.why))
    return zero_ok


def _leaders(rs: Ruleset, inp: DayInputs, zero_ok: Expr) -> list[Expr]:
    """Per player number, whether they have the most votes among those who can be
    lynched (alive, not immune), a tie-breaker tied for the most left out."""
    n = len(inp.players)
    players = inp.players
    counts = [tally(rs, inp, k) for k in range(n)]
    # who can be lynched at all
    immune = [any_of(_holds(inp, p, role, t) for role, t in _traits(rs, Immune)) for p in players]
    alive = [voting(inp, p) for p in players]
    cand = [conj(alive[k], neg(immune[k])) for k in range(n)]

    def most(k: int, among: list[Expr]) -> Expr:
        return conj(
            among[k],
            *(implies(among[j], le(counts[j], counts[k])) for j in range(n) if j != k),
            disj(zero_ok, lt(Const(0), counts[k])),
        )

    def tied_most(k: int, among: list[Expr]) -> Expr:
        return conj(
            most(k, among),
            any_of(conj(among[j], eq(counts[j], counts[k])) for j in range(n) if j != k),
        )

    # a tie-breaker tied for the most is not considered
    contenders = list(cand)
    for rule in (r for r in rs.tie_rules if r.kind == "exclude"):
        role = rs.role(rule.role or "")
        if role is None:
            continue
        for k, p in enumerate(players):
            out = conj(_holds(inp, p, role, rule), tied_most(k, alive))
            contenders[k] = conj(contenders[k], neg(out))
    # a player `withdrawn` today (logic/effects/dayarrest.py: arrested) tied for the most
    # is not considered either
    for k, p in enumerate(players):
        out = conj(inp.marked(p, "withdrawn"), tied_most(k, alive))
        if out != FALSE:
            contenders[k] = conj(contenders[k], neg(out))
    return [most(k, contenders) for k in range(n)]


def _tie_picks(rs: Ruleset, inp: DayInputs, domains: dict[str, list[Any]]) -> list[list[Expr]]:
    """Per player number, the tie-breakers' picks of them: a living holder of a choosing
    role picks (a pick the scenario leaves open is a `choice:P` variable, added to
    `domains`), a holder of a voting role's vote picks."""
    n = len(inp.players)
    picks: list[list[Expr]] = [[] for _ in range(n)]
    for rule in rs.tie_rules:
        if rule.kind not in ("choice", "vote"):
            continue
        role = rs.role(rule.role or "")
        if role is None:
            continue
        for p in inp.players:
            present = conj(_holds(inp, p, role, rule), voting(inp, p))
            if present == FALSE:
                continue
            if rule.kind == "vote":
                pick = inp.vote(p)
            else:
                got = inp.choice(p)
                if got is None:  # the scenario leaves the pick open: any player
                    name = f"choice:{p}"
                    domains.setdefault(name, [NO_ONE, *range(n)])
                    got = Var(name)
                pick = got
            for k in range(n):
                picks[k].append(label(conj(present, eq(pick, Const(k))), rule.why))
    return picks


def _draw(
    rule: TieRule,
    top: list[Expr],
    needs: Expr,
    domains: dict[str, list[Any]],
    equations: list[tuple[Expr, Why]],
) -> list[Expr]:
    """Per player number, whether the random draw (`DRAW`, added to `domains`) picks
    them, when a tie no pick breaks (`needs`) is left to chance."""
    n = len(top)
    draw = Var(DRAW)
    if not variables(needs):
        # a concrete day: the draw is made on a tie only, among the leaders
        domains[DRAW] = [NO_ONE, *range(n)]
        equations.append(
            (
                implies(needs, any_of(conj(eq(draw, Const(k)), top[k]) for k in range(n))),
                rule.why,
            )
        )
        equations.append((implies(neg(needs), eq(draw, Const(NO_ONE))), rule.why))
        return [eq(draw, Const(k)) for k in range(n)]
    # a symbolic day: the draw is made whatever happens (no outcome constrains a
    # random draw); it picks the first leader at or after its position
    domains[DRAW] = list(range(n))
    return [
        any_of(
            conj(eq(draw, Const(d)), *(neg(top[j % n]) for j in range(d, d + (k - d) % n)))
            for d in range(n)
        )
        for k in range(n)
    ]


def _charmed(inp: DayInputs, chosen: list[Expr]) -> list[Expr]:
    """Per player number, whether they are lynched once charms apply: a lynch that lands
    on the source of a charm lands on the charmed player instead."""
    players = inp.players
    n = len(players)
    lynched: list[Expr] = []
    for k, p in enumerate(players):
        swaps = [
            conj(chosen[j], inp.marked_by(p, "charm-lynch", players[j]), voting(inp, p))
            for j in range(n)
            if j != k
        ]
        away = any_of(
            conj(inp.marked_by(q, "charm-lynch", p), voting(inp, q)) for q in players if q != p
        )
        lynched.append(disj(conj(chosen[k], neg(away)), *swaps))
    return lynched


def _last_voter_deaths(rs: Ruleset, inp: DayInputs, lynched: list[Expr]) -> dict[str, list[Expr]]:
    """Per player, what kills them today: their lynch, or being the last living player
    to vote for a lynched holder of LastVoterDies (the Bomb)."""
    players = inp.players
    deaths: dict[str, list[Expr]] = {p: [lynched[k]] for k, p in enumerate(players)}
    rank = inp.rank or (lambda p: Const(players.index(p)))
    for role, t in _traits(rs, LastVoterDies):
        for j, bomb in enumerate(players):
            holds = conj(_holds(inp, bomb, role, t), lynched[j])
            if holds == FALSE:
                continue
            for p in players:
                if p == bomb:
                    continue
                cast = conj(voting(inp, p), eq(inp.vote(p), Const(j)))
                later = [
                    conj(voting(inp, q), eq(inp.vote(q), Const(j)), lt(rank(p), rank(q)))
                    for q in players
                    if q not in (p, bomb)
                ]
                deaths[p].append(label(conj(holds, cast, *(neg(x) for x in later)), t.why))
    return deaths


def clash(tie_rules: Sequence[TieRule], day_rules: Sequence[Any]) -> tuple[Why, Why, str] | None:
    """Two rules of the day that cannot both hold, (the first's why, the second's, what
    they disagree on): a tie that lynches no one beside a tie that lynches someone (a
    pick, a vote, a random draw), a reveal of no death beside a reveal of some, a night
    death revealed to all beside one told to the killer only."""
    nobody = [r for r in tie_rules if r.kind == "none" and r.role is None]
    someone = [r for r in tie_rules if r.kind in ("choice", "vote", "random", "first")]
    if nobody and someone:
        first, second = sorted((nobody[0].why, someone[0].why), key=lambda w: w.loc.line)
        return first, second, "whether a tie lynches anyone"
    reveals = [r for r in day_rules if isinstance(r, Reveal)]
    hidden = [r for r in reveals if r.when == "none"]
    shown = [r for r in reveals if r.when != "none"]
    if hidden and shown:
        first, second = sorted((hidden[0].why, shown[0].why), key=lambda w: w.loc.line)
        return first, second, "whether a dead player's role is revealed"
    to_all = [r for r in reveals if r.when in ("death", "night")]
    to_killer = [r for r in reveals if r.when == "kill"]
    if to_all and to_killer:
        first, second = sorted((to_all[0].why, to_killer[0].why), key=lambda w: w.loc.line)
        return first, second, "who learns the role of a player killed at night"
    return None


def concrete_inputs(
    players: Sequence[str],
    roles: Mapping[str, Role],
    dead: frozenset[str],
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
    removed: frozenset[str] = frozenset(),
    discarded: frozenset[str] = frozenset(),
    marks: Mapping[tuple[str, str], frozenset[str]] | None = None,
    order: Sequence[str] = (),
) -> DayInputs:
    """The inputs of a day whose roles, votes and picks are known (a case's `day N:`):
    `removed` by a day kill, powers `discarded`, `marks[(p, status)]` the sources of p's
    statuses today, `order` the voters in the order their last votes were cast."""
    index = {p: k for k, p in enumerate(players)}
    marks = marks or {}

    def vote(p: str) -> Expr:
        t = votes.get(p)
        return Const(index[t] if t is not None else NO_ONE)

    def choice(p: str) -> Expr | None:
        return Const(index[choices[p]]) if p in choices else None

    def rank(p: str) -> Expr:
        return Const(list(order).index(p) if p in order else -1)

    return DayInputs(
        tuple(players),
        vote,
        lambda p: Const(p not in dead),
        lambda p, role: Const(canon(roles[p].name) == canon(role.name)),
        choice,
        removed=lambda p: Const(p in removed),
        powered=lambda p: Const(p not in discarded),
        marked=lambda p, name: Const((p, name) in marks),
        marked_by=lambda p, name, q: Const(q in marks.get((p, name), frozenset())),
        rank=rank,
    )


def day_inputs(db: DayBuilder) -> DayInputs:
    """What the lynch reads of the day's frame (who votes, whose votes are removed,
    whose powers are in effect, the statuses held today), before the day's timeline."""

    def marked(p: str, name: str) -> Expr:
        return any_of(c for c, _ in db.marked(p, name))

    def marked_by(p: str, name: str, q: str) -> Expr:
        return any_of(c for c, src in db.marked(p, name) if src == q)

    return DayInputs(
        db.players,
        db.sc.vote,
        db.alive,
        db.role_is,
        db.sc.choice,
        removed=db.removed,
        powered=db.powered,
        marked=marked,
        marked_by=marked_by,
        rank=db.sc.rank(),
        opened=lambda name, where: db.choice(name, [False, True], decides=where),
    )


def day_lynch(db: DayBuilder) -> dict[Atom, Expr]:
    """The day's lynch over what the day's frame says of its players, as the day's
    timeline leaves it (`Kind.day_timed`): its variables and equations go to the day,
    its atoms are returned (a lynching attempt survived is the lasting mark `lynch
    survived`)."""
    inputs = day_inputs(db)
    for k in db.kinds:
        if k.day_timed:
            inputs = k.day_timed(db, inputs)
    d = day_constraints(db.rs, inputs)
    for name, values in d.domains.items():
        db.choice(name, values, random=name in d.random_vars)
    db.equations.extend(d.equations)
    atoms: dict[Atom, Expr] = {}
    for (kind, p), e in d.atoms.items():
        if kind == "survived":  # a lynching attempt survived: spent for good
            atoms[status.mark_atom(p, sway.SURVIVED)] = e
        else:
            atoms[Atom(kind, p)] = e
    return atoms


KIND = Kind(
    "vote",
    (VoteWeight, PairVote, Powerless, Immune, LastVoterDies),
    day_lynch=day_lynch,
)
