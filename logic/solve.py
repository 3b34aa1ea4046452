"""Owns `ruling solve`: which worlds (role assignments) are consistent with what one
player has seen, counted exactly, and how likely each player is to be each role.

A world is consistent when SOME choice of the other players' legal actions, resolved by
the ruleset's semantics, yields every observation. The nights come from the one
semantics (`semantics.SymbolicNight`, roles and actions as variables), chained: roles
are shared by every night, everything else is per night (`v@nN`), and what a night
reads of earlier ones (who is dead, where an ability took place last night, whom the
Parity Cop scanned last) is either known from the observations (deaths) or an
expression over the earlier nights' variables. Z3 answers every question.

Counting is exact. python-constraint enumerates the named players' role assignments
that the setup allows (built-in constraints only); a depth-first walk over them (named
players first, then the anonymous ones) asks Z3 at each node whether some world below
it is consistent (if not, the node is pruned), and whether the witness it found works
for EVERY setup completion of the node (a validity query: witness fixed, the
unassigned roles free). When it does, the node's worlds are counted by formula; when it
does not, the walk goes one player deeper. Leaves are single worlds.

Assumptions (stated in the output): players of the faction that takes the rest of the
table (the uninformed majority, Town) tell the truth; others may claim anything
(`liars="all"`: every claim may be false). Every death is announced: a player not said
to die on a night survived it. Night N comes before day N. The observer's unstated
actions on a night with no action of theirs given are unknown.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import z3
from constraint import AllDifferentConstraint, InSetConstraint, Problem, SomeNotInSetConstraint

from . import frame, symbolic
from .errors import Loc, RulingError
from .expr import FALSE, Const, Expr, Var, any_of, conj, eq, iff, implies, neg
from .ir import Ability, Why, canon
from .observations import Fact, Setup
from .semantics import History, PhaseModel, SymbolicNight, TextSource, build_symbolic_night
from .symbolic import Encoding

Liars = Literal["non-town", "all"]
DEFAULT_TIMEOUT = 120.0
EXAMPLES = 3


def qualify(v: str, night: int) -> str:
    return f"{v}@n{night}"


class NightEncoding(Encoding):
    """One night's variables in the shared solver: roles and sentence switches are shared
    by every night, every other variable is this night's own (`v@nN`)."""

    def __init__(self, model: PhaseModel, night: int) -> None:
        super().__init__(model)
        self.night = night

    def name(self, v: str) -> str:
        if v.startswith(("role:", "on:")) or "@" in v:
            return v
        return qualify(v, self.night)


# ----------------------------------------------------------------------------- the chain


