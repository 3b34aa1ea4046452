"""Owns the frame of a phase: IR + one phase of a scenario -> labelled constraints.

A phase becomes a `PhaseModel` (logic/model/phase.py): variables with finite domains,
equations over them (each labelled with the sentences it came from), and the outcome
atoms as expressions over the same variables. This module owns what every night has
whatever its roles: slots and their tiers, who may act, restrictions, "an action takes
place unless something stops it", deaths stopping later tiers, visits, and the day
(outcome rulings are logic/model/outcome_rulings.py's). What each mechanic does is its
effect kind's (logic/effects/, asked through the hooks of logic/effects/base.py, in
the list the composition root logic/engine.py hands in: this module imports no kind;
what a kind carried in from earlier phases it reads through `NightBuilder.before`). Roles
never appear here by name: an action's meaning comes from the effects, restrictions and
visiting class its sentences declared.

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
  ab:p       which of their role's night abilities (when a role has several: one a night)
  kills:p    p carries out their faction's nightkill;  ktgt:p  its target
Every other outcome (deaths, roleblocks, visits, results) is an expression over these.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from logic.effects.base import Death, Kind, Outcome, withheld
from logic.model import frame, order, outcome_rulings
from logic.model.builder import PhaseBuilder
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
    interned,
    is_const,
    ite,
    label,
    le,
    lt,
    neg,
    variables,
)
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import (
    Ability,
    Forced,
    Frequency,
    NightKill,
    NoConsecutive,
    NoSelfTarget,
    NoTargetAgain,
    NoUseAgain,
    Role,
    Ruleset,
    SelfAtMost,
    TargetIn,
    VisitClass,
    Why,
    canon,
)
from logic.model.phase import IDENTITY, merge_atoms
from logic.model.phase import Act as Act
from logic.model.phase import Atom as Atom
from logic.model.phase import History as History
from logic.model.phase import PhaseModel as PhaseModel
from logic.model.phase import Player as Player
from logic.model.phase import Slot as Slot
from logic.model.phase import TextSource as TextSource

T = TypeVar("T")


class Scenario(Protocol):
    """What the semantics may ask of a scenario. Every answer is an expression: a
    constant for a concrete scenario, a formula over scenario variables otherwise."""

    ruleset: Ruleset
    night: int
    history: History
    players: tuple[str, ...]
    slots: tuple[Slot, ...]
    readers: frozenset[str] | None  # whose results are built (None: everyone's)
    # what earlier phases of a chain carried in, as expressions (None: read `history`)
    carried: Carried | None

    def domains(self) -> dict[str, list[Any]]: ...
    def constraints(self) -> list[tuple[Expr, Why]]: ...
    def taken(self, i: int) -> Expr: ...
    def aims(self, i: int, q: str) -> Expr: ...
    def shares(self, i: int, j: int) -> Expr: ...
    def target(self, i: int, k: int) -> Expr: ...
    def role_is(self, p: str, role: Role) -> Expr: ...
    def faction_is(self, p: str, faction: str) -> Expr: ...
    def abilities(self, i: int) -> list[tuple[Expr, Ability]]: ...
    def nightkill_of(self, i: int) -> list[tuple[Expr, str]]: ...
    def scenario_vars(self) -> tuple[str, ...]: ...
    def switch(self, why: Why) -> Expr: ...
    def repeats(self, i: int, ability: Ability) -> Expr: ...
    def sent_before(self, p: str, ability: str) -> list[Expr]: ...
    def aimed_before(self, p: str, ability: str) -> list[tuple[Expr, str]]: ...
    def took_last_night(self, p: str, ability: str) -> Expr: ...
    def last_checked(self, p: str) -> list[tuple[Expr, str]]: ...
    def dead_before(self, p: str) -> Expr: ...
    def alive_now(self, p: str) -> Expr: ...
    def marked_before(self, p: str, mark: str) -> Expr: ...
    def decision(self, i: int, options: Sequence[str]) -> Expr: ...
    def excluded(self, i: int) -> tuple[str, ...]: ...


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
        self.carried: Carried | None = None  # a concrete night reads `history`
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

    def target(self, i: int, k: int) -> Expr:
        """Slot i's k-th chosen target, as a player index (-1: none)."""
        targets = self.acts[i].targets
        return Const(self.players.index(targets[k]) if k < len(targets) else -1)

    def role_is(self, p: str, role: Role) -> Expr:
        return Const(canon(self.player_info[p].role.name) == canon(role.name))

    def faction_is(self, p: str, faction: str) -> Expr:
        return Const(canon(self.player_info[p].faction) == canon(faction))

    def abilities(self, i: int) -> list[tuple[Expr, Ability]]:
        # a nightkill slot uses no role ability: its kill is `nightkill_of` (as symbolic)
        act = self.acts[i]
        return [] if act.nightkill else [(TRUE, act.ability)]

    def nightkill_of(self, i: int) -> list[tuple[Expr, str]]:
        nk = self.acts[i].nightkill
        return [(TRUE, nk)] if nk else []

    def scenario_vars(self) -> tuple[str, ...]:
        return ()

    def switch(self, why: Why) -> Expr:
        return TRUE

    def repeats(self, i: int, ability: Ability) -> Expr:
        return _repeats(self, i, ability)

    def sent_before(self, p: str, ability: str) -> list[Expr]:
        return []  # counted in `history.used`

    def aimed_before(self, p: str, ability: str) -> list[tuple[Expr, str]]:
        return _aimed_before(self.history, p, ability)

    def took_last_night(self, p: str, ability: str) -> Expr:
        return _took_last_night(self.history, self.night, p, ability)

    def last_checked(self, p: str) -> list[tuple[Expr, str]]:
        last = self.history.checked(p)
        return [] if last is None else [(TRUE, last)]

    def dead_before(self, p: str) -> Expr:
        return Const(p in self.history.dead)

    def alive_now(self, p: str) -> Expr:
        return neg(self.dead_before(p))

    def marked_before(self, p: str, mark: str) -> Expr:
        return Const((p, mark) in self.history.flags)

    def decision(self, i: int, options: Sequence[str]) -> Expr:
        """What slot i's player decided, as an index into `options` (-1: nothing)."""
        d = self.acts[i].decision
        keys = [canon(o) for o in options]
        return Const(keys.index(canon(d)) if d is not None and canon(d) in keys else -1)

    def excluded(self, i: int) -> tuple[str, ...]:
        """The options slot i's player left out of the host's draw (`X excludes ...`)."""
        return self.acts[i].excludes


