"""Owns the frame of a day: IR + one day of a scenario -> labelled constraints, for both
back ends (the night's is logic/model/semantics.py).

A day is a phase like a night. Its scenario is concrete (`ConcreteDay`: a case's `day N:`
block, votes and day actions known) or symbolic (`SymbolicDay`: every living player's
vote, and who uses a day ability on whom, are variables); `DayBuilder` builds the same
model from either, so resolve's day and a chain's day (`check --nights`, the world
solver's days) are one semantics. The frame owns what every day has whatever its roles:
day-action slots and "an action takes place unless something stops it" (the dead do not
act, frequencies, no target on oneself), who votes, the deaths, who is alive at the end,
the wins. Everything else is an effect kind's, asked through the day hooks of
logic/effects/base.Kind: what stops an action (`day_stops`), who is held, back, revived,
removed from the vote or without powers, the statuses of the day (`day_marked`), the
lynch (`day_lynch`, logic/effects/vote.py), further deaths, echoes, atoms and texts.

Variables of a day (its own; a chain names them `v@dK`):
  ok:i        day slot i's action takes place
  vote:p      (symbolic) whom p votes for: a player index, -1 for no vote
  duse:p      (symbolic) p uses a day ability today;  dtgt:p  its target
  dab:p       (symbolic) which of their role's day abilities (when a role has several)
  lynch, choice:p, draw:lynch, open:...   the lynch's (logic/effects/vote.py)
  on:file:line:col   (symbolic) a sentence of a day ability is in force (the night's
              switches, `semantics.sentence_switch`: `check` turns it off; always on in
              a case)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from logic.effects.base import Kind, Outcome
from logic.model import frame
from logic.model.builder import PhaseBuilder
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    Var,
    any_of,
    conj,
    disj,
    eq,
    iff,
    implies,
    interned,
    ite,
    label,
    lt,
    neg,
)
from logic.model.ir import Ability, Frequency, NoSelfTarget, Role, Ruleset, Why, canon
from logic.model.phase import Act, Atom, History, PhaseModel, Player, TextSource, merge_atoms
from logic.model.semantics import Sent, is_day, member_of, named, options_of, sentence_switch

if TYPE_CHECKING:
    from logic.model.semantics import Carried, SymbolicNight

T = TypeVar("T")
NO_VOTE = -1  # the value of a vote for no one (logic/effects/vote.NO_ONE)


@dataclass(frozen=True)
class Timeline:
    """A day's votes in the order they were cast: step t is player number `who[t]` (-1:
    no step) voting for `whom[t]` (-1: no one, an unvote); day slot i's action comes
    before step `at[i]` (`len(who)`: after every vote). A kind that reads the order of
    the day (logic/effects/timeline.py) asks for it (`DayBuilder.timeline`); a symbolic
    day makes its variables then (`tw:t`, `tt:t`, `dat:p`), tied to its votes."""

    who: tuple[Expr, ...]
    whom: tuple[Expr, ...]
    at: tuple[Expr, ...]


class DayScenario(Protocol):
    """What the day's frame may ask of a scenario: a constant for a concrete day, an
    expression over scenario variables for a symbolic one."""

    ruleset: Ruleset
    day: int
    history: History
    players: tuple[str, ...]
    actors: tuple[str, ...]  # day slot i's actor
    readers: frozenset[str] | None
    carried: Carried | None  # what a chain's earlier phases carried in (None: `history`)

    def domains(self) -> dict[str, list[Any]]: ...
    def constraints(self) -> list[tuple[Expr, Why]]: ...
    def scenario_vars(self) -> tuple[str, ...]: ...
    def taken(self, i: int) -> Expr: ...
    def abilities(self, i: int) -> list[tuple[Expr, Ability]]: ...
    def target(self, i: int, k: int = 0) -> Expr: ...
    def aims(self, i: int, q: str) -> Expr: ...
    def role_is(self, p: str, role: Role) -> Expr: ...
    def faction_is(self, p: str, faction: str) -> Expr: ...
    def dead_before(self, p: str) -> Expr: ...
    def sent_before(self, p: str, ability: str) -> list[Expr]: ...
    def decision(self, i: int, options: Sequence[str]) -> Expr: ...
    def vote(self, p: str) -> Expr: ...
    def choice(self, p: str) -> Expr | None: ...
    def rank(self) -> Callable[[str], Expr] | None: ...
    def roles(self) -> Sequence[Role]: ...
    def identities(self, p: str) -> list[tuple[Expr, Role, str]]: ...
    def switch(self, why: Why) -> Expr: ...
    def timeline(self) -> tuple[Timeline, dict[str, list[Any]], list[tuple[Expr, Why]]]: ...
    def manner(self, i: int) -> str | None: ...


def day_menus(roles: Sequence[Role], day: int) -> tuple[tuple[Ability, ...], ...]:
    """Each role's day abilities that the frequencies allow on `day`."""
    return tuple(
        tuple(a for a in r.abilities if is_day(a) and a.frequency.allows(day, 0)) for r in roles
    )