class Chain:
    """Nights 1..K of the observed game as one Z3 formula, plus one term per fact."""

    def __init__(self, setup: Setup, liars: Liars = "non-town") -> None:
        self.setup = setup
        self.rs = setup.ruleset
        self.players = setup.players
        self.liars = liars
        self.dead_before: dict[tuple[str, int], frozenset[str]] = {}
        self._deaths()
        self.scenarios: list[SymbolicNight] = []
        self.models: list[PhaseModel] = []
        self.encs: list[NightEncoding] = []
        for n in range(1, setup.nights + 1):
            history = History(dead=self.dead_before[("night", n)])
            sc = SymbolicNight(
                self.rs,
                self.players,
                n,
                history,
                roles=setup.roles,
                earlier=self._repeats if n > 1 else None,
                checked=self._checked if n > 1 else None,
            )
            model = build_symbolic_night(sc)
            # the world solver counts every assignment: no symmetry breaking
            model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
            for v in _refs(model):
                model.domains.setdefault(v, self._ref_domain(v))
            self.scenarios.append(sc)
            self.models.append(model)
            self.encs.append(NightEncoding(model, n))
        self.sc1 = self.scenarios[0]
        self.enc1 = self.encs[0]
        self.role_vars = {p: self.enc1.var(f"role:{p}") for p in self.players}
        self.base: list[Any] = []
        for enc in self.encs:
            self.base += enc.equations()
        switches = {x for enc in self.encs for x in enc.model.switches}
        self.base += [z3.Bool(s) for s in sorted(switches)]
        self.setup_terms = self._setup_terms()
        self.facts: list[tuple[Why, Any]] = self._fact_terms()

    # ------------------------------------------------------------ history
    def _deaths(self) -> None:
        dead: set[str] = set()
        for n in range(1, self.setup.nights + 1):
            self.dead_before[("night", n)] = frozenset(dead)
            dead |= {
                f.subject for f in self.setup.facts if f.kind == "died" and f.phase == ("night", n)
            }
            self.dead_before[("day", n)] = frozenset(dead)
            dead |= {
                f.subject for f in self.setup.facts if f.kind == "lynched" and f.phase == ("day", n)
            }

    def _ref_domain(self, v: str) -> list[Any]:
        base = v.split("@", 1)[0]
        if base.startswith(("tgt:", "ktgt:")):
            return list(range(len(self.players)))
        return [False, True]

    def _slot(self, sc: SymbolicNight, p: str, kind: str = "ability") -> int:
        return next(i for i, s in enumerate(sc.slots) if s.actor == p and s.kind == kind)

    def _repeats(self, sc: SymbolicNight, i: int, ability: Ability) -> Expr:
        """Slot i aims where its ability took place the night before."""
        n = sc.night
        if not ability.frequency.allows(n - 1, 0):
            return FALSE
        s = sc.slots[i]
        tgt = "tgt" if s.kind == "ability" else "ktgt"
        before = Var(qualify(f"{tgt}:{s.actor}", n - 1))
        return conj(Var(qualify(f"ok:{i}", n - 1)), eq(before, sc.target_var(i)))

    def _checks(self, sc: SymbolicNight, p: str, night: int) -> Expr:
        """p's check took place on `night` (its ability slot is a check that night)."""
        roles = [
            r
            for r in self.setup.roles
            if any(a.verb == "checks" and a.frequency.allows(night, 0) for a in r.abilities)
        ]
        return conj(
            Var(qualify(f"ok:{self._slot(sc, p)}", night)), any_of(sc.role_is(p, r) for r in roles)
        )

    def _checked(self, sc: SymbolicNight, p: str) -> list[tuple[Expr, str]]:
        """Whom p scanned last before this night: one condition per player."""
        out = []
        for q in self.players:
            k = self.players.index(q)
            parts = []
            for m in range(1, sc.night):
                here = conj(self._checks(sc, p, m), eq(Var(qualify(f"tgt:{p}", m)), Const(k)))
                later = [neg(self._checks(sc, p, x)) for x in range(m + 1, sc.night)]
                parts.append(conj(here, *later))
            out.append((any_of(parts), q))
        return out

    # ------------------------------------------------------------ setup
    def faction_is(self, p: str, faction: str) -> Expr:
        return self.sc1.faction_is(p, faction)

    def _setup_terms(self) -> list[Any]:
        out = []
        for faction, count in self.setup.counts:
            members = [
                z3.If(self.enc1.term(self.faction_is(p, faction)), 1, 0) for p in self.players
            ]
            out.append(z3.Sum(members) == count)
        return out

    # ------------------------------------------------------------ facts
    def _term(self, e: Expr, night: int) -> Any:
        return self.encs[night - 1].term(e)

    def _var(self, v: str, night: int) -> Any:
        return self.encs[night - 1].var(v)

    def role_is(self, p: str, role: str) -> Expr:
        return self.sc1.role_is(p, self.setup.role(role))

    def _fact_terms(self) -> list[tuple[Why, Any]]:
        s = self.setup
        me_idx = s.role_index(s.my_role)
        out: list[tuple[Why, Any]] = [(s.me_why, self.role_vars[s.me] == me_idx)]
        for f in s.facts:
            out.append((f.why, self.fact_term(f)))
        for n in range(1, s.nights + 1):
            named = {f.subject for f in s.facts if f.kind == "died" and f.phase == ("night", n)}
            model = self.models[n - 1]
            quiet = [
                neg(model.atoms[a])
                for a in model.atoms
                if a.kind == "dies" and a.subject not in named
            ]
            why = Why(
                Loc(s.setup_why.loc.file, 0, 0),
                f"no one else died on night {n} (every death is announced)",
                "observation",
            )
            out.append((why, self._term(conj(*quiet), n)))
        return out

    def fact_term(self, f: Fact) -> Any:
        s = self.setup
        n = f.phase[1] if f.phase else 1
        honest = self.faction_is(f.subject, s.rest)
        match f.kind:
            case "target" | "kill" | "nothing":
                return self._term(self._my_action(f, n), n)
            case "learn" | "learn_nothing":
                return self._term(self._learns(f, n), n)
            case "died":
                atom = next(
                    (
                        e
                        for a, e in self.models[n - 1].atoms.items()
                        if a.kind == "dies" and a.subject == f.subject
                    ),
                    FALSE,  # already dead
                )
                return self._term(atom, n)
            case "lynched":
                dead = self.dead_before[("day", n)]
                same_day = [g for g in s.facts if g.kind == "lynched" and g.phase == f.phase]
                ok = f.subject not in dead and same_day[0] == f
                return z3.BoolVal(ok)
            case "flip":
                return self.enc1.term(self.role_is(f.subject, f.obj))
            case "claims_role":
                if self.liars == "all":
                    return z3.BoolVal(True)
                return self.enc1.term(implies(honest, self.role_is(f.subject, f.obj)))
            case "says_targeted":
                if self.liars == "all":
                    return z3.BoolVal(True)
                did = conj(
                    Var(f"uses:{f.subject}"),
                    eq(Var(f"tgt:{f.subject}"), Const(self.players.index(f.obj))),
                )
                return z3.Implies(self.enc1.term(honest), self._term(did, n))
        raise AssertionError(f.kind)

    def _my_action(self, f: Fact, n: int) -> Expr:
        me = self.setup.me
        stated = {g.kind for g in self.setup.facts if g.phase == f.phase}
        has_kill = bool(self.rs.nightkills)
        if f.kind == "kill" and not has_kill:
            raise RulingError(f"{self.rs.name} has no nightkill", f.why.loc, f.why.text)
        uses, kills = Var(f"uses:{me}"), Var(f"kills:{me}")
        k = self.players.index(f.obj) if f.obj else -1
        match f.kind:
            case "target":
                x = conj(uses, eq(Var(f"tgt:{me}"), Const(k)))
                return conj(x, neg(kills)) if has_kill and "kill" not in stated else x
            case "kill":
                x = conj(kills, eq(Var(f"ktgt:{me}"), Const(k)))
                return x if "target" in stated else conj(x, neg(uses))
        return conj(neg(uses), neg(kills)) if has_kill else neg(uses)

    def _learns(self, f: Fact, n: int) -> Expr:
        me = self.setup.me
        sources = [t for t in self.models[n - 1].texts if t.actor == me]
        said = [g.obj for g in self.setup.facts if g.kind == "learn" and g.phase == f.phase]
        if f.kind == "learn_nothing":
            return conj(*(neg(t.gate) for t in sources))
        some = any_of(conj(t.gate, _renders(t, f.obj)) for t in sources)
        only = conj(*(implies(t.gate, any_of(_renders(t, x) for x in said)) for t in sources))
        return conj(some, only)


