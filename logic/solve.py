"""Owns `ruling solve`: which worlds (role assignments) are consistent with what one
player has seen, counted exactly, and how likely each player is to be each role.

A world is consistent when SOME choice of the other players' legal actions, resolved by
the ruleset's semantics, yields every observation. The nights are the checker's chained
symbolic nights (`chain.chain`: one semantics, roles and actions as variables), told
who died when (the observations say so) and building only the results someone reports;
Z3 answers every question about them.

Counting is exact, by a walk over sets of worlds ("nodes"):
  - a node fixes the roles of some players and may bar roles from the others; players
    never named in the observations are interchangeable, so for them the walk decides
    how many hold each role (fixed, canonically, on the first undecided ones: a factor
    counts the arrangements), and `fill` counts a node's worlds with exponential
    generating functions;
  - at each node Z3 finds a consistent world (or prunes the node; free players stay
    idle where they can, so the witness is quiet), then tries to LIFT it: with each
    of up to `WITNESSES` witnesses as a POLICY (whoever holds a role a free player
    acted with acts as they did, other free players stay idle or do what they are
    forced to, the first free player who was of the killing faction in the witness
    and still is kills), is there a world
    of the node for which no policy yields the observations? Counterexample-guided:
    a missed world that is consistent brings its own witness. When there is none,
    the whole node is counted;
  - when a missed world is inconsistent, the node may be counted as (worlds where a
    free player holds a role the witnesses rely on: all consistent, if the policies
    lift over them) plus (worlds where none does: walked on) ("complement");
  - otherwise the walk splits on a free player's role, or on how many anonymous
    players hold a role.
The walk's cost depends on which models (witnesses) Z3 returns, so `solve(jobs=N)` runs
it under N random seeds at once, in forked processes, and takes the first answer.
`sample` draws worlds uniformly instead (an estimate with a Wilson interval), and
`suggest` ranks tonight's targets by the entropy of their possible results.

Assumptions (stated in the output): every role assignment the setup allows is equally
likely; players of the faction that takes the rest of the table (the uninformed
majority, Town) tell the truth, others may claim anything (`liars="all"`: every claim
may be false); every death is announced; night N comes before day N.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import os
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from multiprocessing.connection import Connection, wait
from typing import Any, Literal, cast

import z3

from . import frame, symbolic
from .chain import chain, qualify, who
from .errors import Loc, RulingError
from .expr import FALSE, Const, Expr, Var, any_of, conj, eq, implies, neg, variables
from .ir import Forced, Why, canon
from .observations import Fact, Setup
from .semantics import Atom, TextSource
from .symbolic import Encoding

Liars = Literal["non-town", "all"]
DEFAULT_TIMEOUT = 120.0
EXAMPLES = 3
WITNESSES = 3  # action profiles a lift may combine before the node is split
JOBS = min(4, os.cpu_count() or 1)  # `ruling solve`'s default number of seeds run at once


# ----------------------------------------------------------------------------- counting


def fill(
    caps: Sequence[tuple[str, int]],
    free: int,
    need: dict[str, int],
    anon: int = 0,
    out: frozenset[int] = frozenset(),
) -> int:
    """How many ways `free` distinguishable players can take roles, given each role's
    faction and how many more players may hold it (`caps`), when faction f must get
    exactly `need[f]` of them. The last `anon` of the players may not take the roles
    numbered in `out`. (Cached: the walk asks the same counts many times.)"""
    return _count(tuple(caps), free, tuple(need.items()), anon, frozenset(out))


@functools.lru_cache(maxsize=65536)
def _count(
    caps: tuple[tuple[str, int], ...],
    free: int,
    needs: tuple[tuple[str, int], ...],
    anon: int,
    out: frozenset[int],
) -> int:
    """`fill` by exponential generating functions: a role that k players may hold contributes
    sum x^i y^j / (i! j!) over i + j <= k (j = 0 when it is out for the `anon` group)."""
    need = dict(needs)
    named = free - anon
    if named < 0 or any(v < 0 for v in need.values()) or sum(need.values()) != free:
        return 0
    # per faction: coefficient table over (named, anon) counts
    tables = []
    for faction, k in need.items():
        poly: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
        for r, (f, cap) in enumerate(caps):
            if canon(f) != canon(faction) or cap <= 0:
                continue
            new: dict[tuple[int, int], Fraction] = {}
            for (i0, j0), c in poly.items():
                for i in range(min(cap, named - i0, k - i0 - j0) + 1):
                    top = 0 if r in out else min(cap - i, anon - j0, k - i0 - j0 - i)
                    for j in range(top + 1):
                        key = (i0 + i, j0 + j)
                        new[key] = new.get(key, Fraction(0)) + c / (
                            math.factorial(i) * math.factorial(j)
                        )
            poly = new
        tables.append({key: c for key, c in poly.items() if sum(key) == k})
    # combine the factions: named counts sum to `named`, anon counts to `anon`
    total: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for table in tables:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (i0, j0), c0 in total.items():
            for (i, j), c in table.items():
                if i0 + i <= named and j0 + j <= anon:
                    key = (i0 + i, j0 + j)
                    nxt[key] = nxt.get(key, Fraction(0)) + c0 * c
        total = nxt
    count = total.get((named, anon), Fraction(0)) * math.factorial(named) * math.factorial(anon)
    assert count.denominator == 1
    return int(count)


def completions(setup: Setup, used: Counter[str], free: int, need: dict[str, int]) -> int:
    """How many ways `free` players can take roles of the pool, given the roles `used`
    so far and how many players each faction still `need`s."""
    return fill([(r.faction, cap_of(setup, free) - used[r.name]) for r in setup.roles], free, need)


def cap_of(setup: Setup, players: int) -> int:
    """How many players may hold one role: one when roles are not duplicated."""
    return 1 if setup.ruleset.unique_roles is not None else max(players, 1)


# ----------------------------------------------------------------------------- the chain


class Chain:
    """Nights 1..K of the observed game (`chain.chain`) as Z3 terms, plus one term per
    fact and the setup's faction counts."""

    def __init__(
        self, setup: Setup, liars: Liars = "non-town", unseen: frozenset[int] = frozenset()
    ) -> None:
        self.setup = setup
        self.unseen = unseen  # nights whose deaths were not announced yet
        self.rs = setup.ruleset
        self.players = setup.players
        self.liars = liars
        self.dead_before: dict[tuple[str, int], frozenset[str]] = {}
        self._deaths()
        known = [self.dead_before[("night", n)] for n in range(1, setup.nights + 1)]
        model = chain(
            self.rs, self.players, setup.nights, setup.roles, known, readers=self.readers()
        )
        # the world solver counts every assignment: no symmetry breaking
        model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
        self.model = model
        self.enc = Encoding(model)
        self.role_vars = {p: self.enc.var(f"role:{p}") for p in self.players}
        self.base: list[Any] = self.enc.equations()
        self.base += [z3.Bool(s) for s in sorted(model.switches)]
        # what only the roles decide ("roles will not be duplicated") is part of the setup
        self.setup_terms = self._setup_terms() + [
            self.enc.term(e)
            for e, _ in model.equations
            if all(map(_is_role_var, variables(e, stop=lambda v: not _is_role_var(v))))
        ]
        self.facts: list[tuple[Why, Any]] = self._fact_terms()

    def readers(self) -> set[str]:
        """Players whose results the observations report."""
        return {self.setup.me} | {f.subject for f in self.setup.facts if f.kind == "says_learned"}

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

    # ------------------------------------------------------------ setup
    def faction_is(self, p: str, faction: str) -> Expr:
        k = [i for i, r in enumerate(self.setup.roles) if canon(r.faction) == canon(faction)]
        return any_of(eq(Var(f"role:{p}"), Const(i)) for i in k)

    def role_is(self, p: str, role: str) -> Expr:
        return eq(Var(f"role:{p}"), Const(self.setup.role_index(self.setup.role(role))))

    def _setup_terms(self) -> list[Any]:
        out = []
        for faction, count in self.setup.counts:
            members = [
                z3.If(self.enc.term(self.faction_is(p, faction)), 1, 0) for p in self.players
            ]
            out.append(z3.Sum(members) == count)
        n = len(self.setup.roles)
        out += [z3.Or([x == k for k in range(n)]) for x in self.role_vars.values()]
        return out

    # ------------------------------------------------------------ facts
    def v(self, name: str, night: int) -> Var:
        return Var(qualify(name, night))

    def atom(self, kind: str, p: str, night: int) -> Expr:
        return self.model.atoms.get(Atom(kind, who(p, night)), FALSE)

    def _fact_terms(self) -> list[tuple[Why, Any]]:
        s = self.setup
        out: list[tuple[Why, Any]] = [(s.me_why, self.enc.term(self.role_is(s.me, s.my_role.name)))]
        for f in s.facts:
            out.append((f.why, self.enc.term(self.fact_expr(f))))
        for n in range(1, s.nights + 1):
            if n in self.unseen:
                continue
            named = {f.subject for f in s.facts if f.kind == "died" and f.phase == ("night", n)}
            quiet = [neg(self.atom("dies", p, n)) for p in self.players if p not in named]
            why = Why(
                Loc(s.setup_why.loc.file, 0, 0),
                f"no one else died on night {n} (every death is announced)",
                "observation",
            )
            out.append((why, self.enc.term(conj(*quiet))))
        return out

    def fact_expr(self, f: Fact) -> Expr:
        s = self.setup
        n = f.phase[1] if f.phase else 1
        honest = self.faction_is(f.subject, s.rest) if self.liars == "non-town" else FALSE
        match f.kind:
            case "target" | "kill" | "nothing":
                return self._my_action(f, n)
            case "learn" | "learn_nothing":
                return self._learns(f.subject, f, n)
            case "died":
                return self.atom("dies", f.subject, n)
            case "lynched":
                dead = self.dead_before[("day", n)]
                same_day = [g for g in s.facts if g.kind == "lynched" and g.phase == f.phase]
                return Const(f.subject not in dead and same_day[0] == f)
            case "flip":
                return self.role_is(f.subject, f.obj)
            case "claims_role":
                return implies(honest, self.role_is(f.subject, f.obj))
            case "says_targeted":
                did = conj(
                    self.v(f"uses:{f.subject}", n),
                    eq(self.v(f"tgt:{f.subject}", n), Const(self.players.index(f.obj))),
                )
                return implies(honest, did)
            case "says_learned":
                return implies(honest, self._learns(f.subject, f, n))
        raise AssertionError(f.kind)

    def _my_action(self, f: Fact, n: int) -> Expr:
        me = self.setup.me
        stated = {g.kind for g in self.setup.facts if g.phase == f.phase}
        has_kill = bool(self.rs.nightkills)
        if f.kind == "kill" and not has_kill:
            raise RulingError(f"{self.rs.name} has no nightkill", f.why.loc, f.why.text)
        uses, kills = self.v(f"uses:{me}", n), self.v(f"kills:{me}", n)
        k = self.players.index(f.obj) if f.obj else -1
        match f.kind:
            case "target":
                x = conj(uses, eq(self.v(f"tgt:{me}", n), Const(k)))
                return conj(x, neg(kills)) if has_kill and "kill" not in stated else x
            case "kill":
                x = conj(kills, eq(self.v(f"ktgt:{me}", n), Const(k)))
                return x if "target" in stated else conj(x, neg(uses))
        return conj(neg(uses), neg(kills)) if has_kill else neg(uses)

    def sources(self, p: str, n: int) -> list[TextSource]:
        return [t for t in self.model.texts if t.actor == who(p, n)]

    def _learns(self, p: str, f: Fact, n: int) -> Expr:
        sources = self.sources(p, n)
        kinds = ("learn", "says_learned")
        said = [
            g.obj
            for g in self.setup.facts
            if g.kind in kinds and g.phase == f.phase and g.subject == p
        ]
        if f.kind == "learn_nothing":
            return conj(*(neg(t.gate) for t in sources))
        some = any_of(conj(t.gate, renders(t, f.obj)) for t in sources)
        return conj(some, self.only(p, n, said))

    def only(self, p: str, n: int, texts: Sequence[str]) -> Expr:
        """p's results on night n are among `texts` (none at all when it is empty)."""
        return conj(
            *(implies(t.gate, any_of(renders(t, x) for x in texts)) for t in self.sources(p, n))
        )

    def learned(self, m: z3.ModelRef, p: str, n: int) -> tuple[str, ...]:
        """p's results on night n in model m."""
        out = set()
        for src in self.sources(p, n):
            if not z3.is_true(m.eval(self.enc.term(src.gate), model_completion=True)):
                continue
            if src.text is not None:
                out.add(src.text)
                continue
            names = sorted(
                {
                    name
                    for cond, name in src.pieces
                    if z3.is_true(m.eval(self.enc.term(cond), model_completion=True))
                }
            )
            out.add(", ".join(names) if names else "no one")
        return tuple(sorted(out))