def _restricted(b: NightBuilder, i: int, cond: Expr, ab: Ability) -> list[Expr]:
    """Why slot i's use of `ab` (when `cond`) fails by a restriction of the ability, each
    labelled with its sentence."""
    p, sc = b.actor(i), b.sc
    out: list[Expr] = []
    for r in ab.restrictions:
        if isinstance(r, NoSelfTarget):
            out.append(label(conj(cond, sc.switch(r.why), sc.aims(i, p)), r.why))
        if isinstance(r, NoConsecutive):
            again = sc.repeats(i, ab)
            if again != FALSE:
                out.append(label(conj(cond, sc.switch(r.why), again), r.why))
        if isinstance(r, NoUseAgain):
            again = sc.took_last_night(p, ab.name)
            out.append(label(conj(cond, sc.switch(r.why), again), r.why))
        if isinstance(r, SelfAtMost | NoTargetAgain):
            out.append(label(conj(cond, sc.switch(r.why), _again(b, i, ab, r)), r.why))
        if isinstance(r, TargetIn):
            out.append(label(conj(cond, _outside(b, i, r)), r.why))
    return out


def _again(b: NightBuilder, i: int, ability: Ability, r: SelfAtMost | NoTargetAgain) -> Expr:
    """Slot i's use of `ability` tonight breaks a restriction over the game: its user
    targeted themselves `times` times before (and aims at themselves tonight), or it
    aims at a player it targeted on an earlier night."""
    p = b.actor(i)
    before = b.sc.aimed_before(p, ability.name)
    if isinstance(r, SelfAtMost):
        mine = [c for c, q in before if q == p]
        if len(mine) < r.times:
            return FALSE
        return conj(b.sc.aims(i, p), at_least(r.times, mine))
    return any_of(conj(c, b.sc.aims(i, q)) for c, q in before)


def _repeats(sc: Scenario, i: int, ability: Ability) -> Expr:
    """From the history: slot i aims where its ability last took place, the night before."""
    last = sc.history.success(sc.slots[i].actor, ability.name)
    if last and last[0] == sc.night - 1:
        return any_of(sc.aims(i, q) for q in last[1])
    return FALSE


@dataclass(frozen=True)
class Carried:
    """State the earlier phases of a chain leave to this night, as expressions over
    their variables: the frame's flags ((player, flag) -> it holds), and each kind's
    lasting states by name (`logic/effects/base.Lasting`, in their symbolic form)."""

    marks: Mapping[tuple[str, str], Expr] = field(default_factory=dict)
    kinds: Mapping[str, Any] = field(default_factory=dict)

    def changes(self, p: str) -> list[tuple[Expr, str]]:
        """p's changes of role and faction, oldest first (the `IDENTITY` state)."""
        got: Mapping[str, list[tuple[Expr, str]]] = self.kinds.get(IDENTITY, {})
        return got.get(p, [])


Earlier = Callable[["SymbolicNight", int, Ability], Expr]
Checked = Callable[["SymbolicNight", str], list[tuple[Expr, str]]]
Sent = Callable[[str, str], list[Expr]]
Aimed = Callable[[str, str], list[tuple[Expr, str]]]
TookLast = Callable[[str, str], Expr]


def _aimed_before(history: History, p: str, ability: str) -> list[tuple[Expr, str]]:
    """From the history: (it holds, q) for each target of p's uses of `ability` that took
    place, in night order."""
    return [(TRUE, q) for q in history.aimed_at(p, ability)]


def _took_last_night(history: History, night: int, p: str, ability: str) -> Expr:
    """From the history: p's ability named `ability` took place the night before."""
    last = history.success(p, ability)
    return Const(last is not None and last[0] == night - 1)