def _renders(src: TextSource, text: str) -> Expr:
    """Whether `src` gives exactly `text` (a fixed text, or a listing of names)."""
    if src.text is not None:
        return Const(src.text == text)
    has: dict[str, list[Expr]] = {}
    for cond, name in src.pieces:
        has.setdefault(name, []).append(cond)
    wanted = set() if text == "no one" else set(text.split(", "))
    if not wanted <= set(has):
        return FALSE
    return conj(*(any_of(c) if x in wanted else neg(any_of(c)) for x, c in has.items()))


def _refs(model: PhaseModel) -> set[str]:
    from .expr import variables

    out: set[str] = set()
    for e, _ in model.equations:
        out |= {v for v in variables(e) if "@" in v}
    for e in model.atoms.values():
        out |= {v for v in variables(e) if "@" in v}
    for t in model.texts:
        out |= {v for v in variables(t.gate) if "@" in v}
    return out


# ----------------------------------------------------------------------------- counting


def completions(setup: Setup, used: Counter[str], free: int, need: dict[str, int]) -> int:
    """How many ways `free` players can take roles of the pool, given the roles `used`
    so far and how many players each faction still `need`s."""
    if free < 0 or any(v < 0 for v in need.values()) or sum(need.values()) != free:
        return 0
    unique = setup.ruleset.unique_roles is not None
    total = math.factorial(free)
    for faction, k in need.items():
        total //= math.factorial(k)
        roles = [r for r in setup.roles if canon(r.faction) == canon(faction)]
        if unique:
            avail = sum(1 for r in roles if used[r.name] == 0)
            total *= math.perm(avail, k) if avail >= k else 0
        else:
            total *= len(roles) ** k
    return total