def _is_role_var(v: str) -> bool:
    return v.startswith(("role:", "on:"))


def renders(src: TextSource, text: str) -> Expr:
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


# ----------------------------------------------------------------------------- results


@dataclass
class Tally:
    worlds: int = 0
    ruled_out: int = 0  # worlds shown inconsistent (only needed for bounds on a timeout)
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
    nodes: int = 0
    sample: Sample | None = None
    bounds: tuple[int, int] | None = None  # on a timeout: fewest and most consistent worlds

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


@dataclass
class Sample:
    """A Monte Carlo estimate (`--sample N`): N role assignments drawn uniformly from the
    prior, each decided exactly; worlds ~ setups x hits / N with a 95% Wilson interval."""

    drawn: int
    hits: int
    low: float  # the interval of the consistent fraction
    high: float
    unknown: int = 0  # draws whose query ran out of time (left out)


ASSUMPTIONS = (
    "every role assignment the setup allows is equally likely a priori (uniform prior)",
    "every death is announced: a player not said to die on a night survived it",
    "night N comes before day N",
)


# ----------------------------------------------------------------------------- the walk


@dataclass(frozen=True)
class Node:
    """A set of worlds: `fixed` players hold these roles; the undecided anonymous players
    (`anon[decided:]`) hold none of the roles in `out`, and no free player any in `none`; `factor` counts the arrangements
    of the anonymous roles decided so far over all the anonymous players."""

    fixed: tuple[tuple[str, int], ...]
    decided: int = 0
    out: frozenset[int] = frozenset()
    factor: int = 1
    none: frozenset[int] = frozenset()  # roles no free player (named or not) holds


