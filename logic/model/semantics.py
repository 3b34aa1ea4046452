"""Owns the meaning of a ruleset: IR + one phase of a scenario -> labelled constraints.

This is the one place where effect kinds get their semantics. A phase becomes a
`PhaseModel`: variables with finite domains, equations over them (each labelled with the
sentences it came from), and the outcome atoms as expressions over the same variables.
Roles never appear here by name: an action's meaning comes from the effects,
restrictions and visiting class its sentences declared.

The builder reads the scenario through a `Scenario` view, so one semantics serves both
back ends: a `ConcreteNight` (roles, actions and targets known: every scenario question
folds to a constant and python-constraint solves what is left) and a `SymbolicNight`
(roles, actions and targets are variables too: Z3 searches them).

Outcome variables of a night:
  ok:i       slot i's action takes place (it was taken, is not roleblocked, is not aimed
             at an untargetable player, its actor is alive when its tier comes, and no
             static restriction is broken)
  first:i    for an intercepting slot i: which later visitor is "the first" (-1: none)
  semi:i     for a semi-visiting slot i: whether it visits (the rules leave it open)
Scenario variables of a symbolic night (constants in a concrete one):
  role:p     player p's role (index into the ruleset's roles)
  uses:p     p uses their role's ability;  tgt:p  its target (player index)
  kills:p    p carries out their faction's nightkill;  ktgt:p  its target
Every other outcome (deaths, roleblocks, visits, results) is an expression over these.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from logic.effects import records, report, status, vote, win
from logic.model import frame
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    Ite,
    Label,
    Var,
    any_of,
    at_least,
    conj,
    disj,
    eq,
    iff,
    implies,
    is_const,
    ite,
    label,
    le,
    lt,
    neg,
)
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import (
    Ability,
    Cond,
    Forced,
    Frequency,
    Info,
    Intercept,
    Investigate,
    Jail,
    Kill,
    NightKill,
    NoConsecutive,
    NoSelfTarget,
    OutcomeRuling,
    Protect,
    Result,
    Role,
    Roleblock,
    Ruleset,
    VisitClass,
    Why,
    canon,
    verb_matches,
)

# ----------------------------------------------------------------------------- scenario values


@dataclass(frozen=True)
class Player:
    name: str
    role: Role
    faction: str


@dataclass(frozen=True)
class Act:
    """One action in a phase: `actor` uses `ability` on `targets`."""

    actor: str
    ability: Ability
    targets: tuple[str, ...]
    nightkill: str | None = None  # the faction whose nightkill this is
    why: Why | None = field(default=None, compare=False)  # the case line


@dataclass(frozen=True)
class History:
    """What earlier phases left behind that later sentences refer to."""

    dead: frozenset[str] = frozenset()
    # (player, ability name) -> (night, targets) of its last successful use
    last_success: tuple[tuple[tuple[str, str], tuple[int, tuple[str, ...]]], ...] = ()
    last_checked: tuple[tuple[str, str], ...] = ()  # player -> last player they scanned
    uses: tuple[tuple[tuple[str, str], int], ...] = ()
    reversed: frozenset[str] = frozenset()  # players whose police record is reversed
    arrested: tuple[tuple[str, int, Why], ...] = ()  # (player, until this tier, sentence)
    # open questions of the rules that hold for the whole game once answered ("every
    # second night": which nights), as (variable, value)
    settled: tuple[tuple[str, Any], ...] = ()

    def success(self, player: str, ability: str) -> tuple[int, tuple[str, ...]] | None:
        return dict(self.last_success).get((player, ability))

    def checked(self, player: str) -> str | None:
        return dict(self.last_checked).get(player)

    def used(self, player: str, ability: str) -> int:
        return dict(self.uses).get((player, ability), 0)


# ----------------------------------------------------------------------------- outcome atoms


@dataclass(frozen=True, order=True)
class Atom:
    """One observable fact of a phase's outcome."""

    kind: str  # dies, lynched, fails, succeeds, roleblocked, visits, learns
    subject: str
    obj: str = ""

    def __str__(self) -> str:
        match self.kind:
            case "dies" | "lynched":
                return f"{self.subject} {'dies' if self.kind == 'dies' else 'is lynched'}"
            case "fails" | "succeeds":
                return f"{self.subject}'s action {self.kind}"
            case "roleblocked":
                return f"{self.subject} is roleblocked"
            case "visits":
                return f"{self.subject} visits {self.obj}"
            case "learns":
                return f'{self.subject} learns "{self.obj}"'
            case "wins":
                return f"{self.subject} wins"
            case "goes on":
                return "the game goes on"
            case "record reversed":
                return f"{self.subject}'s record is reversed"
            case "arrested":
                return f"{self.subject} is under arrest"
        return f"{self.subject} {self.kind} {self.obj}".strip()


@dataclass(frozen=True)
class TextSource:
    """A result text an action may produce: fixed, or a list of names."""

    actor: str
    gate: Expr
    text: str | None  # fixed text, or None: join the names whose piece holds
    pieces: tuple[tuple[Expr, str], ...] = ()
    why: Why | None = field(default=None, compare=False)  # the sentence that gives it

    def render(self, holds: list[str]) -> str:
        if self.text is not None:
            return self.text
        return ", ".join(sorted(set(holds))) if holds else "no one"


@dataclass
class PhaseModel:
    """The constraints of one phase, ready for a back end."""

    phase: str  # "night 1", "day 1"
    domains: dict[str, list[Any]]
    equations: list[tuple[Expr, Why]]  # each must hold
    definitions: dict[str, Expr]  # var -> the expression it must equal (for explanations)
    atoms: dict[Atom, Expr]  # atoms whose truth is an expression
    texts: list[TextSource]
    acts: tuple[Act, ...] = ()
    scenario_vars: tuple[str, ...] = ()  # variables that describe the scenario, not the outcome
    switches: dict[str, Why] = field(default_factory=dict)  # on:... -> the sentence it turns on
    slot_vars: tuple[tuple[str, str], ...] = ()  # (ok var, actor) for each slot
    notes: list[str] = field(default_factory=list)
    random_vars: tuple[str, ...] = ()  # choices a rule says are made at random


# ----------------------------------------------------------------------------- scenario views


@dataclass(frozen=True)
class Slot:
    """A place where an action may be taken: one actor, one kind of action."""

    actor: str
    kind: str  # "ability" or "kill"