@dataclass
class Tally:
    worlds: int = 0
    roles: dict[str, Counter[str]] = field(default_factory=dict)
    examples: list[dict[str, str]] = field(default_factory=list)


@dataclass
class SolveResult:
    setup: Setup
    status: Literal["sat", "unsat", "unknown"]
    worlds: int
    setups: int  # every role assignment the setup allows (the prior's support)
    roles: dict[str, dict[str, int]]  # player -> role -> worlds
    factions: dict[str, dict[str, int]]  # player -> faction -> worlds
    examples: list[dict[str, str]]
    core: list[Why]
    liars: Liars
    seconds: float = 0.0
    queries: int = 0
    unknown: str | None = None
    assumptions: tuple[str, ...] = ()

    def certain(self) -> dict[str, str]:
        """Players whose role (or else faction) is the same in every consistent world."""
        out: dict[str, str] = {}
        if not self.worlds:
            return out
        for p in self.setup.players:
            role = [r for r, n in self.roles[p].items() if n == self.worlds]
            faction = [f for f, n in self.factions[p].items() if n == self.worlds]
            if role:
                out[p] = role[0]
            elif faction:
                out[p] = faction[0]
        return out


ASSUMPTIONS = (
    "every role assignment the setup allows is equally likely a priori (uniform prior)",
    "every death is announced: a player not said to die on a night survived it",
    "night N comes before day N",
)