@dataclass
class Witness:
    """A consistent world and the actions (and their outcome flags) that show it."""

    world: dict[str, int]
    values: dict[str, Any]  # witness variable -> Z3 value


class Solver:
    """One count: the chain in a Z3 solver (`s`: nights, setup and facts), the lift
    solvers (`neg`, one per number of witnesses), and the walk over nodes."""

    def __init__(
        self,
        setup: Setup,
        liars: Liars = "non-town",
        timeout: float = DEFAULT_TIMEOUT,
        unseen: frozenset[int] = frozenset(),
    ):
        self.setup = setup
        self.liars = liars
        self.timeout = timeout
        self.start = time.perf_counter()
        self.chain = Chain(setup, liars, unseen)
        self.queries = 0
        self.nodes = 0
        self.s = symbolic.make_solver(timeout)
        self.s.add(*self.chain.base, *self.chain.setup_terms, *(t for _, t in self.chain.facts))
        self._negs: dict[int, z3.Solver] = {}
        self.record: dict[tuple[str, int], tuple[int, int]] = {}  # (step, level) -> tries, wins
        self._body: Any = None
        self._copies: list[dict[str, Any]] = []
        self.faction_of = {r.name: r.faction for r in setup.roles}
        self.named, self.anon = self.order()
        self.cap = cap_of(setup, len(setup.players))
        self.rs_has_kill = bool(setup.ruleset.nightkills)
        self.owner = self.owners()
        self.counterpart = self.counterparts()
        self.forced = {
            n: [
                k
                for k, r in enumerate(setup.roles)
                if any(
                    ab.frequency.allows(n, 0)
                    and any(isinstance(x, Forced) for x in ab.restrictions)
                    for ab in r.abilities
                )
            ]
            for n in range(1, setup.nights + 1)
        }
        rv = self.chain.role_vars
        self.is_role = {p: [rv[p] == k for k in range(len(setup.roles))] for p in setup.players}
        self.forced_term = {
            (p, n): z3.Or([self.is_role[p][k] for k in self.forced[n]] or [z3.BoolVal(False)])
            for p in setup.players
            for n in range(1, setup.nights + 1)
        }
        self._policies: dict[tuple[int, int, tuple[str, ...]], tuple[Witness, list[Any]]] = {}
        self.idle = {p: z3.Bool(f"idle:{p}") for p in setup.players}
        for p, x in self.idle.items():  # p does nothing they are not forced to do
            for n in range(1, setup.nights + 1):
                forced = self.forced_term[p, n]
                enc = self.chain.enc
                if qualify(f"uses:{p}", n) in self.chain.model.domains:
                    self.s.add(z3.Implies(x, enc.var(qualify(f"uses:{p}", n)) == forced))

    # ------------------------------------------------------------ helpers
    def left(self) -> float:
        return self.timeout - (time.perf_counter() - self.start)

    def check(self, s: z3.Solver, *assumptions: Any) -> str:
        left = self.left()
        if left <= 0:
            raise _Timeout
        s.set("timeout", max(1, int(left * 1000)))
        self.queries += 1
        r = symbolic.status_of(s.check(*assumptions))
        if r == "unknown":
            raise _Timeout
        return r

    def order(self) -> tuple[list[str], list[str]]:
        """Named players (fixed ones first), then the anonymous ones."""
        s = self.setup
        fixed = [s.me] + [f.subject for f in s.facts if f.kind == "flip"]
        named = (
            fixed
            + [f.obj for f in s.facts if f.subject == s.me and f.obj in s.players]
            + [f.subject for f in s.facts if f.subject]
            + [f.obj for f in s.facts if f.obj in s.players]
        )
        # a name inside a result text ("Bob, Dee") breaks the symmetry too
        said = [
            x
            for f in s.facts
            if f.kind in ("learn", "says_learned")
            for x in f.obj.split(", ")
            if x in s.players
        ]
        named = list(dict.fromkeys(named + said))
        return named, [p for p in s.players if p not in named]

    def root(self) -> Node:
        """Every world: the observer's role and the flipped roles are fixed already."""
        s = self.setup
        fixed = {s.me: s.role_index(s.my_role)}
        for f in s.facts:
            if f.kind == "flip":
                fixed.setdefault(f.subject, s.role_index(s.role(f.obj)))
        return Node(tuple(fixed.items()))

    def constraints(self, node: Node) -> list[Any]:
        rv = self.chain.role_vars
        out = [rv[p] == k for p, k in node.fixed]
        for p in self.anon[node.decided :]:
            out += [rv[p] != k for k in sorted(node.out)]
        for p in self.free(node):
            out += [rv[p] != k for k in sorted(node.none)]
        return out

    def free(self, node: Node) -> list[str]:
        """The players the node leaves free: named ones, then the undecided anonymous."""
        fixed = dict(node.fixed)
        return [p for p in self.named if p not in fixed] + self.anon[node.decided :]

    def caps(self, node: Node) -> list[tuple[str, int]]:
        used = Counter(k for _, k in node.fixed)
        return [
            (r.faction, 0 if k in node.none else self.cap - used[k])
            for k, r in enumerate(self.setup.roles)
        ]

    def count(
        self, node: Node, caps: list[tuple[str, int]], need: dict[str, int], drop: int = 0
    ) -> int:
        """Worlds of `node` (with `caps` and `need` as given), `drop` anonymous players
        fewer."""
        free = len(self.free(node)) - drop
        anon = len(self.anon) - node.decided - drop
        return node.factor * fill(caps, free, need, anon, node.out)

    def need(self, node: Node) -> dict[str, int]:
        need = {f: n for f, n in self.setup.counts}
        for _, k in node.fixed:
            need[self.setup.roles[k].faction] -= 1
        return need

    def size(self, node: Node) -> int:
        return self.count(node, self.caps(node), self.need(node))

    def world(self, m: z3.ModelRef) -> dict[str, int]:
        return {p: symbolic.read(m, x) for p, x in self.chain.role_vars.items()}

    def inside(self, node: Node, world: dict[str, int]) -> bool:
        if any(world[p] != k for p, k in node.fixed):
            return False
        if any(world[p] in node.none for p in self.free(node)):
            return False
        return all(world[p] not in node.out for p in self.anon[node.decided :])

    # ------------------------------------------------------------ witnesses
    def witness_names(self) -> list[str]:
        """The variables a witness fixes: every action, target, choice and 'takes place'
        flag (everything the roles and these decide is a definition)."""
        m = self.chain.model
        return [
            v
            for v in m.domains
            if not v.startswith(("role:", "on:"))
            and (v not in m.definitions or v.startswith("ok:"))
        ]

    def owners(self) -> dict[str, tuple[str, str]]:
        """Each witness variable's player and kind ('ability' or 'kill'), if it has one."""
        slots = {name: actor for name, actor in self.chain.model.slot_vars}
        kinds = {}
        for v in self.witness_names():
            head, _, rest = v.partition("@")[0].partition(":")
            if head in ("uses", "tgt"):
                kinds[v] = (rest, "ability")
            elif head in ("kills", "ktgt"):
                kinds[v] = (rest, "kill")
            elif head == "ok" and v in slots:
                # slot i of a player is their ability, slot i+1 their kill (semantics.Slot)
                i = int(rest)
                kind = "kill" if self.rs_has_kill and i % 2 else "ability"
                kinds[v] = (slots[v], kind)
        return kinds

    def counterparts(self) -> dict[tuple[str, str], str]:
        """(p's witness variable, q) -> q's variable of the same kind, slot and night."""
        slots = self.chain.model.slot_vars
        by_actor: dict[tuple[str, str, str], str] = {}  # (actor, kind, night) -> ok var
        for name, actor in slots:
            owner = self.owner.get(name)
            if owner:
                by_actor[actor, owner[1], name.rsplit("@", 1)[1]] = name
        out = {}
        for v, (_, kind) in self.owner.items():
            base, _, night = v.partition("@")
            head = base.split(":", 1)[0]
            for q in self.setup.players:
                other = by_actor.get((q, kind, night)) if head == "ok" else f"{head}:{q}@{night}"
                if other is not None:
                    out[v, q] = other
        return out

    def witness(self, m: z3.ModelRef) -> Witness:
        enc = self.chain.enc
        values = {v: m.eval(enc.var(v), model_completion=True) for v in self.witness_names()}
        return Witness(self.world(m), values)

    def policy(self, w: Witness, node: Node, k: int) -> list[Any]:
        """Witness `w` as a policy for copy k, cached per witness and free players."""
        free = tuple(p for p in self.setup.players if p not in dict(node.fixed))
        key = (id(w), k, free)
        hit = self._policies.get(key)
        if hit is None or hit[0] is not w:
            if len(self._policies) > 4096:  # witnesses of finished subtrees
                self._policies.clear()
            hit = self._policies[key] = (w, self._policy(w, free, self._copies[k]))
        return hit[1]

    def _policy(self, w: Witness, free: tuple[str, ...], copy: dict[str, Any]) -> list[Any]:
        """Fix a copy of the actions to witness `w`, as a policy over the roles of the
        players the node leaves free: whoever holds a role that a free player acted
        with in `w` acts as that player did; other free players stay idle, or use a
        forced ability as `w` aimed theirs; a faction's kill, if a free player made it
        in `w`, is made by the first free player who was of that faction in `w` and
        still is (the kill slots of free players of other factions in `w` stay as in
        `w`: keying them on the faction too lifts more worlds per witness, but the walk
        measured 3.6x slower on the 9-player example, its policies being larger)."""
        is_role = self.is_role
        roles = self.setup.roles
        by_role = {w.world[p]: p for p in free}  # roles are unique when this matters
        out = []
        for v, val in w.values.items():
            owner = self.owner.get(v)
            if owner is None or owner[0] not in free:
                out.append(copy[v] == val)
                continue
            p, kind = owner
            head = v.split(":", 1)[0]
            night = int(v.rsplit("@n", 1)[1])
            if kind == "kill":
                faction = roles[w.world[p]].faction
                killer = next(
                    (
                        q
                        for q in free
                        if roles[w.world[q]].faction == faction and self.kills(w, q, night)
                    ),
                    None,
                )
                if head == "ktgt" or killer is None:
                    out.append(copy[v] == (self.peer(w, v, p, killer) if killer else val))
                    continue
                member = [is_role[p][k] for k, r in enumerate(roles) if r.faction == faction]
                before = [
                    is_role[q][k]
                    for q in free[: free.index(p)]
                    for k, r in enumerate(roles)
                    if r.faction == faction
                ]
                first = z3.And(z3.Or(member), z3.Not(z3.Or(before or [z3.BoolVal(False)])))
                out.append(copy[v] == z3.And(first, self.peer(w, v, p, killer)))
                continue
            if self.cap > 1:  # duplicated roles: keyed on the player, as in `w`
                default = val
            elif head in ("uses", "ok"):
                default = self.forced_term[p, night]
            else:
                default = val
            term = default
            if self.cap == 1:
                for k, q in by_role.items():
                    term = z3.If(is_role[p][k], self.peer(w, v, p, q), term)
            else:
                term = z3.If(is_role[p][w.world[p]], val, default)
            out.append(copy[v] == term)
        return out

    def kills(self, w: Witness, q: str, night: int) -> bool:
        name = qualify(f"kills:{q}", night)
        return name in w.values and z3.is_true(w.values[name])

    def peer(self, w: Witness, v: str, p: str, q: str) -> Any:
        """The value in `w` of player q's counterpart of p's variable `v`."""
        if p == q:
            return w.values[v]
        return w.values[self.counterpart[v, q]]

    def neg(self, copies: int) -> z3.Solver:
        """The setup holds, yet for each of `copies` copies of the actions the nights or
        the facts fail: with each copy fixed to a witness's policy, unsat means that in
        every world of the node one of the witnesses yields the observations. (One
        solver per number of copies: the first lift of a node needs only one.)"""
        if copies not in self._negs:
            c = self.chain
            if self._body is None:
                body = z3.And(*c.base, *(t for _, t in c.facts))
                subs = [
                    (c.enc.var(v), c.enc.term(d))
                    for v, d in c.model.definitions.items()
                    if not v.startswith("ok:")
                ]
                for _ in range(10):  # definitions may refer to definitions
                    new = z3.substitute(body, *subs) if subs else body
                    if new.eq(body):
                        break
                    body = new
                self._body = z3.substitute(
                    body, *[(z3.Bool(x), z3.BoolVal(True)) for x in c.model.switches]
                )
            s = symbolic.make_solver(self.timeout)
            s.add(*c.setup_terms, *[z3.Bool(x) for x in c.model.switches])
            names = self.witness_names()
            for k in range(copies):
                if k == len(self._copies):
                    self._copies.append(
                        {v: z3.Const(f"{v}#w{k}", c.enc.var(v).sort()) for v in names}
                    )
                copy = self._copies[k]
                s.add(z3.Not(z3.substitute(self._body, *[(c.enc.var(v), copy[v]) for v in names])))
            self._negs[copies] = s
        return self._negs[copies]

    def lifts(
        self, node: Node, witnesses: list[Witness], extra: Sequence[Any] = ()
    ) -> tuple[bool, dict[str, int], bool]:
        """Whether every world of `node` (that meets `extra`) is consistent, shown by at
        most `WITNESSES` witness policies (counterexample-guided: each missed world
        that is consistent brings its own witness). When not: a missed world, and
        whether it is known to be inconsistent."""
        while True:
            s = self.neg(len(witnesses))
            fixes = []
            for k, w in enumerate(witnesses):
                fixes += self.policy(w, node, k)
            if self.check(s, *self.constraints(node), *extra, *fixes) == "unsat":
                return True, {}, False
            miss = self.world(s.model())
            if len(witnesses) >= WITNESSES:
                return False, miss, False
            found = self.find(node, miss)
            if found is None:
                return False, miss, True
            witnesses.append(found)

    def find(self, node: Node, world: dict[str, int] | None = None) -> Witness | None:
        """A consistent world of `node` (or `world` itself) with its actions. Players the
        node leaves free stay idle where they can (the fewer act, the further a witness
        lifts): the unsat core of the 'p is idle' assumptions says who must act."""
        rv = self.chain.role_vars
        base = (
            [rv[p] == k for p, k in world.items()] if world is not None else self.constraints(node)
        )
        idle = [self.idle[p] for p in self.free(node)]
        while idle:
            if self.check(self.s, *base, *idle) == "sat":
                return self.witness(self.s.model())
            core = {str(x) for x in self.s.unsat_core()}
            if not core & {str(x) for x in idle}:
                return None  # the node itself has no consistent world
            idle = [x for x in idle if str(x) not in core]
        if self.check(self.s, *base) == "unsat":
            return None
        return self.witness(self.s.model())

    # ------------------------------------------------------------ the walk
    def run(self) -> SolveResult:
        setup = self.setup
        tally = Tally(roles={p: Counter() for p in setup.players})
        total = completions(setup, Counter(), len(setup.players), dict(setup.counts))
        status: Literal["sat", "unsat", "unknown"] = "sat"
        unknown = None
        bounds = None
        core: list[Why] = []
        try:
            if self.check(self.s) == "unsat":
                status = "unsat"
            else:
                self.walk(self.root(), tally, [])
                self.symmetrise(tally)
                if tally.worlds == 0:
                    status = "unsat"
        except _Timeout:
            status, unknown = "unknown", f"unknown (timed out after {self.timeout:g} s)"
            support = self.size(self.root())
            low, high = tally.worlds, support - tally.ruled_out
            bounds = (low, high)
            unknown += (
                f"; between {low:,} and {high:,}: {low:,} consistent worlds counted and "
                f"{tally.ruled_out:,} ruled out before then, of the {support:,} "
                "with your role and the flipped roles (try --sample N for an estimate)"
            )
        if status == "unsat":
            core = self.core()
        return self.result(status, tally, total, core, unknown, bounds)

    def result(
        self,
        status: Literal["sat", "unsat", "unknown"],
        tally: Tally,
        total: int,
        core: list[Why],
        unknown: str | None,
        bounds: tuple[int, int] | None = None,
    ) -> SolveResult:
        setup = self.setup
        factions = {
            p: {
                f: sum(n for r, n in tally.roles[p].items() if self.faction_of[r] == f)
                for f in {self.faction_of[r] for r in tally.roles[p]}
            }
            for p in setup.players
        }
        return SolveResult(
            setup,
            status,
            tally.worlds if status == "sat" else 0,
            total,
            {p: dict(c) for p, c in tally.roles.items()} if status == "sat" else {},
            factions if status == "sat" else {},
            tally.examples,
            core,
            self.liars,
            time.perf_counter() - self.start,
            self.queries,
            unknown,
            assumptions(setup, self.liars),
            self.nodes,
            bounds=bounds,
        )

    def walk(self, node: Node, tally: Tally, known: list[Witness]) -> None:
        """Count the consistent worlds of `node`. `known` are witnesses found above it."""
        if self.size(node) == 0:
            return
        self.nodes += 1
        mine = [w for w in known if self.inside(node, w.world)]
        if not mine:
            found = self.find(node)
            if found is None:
                tally.ruled_out += self.size(node)
                return
            mine = [found]
        self.example(tally, mine[0].world)
        if not self.free(node):
            self.add(tally, node)
            return
        witnesses = mine[:WITNESSES]
        level = len(self.free(node)) - len(self.anon) + node.decided  # free named players
        lifted, miss, bad = self.lifts(node, witnesses)
        if lifted:
            self.add(tally, node)
            return
        if bad and self.worth("complement", level):
            done = self.complement(node, tally, witnesses)
            self.score("complement", level, done)
            if done:
                return
        for child in self.split(node, self.pick(node, witnesses[0], miss)):
            self.walk(child, tally, witnesses)

    def worth(self, step: str, level: int) -> bool:
        """Whether to try a complement with `level` named players free: not once it has
        failed nearly always at that level (a heuristic: skipping only costs a split)."""
        tries, wins = self.record.get((step, level), (0, 0))
        return tries < 8 or wins * 10 >= tries

    def score(self, step: str, level: int, won: bool) -> None:
        tries, wins = self.record.get((step, level), (0, 0))
        self.record[step, level] = (tries + 1, wins + won)

    def complement(self, node: Node, tally: Tally, witnesses: list[Witness]) -> bool:
        """Count `node` as (its worlds where some free player holds a role that the
        witnesses have a free player act with: all consistent, when the witnesses lift
        over them) plus (its worlds where none does: walked on). False if that fails."""
        free = self.free(node)
        roles = {
            w.world[self.owner[v][0]]
            for w in witnesses
            for v, val in w.values.items()
            if v.startswith("uses:") and z3.is_true(val) and self.owner[v][0] in free
        } - node.none
        if not roles:
            return False
        some = z3.Or([self.is_role[p][k] for p in free for k in sorted(roles)])
        lifted, _, _ = self.lifts(node, list(witnesses), [some])
        if not lifted:
            return False
        rest = replace(node, none=node.none | roles)
        self.add(tally, node)
        self.add(tally, rest, -1)
        self.walk(rest, tally, witnesses)
        return True

    def pick(self, node: Node, w: Witness, miss: dict[str, int]) -> tuple[str, Any]:
        """What to split `node` on: a role the witness has a free player act with that
        the missed world gives no free player (where it is: that named player's role,
        or whether an anonymous player holds it); else the next named player's role;
        else how many anonymous players hold a forced role, or the role the missed
        world gives the first undecided one."""
        free = self.free(node)
        rest = self.anon[node.decided :]
        held = {miss[p] for p in free}
        for v, val in w.values.items():
            if not (v.startswith("uses:") and z3.is_true(val)):
                continue
            p = self.owner[v][0]
            if p in free and w.world[p] not in held:
                return ("role", w.world[p]) if p in rest else ("player", p)
        todo = [p for p in free if p not in rest]
        if todo:
            return ("player", todo[0])
        forced = [miss[p] for p in rest if any(miss[p] in ks for ks in self.forced.values())]
        return ("role", [*forced, miss[rest[0]]][0])

    def split(self, node: Node, on: tuple[str, Any]) -> list[Node]:
        """The children of `node`: the roles of one free named player; or how many
        undecided anonymous players hold role k (placed on the first of them; the rest
        then hold none)."""
        caps = self.caps(node)
        need = self.need(node)
        roles = self.setup.roles
        kind, x = on
        if kind == "player":
            return [
                replace(node, fixed=(*node.fixed, (x, k)))
                for k, r in enumerate(roles)
                if caps[k][1] > 0 and need[r.faction] > 0
            ]
        k = x
        rest = self.anon[node.decided :]
        out = [replace(node, out=node.out | {k})]
        for j in range(1, min(caps[k][1], len(rest), need[roles[k].faction]) + 1):
            placed = tuple((p, k) for p in rest[:j])
            out.append(
                replace(
                    node,
                    fixed=(*node.fixed, *placed),
                    decided=node.decided + j,
                    out=node.out | {k},
                    factor=node.factor * math.comb(len(rest), j),
                )
            )
        return out

    def draw(self, rng: random.Random, node: Node) -> dict[str, int]:
        """A role assignment of `node`'s worlds, uniformly at random (one player at a
        time, each role weighed by the worlds it leaves)."""
        here = node
        for p in self.free(node):
            caps, need = self.caps(here), self.need(here)
            children = [
                Node((*here.fixed, (p, k)), here.decided + (p in self.anon))
                for k, r in enumerate(self.setup.roles)
                if caps[k][1] > 0 and need[r.faction] > 0
            ]
            here = rng.choices(children, [self.size(c) for c in children])[0]
        return {p: dict(here.fixed)[p] for p in self.setup.players}

    def example(self, tally: Tally, world: dict[str, int]) -> None:
        named = {p: self.setup.roles[k].name for p, k in world.items()}
        if len(tally.examples) < EXAMPLES and named not in tally.examples:
            tally.examples.append(named)

    def add(self, tally: Tally, node: Node, sign: int = 1) -> None:
        """Count every world of `node`, and each player's roles in them (`sign` -1:
        take them away again)."""
        caps, need = self.caps(node), self.need(node)
        n = sign * self.count(node, caps, need)
        tally.worlds += n
        roles = self.setup.roles
        for p, k in node.fixed:
            tally.roles[p][roles[k].name] += n
        rest = self.anon[node.decided :]
        for k, r in enumerate(roles):
            if caps[k][1] <= 0 or need[r.faction] <= 0:
                continue
            caps2 = list(caps)
            caps2[k] = (r.faction, caps[k][1] - 1)
            need2 = {**need, r.faction: need[r.faction] - 1}
            for p in self.free(node):
                if p in rest:
                    if k in node.out:
                        continue
                    m = sign * self.count(node, caps2, need2, drop=1)
                else:
                    named = Node(node.fixed, node.decided, node.out, node.factor)
                    m = (
                        sign
                        * node.factor
                        * fill(caps2, len(self.free(named)) - 1, need2, len(rest), node.out)
                    )
                if m:
                    tally.roles[p][r.name] += m

    def symmetrise(self, tally: Tally) -> None:
        """The anonymous players are interchangeable: the walk fixed roles on the first of
        them, each standing for every arrangement; spread each role evenly."""
        if not self.anon:
            return
        totals: Counter[str] = Counter()
        for p in self.anon:
            totals.update(tally.roles[p])
        for p in self.anon:
            tally.roles[p] = Counter({r: n // len(self.anon) for r, n in totals.items()})
            assert all(n % len(self.anon) == 0 for n in totals.values())

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


def assumptions(setup: Setup, liars: Liars) -> tuple[str, ...]:
    return ASSUMPTIONS + (
        (f"players of the {setup.rest} faction tell the truth; others may claim anything",)
        if liars == "non-town"
        else ("any claim may be false",)
    )


class _Timeout(Exception):
    pass


def solve(
    setup: Setup, liars: Liars = "non-town", timeout: float = DEFAULT_TIMEOUT, jobs: int = 1
) -> SolveResult:
    """Every consistent world, counted exactly (or `unknown` when the budget runs out).
    With `jobs` > 1, the same count runs under that many Z3 random seeds at once, one
    process each, and the first to finish is taken: the walk's cost depends on which
    models (witnesses) Z3 returns, measured 20 s to 65 s over four seeds for the
    9-player example. Seed 0 is the one-process run, so the portfolio is never slower
    than it but for the start-up."""
    if jobs <= 1:
        return Solver(setup, liars, timeout).run()
    return _portfolio(setup, liars, timeout, jobs)


def _portfolio(setup: Setup, liars: Liars, timeout: float, jobs: int) -> SolveResult:
    """`solve` under seeds 0..jobs-1 in forked processes: the first exact answer, or
    when every one timed out, the one with the narrowest bounds."""
    ctx = multiprocessing.get_context("fork")
    procs, conns = [], []
    for seed in range(jobs):
        recv, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_seeded, args=(setup, liars, timeout, seed, send), daemon=True)
        proc.start()
        send.close()
        procs.append(proc)
        conns.append(recv)
    results: list[SolveResult] = []
    try:
        waiting = list(conns)
        while waiting:
            for ready in wait(waiting):
                conn = cast(Connection, ready)
                waiting.remove(conn)
                try:
                    got: SolveResult | BaseException = conn.recv()
                except EOFError:  # the worker died without an answer
                    continue
                if isinstance(got, BaseException):
                    raise got
                if got.status != "unknown":
                    return replace(got, setup=setup)
                results.append(got)
    finally:
        for proc in procs:
            proc.terminate()
            proc.join()
    if not results:
        raise RulingError("every solver process died without an answer")
    best = min(results, key=lambda r: r.bounds[1] - r.bounds[0] if r.bounds else math.inf)
    return replace(best, setup=setup)


def _seeded(setup: Setup, liars: Liars, timeout: float, seed: int, send: Any) -> None:
    """In a forked worker: the count under Z3 random seed `seed`, sent back without the
    setup (the parent has it)."""
    try:
        z3.set_param("smt.random_seed", seed)
        res = Solver(setup, liars, timeout).run()
        send.send(replace(res, setup=cast(Setup, None)))
    except BaseException as e:  # handed to the parent, which raises it
        send.send(e)
    finally:
        send.close()


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def sample(
    setup: Setup,
    draws: int,
    liars: Liars = "non-town",
    timeout: float = DEFAULT_TIMEOUT,
    seed: int = 0,
) -> SolveResult:
    """An estimate from `draws` role assignments drawn uniformly from the prior (the
    observer's and flipped roles fixed), each decided exactly by Z3. `worlds` and the
    marginals then count the consistent draws; `sample` holds the interval."""
    sv = Solver(setup, liars, timeout)
    rng = random.Random(seed)
    tally = Tally(roles={p: Counter() for p in setup.players})
    root = sv.root()
    support = sv.size(root)
    hits = unknown = 0
    rv = sv.chain.role_vars
    try:
        for _ in range(draws):
            world = sv.draw(rng, root)
            r = sv.check(sv.s, *(rv[p] == k for p, k in world.items()))
            if r == "sat":
                hits += 1
                sv.example(tally, world)
                for p, k in world.items():
                    tally.roles[p][setup.roles[k].name] += 1
    except _Timeout:
        unknown = draws - hits
    done = draws - unknown
    low, high = wilson(hits, done)
    tally.worlds = hits
    res = sv.result("sat", tally, support, [], None)  # the counts are of draws
    res.sample = Sample(done, hits, low, high, unknown)
    return res


@dataclass
class Suggestion:
    """One target for the observer's ability tonight: the results it could give, the
    consistent worlds after each, and the expected information gain in bits."""

    target: str
    outcomes: list[tuple[tuple[str, ...], int]]
    gain: float
    unknown: bool = False  # the time ran out before every result was counted


def suggest(
    setup: Setup, liars: Liars = "non-town", timeout: float = DEFAULT_TIMEOUT, limit: int = 16
) -> tuple[SolveResult, list[Suggestion]]:
    """Rank tonight's targets for the observer's ability by expected information gain.

    Tonight is night K+1 (K: the last night observed); its deaths are not known yet.
    For each target, Z3 lists the results the ability could give in some consistent
    world (at most `limit`); each result's worlds are counted exactly. With W_x worlds
    after result x and P(x) = W_x / sum W_y (every pair of a consistent world and a
    result it can give equally likely), the gain is the entropy of the result,
    sum P(x) log2(1 / P(x)): the bits the check is expected to tell. Targets whose
    results were not all counted in time are listed last, gain unknown."""
    start = time.perf_counter()
    base = solve(setup, liars, timeout)
    if base.status != "sat":
        return base, []
    night = setup.nights + 1
    dead = {f.subject for f in setup.facts if f.kind in ("died", "lynched")}
    out: list[Suggestion] = []
    for t in setup.players:
        if t in dead:
            continue
        tip = _rank(setup, t, night, liars, timeout - (time.perf_counter() - start), limit)
        if tip is not None:
            out.append(tip)
    out.sort(key=lambda x: (x.unknown, -x.gain))
    base.seconds = time.perf_counter() - start
    return base, [x if not x.unknown else replace(x, gain=math.nan) for x in out]


def _rank(
    setup: Setup, t: str, night: int, liars: Liars, left: float, limit: int
) -> Suggestion | None:
    """Target t tonight: its possible results and the worlds after each (None when the
    observer cannot target t tonight)."""
    me = setup.me
    why = Why(Loc("<suggest>", 0, 0), f"night {night}: I target {t}")
    tonight = replace(setup, facts=(*setup.facts, Fact("target", ("night", night), me, t, why)))
    tonight = replace(tonight, nights=night)
    if left <= 0:
        return Suggestion(t, [], math.nan, True)
    start = time.perf_counter()
    sv = Solver(tonight, liars, left, unseen=frozenset({night}))
    outcomes: list[tuple[str, ...]] = []
    blocks: list[Any] = []
    try:
        while len(outcomes) < limit and sv.check(sv.s, *blocks) == "sat":
            got = sv.chain.learned(sv.s.model(), me, night)
            outcomes.append(got)
            blocks.append(z3.Not(sv.chain.enc.term(sv.chain.only(me, night, got))))
    except _Timeout:
        return Suggestion(t, [], math.nan, True)
    if not outcomes:
        return None
    counted: list[tuple[tuple[str, ...], int]] = []
    for got in outcomes:
        facts = [
            Fact("learn", ("night", night), me, x, Why(Loc("<suggest>", 0, 0), f'I learn "{x}"'))
            for x in got
        ] or [Fact("learn_nothing", ("night", night), me, "", Why(Loc("<suggest>", 0, 0), ""))]
        budget = left - (time.perf_counter() - start)
        if budget <= 0:
            return Suggestion(t, counted, math.nan, True)
        after = replace(tonight, facts=(*tonight.facts, *facts))
        res = Solver(after, liars, budget, unseen=frozenset({night})).run()
        if res.status == "unknown":
            return Suggestion(t, counted, math.nan, True)
        counted.append((got, res.worlds))
    total = sum(w for _, w in counted)
    expected = sum(w / total * math.log2(w) for _, w in counted if w)
    return Suggestion(t, counted, math.log2(max(total, 1)) - expected)