class SymbolicNight:
    """A night whose roles, actions and targets are all open, over named players.

    Each player has an ability slot and, when some faction has a nightkill, a kill slot.
    `roles` limits the pool (default: every role of the ruleset); `unique` follows the
    ruleset's "Roles will not be duplicated" unless given.

    What earlier nights left behind is read from `history` (concrete), unless `earlier`,
    `checked` and `dead` are given: then "slot i aims where its ability took place last
    night", "who p scanned last" and "p died before tonight" are expressions over earlier
    nights' variables (the world solver and `ruling check --nights` chain nights so);
    `sent` likewise gives, per earlier night, "p sent the ability named N" (the uses a
    frequency or a budget counts, beyond `history.used`), and `aimed`, per earlier night
    and player q, "p's ability named N took place on q" (a restriction over the game).
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
        sent: Sent | None = None,
        aimed: Aimed | None = None,
        took_last: TookLast | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.carried = carried
        self.sent = sent
        self.aimed = aimed
        self.took_last = took_last
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
        # (player, role or faction, is a faction) -> role_is / faction_is: what earlier
        # nights carried in is fixed once the night is made
        self._identity: dict[tuple[str, str, bool], Expr] = {}
        self._abilities: dict[int, list[tuple[Expr, Ability]]] = {}  # (`abilities`)
        kills = bool(ruleset.nightkills) and night != 0  # (no one kills in the prep phase)
        # roles whose ability names two players ("names two people"), acts on its user,
        # or names no one
        self.pairs = tuple(r for r in self.roles if any(a.targets == 2 for a in r.abilities))
        self.selfish = tuple(r for r in self.roles if any(a.on_self for a in r.abilities))
        # (any ability: a role may have one that names no one beside others that do, the
        # werewolf pool's Maniac: its kill and its strengthened nightkill)
        self.aimless = tuple(
            r for r in self.roles if any(a.targets == 0 and not a.on_self for a in r.abilities)
        )
        # roles whose night ability leaves a decision to its player, and how many options
        # (a day ability's decision is the day's: logic/model/day.py)
        self.deciders = tuple(
            r for r in self.roles if any(options_of(a) and not is_day(a) for a in r.abilities)
        )
        self.options = max(
            (len(options_of(a)) for r in self.deciders for a in r.abilities if not is_day(a)),
            default=0,
        )
        # each role's night abilities that tonight's frequency allows: a player uses one
        # of them in the night's ability slot, picked by `ab:p` when a role has several
        # (the Witch's hexes, Yamato's Investigate and First Aid)
        self.menus = night_menus(self.roles, night)
        self.choice = max((len(m) for m in self.menus), default=0)
        self._holds: dict[tuple[str, Callable[[Ability], bool]], Expr] = {}
        # players whose faction is not given by their role (neutral roles, no role)
        self.open_faction = any(len(ruleset.factions_of(r)) > 1 for r in self.roles)
        self.switches: dict[str, Why] = {}
        self.slots = tuple(
            Slot(p, kind)
            for p in self.players
            for kind in (("ability", "kill") if kills else ("ability",))
        )

    def index(self, p: str) -> int:
        return self.players.index(p)

    def after(self, carried: Carried) -> SymbolicNight:
        """This night's view of the players once `carried` (the state after it) holds:
        who holds which role after its changes of identity (for the day that follows)."""
        view = copy.copy(self)
        view.carried = carried
        view._identity = {}
        view._abilities = {}
        return view

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
            if self.pairs:  # a second target, for abilities that name two players
                out[f"tgt2:{p}"] = list(range(n))
            if self.open_faction:
                out[f"fac:{p}"] = list(range(len(self.ruleset.factions)))
            if self.ruleset.nightkills and self.night != 0:
                out[f"kills:{p}"] = [False, True]
                out[f"ktgt:{p}"] = list(range(n))
            if self.deciders:  # what the player decided (-1: nothing)
                out[f"decide:{p}"] = list(range(-1, self.options))
            if self.choice > 1:  # which of their role's night abilities they use
                out[f"ab:{p}"] = list(range(self.choice))
        return {v: d for v, d in out.items() if v not in self.acts}

    def value(self, name: str) -> Expr:
        """An action variable, or its value when the scenario knows it."""
        return self.acts.get(name) or Var(name)

    def scenario_vars(self) -> tuple[str, ...]:
        return (*self.domains(), *self.switches)

    def switch(self, why: Why) -> Expr:
        """A Boolean per sentence, true when the sentence is in force: the checker turns
        sentences off (dead rules, redundant rulings) and asks for cores over them."""
        return sentence_switch(self.switches, why)

    def picks(self, p: str, k: int) -> Expr:
        """p's ability slot uses the k-th of their role's night abilities (`menus`)."""
        return TRUE if self.choice <= 1 else eq(self.value(f"ab:{p}"), Const(k))

    def holds(self, p: str, pred: Callable[[Ability], bool]) -> Expr:
        """p's ability slot uses a night ability of which `pred` holds (one shared
        expression per player and predicate: targets and aims ask it for every pair)."""
        key = (p, pred)
        got = self._holds.get(key)
        if got is None:
            got = self._holds[key] = any_of(
                conj(self.role_is(p, r), self.picks(p, k))
                for r, menu in zip(self.roles, self.menus, strict=True)
                for k, ab in enumerate(menu)
                if pred(ab)
            )
        return got

    def constraints(self) -> list[tuple[Expr, Why]]:
        """What makes a scenario legal: setup facts, who may act, one killer a faction."""
        return [
            *_deal_constraints(self),
            *_slot_constraints(self),
            *_acting_constraints(self),
        ]

    def taken(self, i: int) -> Expr:
        s = self.slots[i]
        return self.value(f"uses:{s.actor}" if s.kind == "ability" else f"kills:{s.actor}")

    def target_var(self, i: int) -> Expr:
        s = self.slots[i]
        return self.value(f"tgt:{s.actor}" if s.kind == "ability" else f"ktgt:{s.actor}")

    def aims(self, i: int, q: str) -> Expr:
        if self.slots[i].kind != "ability" or not (self.pairs or self.selfish or self.aimless):
            return eq(self.target_var(i), Const(self.index(q)))
        k = Const(self.index(q))
        return any_of(eq(self.target(i, x), k) for x in (0, 1))

    def shares(self, i: int, j: int) -> Expr:
        if not (self.pairs or self.selfish or self.aimless):
            return eq(self.target_var(i), self.target_var(j))
        return any_of(
            conj(neg(eq(self.target(i, a), Const(-1))), eq(self.target(i, a), self.target(j, b)))
            for a in (0, 1)
            for b in (0, 1)
        )

    def target(self, i: int, k: int) -> Expr:
        """Slot i's k-th target as a player index (-1: none): the second exists only for
        a role whose ability names two players."""
        s = self.slots[i]
        if k == 0:
            base = self.target_var(i)
            if s.kind == "ability" and self.selfish:
                on_self = self.holds(s.actor, _on_self)
                base = ite(on_self, Const(self.index(s.actor)), base)
            if s.kind == "ability" and self.aimless:
                aimless = self.holds(s.actor, _aimless)
                base = ite(aimless, Const(-1), base)
            return base
        if k > 1 or s.kind != "ability" or not self.pairs:
            return Const(-1)
        two = self.holds(s.actor, _two_targets)
        return ite(two, self.value(f"tgt2:{s.actor}"), Const(-1))

    def role_is(self, p: str, role: Role) -> Expr:
        """p holds `role` tonight: the role dealt, or the latest change of role an earlier
        night of a chain made (logic/effects/identity.py)."""
        key = (p, role.name, False)
        got = self._identity.get(key)
        if got is None:
            base = self.dealt(p, role)
            got = self._changed(p, base, lambda name: canon(name) == canon(role.name), False)
            self._identity[key] = got  # one shared expression: built and encoded once
        return got

    def _changed(self, p: str, base: Expr, matches: Callable[[str], bool], faction: bool) -> Expr:
        changes = self.carried.changes(p) if self.carried is not None else None
        if not changes:
            return base
        out = base
        for cond, name in changes:  # oldest first: a later change wins
            if (self.ruleset.faction(name) is not None) != faction:
                continue
            out = disj(conj(cond, Const(matches(name))), conj(neg(cond), out))
        return out

    def dealt(self, p: str, role: Role) -> Expr:
        """p was dealt `role` (the role variable)."""
        k = self._index_of.get(id(role))
        if k is None or self.roles[k] is not role:
            k = self._index_of[id(role)] = self._role_index.get(canon(role.name))
        if k is None:
            return FALSE
        if p in self.fixed:
            return Const(self.fixed[p] == k)
        return eq(self.role_var(p), Const(k))

    def faction_is(self, p: str, faction: str) -> Expr:
        key = (p, faction, True)
        got = self._identity.get(key)
        if got is None:
            got = self._identity[key] = self._faction_is(p, faction)
        return got

    def _faction_is(self, p: str, faction: str) -> Expr:
        base = self._dealt_faction(p, faction)
        return self._changed(p, base, lambda name: canon(name) == canon(faction), True)

    def _dealt_faction(self, p: str, faction: str) -> Expr:
        """p's faction at the deal (its variable, or their role's)."""
        if self.open_faction:
            f = self.ruleset.faction(faction)
            if f is None:
                return FALSE
            return eq(Var(f"fac:{p}"), Const(self.ruleset.factions.index(f)))
        # the faction of the role dealt (a stolen role does not change it)
        return any_of(self.dealt(p, r) for r in self.roles if canon(r.faction) == canon(faction))

    def abilities(self, i: int) -> list[tuple[Expr, Ability]]:
        """(when, ability) for each ability slot i may use tonight (made once a slot:
        every kind asks, DCTP's 3-player night two thousand times)."""
        got = self._abilities.get(i)
        if got is None:
            got = self._abilities[i] = self._abilities_of(i)
        return list(got)

    def _abilities_of(self, i: int) -> list[tuple[Expr, Ability]]:
        s = self.slots[i]
        if s.kind != "ability":
            return []
        out = []
        for r, menu in zip(self.roles, self.menus, strict=True):
            for k, ab in enumerate(menu):
                if self.history.may_use(s.actor, ab, self.night):
                    out.append((conj(self.role_is(s.actor, r), self.picks(s.actor, k)), ab))
        return out

    def nightkill_of(self, i: int) -> list[tuple[Expr, str]]:
        s = self.slots[i]
        if s.kind != "kill":
            return []
        return [(self.in_kill(s.actor, k), k.faction) for k in self.ruleset.nightkills]

    def settled(self, p: str) -> bool:
        """No earlier night of the chain can change p's role or faction."""
        return self.carried is None or not self.carried.changes(p)

    def may_hold(self, p: str, role: Role) -> Expr:
        """p holds `role` tonight, for a settled p; otherwise, p was dealt it or an earlier
        night may give it (an expression over the scenario, whatever the outcome)."""
        if self.settled(p):
            return self.role_is(p, role)
        assert self.carried is not None
        given = any(canon(n) == canon(role.name) for _, n in self.carried.changes(p))
        return disj(self.dealt(p, role), Const(given))

    def may_kill(self, p: str, k: NightKill) -> Expr:
        """`in_kill`, or for a player an earlier night may change, whether p was dealt
        into the kill or an earlier night may put them in it (`may_hold`)."""
        if self.settled(p):
            return self.in_kill(p, k)
        assert self.carried is not None
        if k.role is not None:
            role = self.ruleset.role(k.role)
            return self.may_hold(p, role) if role is not None else FALSE
        given = any(canon(n) == canon(k.faction) for _, n in self.carried.changes(p))
        return disj(self._dealt_faction(p, k.faction), Const(given))

    def in_kill(self, p: str, k: NightKill) -> Expr:
        """p takes part in the night kill `k` (its faction's members, or its role's holders)."""
        if k.role is not None:
            role = self.ruleset.role(k.role)
            return self.role_is(p, role) if role is not None else FALSE
        return self.faction_is(p, k.faction)

    def repeats(self, i: int, ability: Ability) -> Expr:
        return self.earlier(self, i, ability) if self.earlier else _repeats(self, i, ability)

    def sent_before(self, p: str, ability: str) -> list[Expr]:
        """Per earlier night of a chain, whether p sent the ability named `ability` (a
        use is spent when sent); [] outside a chain (`history.used` counts them)."""
        return self.sent(p, ability) if self.sent is not None else []

    def sent_that(self, p: str, ability: str) -> Expr:
        """p's ability slot tonight sends the ability named `ability`."""
        return conj(self.value(f"uses:{p}"), self.holds(p, named(ability)))

    def aimed_before(self, p: str, ability: str) -> list[tuple[Expr, str]]:
        """(it holds, q) per earlier night and player q: p's ability named `ability` took
        place on q; a chain's (`aimed`), else the history's."""
        if self.aimed is not None:
            return self.aimed(p, ability)
        return _aimed_before(self.history, p, ability)

    def took_last_night(self, p: str, ability: str) -> Expr:
        """p's ability named `ability` took place the night before; a chain's
        (`took_last`), else the history's."""
        if self.took_last is not None:
            return self.took_last(p, ability)
        return _took_last_night(self.history, self.night, p, ability)

    def took_that(self, p: str, ability: str) -> Expr:
        """p's ability slot tonight used the ability named `ability` and it took place."""
        i = next(j for j, s in enumerate(self.slots) if s.actor == p and s.kind == "ability")
        return conj(Var(f"ok:{i}"), self.holds(p, named(ability)))

    def aimed_that(self, p: str, ability: str, q: str) -> Expr:
        """p's ability slot tonight used the ability named `ability` on q and it took place
        (over this night's own variables: a chain renames them)."""
        i = next(j for j, s in enumerate(self.slots) if s.actor == p and s.kind == "ability")
        return conj(Var(f"ok:{i}"), self.holds(p, named(ability)), self.aims(i, q))

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

    def marked_before(self, p: str, mark: str) -> Expr:
        if self.carried is not None:
            return self.carried.marks.get((p, mark), FALSE)
        return Const((p, mark) in self.history.flags)

    def decision(self, i: int, options: Sequence[str]) -> Expr:
        """What slot i's player decided (an index into `options`, -1: nothing)."""
        s = self.slots[i]
        if s.kind != "ability" or not self.deciders:
            return Const(-1)
        return self.value(f"decide:{s.actor}")

    def excluded(self, i: int) -> tuple[str, ...]:
        """A symbolic night's players leave nothing out of a draw: `check` does not search
        the options a player may exclude (a case's `X excludes ...` is resolve's)."""
        return ()


def _deal_constraints(sc: SymbolicNight) -> list[tuple[Expr, Why]]:
    """Which deals are legal: unique roles, roles never dealt, factions without a role,
    and a player's faction one their role may be given to."""
    out: list[tuple[Expr, Why]] = []
    rs = sc.ruleset
    open_ = [p for p in sc.players if p not in sc.fixed]
    if rs.unique_roles is not None:
        on = sc.switch(rs.unique_roles)
        vanilla = rs.role(rs.vanilla) if rs.vanilla else None
        vk = sc._role_index.get(canon(vanilla.name)) if vanilla else None
        for a, b in _pairs(open_):
            same = eq(sc.role_var(a), sc.role_var(b))
            if vk is not None:  # "Multiple players can have no role"
                same = conj(same, neg(eq(sc.role_var(a), Const(vk))))
            out.append((implies(on, neg(same)), rs.unique_roles))
    for name, why in rs.never_dealt:  # "A game will never start with Lovers"
        never = rs.role(name)
        if never is not None:
            for p in open_:
                out.append((neg(sc.dealt(p, never)), why))
    no_role = rs.role(rs.vanilla) if rs.vanilla else None
    for faction, why in rs.roleless:
        named = rs.faction(faction)
        if named is None or no_role is None or not sc.open_faction:
            continue
        for p in open_:  # "the Secret Boss will never have a role"
            member = eq(Var(f"fac:{p}"), Const(rs.factions.index(named)))
            out.append((implies(member, sc.dealt(p, no_role)), why))
    if sc.open_faction:  # a player's faction is one their role may be given to
        for p in sc.players:
            for r in sc.roles:
                allowed = [rs.factions.index(f) for f in rs.factions_of(r) if f in rs.factions]
                fac = Var(f"fac:{p}")
                ok = any_of(eq(fac, Const(x)) for x in allowed)
                out.append((implies(sc.dealt(p, r), ok), r.why))
    return out


def _slot_constraints(sc: SymbolicNight) -> list[tuple[Expr, Why]]:
    """What an ability slot's variables may be: one target for an ability aimed at no one
    or at its user, no decision without an ability that leaves one, one ability a slot."""
    out: list[tuple[Expr, Why]] = []
    # (Who may act is the scenario's: over chained nights, a player an earlier night
    # may change (a conversion) is held to what they may hold whatever its outcome,
    # and an action their identity does not allow in the outcome does nothing. The
    # constraints that only pick one of equal scenarios, as a pinned target, are left
    # out for them: over the outcome, they made scenarios illegal, and `check` found
    # paradoxes in them.)
    for p in sc.players:  # an ability aimed at no one, or at its user, has one target
        if not sc.settled(p):
            continue
        if (sc.selfish or sc.aimless) and f"tgt:{p}" not in sc.acts:
            pinned = sc.holds(p, _pinned)
            out.append((implies(pinned, eq(Var(f"tgt:{p}"), Const(0))), frame.TAKES_PLACE))
    for p in sc.players:  # only an ability that leaves a decision to its player decides
        if sc.deciders and f"decide:{p}" not in sc.acts and sc.settled(p):
            deciding = sc.holds(p, _decides)
            undecided = eq(Var(f"decide:{p}"), Const(-1))
            out.append((implies(neg(deciding), undecided), frame.TAKES_PLACE))
    for p in sc.players:  # one ability a slot: the pick of an unused slot is 0, and
        if sc.choice <= 1 or f"ab:{p}" in sc.acts:  # a pick names an ability of
            continue  # the role (a role changed by an earlier night: its pick is free)
        pick = Var(f"ab:{p}")
        out.append((implies(neg(sc.value(f"uses:{p}")), eq(pick, Const(0))), frame.TAKES_PLACE))
        if not sc.settled(p):
            continue
        for r, menu in zip(sc.roles, sc.menus, strict=True):
            if len(menu) < sc.choice:
                within = lt(pick, Const(max(len(menu), 1)))
                out.append((implies(sc.dealt(p, r), within), frame.TAKES_PLACE))
    return out


def _acting_constraints(sc: SymbolicNight) -> list[tuple[Expr, Why]]:
    """Players listed in role order (symmetry breaking), who may act tonight (an ability
    available, a forced one used, a place in a nightkill), and one killer a nightkill."""
    out: list[tuple[Expr, Why]] = []
    rs = sc.ruleset
    open_ = [p for p in sc.players if p not in sc.fixed]
    # Players are interchangeable: list them in role order (symmetry breaking).
    for a, b in itertools.pairwise(open_):
        out.append((le(sc.role_var(a), sc.role_var(b)), frame.SYMMETRY))
    for p in sc.players:
        # only a role with an ability available tonight can use one
        can = any_of(sc.may_hold(p, r) for r, menu in zip(sc.roles, sc.menus, strict=True) if menu)
        out.append((implies(sc.value(f"uses:{p}"), can), frame.TAKES_PLACE))
        # a forced ability is used (and is then not silently left out)
        for r in sc.roles:
            for ab in r.abilities:
                if not ab.frequency.allows(sc.night, 0) or p in sc.history.dead:
                    continue  # the dead are not forced to act
                # each sentence that makes it used: "Must visit each night", and a kill
                # whose target is drawn at random ("randomly selects a target to kill": no
                # "may"), as the concrete night completes it (binding.forced_completions)
                drawn = drawn_kill(ab)
                whys = [x.why for x in ab.restrictions if isinstance(x, Forced)]
                for why in whys + ([drawn.why] if drawn is not None else []):
                    # (in chained nights a dead player's forced action simply fails:
                    # who may act must not depend on the outcome)
                    holder = sc.role_is(p, r) if sc.settled(p) else sc.dealt(p, r)
                    forced = conj(holder, sc.switch(why))
                    out.append((implies(forced, sc.value(f"uses:{p}")), why))
        if rs.nightkills and sc.night != 0:
            has_kill = any_of(sc.may_kill(p, k) for k in rs.nightkills)
            out.append((implies(sc.value(f"kills:{p}"), has_kill), rs.nightkills[0].why))
    for k in rs.nightkills if sc.night != 0 else ():
        for a, b in _pairs(sc.players):
            both = conj(
                sc.value(f"kills:{a}"),
                sc.value(f"kills:{b}"),
                sc.may_kill(a, k),
                sc.may_kill(b, k),
            )
            out.append((neg(both), k.why))
    return out


def _effect_tiers(priority: Sequence[Any], ability: Ability) -> list[int]:
    """The tiers of the order items that name a kind of effect the ability has."""
    return [
        e.tier
        for e in priority
        if e.effects and not e.hastened and any(isinstance(x, e.effects) for x in ability.effects)
    ]


# What `SymbolicNight.holds` asks of the ability a slot uses (named: its cache's keys).
def _pinned(ab: Ability) -> bool:  # its target is fixed: its user, or no one
    return ab.on_self or ab.targets == 0


def _on_self(ab: Ability) -> bool:
    return ab.on_self


def _aimless(ab: Ability) -> bool:
    return ab.targets == 0 and not ab.on_self


def _two_targets(ab: Ability) -> bool:
    return ab.targets == 2


def _decides(ab: Ability) -> bool:
    return bool(options_of(ab))


_NAMED: dict[str, Callable[[Ability], bool]] = {}


def named(name: str) -> Callable[[Ability], bool]:
    """The predicate "the ability is called `name`" (one per name: `holds` caches by it)."""
    if name not in _NAMED:
        _NAMED[name] = lambda ab: ab.name == name
    return _NAMED[name]


def night_menus(roles: Sequence[Role], night: int) -> tuple[tuple[Ability, ...], ...]:
    """Each role's night abilities that the frequencies allow on `night`."""
    return tuple(
        tuple(a for a in r.abilities if not is_day(a) and a.frequency.allows(night, 0))
        for r in roles
    )


def _pairs(xs: Sequence[str]) -> list[tuple[str, str]]:
    return [(a, b) for k, a in enumerate(xs) for b in xs[k + 1 :]]


# ----------------------------------------------------------------------------- the night


class NightBuilder(PhaseBuilder):
    """Builds the PhaseModel of one night from the ruleset and a scenario view."""

    def __init__(self, scenario: Scenario, kinds: Sequence[Kind]) -> None:
        self.sc = scenario
        # the effect kinds it asks, handed to it by the composition root (logic/engine.py)
        self.kinds: tuple[Kind, ...] = tuple(kinds)
        # the verbs of a ruling's condition that name an effect kind (`Kind.verbs`)
        self.verbs = {v: nodes for k in self.kinds for v, nodes in k.verbs}
        self.rs = scenario.ruleset
        self.night = scenario.night
        self.reads_night = scenario.night  # a lasting state's view for tonight
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
        self._slot_effects: dict[int, list[tuple[Expr, Any]]] = {}
        self._used: dict[int, list[tuple[Expr, Ability]]] = {}
        self.memo: dict[str, Any] = {}  # the effect kinds' cached subterms
        self.deaths: list[Death] = []  # tonight's deaths, once gathered (`dies_tonight`)
        self.random_vars: list[str] = []
        self.storyteller_vars: list[str] = []
        # a tier is fixed by the scenario, unless a modifier tonight can move it (hasten)
        fixed = not any(p.hastened for p in self.rs.priority)
        self.tiers = [self.define(f"tier:{i}", self.tier(i), shared=fixed) for i in range(self.n)]

    def define(
        self, name: str, expr: Expr, shared: bool = False, domain: list[Any] | None = None
    ) -> Expr:
        """In a symbolic night, name a subterm used in many places by an auxiliary
        variable (so the formula stays small); in a concrete one keep it inline. An
        integer term over variables gives its `domain`. Asked again by the same name,
        the same variable over the same term; over another term it raises: two
        equations `name = a`, `name = b` would rule out every scenario where a and b
        differ (a name made per effect class, shared by two roles' sentences that a
        search seat may hold, made `check` report "no scenario at all")."""
        if not self.symbolic or is_const(expr):
            return expr
        if name in self.definitions:
            if self.definitions[name] is not expr and self.definitions[name] != expr:
                raise ValueError(f"definition {name!r} asked again over another term")
            return Var(name)
        if domain is None:
            domain = [False, True] if _is_bool(expr) else sorted(_int_values(expr))
        self.domains[name] = domain
        self.equations.append((eq(Var(name), expr), frame.DEFINITION))
        self.definitions[name] = expr
        if shared:
            self.shared.append(name)
        return Var(name)

    def fixed(self, expr: Expr) -> bool:
        """Whether `expr` reads the scenario alone (its roles, actions, switches, draws
        and the storyteller's choices, or variables fixed by them): a variable defined
        as it is the same in both outcomes of a scenario (`define`'s `shared`)."""
        known = {*self.sc.scenario_vars(), *self.shared, *self.random_vars}
        known.update(self.storyteller_vars)
        return variables(expr) <= known

    # ------------------------------------------------------------ the kinds' interface
    # (what an effect kind may add to the night: `choice`, `once`, and read of earlier
    # phases: `before`, are logic/model/builder.py's; the kinds' answers to each other)
    def kill_modified(self, i: int, mode: str) -> Expr:
        """Slot i's kill is changed tonight (`mode`: "strengthen", "hasten"), by whichever
        kind says so (`Kind.kill_modified`)."""
        return self.once(
            f"modified:{i}:{mode}",
            lambda: any_of(k.kill_modified(self, i, mode) for k in self.kinds if k.kill_modified),
        )

    def dies_tonight(self, p: str) -> Expr:
        """p dies tonight, of any of the night's deaths (for a kind's stopper: an ability
        used only on its holder's death; the deaths are gathered before `ok:i`)."""
        dies = any_of(cond for v, _, cond in self.deaths if v == p)
        return conj(neg(self.sc.dead_before(p)), dies) if dies != FALSE else FALSE

    def posthumous(self, i: int) -> Expr:
        """Slot i is a power used once dead, by whichever kind says so (`Kind.posthumous`)."""
        return any_of(k.posthumous(self, i) for k in self.kinds if k.posthumous)

    def _roles(self) -> list[Role]:
        return list(getattr(self.sc, "roles", None) or self.rs.roles)

    # ------------------------------------------------------------ helpers
    def ok(self, i: int) -> Expr:
        return Var(f"ok:{i}")

    def actor(self, i: int) -> str:
        return self.sc.slots[i].actor

    def moved(self) -> bool:
        """Whether some action tonight may move other actions' targets (a redirect)."""
        if "moved" not in self.memo:
            self.memo["moved"] = any(
                self.effects(j, node)
                for k in self.kinds
                if k.retarget
                for node in k.nodes
                for j in range(self.n)
            )
        return bool(self.memo["moved"])

    def target(self, i: int, k: int) -> Expr:
        """Slot i's k-th effective target, as a player index (-1: none): the chosen one,
        moved by every kind that moves targets (redirection)."""
        key = f"eff:{i}:{k}"
        if key not in self.memo:
            t = self.sc.target(i, k)
            if self.moved() and t != Const(-1):  # (no target: nothing to move)
                for kind in self.kinds:
                    if kind.retarget:
                        t = kind.retarget(self, i, k, t)
                t = self.define(key, t, domain=list(range(-1, len(self.sc.players))))
            self.memo[key] = t
        result: Expr = self.memo[key]
        return result

    def aims(self, i: int, q: str) -> Expr:
        """Slot i's action lands on q: its effective target (every effect kind asks here,
        never the scenario's chosen target)."""
        if not self.moved():
            return self.sc.aims(i, q)
        k = Const(self.sc.players.index(q))
        return any_of(eq(t, k) for t in (self.target(i, 0), self.target(i, 1)) if t != Const(-1))

    def shares(self, i: int, j: int) -> Expr:
        """Slots i and j land on the same player."""
        if not self.moved():
            return self.sc.shares(i, j)
        return any_of(conj(self.aims(i, q), self.aims(j, q)) for q in self.sc.players)

    def lands(self, kind: type[Any], q: str) -> list[tuple[int, Expr, Any]]:
        """(slot, it took place and lands on q, effect) for each effect of `kind` tonight."""
        out = []
        for j in range(self.n):
            for c, e in self.effects(j, kind):
                x = conj(c, self.ok(j), self.aims(j, q))
                if x != FALSE:
                    out.append((j, x, e))
        return out

    def member(self, p: str, group: str) -> Expr:
        """p holds the role, or belongs to the faction, called `group`."""
        return member_of(self.rs, self.sc)(p, group)

    def reads(self, p: str) -> bool:
        """Whether p's result texts are built (a solver may need only the observer's)."""
        return self.sc.readers is None or p in self.sc.readers

    def effects(self, i: int, kind: type[Any]) -> list[tuple[Expr, Any]]:
        """(condition, effect) for each effect of `kind` slot i may carry."""
        key = (i, kind)
        got = self._kinds.get(key)
        if got is None:
            switch = self.sc.switch
            got = self._kinds[key] = [
                (conj(cond, switch(e.why)), e)
                for cond, e in self._carried(i)
                if isinstance(e, kind)
            ]
        return got

    def used(self, i: int) -> list[tuple[Expr, Ability]]:
        """(when, ability) for each ability slot i may use tonight: its role's, then its
        faction's nightkill's (made once a slot; the effects, the visiting class, the
        framework's tier and a ruling's verb are all asked of these)."""
        got = self._used.get(i)
        if got is None:
            got = list(self.sc.abilities(i))
            for cond, faction in self.sc.nightkill_of(i):
                nk = self.rs.nightkill(faction)
                if nk is not None:
                    got.append((cond, nk.ability))
            self._used[i] = got
        return got

    def _carried(self, i: int) -> list[tuple[Expr, Any]]:
        """(when, effect) for every effect slot i may carry (made once a slot: the kinds
        ask `effects` for slot i a hundred times a night, one kind each)."""
        got = self._slot_effects.get(i)
        if got is None:
            got = self._slot_effects[i] = [(c, e) for c, ab in self.used(i) for e in ab.effects]
        return got

    def class_is(self, i: int, vc: VisitClass) -> Expr:
        """Whether slot i's action is of visiting class `vc`."""
        # an ability no sentence classes is non-visiting (frame.NO_VISIT)
        return any_of(c for c, ab in self.used(i) if (ab.visit_class or VisitClass.NON) is vc)

    def class_why(self, i: int) -> list[tuple[Expr, Why]]:
        return [(c, ab.class_why) for c, ab in self.used(i)]

    def tier(self, i: int) -> Expr:
        """Slot i's priority tier (lower acts first); no priority list: all simultaneous.
        An entry for the role wins over one for its ability's name, which wins over one
        for its effects ("Roleblocks"); a faction's nightkill takes its faction's entry,
        else the entry for kills, and a hastened one the "Hastened nightkills" entry."""
        if not self.rs.priority:
            return order.reorder(self, i, self.framework_tier(i))
        options: list[tuple[Expr, int]] = []
        hastened = [p.tier for p in self.rs.priority if p.hastened]
        for cond, faction in self.sc.nightkill_of(i):
            tiers = [p.tier for p in self.rs.priority if p.nightkill_of == faction]
            nk = self.rs.nightkill(faction)
            if not tiers and nk is not None:
                tiers = _effect_tiers(self.rs.priority, nk.ability)
            if hastened:
                sped = self.kill_modified(i, "hasten")
                if sped != FALSE:
                    options.append((conj(cond, sped), min(hastened)))
            if tiers:
                options.append((cond, min(tiers)))
        p = self.actor(i)
        uses = any_of(c for c, _ in self.sc.abilities(i))
        # an ability none of p's roles has (lent to him by a kind: a worn role's, `Kind.lends`)
        # takes its own entry, by name, else its effects'
        mine = [r for r in self.roles if self.sc.role_is(p, r) != FALSE]
        for c, ab in self.sc.abilities(i):
            if mine and not any(ab is a for r in mine for a in r.abilities):
                named = [
                    e.tier
                    for e in self.rs.priority
                    if e.ability and canon(e.ability) in map(canon, (ab.name, *ab.aliases))
                ]
                tiers = named or _effect_tiers(self.rs.priority, ab)
                if tiers:
                    options.append((c, min(tiers)))
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
                continue
            # the slot's own ability (a role's abilities may stand in different tiers)
            for c, ab in self.sc.abilities(i):
                if not any(ab is a for a in role.abilities):
                    continue
                named = [
                    e.tier
                    for e in self.rs.priority
                    if e.ability and canon(e.ability) in map(canon, (ab.name, *ab.aliases))
                ]
                tiers = named or _effect_tiers(self.rs.priority, ab)
                if tiers:
                    options.append((conj(is_role, c), min(tiers)))
        # an action no entry names: the tier of "All other actions", else the first
        rest = next((e.tier for e in self.rs.priority if e.rest), 0)
        expr: Expr = Const(rest)
        for cond, t in reversed(options):
            expr = ite(cond, Const(t), expr)
        return order.reorder(self, i, expr)

    def framework_tier(self, i: int) -> Expr:
        """Without a priority list, the framework orders actions by their effects."""
        fw = self.framework
        options = [(c, fw.tier(ab)) for c, ab in self.used(i)]
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
        if dead != FALSE:  # (a power used after death is not stopped: afterlife.py)
            dead = conj(dead, neg(self.posthumous(i)))
            reasons.append(label(dead, frame.DEAD_DO_NOT_ACT))
        for cond, ab in self.sc.abilities(i):
            if not self.history.may_use(p, ab, self.night):
                reasons.append(label(cond, ab.why))
            elif ab.frequency is Frequency.ONCE_PER_GAME:  # a use on an earlier night
                again = any_of(self.sc.sent_before(p, ab.name))  # of a chain
                if again != FALSE:
                    reasons.append(label(conj(cond, again), ab.why))
            if ab.frequency is Frequency.EVERY_SECOND_NIGHT:
                # "every second night" names no first night: which parity is open
                name = f"parity:{canon(ab.name)}@{canon(ab.why.text)[:40]}"
                self.domains[name] = [0, 1]
                off = neg(eq(Var(name), Const(self.night % 2)))
                reasons.append(label(conj(cond, off), ab.why))
            reasons += _restricted(self, i, cond, ab)
        for cond, faction in self.sc.nightkill_of(i):  # "choose a villager to kill"
            nk = self.rs.nightkill(faction)
            for r in nk.ability.restrictions if nk is not None else ():
                if isinstance(r, TargetIn):
                    reasons.append(label(conj(cond, _outside(self, i, r)), r.why))
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
    def visits(self, i: int) -> Expr:
        """Whether slot i physically visits (for interceptors)."""
        semi = self.class_is(i, VisitClass.SEMI)
        semi_visit: Expr = FALSE
        if semi != FALSE:
            name = f"semi:{i}"
            self.domains.setdefault(name, [False, True])
            semi_visit = conj(semi, Var(name))
        return disj(self.class_is(i, VisitClass.VISITING), semi_visit)

    # ------------------------------------------------------------ build
    @interned
    def build(self, phase: str, acts: tuple[Act, ...] = ()) -> PhaseModel:
        """The night: deaths and stoppers from every effect kind, whether each slot's
        action takes place, the outcome atoms, texts and transition, then the wins."""
        deaths = [d for k in self.kinds if k.deaths for d in k.deaths(self)]
        deaths += [d for k in self.kinds if k.echoes for d in k.echoes(self, deaths)]
        self.deaths = deaths
        _take_place(self, deaths)
        players = self.sc.players
        atoms = _outcome_atoms(self, deaths)
        outcome_rulings.ruled_assertions(self, atoms)
        outcome = Outcome(
            alive_after={
                p: conj(self.sc.alive_now(p), neg(atoms.get(Atom("dies", p), FALSE)))
                for p in players
            },
            died={p: atoms[Atom("dies", p)] for p in players if Atom("dies", p) in atoms},
        )
        for k in self.kinds:
            if k.atoms:
                atoms.update(k.atoms(self, outcome))
        texts: list[TextSource] = []
        for i in range(self.n):
            if self.reads(self.actor(i)):
                texts.extend(_told(self, i))
        for k in self.kinds:
            if k.phase_texts:
                texts.extend(t for t in k.phase_texts(self, outcome) if self.reads(t.actor))
        told = tuple(texts)
        for k in self.kinds:
            if k.relays:
                texts.extend(t for t in k.relays(self, told) if self.reads(t.actor))
        for k in self.kinds:
            if k.transition:  # an atom two kinds give holds when either says so (a Leech's
                # theft and a Morpher's choice both give `X becomes ROLE`: one replaced the
                # other, and the chain lost the theft wherever the seat might be a Morpher)
                merge_atoms(atoms, k.transition(self, outcome))
        member = member_of(self.rs, self.sc)
        for k in self.kinds:
            if k.member_after is not None:
                member = k.member_after(self.rs, member, atoms)
        # random draws and the storyteller's choices are part of the scenario: outcomes
        # that differ only by them are `random` (or the storyteller's), never `ambiguous`
        scenario = (
            *self.sc.scenario_vars(),
            *self.shared,
            *self.random_vars,
            *self.storyteller_vars,
        )
        return self.finish(
            phase,
            atoms,
            texts,
            acts,
            scenario,
            outcome.alive_after.__getitem__,
            member,
            slot_vars=tuple((f"ok:{i}", self.actor(i)) for i in range(self.n)),
        )


def _told(b: NightBuilder, i: int) -> list[TextSource]:
    """Slot i's result texts from every kind, none of them told where a kind withholds
    them tonight (`Kind.withholds`: an officer suspended this phase)."""
    got = [t for k in b.kinds if k.texts for t in k.texts(b, i)]
    held = withheld(b, i) if got else FALSE
    if held == FALSE:
        return got
    return [replace(t, gate=conj(t.gate, neg(held))) for t in got]


def _take_place(b: NightBuilder, deaths: Sequence[Death]) -> None:
    """Whether each slot's action takes place (`ok:i`): it was taken, and neither a rule
    of the frame, a ruling nor a kind's stopper stops it (unless a kind says nothing
    stops it: `Kind.unstoppable`)."""
    ruled = outcome_rulings.ruled_failures(b)
    for i in range(b.n):
        var = f"ok:{i}"
        b.domains[var] = [False, True]
        p = b.actor(i)
        stops = [s for k in b.kinds if k.stops for s in [k.stops(b, i)] if s != FALSE]
        dead = (
            any_of(conj(cond, lt(t, b.tiers[i])) for v, t, cond in deaths if v == p)
            if b.framework.dead_stop
            else FALSE
        )
        if dead != FALSE:  # (a power used after death was sent by the dead)
            dead = conj(dead, neg(b.posthumous(i)))
        stopped = conj(
            neg(disj(*ruled.get(p, ()))),
            *(neg(s) for s in stops),
            neg(label(dead, frame.DEAD_DO_NOT_ACT)) if dead != FALSE else TRUE,
        )
        # a kind's say that nothing stops it (a bribed kill) overrides every stopper, a
        # ruling and a death; not the ability's own limits (its uses, its targets)
        forced = any_of(u for k in b.kinds if k.unstoppable for u in [k.unstoppable(b, i)])
        definition = conj(
            b.sc.taken(i),
            neg(b.static_failure(i)),
            disj(forced, stopped) if forced != FALSE else stopped,
            label(TRUE, frame.TAKES_PLACE),
        )
        b.definitions[var] = definition
        whys = [ab.why for _, ab in b.sc.abilities(i)] or [frame.TAKES_PLACE]
        b.equations.append((iff(Var(var), definition), whys[0]))


def _outcome_atoms(b: NightBuilder, deaths: Sequence[Death]) -> dict[Atom, Expr]:
    """The night's own atoms: who dies, whose action fails or succeeds, who visits whom."""
    atoms: dict[Atom, Expr] = {}
    players = b.sc.players
    for p in players:
        alive = neg(b.sc.dead_before(p))
        if alive != FALSE:
            how = [label(c, frame.KILL) for v, _, c in deaths if v == p]
            atoms[Atom("dies", p)] = conj(alive, any_of(how))
        mine = [i for i in range(b.n) if b.actor(i) == p]
        acted = any_of(b.sc.taken(i) for i in mine)
        if acted != FALSE:
            atoms[Atom("fails", p)] = any_of(conj(b.sc.taken(i), neg(b.ok(i))) for i in mine)
            atoms[Atom("succeeds", p)] = conj(
                acted, *(implies(b.sc.taken(i), b.ok(i)) for i in mine)
            )
    for i in range(b.n):
        visiting = b.class_is(i, VisitClass.VISITING)
        if visiting == FALSE:
            continue
        why = next((w for c, w in b.class_why(i) if c != FALSE), frame.TAKES_PLACE)
        for q in players:
            hit = conj(visiting, b.aims(i, q))
            if hit == FALSE:
                continue
            key = Atom("visits", b.actor(i), q)
            atoms[key] = disj(atoms.get(key, FALSE), label(conj(hit, b.ok(i)), why))
    return atoms


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
    kinds: Sequence[Kind],
) -> PhaseModel:
    """The model of a concrete night (a case's `night N:` block)."""
    return NightBuilder(ConcreteNight(ruleset, players, night, acts, history), kinds).build(
        f"night {night}", acts
    )