class Solver:
    def __init__(self, setup: Setup, liars: Liars = "non-town", timeout: float = DEFAULT_TIMEOUT):
        self.setup = setup
        self.liars = liars
        self.timeout = timeout
        self.start = time.perf_counter()
        self.chain = Chain(setup, liars)
        self.queries = 0
        self.s = symbolic.make_solver(timeout)
        self.s.add(*self.chain.base, *self.chain.setup_terms, *(t for _, t in self.chain.facts))
        self._neg: z3.Solver | None = None
        self.faction_of = {r.name: r.faction for r in setup.roles}
        self.rest_roles = {canon(f): n for f, n in setup.counts}

    # ------------------------------------------------------------ helpers
    def left(self) -> float:
        return self.timeout - (time.perf_counter() - self.start)

    def check(self, s: z3.Solver, *assumptions: Any) -> str:
        left = self.left()
        if left <= 0:
            return "unknown"
        s.set("timeout", max(1, int(left * 1000)))
        self.queries += 1
        return symbolic.status_of(s.check(*assumptions))

    def fix(self, assigned: dict[str, int]) -> list[Any]:
        return [self.chain.role_vars[p] == v for p, v in assigned.items()]

    def neg(self) -> z3.Solver:
        """Setup and role domains hold, yet the nights or the facts fail: with a witness's
        actions and outcome fixed, unsat means the witness works for every completion."""
        if self._neg is None:
            c = self.chain
            s = symbolic.make_solver(self.timeout)
            s.add(*c.setup_terms)
            idx = len(self.setup.roles)
            for x in c.role_vars.values():
                s.add(z3.Or([x == k for k in range(idx)]))
            body = z3.And(*c.base, *(t for _, t in c.facts))
            subs = []
            for enc in c.encs:
                for v, d in enc.model.definitions.items():
                    if not v.startswith("ok:"):
                        subs.append((enc.var(v), enc.term(d)))
            for _ in range(3):
                body = z3.substitute(body, *subs) if subs else body
            switches = {x for enc in c.encs for x in enc.model.switches}
            body = z3.substitute(body, *[(z3.Bool(x), z3.BoolVal(True)) for x in switches])
            s.add(z3.Not(body))
            self._neg = s
        return self._neg

    def witness_vars(self) -> list[Any]:
        out = []
        for enc in self.chain.encs:
            for v in enc.model.domains:
                if v.startswith(("role:", "on:")) or "@" in v:
                    continue
                if v in enc.model.definitions and not v.startswith("ok:"):
                    continue
                out.append(enc.var(v))
        return out

    def needs(self, assigned: dict[str, int]) -> tuple[Counter[str], dict[str, int]]:
        used: Counter[str] = Counter(self.setup.roles[v].name for v in assigned.values())
        need = {f: n for f, n in self.setup.counts}
        for v in assigned.values():
            need[self.setup.roles[v].faction] -= 1
        return used, need

    # ------------------------------------------------------------ the walk
    def run(self) -> SolveResult:
        setup = self.setup
        tally = Tally(roles={p: Counter() for p in setup.players})
        total = completions(setup, Counter(), len(setup.players), dict(setup.counts))
        r = self.check(self.s)
        status: Literal["sat", "unsat", "unknown"] = "sat"
        unknown = None
        core: list[Why] = []
        if r == "unsat":
            status = "unsat"
            core = self.core()
        elif r == "unknown":
            status, unknown = "unknown", f"unknown (timed out after {self.timeout:g} s)"
        else:
            try:
                for assigned in self.named_assignments():
                    self.walk(assigned, tally)
            except _Timeout:
                status, unknown = "unknown", f"unknown (timed out after {self.timeout:g} s)"
            if status == "sat" and tally.worlds == 0:
                status = "unsat"
                core = self.core()
        factions = {
            p: dict(
                Counter(
                    {
                        f: sum(n for r, n in tally.roles[p].items() if self.faction_of[r] == f)
                        for f in {self.faction_of[r] for r in tally.roles[p]}
                    }
                )
            )
            for p in setup.players
        }
        return SolveResult(
            setup,
            status,
            tally.worlds if status != "unknown" else 0,
            total,
            {p: dict(c) for p, c in tally.roles.items()},
            factions,
            tally.examples,
            core,
            self.liars,
            time.perf_counter() - self.start,
            self.queries,
            unknown,
            ASSUMPTIONS
            + (
                (f"players of the {setup.rest} faction tell the truth; others may claim anything",)
                if self.liars == "non-town"
                else ("any claim may be false",)
            ),
        )

    def order(self) -> tuple[list[str], list[str]]:
        """Named players (fixed ones first), then the anonymous ones."""
        s = self.setup
        fixed = [s.me] + [f.subject for f in s.facts if f.kind == "flip"]
        named = (
            fixed
            + [f.subject for f in s.facts if f.subject]
            + [f.obj for f in s.facts if f.obj in s.players]
        )
        named = list(dict.fromkeys(named))
        return named, [p for p in s.players if p not in named]

    def named_assignments(self) -> Iterator[dict[str, int]]:
        """Role assignments of the named players the setup allows (python-constraint,
        built-in constraints only), in the walk's order."""
        s = self.setup
        named, _ = self.order()
        problem = Problem()
        roles = range(len(s.roles))
        for p in named:
            problem.addVariable(p, list(roles))
        me = s.role_index(s.my_role)
        problem.addConstraint(InSetConstraint({me}), [s.me])
        if s.ruleset.unique_roles is not None and len(named) > 1:
            problem.addConstraint(AllDifferentConstraint(), named)
        for faction, count in s.counts:
            members = {k for k, r in enumerate(s.roles) if canon(r.faction) == canon(faction)}
            if len(named) > count:  # at most `count` named players in the faction
                problem.addConstraint(SomeNotInSetConstraint(members, len(named) - count), named)
        sols = problem.getSolutions()
        sols.sort(key=lambda sol: tuple(sol[p] for p in named))
        for sol in sols:
            yield {p: sol[p] for p in named}

    def walk(self, assigned: dict[str, int], tally: Tally) -> None:
        used, need = self.needs(assigned)
        free = [p for p in self.setup.players if p not in assigned]
        if completions(self.setup, used, len(free), need) == 0:
            return
        r = self.check(self.s, *self.fix(assigned))
        if r == "unknown":
            raise _Timeout
        if r == "unsat":
            return
        m = self.s.model()
        world = {
            p: self.setup.roles[symbolic.read(m, x)].name for p, x in self.chain.role_vars.items()
        }
        if len(tally.examples) < EXAMPLES and world not in tally.examples:
            tally.examples.append(world)
        if not free:
            self.add(tally, assigned, [])
            return
        if self.lifts(m, assigned):
            self.add(tally, assigned, free)
            return
        p = free[0]
        for k, role in enumerate(self.setup.roles):
            if need.get(role.faction, 0) > 0 and (
                self.setup.ruleset.unique_roles is None or used[role.name] == 0
            ):
                self.walk({**assigned, p: k}, tally)

    def lifts(self, m: z3.ModelRef, assigned: dict[str, int]) -> bool:
        """Whether the witness in `m` works for every setup completion of `assigned`."""
        fixed = [x == m.eval(x, model_completion=True) for x in self.witness_vars()]
        r = self.check(self.neg(), *self.fix(assigned), *fixed)
        if r == "unknown":
            raise _Timeout
        return r == "unsat"

    def add(self, tally: Tally, assigned: dict[str, int], free: list[str]) -> None:
        used, need = self.needs(assigned)
        n = completions(self.setup, used, len(free), need)
        tally.worlds += n
        for p, v in assigned.items():
            tally.roles[p][self.setup.roles[v].name] += n
        for role in self.setup.roles:
            if not free:
                break
            more = Counter(used)
            more[role.name] += 1
            need2 = dict(need)
            need2[role.faction] = need2.get(role.faction, 0) - 1
            k = completions(self.setup, more, len(free) - 1, need2)
            if k:
                for p in free:
                    tally.roles[p][role.name] += k

    # ------------------------------------------------------------ cores
    def core(self) -> list[Why]:
        """A minimal set of facts (and the setup) that cannot hold together."""
        c = self.chain
        s = symbolic.make_solver(max(1.0, self.left()))
        s.add(*c.base)
        items: list[tuple[Why, Any]] = [(self.setup.setup_why, z3.And(*c.setup_terms)), *c.facts]
        flags = []
        for k, (_, term) in enumerate(items):
            f = z3.Bool(f"__fact{k}")
            s.add(z3.Implies(f, term))
            flags.append(f)
        if symbolic.status_of(s.check(*flags)) != "unsat":
            return []
        core = {str(x) for x in s.unsat_core()}
        kept = [k for k, f in enumerate(flags) if str(f) in core]
        i = 0
        while i < len(kept):
            trial = kept[:i] + kept[i + 1 :]
            r = symbolic.status_of(s.check(*[flags[k] for k in trial]))
            if r == "unsat":
                kept = trial
            elif r == "sat":
                i += 1
            else:
                break
        return [items[k][0] for k in kept]


class _Timeout(Exception):
    pass


def solve(setup: Setup, liars: Liars = "non-town", timeout: float = DEFAULT_TIMEOUT) -> SolveResult:
    """Every consistent world, counted exactly (or `unknown` when the budget runs out)."""
    return Solver(setup, liars, timeout).run()


__all__ = ["Chain", "SolveResult", "Solver", "completions", "iff", "solve"]