class Scenario(Protocol):
    """What the semantics may ask of a scenario. Every answer is an expression: a
    constant for a concrete scenario, a formula over scenario variables otherwise."""

    ruleset: Ruleset
    night: int
    history: History
    players: tuple[str, ...]
    slots: tuple[Slot, ...]
    readers: frozenset[str] | None  # whose results are built (None: everyone's)

    def domains(self) -> dict[str, list[Any]]: ...
    def constraints(self) -> list[tuple[Expr, Why]]: ...
    def taken(self, i: int) -> Expr: ...
    def aims(self, i: int, q: str) -> Expr: ...
    def shares(self, i: int, j: int) -> Expr: ...
    def role_is(self, p: str, role: Role) -> Expr: ...
    def faction_is(self, p: str, faction: str) -> Expr: ...
    def abilities(self, i: int) -> list[tuple[Expr, Ability]]: ...
    def nightkill_of(self, i: int) -> list[tuple[Expr, str]]: ...
    def scenario_vars(self) -> tuple[str, ...]: ...
    def switch(self, why: Why) -> Expr: ...
    def repeats(self, i: int, ability: Ability) -> Expr: ...
    def last_checked(self, p: str) -> list[tuple[Expr, str]]: ...
    def dead_before(self, p: str) -> Expr: ...
    def alive_now(self, p: str) -> Expr: ...
    def reversed_before(self, p: str) -> Expr: ...
    def arrested_before(self, p: str) -> list[tuple[Expr, int, Why]]: ...


class ConcreteNight:
    """A night whose roles, actions and targets are known (a case's `night N:` block)."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: Mapping[str, Player],
        night: int,
        acts: tuple[Act, ...],
        history: History,
    ) -> None:
        self.ruleset = ruleset
        self.player_info = players
        self.players = tuple(players)
        self.night = night
        self.readers: frozenset[str] | None = None
        self.acts = acts
        self.history = history
        self.slots = tuple(Slot(a.actor, "kill" if a.nightkill else "ability") for a in acts)

    def domains(self) -> dict[str, list[Any]]:
        return {}

    def constraints(self) -> list[tuple[Expr, Why]]:
        return []

    def taken(self, i: int) -> Expr:
        return TRUE

    def aims(self, i: int, q: str) -> Expr:
        return Const(q in self.acts[i].targets)

    def shares(self, i: int, j: int) -> Expr:
        return Const(bool(set(self.acts[i].targets) & set(self.acts[j].targets)))

    def role_is(self, p: str, role: Role) -> Expr:
        return Const(canon(self.player_info[p].role.name) == canon(role.name))

    def faction_is(self, p: str, faction: str) -> Expr:
        return Const(canon(self.player_info[p].faction) == canon(faction))

    def abilities(self, i: int) -> list[tuple[Expr, Ability]]:
        return [(TRUE, self.acts[i].ability)]

    def nightkill_of(self, i: int) -> list[tuple[Expr, str]]:
        nk = self.acts[i].nightkill
        return [(TRUE, nk)] if nk else []

    def scenario_vars(self) -> tuple[str, ...]:
        return ()

    def switch(self, why: Why) -> Expr:
        return TRUE

    def repeats(self, i: int, ability: Ability) -> Expr:
        return _repeats(self, i, ability)

    def last_checked(self, p: str) -> list[tuple[Expr, str]]:
        last = self.history.checked(p)
        return [] if last is None else [(TRUE, last)]

    def dead_before(self, p: str) -> Expr:
        return Const(p in self.history.dead)

    def alive_now(self, p: str) -> Expr:
        return neg(self.dead_before(p))

    def reversed_before(self, p: str) -> Expr:
        return _reversed_before(self.history, p)

    def arrested_before(self, p: str) -> list[tuple[Expr, int, Why]]:
        return _arrested_before(self.history, p)


def _reversed_before(history: History, p: str) -> Expr:
    return Const(p in history.reversed)


def _arrested_before(history: History, p: str) -> list[tuple[Expr, int, Why]]:
    return [(TRUE, tier, why) for q, tier, why in history.arrested if q == p]


def _repeats(sc: Scenario, i: int, ability: Ability) -> Expr:
    """From the history: slot i aims where its ability last took place, the night before."""
    last = sc.history.success(sc.slots[i].actor, ability.name)
    if last and last[0] == sc.night - 1:
        return any_of(sc.aims(i, q) for q in last[1])
    return FALSE


@dataclass
class Carried:
    """State an earlier phase of a chain leaves to this night, as expressions over the
    earlier phases' variables: reversed records, and arrests with the tier they last to."""

    reversed: dict[str, Expr] = field(default_factory=dict)
    arrested: dict[str, list[tuple[Expr, int, Why]]] = field(default_factory=dict)


Earlier = Callable[["SymbolicNight", int, Ability], Expr]
Checked = Callable[["SymbolicNight", str], list[tuple[Expr, str]]]