def build_symbolic_night(scenario: SymbolicNight, kinds: Sequence[Kind]) -> PhaseModel:
    """The model of a night whose roles, actions and targets are open."""
    return NightBuilder(scenario, kinds).build(f"night {scenario.night}")


def options_of(ability: Ability) -> tuple[str, ...]:
    """The options an ability leaves its player to decide among (none: no decision):
    an effect node's `options` (logic/effects/base.Effect)."""
    return next((o for e in ability.effects if (o := getattr(e, "options", ()))), ())


def kills(ability: Ability) -> bool:
    """Whether a case's `X kills Y` line may name the ability (an effect node's `kills`)."""
    return any(getattr(e, "kills", False) for e in ability.effects)


def drawn_kill(ability: Ability) -> Any | None:
    """The ability's kill whose target is drawn at random (`kills` and `random`), if any."""
    return next(
        (e for e in ability.effects if getattr(e, "kills", False) and getattr(e, "random", False)),
        None,
    )


def sentence_switch(switches: dict[str, Why], why: Why) -> Expr:
    """Sentence `why`'s switch (`on:file:line:col`, noted in `switches`), true when the
    sentence is in force; an engine axiom has none. A symbolic night's and a symbolic
    day's (one name per sentence: a chain's phases share it)."""
    if why.kind == "axiom":
        return TRUE
    name = f"on:{why.loc.file}:{why.loc.line}:{why.loc.column}"
    switches.setdefault(name, why)
    return Var(name)