class ConcreteDay:
    """A day whose roles, votes, picks and day actions are known (a case's `day N:`)."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: Mapping[str, Player],
        day: int,
        votes: Mapping[str, str | None],
        choices: Mapping[str, str],
        history: History,
        acts: Sequence[Act] = (),
        order: Sequence[str] = (),
        steps: Sequence[tuple[str, str | None, int]] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.info = players
        self.players = tuple(players)
        self.day = day
        self.history = history
        self.acts = tuple(acts)
        self.actors = tuple(a.actor for a in acts)
        self.readers: frozenset[str] | None = None
        self.carried: Carried | None = None
        self._votes = votes
        self._choices = choices
        self._order = list(order)
        self._index = {p: k for k, p in enumerate(self.players)}
        # every vote line in order (voter, target, its line); without them, the last votes
        # in the order they were cast
        self._steps = (
            list(steps) if steps is not None else [(p, votes.get(p), 0) for p in self._order]
        )

    def domains(self) -> dict[str, list[Any]]:
        return {}

    def timeline(self) -> tuple[Timeline, dict[str, list[Any]], list[tuple[Expr, Why]]]:
        """The case's vote lines in order; a day action comes before the first vote line
        below its own (an action with no line: before every vote)."""
        idx = self._index

        def at(a: Act) -> int:
            if a.why is None or steps_have_no_lines:
                return 0
            return sum(1 for _, _, line in self._steps if line < a.why.loc.line)

        steps_have_no_lines = all(line == 0 for _, _, line in self._steps)
        tl = Timeline(
            tuple(Const(idx[p]) for p, _, _ in self._steps),
            tuple(Const(idx[t] if t is not None else NO_VOTE) for _, t, _ in self._steps),
            tuple(Const(at(a)) for a in self.acts),
        )
        return tl, {}, []

    def constraints(self) -> list[tuple[Expr, Why]]:
        return []

    def manner(self, i: int) -> str | None:
        """How day slot i's action was used: "public", "private", or None (unsaid)."""
        return self.acts[i].manner

    def scenario_vars(self) -> tuple[str, ...]:
        return ()

    def taken(self, i: int) -> Expr:
        return TRUE

    def abilities(self, i: int) -> list[tuple[Expr, Ability]]:
        return [(TRUE, self.acts[i].ability)]

    def target(self, i: int, k: int = 0) -> Expr:
        """Day slot i's k-th target as a player index (-1: none)."""
        t = self.acts[i].targets
        return Const(self._index[t[k]] if len(t) > k else -1)

    def aims(self, i: int, q: str) -> Expr:
        return Const(q in self.acts[i].targets)

    def role_is(self, p: str, role: Role) -> Expr:
        return Const(canon(self.info[p].role.name) == canon(role.name))

    def faction_is(self, p: str, faction: str) -> Expr:
        return Const(canon(self.info[p].faction) == canon(faction))

    def dead_before(self, p: str) -> Expr:
        return Const(p in self.history.dead)

    def sent_before(self, p: str, ability: str) -> list[Expr]:
        return []  # counted in `history.used`

    def decision(self, i: int, options: Sequence[str]) -> Expr:
        """What day slot i's player decided (`X decides "TEXT"`), as an index into
        `options` (-1: nothing)."""
        d = self.acts[i].decision
        keys = [canon(o) for o in options]
        return Const(keys.index(canon(d)) if d is not None and canon(d) in keys else -1)

    def vote(self, p: str) -> Expr:
        t = self._votes.get(p)
        return Const(self._index[t] if t is not None else NO_VOTE)

    def choice(self, p: str) -> Expr | None:
        return Const(self._index[self._choices[p]]) if p in self._choices else None

    def rank(self) -> Callable[[str], Expr] | None:
        order = self._order
        return lambda p: Const(order.index(p) if p in order else -1)

    def roles(self) -> Sequence[Role]:
        return self.ruleset.roles

    def identities(self, p: str) -> list[tuple[Expr, Role, str]]:
        """(it holds, role, faction): who p is (one identity, known)."""
        return [(TRUE, self.info[p].role, self.info[p].faction)]

    def switch(self, why: Why) -> Expr:
        return TRUE  # (every sentence is in force in a case)