class SymbolicNight:
    """A night whose roles, actions and targets are all open, over named players.

    Each player has an ability slot and, when some faction has a nightkill, a kill slot.
    `roles` limits the pool (default: every role of the ruleset); `unique` follows the
    ruleset's "Roles will not be duplicated" unless given.

    What earlier nights left behind is read from `history` (concrete), unless `earlier`,
    `checked` and `dead` are given: then "slot i aims where its ability took place last
    night", "who p scanned last" and "p died before tonight" are expressions over earlier
    nights' variables (the world solver and `ruling check --nights` chain nights so).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        players: Sequence[str],
        night: int = 1,
        history: History | None = None,
        roles: Sequence[Role] | None = None,
        earlier: Earlier | None = None,
        checked: Checked | None = None,
        dead: Callable[[str], Expr] | None = None,
        readers: Collection[str] | None = None,
        fixed: Mapping[str, int] | None = None,
        acts: Mapping[str, Expr] | None = None,
        carried: Carried | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.carried = carried
        self.fixed = dict(fixed or {})  # players whose role (an index) is known
        self.acts = dict(acts or {})  # known action variables ("uses:Ann" -> TRUE, ...)
        self.readers = None if readers is None else frozenset(readers)
        self.earlier = earlier
        self.checked = checked
        self.dead = dead
        self.players = tuple(players)
        self.night = night
        self.history = history or History()
        self.roles = tuple(roles if roles is not None else ruleset.roles)
        self._role_index = {canon(r.name): k for k, r in enumerate(self.roles)}
        self._index_of: dict[int, int | None] = {}  # id(role) -> its index (role_is is hot)
        kills = bool(ruleset.nightkills)
        self.switches: dict[str, Why] = {}
        self.slots = tuple(
            Slot(p, kind)
            for p in self.players
            for kind in (("ability", "kill") if kills else ("ability",))
        )

    def index(self, p: str) -> int:
        return self.players.index(p)

    def role_var(self, p: str) -> Var:
        return Var(f"role:{p}")

    def domains(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        n = len(self.players)
        for p in self.players:
            if p not in self.fixed:
                out[f"role:{p}"] = list(range(len(self.roles)))
            out[f"uses:{p}"] = [False, True]
            out[f"tgt:{p}"] = list(range(n))
            if self.ruleset.nightkills:
                out[f"kills:{p}"] = [False, True]
                out[f"ktgt:{p}"] = list(range(n))
        return {v: d for v, d in out.items() if v not in self.acts}

    def value(self, name: str) -> Expr:
        """An action variable, or its value when the scenario knows it."""
        return self.acts.get(name) or Var(name)

    def scenario_vars(self) -> tuple[str, ...]:
        return (*self.domains(), *self.switches)

    def switch(self, why: Why) -> Expr:
        """A Boolean per sentence, true when the sentence is in force: the checker turns
        sentences off (dead rules, redundant rulings) and asks for cores over them."""
        if why.kind == "axiom":
            return TRUE
        name = f"on:{why.loc.file}:{why.loc.line}:{why.loc.column}"
        self.switches.setdefault(name, why)
        return Var(name)

    def constraints(self) -> list[tuple[Expr, Why]]:
        """What makes a scenario legal: setup facts, who may act, one killer a faction."""
        out: list[tuple[Expr, Why]] = []
        rs = self.ruleset
        open_ = [p for p in self.players if p not in self.fixed]
        if rs.unique_roles is not None:
            on = self.switch(rs.unique_roles)
            for a, b in _pairs(open_):
                out.append(
                    (implies(on, neg(eq(self.role_var(a), self.role_var(b)))), rs.unique_roles)
                )
        # Players are interchangeable: list them in role order (symmetry breaking).
        for a, b in itertools.pairwise(open_):
            out.append((le(self.role_var(a), self.role_var(b)), frame.SYMMETRY))
        for p in self.players:
            # only a role with an ability available tonight can use one
            can = any_of(self.role_is(p, r) for r in self.roles if _available(r, self.night))
            out.append((implies(self.value(f"uses:{p}"), can), frame.TAKES_PLACE))
            # a forced ability is used (and is then not silently left out)
            for r in self.roles:
                for ab in r.abilities:
                    if not ab.frequency.allows(self.night, 0) or p in self.history.dead:
                        continue  # the dead are not forced to act
                    for f in (x for x in ab.restrictions if isinstance(x, Forced)):  # each sentence
                        # (in chained nights a dead player's forced action simply fails:
                        # who may act must not depend on the outcome)
                        forced = conj(self.role_is(p, r), self.switch(f.why))
                        out.append((implies(forced, self.value(f"uses:{p}")), f.why))
            if rs.nightkills:
                has_kill = any_of(self.in_kill(p, k) for k in rs.nightkills)
                out.append((implies(self.value(f"kills:{p}"), has_kill), rs.nightkills[0].why))
        for k in rs.nightkills:
            for a, b in _pairs(self.players):
                both = conj(
                    self.value(f"kills:{a}"),
                    self.value(f"kills:{b}"),
                    self.in_kill(a, k),
                    self.in_kill(b, k),
                )
                out.append((neg(both), k.why))
        return out

    def taken(self, i: int) -> Expr:
        s = self.slots[i]
        return self.value(f"uses:{s.actor}" if s.kind == "ability" else f"kills:{s.actor}")

    def target_var(self, i: int) -> Expr:
        s = self.slots[i]
        return self.value(f"tgt:{s.actor}" if s.kind == "ability" else f"ktgt:{s.actor}")

    def aims(self, i: int, q: str) -> Expr:
        return eq(self.target_var(i), Const(self.index(q)))

    def shares(self, i: int, j: int) -> Expr:
        return eq(self.target_var(i), self.target_var(j))

    def role_is(self, p: str, role: Role) -> Expr:
        k = self._index_of.get(id(role))
        if k is None or self.roles[k] is not role:
            k = self._index_of[id(role)] = self._role_index.get(canon(role.name))
        if k is None:
            return FALSE
        if p in self.fixed:
            return Const(self.fixed[p] == k)
        return eq(self.role_var(p), Const(k))

    def faction_is(self, p: str, faction: str) -> Expr:
        return any_of(self.role_is(p, r) for r in self.roles if canon(r.faction) == canon(faction))

    def abilities(self, i: int) -> list[tuple[Expr, Ability]]:
        s = self.slots[i]
        if s.kind != "ability":
            return []
        out = []
        for r in self.roles:
            for ab in r.abilities:
                if ab.frequency.allows(self.night, self.history.used(s.actor, ab.name)):
                    out.append((self.role_is(s.actor, r), ab))
        return out

    def nightkill_of(self, i: int) -> list[tuple[Expr, str]]:
        s = self.slots[i]
        if s.kind != "kill":
            return []
        return [(self.in_kill(s.actor, k), k.faction) for k in self.ruleset.nightkills]

    def in_kill(self, p: str, k: NightKill) -> Expr:
        """p takes part in the night kill `k` (its faction's members, or its role's holders)."""
        if k.role is not None:
            role = self.ruleset.role(k.role)
            return self.role_is(p, role) if role is not None else FALSE
        return self.faction_is(p, k.faction)

    def repeats(self, i: int, ability: Ability) -> Expr:
        return self.earlier(self, i, ability) if self.earlier else _repeats(self, i, ability)

    def last_checked(self, p: str) -> list[tuple[Expr, str]]:
        if self.checked is not None:
            return self.checked(self, p)
        last = self.history.checked(p)
        return [] if last is None else [(TRUE, last)]

    def dead_before(self, p: str) -> Expr:
        """Whether p died before this night: known from `history`, or an expression over
        earlier nights' variables when nights are chained (`dead`)."""
        if self.dead is not None:
            return self.dead(p)
        return Const(p in self.history.dead)

    def alive_now(self, p: str) -> Expr:
        return neg(self.dead_before(p))

    def reversed_before(self, p: str) -> Expr:
        if self.carried is not None:
            return self.carried.reversed.get(p, FALSE)
        return _reversed_before(self.history, p)

    def arrested_before(self, p: str) -> list[tuple[Expr, int, Why]]:
        if self.carried is not None:
            return self.carried.arrested.get(p, [])
        return _arrested_before(self.history, p)