def is_day(ability: Ability) -> bool:
    """Whether the ability is used by day (an effect node's `by_day`)."""
    return any(getattr(e, "by_day", False) for e in ability.effects)


class Identities(Protocol):
    """What a win condition reads of a phase's scenario (a night's or a day's)."""

    def role_is(self, p: str, role: Role) -> Expr: ...
    def faction_is(self, p: str, faction: str) -> Expr: ...


def _outside(b: NightBuilder, i: int, r: TargetIn) -> Expr:
    """Slot i aims at a player who is not of the group `r` allows (its sentence on)."""
    aimed = any_of(conj(b.sc.aims(i, q), neg(b.member(q, r.group))) for q in b.sc.players)
    return conj(b.sc.switch(r.why), aimed)


def member_of(rs: Ruleset, sc: Identities) -> Callable[[str, str], Expr]:
    """`member(p, group)`: p holds the role, or belongs to the faction, called `group`
    (what a win condition counts)."""

    def member(p: str, group: str) -> Expr:
        role = rs.role(group)
        faction = rs.faction(group)
        status = rs.status(group) if role is None and faction is None else None
        held = (
            [label(sc.role_is(p, r), status[1]) for r in map(rs.role, status[0]) if r]
            if status is not None
            else []
        )
        return disj(
            sc.role_is(p, role) if role is not None else FALSE,
            sc.faction_is(p, faction) if faction is not None else FALSE,
            *held,
        )

    return member


def forced_abilities(
    role: Role, night: int, history: History, player: str
) -> list[tuple[Ability, Forced]]:
    """Abilities the player must use tonight ('Must visit each night')."""
    out = []
    for ab in role.abilities:
        f = ab.forced
        if f is not None and history.may_use(player, ab, night):
            out.append((ab, f))
    return out