class SymbolicDay:
    """A day whose roles, votes and day actions are open, after the symbolic night
    `night` (its players, its pool of roles, who holds which once the phases before have
    changed identities: `night.after(carried)`). Each player who may hold a role with a
    day ability has a day slot (`duse:p`, `dtgt:p`, `dab:p`; `dtgt2:p` where a day ability
    names two players); `actions` False leaves the
    slots out (a day whose actions nobody saw, kept small)."""

    def __init__(
        self,
        night: SymbolicNight,
        day: int,
        dead: Callable[[str], Expr],
        carried: Carried | None,
        actions: bool = True,
        sent: Sent | None = None,
    ) -> None:
        self.night = night.after(carried) if carried is not None else night
        self.sent = sent  # per earlier day of a chain: p used the ability named N
        self.ruleset = night.ruleset
        self.day = day
        self.history = night.history
        self.players = night.players
        self.readers = night.readers
        self.carried = carried
        self.dead = dead
        self.menus = day_menus(night.roles, day)
        self.picks = max((len(m) for m in self.menus), default=0)
        self.options = max((len(options_of(a)) for m in self.menus for a in m), default=0)
        # a day ability that names two players (the Swapper's swap by day): a second target
        self.pairs = any(a.targets == 2 for m in self.menus for a in m)
        self.actors = self.players if actions and self.picks else ()
        self._index = {p: k for k, p in enumerate(self.players)}
        self._holds: dict[tuple[str, Callable[[Ability], bool]], Expr] = {}
        self.switches: dict[str, Why] = {}
        self._timed: dict[str, list[Any]] = {}  # the timeline's variables, once asked

    def manner(self, i: int) -> str | None:
        return None  # (a symbolic day's actions say no manner: `check` searches none)

    def timeline(self) -> tuple[Timeline, dict[str, list[Any]], list[tuple[Expr, Why]]]:
        """Open steps (one more than the players: a vote may be changed once), each a
        voter and a vote, empty steps last; each player's vote is his last step's; each
        day slot's position. Asked once a day (DayBuilder.timeline)."""
        n = len(self.players)
        size = n + 1
        who = [Var(f"tw:{t}") for t in range(size)]
        whom = [Var(f"tt:{t}") for t in range(size)]
        at = [Var(f"dat:{p}") for p in self.actors]
        doms: dict[str, list[Any]] = {}
        for t in range(size):
            doms[f"tw:{t}"] = [NO_VOTE, *range(n)]
            doms[f"tt:{t}"] = [NO_VOTE, *range(n)]
        for p in self.actors:
            doms[f"dat:{p}"] = list(range(size + 1))
        why = frame.TAKES_PLACE
        out: list[tuple[Expr, Why]] = []
        for t in range(size):
            empty = eq(who[t], Const(NO_VOTE))
            out.append((implies(empty, eq(whom[t], Const(NO_VOTE))), why))
            if t + 1 < size:
                out.append((implies(empty, eq(who[t + 1], Const(NO_VOTE))), why))
        for k, p in enumerate(self.players):
            last: Expr = Const(NO_VOTE)
            for t in range(size):
                last = ite(eq(who[t], Const(k)), whom[t], last)
            out.append((eq(Var(f"vote:{p}"), last), why))
        for p, a in zip(self.actors, at, strict=True):
            out.append((implies(neg(Var(f"duse:{p}")), eq(a, Const(0))), why))
        self._timed = doms
        return Timeline(tuple(who), tuple(whom), tuple(at)), doms, out

    def domains(self) -> dict[str, list[Any]]:
        n = len(self.players)
        out: dict[str, list[Any]] = {f"vote:{p}": [NO_VOTE, *range(n)] for p in self.players}
        out.update(self._timed)
        for p in self.actors:
            out[f"duse:{p}"] = [False, True]
            out[f"dtgt:{p}"] = list(range(n))
            if self.pairs:
                out[f"dtgt2:{p}"] = list(range(n))
            if self.picks > 1:
                out[f"dab:{p}"] = list(range(self.picks))
            if self.options:  # what the player decided (-1: nothing)
                out[f"ddec:{p}"] = list(range(-1, self.options))
        return out

    def scenario_vars(self) -> tuple[str, ...]:
        return (*self.domains(), *self.switches)

    def switch(self, why: Why) -> Expr:
        """Sentence `why`'s switch, as the night's (`semantics.sentence_switch`): `check`
        turns the day's sentences off too."""
        return sentence_switch(self.switches, why)

    def _pick(self, p: str, k: int) -> Expr:
        return TRUE if self.picks <= 1 else eq(Var(f"dab:{p}"), Const(k))

    def holds(self, p: str, pred: Callable[[Ability], bool]) -> Expr:
        """p's day slot uses a day ability of which `pred` holds."""
        key = (p, pred)
        if key not in self._holds:
            self._holds[key] = any_of(
                conj(self.role_is(p, r), self._pick(p, k))
                for r, menu in zip(self.night.roles, self.menus, strict=True)
                for k, ab in enumerate(menu)
                if pred(ab)
            )
        return self._holds[key]

    def constraints(self) -> list[tuple[Expr, Why]]:
        """Only a role with a day ability uses one; the pick names one of its abilities;
        an ability aimed at no one, or at its user, has the target 0 (one scenario)."""
        out: list[tuple[Expr, Why]] = []
        for p in self.actors:
            use = Var(f"duse:{p}")
            out.append((implies(use, self.holds(p, _any)), frame.TAKES_PLACE))
            out.append(
                (implies(self.holds(p, _pinned), eq(Var(f"dtgt:{p}"), Const(0))), frame.TAKES_PLACE)
            )
            if self.pairs:  # an ability naming one player or none: one second target
                one = neg(self.holds(p, _two_targets))
                out.append((implies(one, eq(Var(f"dtgt2:{p}"), Const(0))), frame.TAKES_PLACE))
            if self.options:  # only an ability that leaves a decision decides (one scenario)
                undecided = eq(Var(f"ddec:{p}"), Const(-1))
                out.append((implies(neg(self.holds(p, _decides)), undecided), frame.TAKES_PLACE))
            if self.picks <= 1:
                continue
            pick = Var(f"dab:{p}")
            out.append((implies(neg(use), eq(pick, Const(0))), frame.TAKES_PLACE))
            for r, menu in zip(self.night.roles, self.menus, strict=True):
                if len(menu) < self.picks:
                    within = lt(pick, Const(max(len(menu), 1)))
                    out.append((implies(self.role_is(p, r), within), frame.TAKES_PLACE))
        return out

    def taken(self, i: int) -> Expr:
        return Var(f"duse:{self.actors[i]}")

    def abilities(self, i: int) -> list[tuple[Expr, Ability]]:
        p = self.actors[i]
        return [
            (conj(self.role_is(p, r), self._pick(p, k)), ab)
            for r, menu in zip(self.night.roles, self.menus, strict=True)
            for k, ab in enumerate(menu)
        ]

    def target(self, i: int, k: int = 0) -> Expr:
        """Day slot i's k-th target (-1: none): the second (`dtgt2:p`) only for an
        ability that names two players."""
        p = self.actors[i]
        if k > 0:
            if k > 1 or not self.pairs:
                return Const(-1)
            return ite(self.holds(p, _two_targets), Var(f"dtgt2:{p}"), Const(-1))
        t: Expr = Var(f"dtgt:{p}")
        t = ite(self.holds(p, _on_self), Const(self._index[p]), t)
        return ite(self.holds(p, _aimless), Const(-1), t)

    def aims(self, i: int, q: str) -> Expr:
        k = Const(self._index[q])
        if not self.pairs:
            return eq(self.target(i), k)
        return any_of(eq(self.target(i, x), k) for x in (0, 1))

    def role_is(self, p: str, role: Role) -> Expr:
        return self.night.role_is(p, role)

    def faction_is(self, p: str, faction: str) -> Expr:
        return self.night.faction_is(p, faction)

    def dead_before(self, p: str) -> Expr:
        return self.dead(p)

    def sent_before(self, p: str, ability: str) -> list[Expr]:
        """Per earlier day of a chain, whether p used the day ability named `ability`
        (a day's use is spent when it takes place, as `next_history` counts it); []
        outside a chain (`history.used` counts them)."""
        return self.sent(p, ability) if self.sent is not None else []

    def decision(self, i: int, options: Sequence[str]) -> Expr:
        """What day slot i's player decided (`ddec:p`, an index into `options`)."""
        return Var(f"ddec:{self.actors[i]}") if self.options else Const(-1)

    def used_that(self, p: str, ability: str) -> Expr:
        """p's day slot used the day ability named `ability` today, and it took place
        (over this day's own variables: a chain renames them)."""
        if p not in self.actors:
            return FALSE
        return conj(Var(f"ok:{self.actors.index(p)}"), self.holds(p, named(ability)))

    def vote(self, p: str) -> Expr:
        return Var(f"vote:{p}")

    def choice(self, p: str) -> Expr | None:
        return None  # open: the lynch adds `choice:p`

    def rank(self) -> Callable[[str], Expr] | None:
        return None

    def roles(self) -> Sequence[Role]:
        return self.night.roles

    def identities(self, p: str) -> list[tuple[Expr, Role, str]]:
        """(it holds, role, faction) for each role and faction p may hold (a change of
        role keeps the faction: any pair)."""
        return [
            (conj(self.role_is(p, r), self.faction_is(p, f)), r, f)
            for r in self.night.roles
            for f in self.ruleset.factions
        ]