def _available(role: Role, night: int) -> bool:
    return any(a.frequency.allows(night, 0) for a in role.abilities)


def _pairs(xs: Sequence[str]) -> list[tuple[str, str]]:
    return [(a, b) for k, a in enumerate(xs) for b in xs[k + 1 :]]


# ----------------------------------------------------------------------------- the night


class NightBuilder:
    """Builds the PhaseModel of one night from the ruleset and a scenario view."""

    def __init__(self, scenario: Scenario) -> None:
        self.sc = scenario
        self.rs = scenario.ruleset
        self.night = scenario.night
        self.history = scenario.history
        self.n = len(scenario.slots)
        self.domains: dict[str, list[Any]] = dict(scenario.domains())
        self.equations: list[tuple[Expr, Why]] = list(scenario.constraints())
        self.definitions: dict[str, Expr] = {}
        self.roles = self._roles()
        self.framework = FRAMEWORKS[self.rs.framework]
        self.symbolic = bool(scenario.scenario_vars())
        self.shared: list[str] = []  # auxiliary variables fixed by the scenario alone
        self._kinds: dict[tuple[int, type], list[tuple[Expr, Any]]] = {}
        self._protected: dict[str, Expr] = {}
        self._attacks: list[tuple[int, str, Expr, Kill]] | None = None
        self.random_vars: list[str] = []
        self.tiers = [self.define(f"tier:{i}", self.tier(i), shared=True) for i in range(self.n)]

    def define(self, name: str, expr: Expr, shared: bool = False) -> Expr:
        """In a symbolic night, name a subterm used in many places by an auxiliary
        variable (so the formula stays small); in a concrete one keep it inline."""
        if not self.symbolic or is_const(expr):
            return expr
        domain: list[Any] = [False, True] if _is_bool(expr) else sorted(_int_values(expr))
        self.domains[name] = domain
        self.equations.append((eq(Var(name), expr), frame.DEFINITION))
        self.definitions[name] = expr
        if shared:
            self.shared.append(name)
        return Var(name)

    def _roles(self) -> list[Role]:
        return list(getattr(self.sc, "roles", None) or self.rs.roles)

    # ------------------------------------------------------------ helpers
    def ok(self, i: int) -> Expr:
        return Var(f"ok:{i}")

    def actor(self, i: int) -> str:
        return self.sc.slots[i].actor

    def effects(self, i: int, kind: type[Any]) -> list[tuple[Expr, Any]]:
        """(condition, effect) for each effect of `kind` slot i may carry."""
        key = (i, kind)
        if key not in self._kinds:
            out: list[tuple[Expr, Any]] = []
            for cond, ab in self.sc.abilities(i):
                out.extend(
                    (conj(cond, self.sc.switch(e.why)), e)
                    for e in ab.effects
                    if isinstance(e, kind)
                )
            if kind is Kill:
                for cond, faction in self.sc.nightkill_of(i):
                    nk = self.rs.nightkill(faction)
                    if nk is not None:
                        out.extend(
                            (conj(cond, self.sc.switch(e.why)), e)
                            for e in nk.ability.effects
                            if isinstance(e, Kill)
                        )
            self._kinds[key] = out
        return self._kinds[key]

    def class_is(self, i: int, vc: VisitClass) -> Expr:
        """Whether slot i's action is of visiting class `vc`."""
        parts = [c for c, ab in self.sc.abilities(i) if (ab.visit_class or VisitClass.NON) is vc]
        for c, faction in self.sc.nightkill_of(i):
            nk = self.rs.nightkill(faction)
            if nk is not None and (nk.ability.visit_class or VisitClass.NON) is vc:
                parts.append(c)
        return any_of(parts)

    def class_why(self, i: int) -> list[tuple[Expr, Why]]:
        out = [(c, ab.class_why) for c, ab in self.sc.abilities(i)]
        for c, faction in self.sc.nightkill_of(i):
            nk = self.rs.nightkill(faction)
            if nk is not None:
                out.append((c, nk.ability.class_why))
        return out

    def tier(self, i: int) -> Expr:
        """Slot i's priority tier (lower acts first); no priority list: all simultaneous."""
        if not self.rs.priority:
            return self.framework_tier(i)
        options: list[tuple[Expr, int]] = []
        for cond, faction in self.sc.nightkill_of(i):
            tiers = [p.tier for p in self.rs.priority if p.nightkill_of == faction]
            if tiers:
                options.append((cond, min(tiers)))
        p = self.actor(i)
        uses = any_of(c for c, _ in self.sc.abilities(i))
        for role in self.roles if uses != FALSE else ():
            is_role = conj(self.sc.role_is(p, role), uses)
            if is_role == FALSE:
                continue
            entries = [
                e for e in self.rs.priority if e.subject and canon(e.subject) == canon(role.name)
            ]
            plain = [e.tier for e in entries if not e.iff_targeting]
            for e in entries:
                if e.iff_targeting:
                    target_role = self.rs.role(e.iff_targeting)
                    assert target_role is not None
                    hits = any_of(
                        conj(self.sc.aims(i, q), self.sc.role_is(q, target_role))
                        for q in self.sc.players
                    )
                    options.append((conj(is_role, hits), e.tier))
            if plain:
                options.append((is_role, min(plain)))
        expr: Expr = Const(0)
        for cond, t in reversed(options):
            expr = ite(cond, Const(t), expr)
        return expr

    def framework_tier(self, i: int) -> Expr:
        """Without a priority list, the framework orders actions by their effects."""
        fw = self.framework
        options = [(c, fw.tier(ab)) for c, ab in self.sc.abilities(i)]
        for c, faction in self.sc.nightkill_of(i):
            nk = self.rs.nightkill(faction)
            if nk is not None:
                options.append((c, fw.tier(nk.ability)))
        expr: Expr = Const(fw.default_tier)
        for cond, t in reversed(options):
            expr = ite(cond, Const(t), expr)
        return expr

    # ------------------------------------------------------------ static failures
    def static_failure(self, i: int) -> Expr:
        """Why slot i cannot take place whatever else happens (each labelled)."""
        p = self.actor(i)
        reasons: list[Expr] = []
        dead = self.sc.dead_before(p)
        if dead != FALSE:
            reasons.append(label(dead, frame.DEAD_DO_NOT_ACT))
        for cond, ab in self.sc.abilities(i):
            if not ab.frequency.allows(self.night, self.history.used(p, ab.name)):
                reasons.append(label(cond, ab.why))
            if ab.frequency is Frequency.EVERY_SECOND_NIGHT:
                # "every second night" names no first night: which parity is open
                name = f"parity:{canon(ab.name)}@{canon(ab.why.text)[:40]}"
                self.domains[name] = [0, 1]
                off = neg(eq(Var(name), Const(self.night % 2)))
                reasons.append(label(conj(cond, off), ab.why))
            for r in ab.restrictions:
                if isinstance(r, NoSelfTarget):
                    reasons.append(
                        label(conj(cond, self.sc.switch(r.why), self.sc.aims(i, p)), r.why)
                    )
                if isinstance(r, NoConsecutive):
                    again = self.sc.repeats(i, ab)
                    if again != FALSE:
                        reasons.append(label(conj(cond, self.sc.switch(r.why), again), r.why))
        if self.sc.slots[i].kind == "ability":
            for j, s in enumerate(self.sc.slots):
                if j != i and s.actor == p and s.kind == "kill":
                    for cond, faction in self.sc.nightkill_of(j):
                        nk = self.rs.nightkill(faction)
                        if nk is not None and nk.exclusive is not None:
                            on = self.sc.switch(nk.exclusive)
                            reasons.append(label(conj(cond, on, self.sc.taken(j)), nk.exclusive))
        return any_of(reasons)

    # ------------------------------------------------------------ outcome expressions
    def protected(self, q: str) -> Expr:
        if q not in self._protected:
            expr = any_of(
                label(conj(c, self.ok(j), self.sc.aims(j, q)), e.why)
                for j in range(self.n)
                for c, e in self.effects(j, Protect)
            )
            self._protected[q] = self.define(f"protected:{q}", expr)
        return self._protected[q]

    def visits(self, i: int) -> Expr:
        """Whether slot i physically visits (for interceptors)."""
        semi = self.class_is(i, VisitClass.SEMI)
        semi_visit: Expr = FALSE
        if semi != FALSE:
            name = f"semi:{i}"
            self.domains.setdefault(name, [False, True])
            semi_visit = conj(semi, Var(name))
        return disj(self.class_is(i, VisitClass.VISITING), semi_visit)

    def death_tier(self, i: int) -> Expr:
        """When slot i's attack takes effect: at the casualty report when the ruleset has
        one ("people who were attacked and not saved are removed"), else in its tier."""
        if self.rs.casualties is not None:
            return Const(self.rs.casualties)
        return self.tiers[i]

    def attacks(self) -> list[tuple[int, str, Expr, Kill]]:
        """(slot, target, the attack took place on the target, effect) for every kill."""
        if self._attacks is None:
            out = []
            for i in range(self.n):
                for c, e in self.effects(i, Kill):
                    for q in self.sc.players:
                        hit = conj(c, self.sc.aims(i, q))
                        if hit == FALSE:
                            continue
                        if e.lethal_if is not None:  # a check that kills: only a 'yes'
                            guilty = records.shows_guilty(self, q, e.lethal_if, self.tiers[i])
                            hit = conj(hit, label(guilty, e.why))
                        out.append((i, q, label(conj(hit, self.ok(i)), e.why), e))
            self._attacks = out
        return self._attacks

    def attacked(self, q: str) -> Expr:
        return any_of(x for _, v, x, _ in self.attacks() if v == q)

    def saved(self, q: str, strength: int) -> Expr:
        """Enough saves land on q to stop an attack of `strength` ("requiring two people
        to save their victim")."""
        if strength <= 1:
            return self.protected(q)
        saves = [
            label(conj(c, self.ok(j), self.sc.aims(j, q)), e.why)
            for j in range(self.n)
            for c, e in self.effects(j, Protect)
        ]
        return at_least(strength, saves)

    def deaths(self) -> list[tuple[str, Expr, Expr]]:
        """Every way a player can die tonight: (victim, tier, condition)."""
        out: list[tuple[str, Expr, Expr]] = []
        for i, q, hit, e in self.attacks():
            out.append((q, self.death_tier(i), conj(hit, neg(self.saved(q, e.strength)))))
        for i in range(self.n):
            for c, e in self.effects(i, Intercept):
                out.extend(self.intercept(i, c, e))
            for c, e in self.effects(i, Protect):
                if e.sacrifice:  # the protector dies in the place of an attacked target
                    for q in self.sc.players:
                        guard = conj(c, self.ok(i), self.sc.aims(i, q))
                        if guard != FALSE:
                            cond = label(conj(guard, self.attacked(q)), e.why)
                            out.append((self.actor(i), self.death_tier(i), cond))
        return out

    def intercept(self, i: int, c: Expr, e: Intercept) -> list[tuple[str, Expr, Expr]]:
        """'The first <faction> player to visit that player after <me> is killed.'"""
        cand: dict[int, Expr] = {}
        for j in range(self.n):
            if j == i:
                continue
            x = conj(
                self.sc.faction_is(self.actor(j), e.faction),
                self.sc.shares(i, j),
                lt(self.tiers[i], self.tiers[j]),
                self.ok(j),
            )
            if x != FALSE:
                x = conj(x, self.visits(j))  # only now: a semi-visit choice that matters
            if x != FALSE:
                cand[j] = x
        var = f"first:{i}"
        self.domains[var] = [-1, *cand]
        first = Var(var)
        active = conj(c, self.ok(i))
        none = neg(any_of(cand.values()))
        self.equations.append(
            (label(iff(eq(first, Const(-1)), disj(neg(active), none)), e.why), e.why)
        )
        out = []
        for j, x in cand.items():
            earlier = [
                neg(conj(y, lt(self.tiers[k], self.tiers[j]))) for k, y in cand.items() if k != j
            ]
            self.equations.append(
                (label(implies(eq(first, Const(j)), conj(x, *earlier)), e.why), e.why)
            )
            victim = self.actor(j)
            # j's visit (x, and the sentence that makes j's action a visit) follows from
            # first == j; it is repeated so that the death is explained by that visit
            visit = any_of(label(c, w) for c, w in self.class_why(j))
            cond = conj(
                label(conj(active, eq(first, Const(j)), x, visit), e.why),
                neg(self.protected(victim)),
            )
            out.append((victim, self.tiers[j], cond))
        return out

    def seen(self, vc: VisitClass, checker: str) -> Expr:
        """Whether an action of class `vc` shows up on `checker`'s visit checks (labelled)."""
        lists = [s for s in self.rs.seen_by if s.visit_class is vc]
        if not lists:
            return label(Const(vc is not VisitClass.NON), frame.SEEN_DEFAULT)
        parts = []
        for s in lists:
            for name in s.roles:
                role = self.rs.role(name)
                if role is not None:
                    parts.append(
                        label(conj(self.sc.switch(s.why), self.sc.role_is(checker, role)), s.why)
                    )
        return any_of(parts)

    # ------------------------------------------------------------ build
    # ------------------------------------------------------------ outcome rulings
    def matches(self, i: int, verb: str) -> Expr:
        """Whether slot i's action is of the kind a ruling's verb names."""
        parts = [c for c, ab in self.sc.abilities(i) if verb_matches(verb, ab)]
        for c, faction in self.sc.nightkill_of(i):
            nk = self.rs.nightkill(faction)
            if nk is not None and verb_matches(verb, nk.ability):
                parts.append(c)
        return any_of(parts)

    def ruling_cases(self, r: OutcomeRuling) -> list[tuple[Expr, str]]:
        """(condition, player) pairs: when the condition holds, the ruling's consequence
        is about that player."""
        out: list[tuple[Expr, str]] = []
        subject = self.rs.role(r.subject) if r.subject else None
        for i in range(self.n):
            p, mi = self.actor(i), self.matches(i, r.verb)
            if mi == FALSE:
                continue
            pairs: list[tuple[Expr, str]] = []
            if r.mutual:
                for j in range(i + 1, self.n):
                    q = self.actor(j)
                    if q != p:
                        mj = self.matches(j, r.verb)
                        both = conj(
                            self.sc.taken(i),
                            self.sc.taken(j),
                            mi,
                            mj,
                            self.sc.aims(i, q),
                            self.sc.aims(j, p),
                        )
                        pairs.append((both, q))
            else:
                actor, target = self.rs.role(r.actor or ""), self.rs.role(r.target or "")
                assert actor is not None and target is not None
                for q in self.sc.players:
                    if q != p:
                        one = conj(
                            self.sc.role_is(p, actor), self.sc.taken(i), mi, self.sc.aims(i, q)
                        )
                        pairs.append((conj(one, self.sc.role_is(q, target)), q))
            for cond, q in pairs:
                if cond == FALSE:
                    continue
                cond = conj(self.sc.switch(r.why), cond)  # the switch exists only if it can apply
                if subject is None:  # "all actions fail": both players of the condition
                    out += [(cond, p), (cond, q)]
                else:
                    out += [(conj(cond, self.sc.role_is(x, subject)), x) for x in self.sc.players]
        return [(c, x) for c, x in out if c != FALSE]

    def ruled_failures(self) -> dict[str, list[Expr]]:
        """Per player, the rulings that make their actions fail (one more stopper)."""
        out: dict[str, list[Expr]] = {}
        for r in self.rs.outcome_rulings:
            if r.consequence in ("all fail", "fails"):
                for cond, x in self.ruling_cases(r):
                    out.setdefault(x, []).append(label(cond, r.why))
        return out

    def ruled_assertions(self, atoms: dict[Atom, Expr]) -> None:
        """Rulings that assert success, a death or a survival: constraints the rules can
        contradict."""
        for r in self.rs.outcome_rulings:
            if r.consequence in ("all fail", "fails"):
                continue
            for cond, x in self.ruling_cases(r):
                mine = [i for i in range(self.n) if self.actor(i) == x]
                if r.consequence == "succeeds":
                    then = conj(*(implies(self.sc.taken(i), self.ok(i)) for i in mine))
                else:
                    dies = atoms.get(Atom("dies", x), FALSE)
                    then = dies if r.consequence == "dies" else neg(dies)
                self.equations.append((label(implies(cond, then), r.why), r.why))

    def build(self, phase: str, acts: tuple[Act, ...] = ()) -> PhaseModel:
        deaths = self.deaths()
        ruled = self.ruled_failures()
        for i in range(self.n):
            var = f"ok:{i}"
            self.domains[var] = [False, True]
            p = self.actor(i)
            blocked = any_of(
                label(
                    conj(c, self.ok(j), self.sc.aims(j, p), le(self.tiers[j], self.tiers[i])), e.why
                )
                for j in range(self.n)
                if j != i
                for c, e in self.effects(j, Roleblock)
            )
            jailed = any_of(
                label(
                    conj(c, self.ok(j), self.sc.shares(i, j), le(self.tiers[j], self.tiers[i])),
                    e.why,
                )
                for j in range(self.n)
                if j != i
                for c, e in self.effects(j, Jail)
            )
            dead = (
                any_of(conj(cond, lt(t, self.tiers[i])) for v, t, cond in deaths if v == p)
                if self.framework.dead_stop
                else FALSE
            )
            failed = disj(self.static_failure(i), *ruled.get(p, ()), status.stopped(self, i))
            definition = conj(
                self.sc.taken(i),
                neg(failed),
                neg(label(blocked, frame.ROLEBLOCK)) if blocked != FALSE else TRUE,
                neg(label(jailed, frame.JAIL)) if jailed != FALSE else TRUE,
                neg(label(dead, frame.DEAD_DO_NOT_ACT)) if dead != FALSE else TRUE,
                label(TRUE, frame.TAKES_PLACE),
            )
            self.definitions[var] = definition
            whys = [ab.why for _, ab in self.sc.abilities(i)] or [frame.TAKES_PLACE]
            self.equations.append((iff(Var(var), definition), whys[0]))

        texts = self.texts()
        atoms: dict[Atom, Expr] = {}
        players = self.sc.players
        for p in players:
            alive = neg(self.sc.dead_before(p))
            if alive != FALSE:
                how = [label(c, frame.KILL) for v, _, c in deaths if v == p]
                atoms[Atom("dies", p)] = conj(alive, any_of(how))
                blocks = [
                    label(conj(c, self.ok(j), self.sc.aims(j, p)), e.why)
                    for j in range(self.n)
                    for c, e in self.effects(j, Roleblock)
                ]
                atoms[Atom("roleblocked", p)] = conj(alive, any_of(blocks))
            mine = [i for i in range(self.n) if self.actor(i) == p]
            acted = any_of(self.sc.taken(i) for i in mine)
            if acted != FALSE:
                atoms[Atom("fails", p)] = any_of(
                    conj(self.sc.taken(i), neg(self.ok(i))) for i in mine
                )
                atoms[Atom("succeeds", p)] = conj(
                    acted, *(implies(self.sc.taken(i), self.ok(i)) for i in mine)
                )
        for i in range(self.n):
            visiting = self.class_is(i, VisitClass.VISITING)
            if visiting == FALSE:
                continue
            why = next((w for c, w in self.class_why(i) if c != FALSE), frame.TAKES_PLACE)
            for q in players:
                hit = conj(visiting, self.sc.aims(i, q))
                if hit == FALSE:
                    continue
                key = Atom("visits", self.actor(i), q)
                atoms[key] = disj(atoms.get(key, FALSE), label(conj(hit, self.ok(i)), why))
        self.ruled_assertions(atoms)
        alive_after = {
            p: conj(self.sc.alive_now(p), neg(atoms.get(Atom("dies", p), FALSE))) for p in players
        }
        died = {p: atoms[Atom("dies", p)] for p in players if Atom("dies", p) in atoms}
        texts.extend(
            s
            for s in report.role_reports(
                self.roles, players, self.sc.role_is, alive_after.__getitem__, died, "night"
            )
            if self.sc.readers is None or s.actor in self.sc.readers
        )
        seen, draws = report.witness(self, {q: self.attacked(q) for q in players})
        texts.extend(s for s in seen if self.sc.readers is None or s.actor in self.sc.readers)
        self.random_vars.extend(draws)
        for q, flipped in records.transition(self, alive_after).items():
            atoms[Atom("record reversed", q)] = flipped
        for q, (cond, tier, why) in status.transition(self).items():
            atoms[Atom("arrested", q, str(tier))] = label(cond, why)
        for name in getattr(self.sc, "switches", {}):  # every sentence switch is known now
            self.domains[name] = [False, True]
        model = PhaseModel(
            phase=phase,
            domains=self.domains,
            equations=self.equations,
            definitions=self.definitions,
            atoms=atoms,
            texts=texts,
            acts=acts,
            # random draws are part of the scenario: outcomes that differ only by
            # them are `random`, never `ambiguous`
            scenario_vars=(*self.sc.scenario_vars(), *self.shared, *self.random_vars),
            switches=dict(getattr(self.sc, "switches", {})),
            slot_vars=tuple((f"ok:{i}", self.actor(i)) for i in range(self.n)),
            random_vars=tuple(self.random_vars),
        )

        add_wins(model, self.rs, players, alive_after.__getitem__, member_of(self.rs, self.sc))
        return model

    def texts(self) -> list[TextSource]:
        out: list[TextSource] = []
        readers = self.sc.readers
        for i in range(self.n):
            if readers is not None and self.actor(i) not in readers:
                continue
            for c, e in self.effects(i, Investigate):
                out.append(self.investigation(i, c, e))
            for c, r in self.effects(i, Result):  # c includes the result sentence's switch
                gate = self.result_gate(i, r)
                out.append(
                    TextSource(self.actor(i), label(conj(c, gate), r.why), r.text, why=r.why)
                )
            out.extend(records.texts(self, i))
        out.extend(self.tells(readers))
        return out

    def tells(self, readers: frozenset[str] | None) -> list[TextSource]:
        """A protected target told who attacked them ("the killer's original target will be
        given the name of the killer who targeted them")."""
        out = []
        for j in range(self.n):
            for c, e in self.effects(j, Protect):
                if e.tells is None:
                    continue
                for q in self.sc.players:
                    if readers is not None and q not in readers:
                        continue
                    guard = conj(c, self.ok(j), self.sc.aims(j, q), self.attacked(q))
                    if guard == FALSE:
                        continue
                    pieces = tuple((x, self.actor(i)) for i, v, x, _ in self.attacks() if v == q)
                    out.append(TextSource(q, label(guard, e.tells), None, pieces, e.tells))
        return out

    def investigation(self, i: int, c: Expr, e: Investigate) -> TextSource:
        gate = label(conj(c, self.ok(i)), e.why)
        pieces: list[tuple[Expr, str]] = []
        checker = self.actor(i)
        if e.info is Info.ROLE:
            for q in self.sc.players:
                for role in self.roles:
                    x = conj(self.sc.aims(i, q), self.sc.role_is(q, role))
                    if x != FALSE:
                        pieces.append((x, role.name))
            return TextSource(checker, gate, None, tuple(pieces), e.why)
        for j in range(self.n):
            if j == i:
                continue
            for vc in VisitClass:
                is_vc = self.class_is(j, vc)
                if is_vc == FALSE:
                    continue
                seen = conj(is_vc, self.seen(vc, checker), self.ok(j))
                if seen == FALSE:
                    continue
                if e.info is Info.VISITS:
                    tracked = self.sc.aims(i, self.actor(j))
                    for q in self.sc.players:
                        x = conj(seen, tracked, self.sc.aims(j, q))
                        if x != FALSE:
                            pieces.append((x, q))
                elif e.info is Info.VISITORS:
                    x = conj(seen, self.sc.shares(i, j))
                    if x != FALSE:
                        pieces.append((x, self.actor(j)))
                elif e.info is Info.VISITOR_ROLES:
                    for role in self.roles:
                        x = conj(seen, self.sc.shares(i, j), self.sc.role_is(self.actor(j), role))
                        if x != FALSE:
                            pieces.append((x, role.name))
        return TextSource(checker, gate, None, tuple(pieces), e.why)

    def alignment_same(self, target: str, last: str, checker: str) -> Expr:
        """Whether `target` and `last` show the same alignment to `checker`'s role
        ('Checks as mafia by parity cop')."""
        factions = list(self.rs.factions)

        def shows(p: str, f: str) -> Expr:
            parts = []
            for role in self.roles:
                is_role = self.sc.role_is(p, role)
                if is_role == FALSE:
                    continue
                faction = canon(role.faction)
                for ap in role.appears_as:
                    if ap.to is None:
                        faction = canon(ap.faction)
                        break
                    to = self.rs.role(ap.to)
                    if to is not None and self.sc.role_is(checker, to) != FALSE:
                        faction = canon(ap.faction)
                        break
                if faction == canon(f):
                    parts.append(is_role)
            return any_of(parts)

        return any_of(conj(shows(target, f), shows(last, f)) for f in factions)

    def result_gate(self, i: int, r: Result) -> Expr:
        match r.cond:
            case Cond.SUCCESSFUL:
                return self.ok(i)
            case Cond.FAILED:
                return conj(self.sc.taken(i), neg(self.ok(i)))
            case Cond.SAME_AS_LAST | Cond.OPPOSITE_AS_LAST:
                lasts = self.sc.last_checked(self.actor(i))
                if not lasts:
                    return FALSE
                want = r.cond is Cond.SAME_AS_LAST
                parts = []
                for c, last in lasts:
                    if c == FALSE:
                        continue
                    for q in self.sc.players:
                        hit = self.sc.aims(i, q)
                        if hit == FALSE:  # (a known target: one q left)
                            continue
                        same = self.alignment_same(q, last, self.actor(i))
                        parts.append(conj(c, hit, same if want else neg(same)))
                return conj(self.ok(i), any_of(parts))
        raise AssertionError(r.cond)


def _is_bool(e: Expr) -> bool:
    match e:
        case Const(v):
            return isinstance(v, bool)
        case Ite(_, a, _):
            return _is_bool(a)
        case Label(a, _):
            return _is_bool(a)
        case Var():
            raise AssertionError("a bare variable needs no definition")
    return True


def _int_values(e: Expr) -> set[int]:
    match e:
        case Const(v):
            assert isinstance(v, int)
            return {v}
        case Ite(_, a, b):
            return _int_values(a) | _int_values(b)
        case Label(a, _):
            return _int_values(a)
    raise AssertionError(f"not an integer term: {e!r}")


def build_night(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    night: int,
    acts: tuple[Act, ...],
    history: History,
) -> PhaseModel:
    """The model of a concrete night (a case's `night N:` block)."""
    return NightBuilder(ConcreteNight(ruleset, players, night, acts, history)).build(
        f"night {night}", acts
    )


def build_symbolic_night(scenario: SymbolicNight) -> PhaseModel:
    """The model of a night whose roles, actions and targets are open."""
    return NightBuilder(scenario).build(f"night {scenario.night}")


def build_day(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    day: int,
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
    history: History,
) -> PhaseModel:
    """A day: the lynch by the ruleset's vote and tie rules (logic/effects/vote.py) over
    the votes of living players who can act (an arrest stops votes too), reports of the
    lynched player's role, the records' state, then the win conditions."""
    names = tuple(players)
    roles = {p: pl.role for p, pl in players.items()}
    unable = history.dead | {q for q, _, _ in history.arrested}
    inputs = vote.concrete_inputs(names, roles, frozenset(unable), votes, choices)
    day_ = vote.day_constraints(ruleset, inputs)
    atoms: dict[Atom, Expr] = {}
    for (kind, p), expr in day_.atoms.items():
        atoms[Atom(kind, p)] = expr
        atoms[Atom("dies", p)] = expr
    model = PhaseModel(
        phase=f"day {day}",
        domains=dict(day_.domains),
        equations=list(day_.equations),
        definitions={},
        atoms=atoms,
        texts=[],
        random_vars=day_.random_vars,
    )

    def alive_after(p: str) -> Expr:
        return conj(Const(p not in history.dead), neg(atoms.get(Atom("dies", p), FALSE)))

    def role_is(p: str, role: Role) -> Expr:
        return Const(canon(roles[p].name) == canon(role.name))

    died = {p: atoms[Atom("dies", p)] for p in names}
    model.texts.extend(
        report.role_reports(list(ruleset.roles), names, role_is, alive_after, died, "lynch")
    )
    if history.reversed:  # records revert when no holder of the reverting role is left
        for q in history.reversed:
            keep: Expr = TRUE
            for r in ruleset.reverts:
                role = ruleset.role(r.role)
                if role is not None:
                    holders = any_of(conj(role_is(p, role), alive_after(p)) for p in names)
                    keep = conj(keep, label(holders, r.why))
            atoms[Atom("record reversed", q)] = keep

    def member(p: str, group: str) -> Expr:
        pl = players[p]
        return Const(canon(group) in (canon(pl.role.name), canon(pl.faction)))

    add_wins(model, ruleset, names, alive_after, member)
    return model