# What `SymbolicDay.holds` asks of the day ability a slot uses (named: its cache's keys).
def _any(ab: Ability) -> bool:
    return True


def _pinned(ab: Ability) -> bool:
    return ab.on_self or ab.targets == 0


def _decides(ab: Ability) -> bool:
    return bool(options_of(ab))


def _on_self(ab: Ability) -> bool:
    return ab.on_self


def _aimless(ab: Ability) -> bool:
    return ab.targets == 0 and not ab.on_self


def _two_targets(ab: Ability) -> bool:
    return ab.targets == 2


class DayBuilder(PhaseBuilder):
    """Builds the PhaseModel of one day from the ruleset and a day scenario, asking the
    effect kinds it is handed (logic/engine.py) through their day hooks."""

    def __init__(self, scenario: DayScenario, kinds: Sequence[Kind]) -> None:
        self.sc = scenario
        self.kinds: tuple[Kind, ...] = tuple(kinds)
        self.rs = scenario.ruleset
        self.roles = list(scenario.roles())
        self.day = scenario.day
        self.reads_night = scenario.day + 1  # as the night after the day reads a state
        self.players = scenario.players
        self.n = len(scenario.actors)
        self.domains: dict[str, list[Any]] = dict(scenario.domains())
        self.equations: list[tuple[Expr, Why]] = list(scenario.constraints())
        self.definitions: dict[str, Expr] = {}
        self.random_vars: list[str] = []
        self.storyteller_vars: list[str] = []
        self.memo: dict[str, Any] = {}
        self.atoms: dict[Atom, Expr] = {}  # the day's atoms so far (the late hooks read them)

    # ------------------------------------------------------------ the kinds' interface
    def actor(self, i: int) -> str:
        return self.sc.actors[i]

    def ok(self, i: int) -> Expr:
        return Var(f"ok:{i}")

    def effects(self, i: int, kind: type | tuple[type, ...]) -> list[tuple[Expr, Any]]:
        """(condition, effect) for each effect of `kind` day slot i may carry (and whose
        sentence is in force: its switch)."""
        return [
            (conj(c, self.switch(cast(Any, e).why)), e)  # (every effect node has its `why`)
            for c, ab in self.sc.abilities(i)
            for e in ab.effects
            if isinstance(e, kind)
        ]

    def switch(self, why: Why) -> Expr:
        """Whether sentence `why` is in force (a symbolic day's switch; true in a case)."""
        return self.sc.switch(why)

    def took(self, kind: type, target: str | None = None, actor: str | None = None) -> Expr:
        """A day action with an effect of `kind` (aimed at `target`, by `actor`, when
        given) took place today."""
        return any_of(
            conj(self.ok(i), c, label(TRUE, e.why), self.sc.aims(i, target) if target else TRUE)
            for i in range(self.n)
            if actor is None or self.actor(i) == actor
            for c, e in self.effects(i, kind)
        )

    def role_is(self, p: str, role: Role) -> Expr:
        return self.sc.role_is(p, role)

    def at_target(self, i: int, pred: Callable[[str], Expr]) -> Expr | None:
        """`pred` of day slot i's target (None: it has none): a constant when the target
        is known, else over every player it may aim at."""
        hits = [(a, q) for q in self.players if (a := self.sc.aims(i, q)) != FALSE]
        if not hits:
            return None
        if len(hits) == 1 and hits[0][0] == TRUE:
            return pred(hits[0][1])
        return any_of(conj(a, pred(q)) for a, q in hits)

    def _ask(self, hook: str, *args: Any) -> Expr:
        return any_of(getattr(k, hook)(self, *args) for k in self.kinds if getattr(k, hook))

    def held(self, p: str) -> Expr:
        """p can neither act nor vote today (`Kind.day_held`)."""
        return self.once(f"held:{p}", lambda: self._ask("day_held", p))

    def alive(self, p: str) -> Expr:
        """p takes part in the day: alive when it began, or back (a revival that lets
        them vote), and not held."""
        back = self.once(f"back:{p}", lambda: self._ask("day_back", p))
        return conj(disj(neg(self.sc.dead_before(p)), back), neg(self.held(p)))

    def revived(self, p: str) -> Expr:
        return self.once(f"revived:{p}", lambda: self._ask("day_revived", p))

    def removed(self, p: str) -> Expr:
        return self.once(f"removed:{p}", lambda: self._ask("day_removed", p))

    def spared(self, p: str) -> Expr:
        """p does not die of a day's kill today (`Kind.day_spares`)."""
        return self.once(f"spared:{p}", lambda: self._ask("day_spares", p))

    def hindered(self, p: str) -> Expr:
        """p's day abilities are stopped today, used or not (`Kind.day_hinders`)."""
        return self.once(f"hindered:{p}", lambda: self._ask("day_hinders", p))

    def powered(self, p: str) -> Expr:
        """p's role powers are in effect today (`Kind.day_unpowered` says none stop them)."""
        return self.once(f"powered:{p}", lambda: neg(self._ask("day_unpowered", p)))

    def timeline(self) -> Timeline:
        """The day's votes in order and its actions' places among them (made once a day:
        a symbolic day's variables and their ties to its votes join the phase)."""

        def make() -> Timeline:
            tl, doms, out = self.sc.timeline()
            self.domains.update(doms)
            self.equations.extend(out)
            at = list(tl.at)
            for k in self.kinds:  # where each action takes effect (a private use's)
                if k.day_moment:
                    end = Const(len(tl.who))  # after every vote: the deadline
                    at = [k.day_moment(self, i, a, end) for i, a in enumerate(at)]
            return Timeline(tl.who, tl.whom, tuple(at))

        return self.once("timeline", make)

    def marked(self, p: str, name: str) -> list[tuple[Expr, str]]:
        """The statuses `name` p holds today, each with its source (`Kind.day_marked`)."""
        return self.once(
            f"marked:{p}:{name}",
            lambda: [x for k in self.kinds if k.day_marked for x in k.day_marked(self, p, name)],
        )

    # ------------------------------------------------------------ build
    def _slots(self) -> None:
        """Whether each day slot's action takes place (`ok:i`)."""
        for i in range(self.n):
            p = self.actor(i)
            abilities = self.sc.abilities(i)
            reasons: list[Expr] = [label(self.sc.dead_before(p), frame.DEAD_DO_NOT_ACT)]
            reasons += [s for k in self.kinds if k.day_stops for s in [k.day_stops(self, i)]]
            for c, ab in abilities:
                if not self.sc.history.may_use(p, ab, self.day):
                    reasons.append(label(c, ab.why))
                elif ab.frequency is Frequency.ONCE_PER_GAME:  # used on an earlier day
                    again = any_of(self.sc.sent_before(p, ab.name))  # of a chain
                    if again != FALSE:
                        reasons.append(label(conj(c, again), ab.why))
                for r in ab.restrictions:
                    if not isinstance(r, NoSelfTarget):
                        continue
                    on_self = conj(c, self.switch(r.why), self.sc.aims(i, p))
                    if on_self != FALSE:
                        reasons.append(label(on_self, r.why))
            why = abilities[0][1].why if abilities else frame.TAKES_PLACE
            used = any_of(label(c, ab.why) for c, ab in abilities)
            ok = conj(self.sc.taken(i), *(neg(r) for r in reasons if r != FALSE), used)
            var = f"ok:{i}"
            self.domains[var] = [False, True]
            self.equations.append((iff(Var(var), ok), why))
            self.definitions[var] = ok
            self.atoms[Atom("fails", p)] = conj(self.sc.taken(i), neg(Var(var)))
            self.atoms[Atom("succeeds", p)] = conj(self.sc.taken(i), Var(var))

    @interned
    def build(self, phase: str, acts: tuple[Act, ...] = ()) -> PhaseModel:
        """The day: its actions, the lynch, the other deaths and their echoes, the atoms
        and texts of the kinds, then the wins."""
        self._slots()
        for k in self.kinds:
            if k.day_lynch:
                self.atoms.update(k.day_lynch(self))
        atoms = self.atoms
        for k in self.kinds:
            for p, e in k.day_deaths(self) if k.day_deaths else ():
                atoms[Atom("dies", p)] = disj(atoms.get(Atom("dies", p), FALSE), e)
        for p in self.players:
            atoms.setdefault(Atom("dies", p), FALSE)
        for k in self.kinds:
            if k.day_echoes:
                atoms.update(k.day_echoes(self, atoms))
        alive_after = {
            p: conj(disj(neg(self.sc.dead_before(p)), self.revived(p)), neg(atoms[Atom("dies", p)]))
            for p in self.players
        }
        outcome = Outcome(alive_after, {p: atoms[Atom("dies", p)] for p in self.players})
        for k in self.kinds:
            if k.day_atoms:  # (an atom two kinds give: either, as the night's transition)
                merge_atoms(atoms, k.day_atoms(self, outcome))
        texts: list[TextSource] = []
        readers = self.sc.readers
        for k in self.kinds:
            if k.day_texts:
                texts += [
                    t for t in k.day_texts(self, outcome) if readers is None or t.actor in readers
                ]
        scenario = self.sc.scenario_vars()
        if scenario:  # a symbolic day: the picks and draws are part of its scenario
            chosen = [v for v in self.domains if v.startswith("choice:")]
            scenario = (*scenario, *chosen, *self.random_vars, *self.storyteller_vars)
        return self.finish(
            phase,
            atoms,
            texts,
            acts,
            scenario,
            alive_after.__getitem__,
            member_of(self.rs, self.sc),
            drawn=not scenario,
        )


def build_day(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    day: int,
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
    history: History,
    kinds: Sequence[Kind],
    acts: Sequence[Act] = (),
    order: Sequence[str] = (),
    steps: Sequence[tuple[str, str | None, int]] | None = None,
) -> PhaseModel:
    """The model of a concrete day (a case's `day N:` block; `steps`: its vote lines in
    order, each with its line)."""
    sc = ConcreteDay(ruleset, players, day, votes, choices, history, acts, order, steps)
    return DayBuilder(sc, kinds).build(f"day {day}", tuple(acts))


def build_symbolic_day(
    night: SymbolicNight,
    day: int,
    dead: Callable[[str], Expr],
    carried: Carried | None,
    kinds: Sequence[Kind],
    actions: bool = True,
    sent: Sent | None = None,
) -> tuple[PhaseModel, SymbolicDay]:
    """The model of a day whose votes and day actions are open, after `night`, and its
    scenario (a chain asks it what was used today: `SymbolicDay.used_that`)."""
    sc = SymbolicDay(night, day, dead, carried, actions, sent)
    return DayBuilder(sc, kinds).build("day"), sc