def member_of(rs: Ruleset, sc: Scenario) -> Callable[[str, str], Expr]:
    """`member(p, group)`: p holds the role, or belongs to the faction, called `group`
    (what a win condition counts)."""

    def member(p: str, group: str) -> Expr:
        role = rs.role(group)
        faction = rs.faction(group)
        return disj(
            sc.role_is(p, role) if role is not None else FALSE,
            sc.faction_is(p, faction) if faction is not None else FALSE,
        )

    return member


def add_wins(
    model: PhaseModel,
    ruleset: Ruleset,
    players: Sequence[str],
    alive_after: Callable[[str], Expr],
    member: Callable[[str, str], Expr],
) -> None:
    """The win conditions after the phase (logic/effects/win.py), as atoms of it."""
    wins = win.win_constraints(ruleset, players, alive_after, member)
    model.domains.update(wins.domains)
    model.equations.extend(wins.equations)
    for (kind, who), expr in wins.atoms.items():
        model.atoms[Atom(kind, who)] = expr


def forced_abilities(
    role: Role, night: int, history: History, player: str
) -> list[tuple[Ability, Forced]]:
    """Abilities the player must use tonight ('Must visit each night')."""
    out = []
    for ab in role.abilities:
        f = ab.forced
        if f is not None and ab.frequency.allows(night, history.used(player, ab.name)):
            out.append((ab, f))
    return out
