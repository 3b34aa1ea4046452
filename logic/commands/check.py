"""Owns `ruling check`: searching a ruleset for findings over a symbolic night.

The scenario is symbolic (roles drawn from the pool, every action and target open) and
built by the one semantics (`semantics.SymbolicNight`); Z3 answers through `symbolic`.
Every sentence of a symbolic night carries a Boolean switch (`on:file:line:col`), so
"without this sentence" is a substitution, and unsat cores are sets of sentences.

Finding kinds:
  ambiguous        one scenario, two outcomes (self-composition: two copies of the
                   outcome variables over one scenario, asked to differ in what anyone sees)
  paradox          a scenario with no consistent outcome (exists-forall, by CEGAR)
  contradiction    sentences that can never hold together (a minimal unsat core), or two
                   sentences that say different things of the same role
  dead rule        a sentence whose removal changes no outcome of any scenario
  redundant ruling a ruling already implied by the other sentences (same test)
  gap              something the ruleset leaves unsaid that its own lists imply

A finding is reported once per class: the set of acting roles of its smallest witness.
Scenarios in which the whole class acts are then excluded, so supersets of a class are
not new findings. `parts.py` cuts these searches into parts (`Checker.share`) that run
in other processes or on a cluster (`check --jobs`, `--cluster`).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import z3

from logic.backends import symbolic
from logic.backends.symbolic import Encoding, Status
from logic.commands import may_spawn
from logic.effects import afterlife, forge, hex
from logic.effects.day import is_day
from logic.effects.investigate import Cond, Investigate, Result
from logic.model.chain import chain
from logic.model.expr import Evaluator, Expr, Var, any_of, conj, explain, variables
from logic.model.ir import Role, Ruleset, Why, canon
from logic.model.semantics import (
    Atom,
    PhaseModel,
    SymbolicNight,
    build_symbolic_night,
    night_menus,
)

KINDS = ("contradiction", "paradox", "ambiguous", "dead rule", "redundant ruling", "gap")
SMALL = 3
"""The first bound of a search that goes up by players (`Checker.sizes`)."""
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")

Klass = tuple[tuple[str, str], ...]  # (role, "ability" | "kill") of each acting role


@dataclass
class Finding:
    kind: str
    summary: str
    roles: tuple[str, ...] = ()
    sentences: tuple[Why, ...] = ()
    witness: str | None = None  # a case, ready to paste into a .case file
    differing: tuple[str, ...] = ()
    with_toggled: bool | None = None  # an ambiguity of `ask`'s night with the ruling or without


@dataclass
class Report:
    ruleset: Ruleset
    players: int
    paradox_players: int
    findings: list[Finding] = field(default_factory=list)
    nights: int = 1
    queries: int = 0
    unknown: list[str] = field(default_factory=list)  # what timed out
    skipped: list[str] = field(default_factory=list)  # what this bound cannot check
    seconds: float = 0.0


def _about_wins(differing: list[str]) -> bool:
    """The outcomes differ in who wins (or whether the game goes on): every player of the
    scenario counts, idle or not."""
    return any(d.split(":", 1)[0].endswith((" wins", "goes on")) for d in differing)


def seatable(rs: Ruleset, players: int) -> int:
    """The most players a night can seat: no more than the roles, when they are unique."""
    return min(players, len(rs.roles)) if rs.unique_roles is not None else players


# ----------------------------------------------------------------------------- classes

T = TypeVar("T")


def _pick_of(action: str) -> str:
    """The variable of the ability an action's slot picks ("uses:Ann@n1" -> "ab:Ann@n1"):
    turning the action off frees it (an unused slot's pick is 0)."""
    return action.replace("uses:", "ab:", 1)


def minimal_only(items: list[T], roles: Callable[[T], tuple[str, ...]]) -> list[T]:
    """Drop every item whose set of roles strictly contains another item's: a class is
    the smallest set of acting roles that shows a finding, its supersets are not new.
    (Which classes a search meets first depends on the solver; this makes it canonical.)"""
    sets = [frozenset(roles(x)) for x in items]
    return [x for x, mine in zip(items, sets, strict=True) if not any(o < mine for o in sets)]


# ----------------------------------------------------------------------------- signals


def signals(model: PhaseModel) -> dict[tuple[str, ...], Expr]:
    """Everything observable about an outcome, as Boolean expressions: each atom, each
    fixed result text, and each name a listing result may include."""
    out: dict[tuple[str, ...], Expr] = {}
    for atom, expr in model.atoms.items():
        out[("atom", atom.kind, atom.subject, atom.obj)] = expr
    parts: dict[tuple[str, ...], list[Expr]] = {}
    for src in model.texts:
        if src.text is not None:
            parts.setdefault(("text", src.actor, src.text), []).append(src.gate)
        else:
            parts.setdefault(("listing", src.actor), []).append(src.gate)
            for cond, name in src.pieces:
                parts.setdefault(("lists", src.actor, name), []).append(conj(src.gate, cond))
    for key, xs in parts.items():
        out[key] = any_of(xs)
    return out


def describe(key: tuple[str, ...]) -> str:
    match key:
        case ("atom", kind, subject, obj):
            return str(Atom(kind, subject, obj))
        case ("text", actor, text):
            return f'{actor} learns "{text}"'
        case ("listing", actor):
            return f"{actor} gets a result"
        case ("lists", actor, name):
            return f"{actor}'s result lists {name}"
    return " ".join(key)


_value = symbolic.read


# ----------------------------------------------------------------------------- a symbolic night


class OutOfTime(Exception):
    """The command's deadline passed while a night was being built (`Night`): the search
    that wanted it is `unknown`. (Building chained nights takes seconds: a `--timeout` of
    one second must not wait for them.)"""


def on_time(deadline: float | None) -> None:
    """Raise `OutOfTime` once `deadline` (a `time.perf_counter` time) has passed."""
    if deadline is not None and time.perf_counter() >= deadline:
        raise OutOfTime


class Night:
    """One symbolic night, encoded once: its formula, its switches, its signals."""

    def __init__(
        self,
        ruleset: Ruleset,
        names: tuple[str, ...],
        roles: list[Role] | None = None,
        nights: int = 1,
        deadline: float | None = None,
    ) -> None:
        """`deadline`: raise `OutOfTime` between the steps of the build once it passed."""
        on_time(deadline)
        self.rs = ruleset
        self.names = names
        self.nights = nights
        self.scenario = SymbolicNight(ruleset, names, roles=roles)
        # variable suffix of each night: none for a single night, @nK when chained
        self.suffixes = [""] if nights == 1 else [f"@n{k}" for k in range(1, nights + 1)]
        self.model = (
            build_symbolic_night(self.scenario)
            if nights == 1
            else chain(ruleset, names, nights, roles, between=lambda: on_time(deadline))
        )
        self.enc = Encoding(self.model)
        equations = self.enc.equations(between=lambda: on_time(deadline))
        # Every scenario variable within its domain, named by an equation or not (found
        # by the fuzzer: a kill whose target no equation reads, in a witness cut short by
        # the deadline, was aimed at player 32 of 3); an action no equation names (a kill
        # no one in this night can make) is not taken.
        said = self.enc.constrained
        unsaid = [self.enc.var(v) for v in self.action_names() if v not in said]
        free = sorted(v for v in self.model.scenario_vars if v not in said)
        self.valid = z3.And(
            *equations,
            *self.enc.domain_constraints(free),
            *(z3.Not(x) for x in unsaid),
        )
        self.sig = signals(self.model)
        self.sig_terms = {}
        for k, (key, e) in enumerate(self.sig.items()):
            if k % 100 == 0:
                on_time(deadline)
            self.sig_terms[key] = self.enc.term(e)
        self.switch = {name: self.enc.var(name) for name in self.model.switches}
        self.copies: dict[str, Encoding] = {}
        self._twice: Any = None
        self._twins: dict[int, Any] = {}
        self._renames: dict[str, list[tuple[Any, Any]]] = {}

    def copy(self, name: str) -> Encoding:
        """An encoding whose outcome variables are renamed (scenario variables shared)."""
        if name not in self.copies:
            self.copies[name] = Encoding(self.model, name)
        return self.copies[name]

    def renamed(self, term: Any, name: str) -> Any:
        """`term` over copy `name`'s outcome variables: a substitution, done in Z3."""
        return self.renamed_all([term], name)[0]

    def renamed_all(self, terms: list[Any], name: str) -> list[Any]:
        """`renamed` for many terms at once: one substitution, so the parts they share
        are renamed once (each signal of a night shares most of the night)."""
        if name not in self._renames:
            enc = self.copy(name)
            scen = set(self.model.scenario_vars)
            self._renames[name] = [
                (self.enc.var(v), enc.var(v)) for v in self.model.domains if v not in scen
            ]
        return symbolic.substitute_all(terms, self._renames[name])

    def switches_of(self, why: Why, whole_line: bool = False) -> list[Any]:
        """The switches of sentence `why` (of its whole line, for a ruling)."""
        out = []
        for name, w in self.model.switches.items():
            same_line = w.loc.file == why.loc.file and w.loc.line == why.loc.line
            if same_line and (whole_line or w.loc.column == why.loc.column):
                out.append(self.switch[name])
        return out

    def told_apart(self, off: list[Any], also_off: list[Any] = ()) -> Any:  # type: ignore[assignment]
        """A formula true of a scenario and outcome that the night with the switches `off`
        turned on and with them turned off disagree on: one allows the outcome and the
        other does not, or both allow it and something observable differs. Unsatisfiable
        means the sentences behind `off` change nothing. `also_off` are off in both, every
        other switch is on. Made by one substitution into a formula built once: the night
        twice over one scenario and one outcome, each copy with its own switches (the
        twin's are `on:...@twin`), told apart. (Substituting into the night anew for each
        sentence cost more than its query.)"""
        if self._twice is None:
            pairs = [(x, self._twin(x)) for x in self.switch.values()]
            vb = symbolic.substitute(self.valid, pairs)
            va = self.valid
            diffs = [t != symbolic.substitute(t, pairs) for t in self.sig_terms.values()]
            differ = z3.Or(diffs) if diffs else z3.BoolVal(False)
            self._twice = z3.Or(va != vb, z3.And(va, vb, differ))
        gone = {x.get_id() for x in off}
        both = {x.get_id() for x in also_off}
        on, no = z3.BoolVal(True), z3.BoolVal(False)
        values = []
        for x in self.switch.values():
            values.append((x, no if x.get_id() in both else on))
            values.append((self._twin(x), no if x.get_id() in both | gone else on))
        return symbolic.substitute(self._twice, values)

    def _twin(self, x: Any) -> Any:
        if x.get_id() not in self._twins:
            self._twins[x.get_id()] = z3.Bool(f"{x}@twin")
        return self._twins[x.get_id()]

    def idle_after_first(self) -> list[Any]:
        """Nobody acts on any night after the first (a chained night's first-night search)."""
        names = [
            f"{k}:{p}{sfx}"
            for sfx in self.suffixes[1:]
            for p in self.names
            for k in ("uses", "kills")
        ]
        return [z3.Not(self.enc.var(v)) for v in names if v in self.model.domains]

    def all_on(self, but: list[Any] = ()) -> list[Any]:  # type: ignore[assignment]
        off = {x.get_id() for x in but}  # by Z3's id: printing the terms cost seconds
        return [x for x in self.switch.values() if x.get_id() not in off]

    def env(self, m: z3.ModelRef, enc: Encoding | None = None) -> dict[str, Any]:
        enc = enc or self.enc
        return {v: _value(m, enc.var(v)) for v in self.model.domains}

    def role_of(self, env: dict[str, Any], p: str) -> Role:
        return self.scenario.roles[env[f"role:{p}"]]

    def faction_of(self, env: dict[str, Any], p: str) -> str:
        """p's faction: their role's, or the open one of a neutral role or no role."""
        if f"fac:{p}" in env:
            return self.rs.factions[env[f"fac:{p}"]]
        return self.role_of(env, p).faction

    def klass(self, env: dict[str, Any]) -> Klass:
        """Who acts in a witness, on any night: each acting role, and each faction's
        nightkill (whoever of the faction carries it out)."""
        out = set()
        for p in self.names:
            role = self.role_of(env, p)
            for sfx in self.suffixes:
                if env.get(f"uses:{p}{sfx}"):
                    out.add((role.name, "ability"))
                if env.get(f"kills:{p}{sfx}"):
                    out.add((self.faction_of(env, p), "kill"))
        return tuple(sorted(out))

    def block(self, klass: Klass) -> Any:
        """Exclude every scenario in which the whole class acts (its supersets too)."""
        parts = []
        for name, kind in klass:
            if kind == "kill":
                who = [(self.scenario.faction_is(p, name), f"kills:{p}") for p in self.names]
            else:
                role = self.rs.role(name)
                assert role is not None
                who = [(self.scenario.role_is(p, role), f"uses:{p}") for p in self.names]
            parts.append(
                z3.Or(
                    [
                        z3.And(self.enc.term(c), self.enc.var(v + sfx))
                        for c, v in who
                        for sfx in self.suffixes
                    ]
                )
            )
        return z3.Not(z3.And(parts)) if parts else z3.BoolVal(False)

    @staticmethod
    def names_of(klass: Klass) -> tuple[str, ...]:
        """A class for people: roles, and "Mafia nightkill" for a faction's kill."""
        return tuple(dict.fromkeys(f"{n} nightkill" if k == "kill" else n for n, k in klass))

    def action_names(self) -> list[str]:
        """The variable saying each action is taken, over every night."""
        taken = [self.scenario.taken(i) for i in range(len(self.scenario.slots))]
        return [t.name + sfx for t in taken if isinstance(t, Var) for sfx in self.suffixes]

    def actions(self) -> list[Any]:
        """Whether each action is taken, over every night (its Boolean)."""
        return [self.enc.var(v) for v in self.action_names()]

    def acting(self) -> Any:
        """The number of actions taken, over every night (a Z3 term even when no one
        can act: z3.Sum of nothing is the Python 0, which diff's substitution refused,
        found by the fuzzer)."""
        taken = [z3.If(x, 1, 0) for x in self.actions()]
        return z3.Sum(taken) if taken else z3.IntVal(0)

    def witness(
        self, env: dict[str, Any], title: str, expect: list[str], everyone: bool = False
    ) -> str:
        """The scenario as a case, with only the players who act or are acted on (with
        `everyone`, all of them: who is left alive decides a victory)."""
        involved: list[str] = []
        blocks: list[str] = []
        for k, sfx in enumerate(self.suffixes, 1):
            lines: list[str] = []
            menus = night_menus(self.scenario.roles, k)
            for p in self.names:
                if env.get(f"uses:{p}{sfx}"):
                    menu = menus[env[f"role:{p}"]]
                    pick = env.get(f"ab:{p}{sfx}", 0)
                    ab = menu[pick] if pick < len(menu) else None
                    # a role with several night abilities names the one used
                    verb = f"uses {ab.name} on" if ab is not None and len(menu) > 1 else "targets"
                    if ab is not None and (ab.on_self or ab.targets == 0):
                        lines.append(f"{p} uses {ab.name}")
                        involved.append(p)
                    elif ab is not None and ab.targets == 2:
                        t = self.names[env[f"tgt:{p}{sfx}"]]
                        t2 = self.names[env[f"tgt2:{p}{sfx}"]]
                        lines.append(f"{p} {verb} {t} and {t2}")
                        involved += [p, t, t2]
                    else:
                        t = self.names[env[f"tgt:{p}{sfx}"]]
                        lines.append(f"{p} {verb} {t}")
                        involved += [p, t]
                    options = forge.options_of(ab) if ab is not None else ()
                    chose = env.get(f"decide:{p}{sfx}", -1)
                    if options and 0 <= chose < len(options):  # the player's decision
                        lines.append(f'{p} decides "{options[chose]}"')
                if env.get(f"kills:{p}{sfx}"):
                    t = self.names[env[f"ktgt:{p}{sfx}"]]
                    lines.append(f"{p} kills {t}")
                    involved += [p, t]
            blocks.append(f"  night {k}:\n" + "".join(f"    {x}\n" for x in lines))
        keep = [p for p in self.names if p in involved or everyone] or list(self.names[:1])

        def seat(p: str) -> str:
            role = self.role_of(env, p)
            if len(self.rs.factions_of(role)) > 1:  # a neutral role, or no role
                return f"{p} is {role.name} ({self.faction_of(env, p)})"
            return f"{p} is {role.name}"

        players = ", ".join(seat(p) for p in keep)
        expects = "".join(f"    {x}\n" for x in expect)
        stem = self.rs.source.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".rules")
        tail = f"  expect:\n{expects}" if expect else ""
        return f'case "{title}"\n  ruleset: {stem}\n  players: {players}\n{"".join(blocks)}{tail}'

    def differing(
        self, env_a: dict[str, Any], env_b: dict[str, Any]
    ) -> tuple[list[str], list[Why]]:
        out: list[str] = []
        whys: list[Why] = []
        in_a, in_b = Evaluator(env_a), Evaluator(env_b)  # one memo per copy, shared by signals
        for key, e in self.sig.items():
            va, vb = bool(in_a(e)), bool(in_b(e))
            if va != vb:
                out.append(f"{describe(key)}: {'yes' if va else 'no'} / {'yes' if vb else 'no'}")
                for env, value in ((env_a, in_a), (env_b, in_b)):
                    why = explain(e, env, self.model.definitions, value=value)
                    whys.extend(w for w in why if w not in whys)
        return out, whys


# ----------------------------------------------------------------------------- the checker


class Checker:
    """Runs the queries of `ruling check` for one ruleset at one bound."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int = 5,
        timeout: float = symbolic.DEFAULT_TIMEOUT,
        progress: Callable[[str], None] | None = None,
        paradox_players: int = 4,
        nights: int = 1,
        deadline: float | None = None,
        roles: list[Role] | None = None,
        share: tuple[int, int] = (0, 1),
        built: dict[int, Night] | None = None,
    ) -> None:
        """`timeout` bounds each query, `deadline` (a `time.perf_counter` time) the whole
        run: a query past it is `unknown` at once. `roles` limits the pool the symbolic
        nights deal from (default: every role of the ruleset). `share` (i, k) makes this
        checker search part i of k (`parts.py`: `check --jobs`): the scenarios whose first
        player's role is i modulo k, and every k-th sentence of the dead rules and
        redundant rulings. `built` holds the nights already built for this ruleset and
        bound (a worker's parts share them)."""
        if not 0 <= share[0] < share[1]:
            raise ValueError(f"share must be a part i of k, not {share}")
        self.share = share
        self.pool = roles
        if not 2 <= players <= len(NAMES):
            raise ValueError(f"players must be between 2 and {len(NAMES)}")
        self.rs = ruleset
        self.timeout = timeout
        self.deadline = deadline
        self.progress = progress or (lambda _: None)
        requested = players
        players = seatable(ruleset, players)
        self.report = Report(ruleset, players, min(players, paradox_players))
        if players < requested:
            self.report.skipped.append(
                f"{requested} players: the ruleset has {len(ruleset.roles)} roles and does not "
                f"duplicate them, so nights were checked with {players}"
            )
        self.nights = nights
        self.report.nights = nights
        self.players = players
        self.requested = requested  # (a process of its own seats them again: `seatable`)
        self._nights: dict[int, Night] = {} if built is None else built

    @property
    def night(self) -> Night:
        """The symbolic night at the bound (built when first wanted, before the deadline,
        or `OutOfTime`)."""
        return self.night_at(self.players)

    def night_at(self, players: int) -> Night:
        """The symbolic night with `players` players (each built once)."""
        players = min(players, self.players)
        if players not in self._nights:
            self._nights[players] = Night(
                self.rs, NAMES[:players], self.pool, self.nights, self.deadline
            )
        return self._nights[players]

    def sizes(self) -> list[int]:
        """The bounds a search goes through, smallest first. A scenario of three players
        is one of five with two more who do nothing, so whatever the small night shows
        holds at the bound too, and its queries are many times quicker: a search meets
        most findings there, and the night at the bound is left to prove what needs more
        players (or that nothing does)."""
        top = self.players
        return sorted({min(SMALL, top), top})

    # ------------------------------------------------------------ helpers
    def mine(self, item: int) -> bool:
        """Whether the `item`-th sentence a search goes through is this part's (`share`)."""
        return item % self.share[1] == self.share[0]

    def in_share(self, n: Night) -> list[Any]:
        """This part's scenarios of night `n` (`share`): those whose first player's role
        is i modulo k. Players are listed in role order (the symmetry breaking of
        `SymbolicNight.constraints`), so that role is the smallest one dealt; every
        scenario is in exactly one part."""
        i, k = self.share
        if k == 1:
            return []
        v = f"role:{n.names[0]}"
        if v not in n.model.domains:  # (a fixed role: the first part takes every scenario)
            return [z3.BoolVal(i == 0)]
        return [z3.URem(n.enc.var(v), z3.BitVecVal(k, symbolic.BITS)) == i]

    def out_of_time(self) -> bool:
        """Has the whole run's deadline passed? (Work before a query is skipped then.)"""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def check(self, s: z3.Solver, what: str, *assumptions: Any) -> Status:
        self.report.queries += 1
        r = symbolic.check_by(s, self.deadline, self.timeout, *assumptions)
        if r == "unknown":
            over = self.deadline is not None and time.perf_counter() >= self.deadline
            why = (
                "the command's --timeout ran out" if over else f"timed out after {self.timeout:g} s"
            )
            self.report.unknown.append(f"{what}: unknown ({why})")
        return r

    def sentences(self, klass: Klass, whys: list[Why] | None = None) -> tuple[Why, ...]:
        """The sentences a finding involves: those of its acting roles (and the nightkill
        when it acts), their priority entries, and the engine axioms cited."""
        names = {canon(r) for r, _ in klass}
        kills = any(k == "kill" for _, k in klass)
        pool = list(whys or ())
        if whys is None:
            for r, _ in klass:
                role = self.rs.role(r)
                for ab in role.abilities if role else ():
                    pool.extend(e.why for e in (*ab.effects, *ab.restrictions))
            if kills:
                pool.extend(k.why for k in self.rs.nightkills)
        out: list[Why] = []
        for w in pool:
            head = canon(w.text.split(":", 1)[0])
            if (
                w.kind == "axiom" or head in names or (kills and "nightkill" in w.text.lower())
            ) and w not in out:
                out.append(w)
        for p in self.rs.priority:
            if (
                (p.subject and canon(p.subject) in names) or (kills and p.nightkill_of)
            ) and p.why not in out:
                out.append(p.why)
        return tuple(out)

    # ------------------------------------------------------------ ambiguity
    def ambiguities(self, toggled: list[Any] = ()) -> Iterator[Finding]:  # type: ignore[assignment]
        """Self-composition. A scenario with two outcomes is found by one solver over two
        copies of the night (these queries are the hard ones), and its class (the roles
        acting) is blocked, which removes its supersets;
        the search ends when no scenario with two outcomes is left. It goes up by players
        (`sizes`: the classes a small night shows are blocked in the larger ones, which
        search only for what needs more players) and, within a night, by the number of
        actions: so the witness of each class has the fewest actions, none of them
        irrelevant, and the classes reported are the smallest (`minimal_only` drops a
        class met before a smaller one inside it).

        `toggled` switches (a ruling's, for `ask`) are one open choice, all on or all
        off: one search then covers the night with them and without them (each finding
        says which in `with_toggled`), and its last query proves both sides have no
        class left at once."""
        found: list[tuple[Klass, bool | None]] = []  # (class, with the toggled switches)
        side = z3.Bool("with:toggled")
        sizes = self.sizes()
        for size in sizes:
            night = self.night_at(size)
            yield from self._ambiguities_at(night, toggled, side, found, size < sizes[-1])

    def _ambiguities_at(
        self,
        n: Night,
        toggled: list[Any],
        side: Any,
        found: list[tuple[Klass, bool | None]],
        deepen: bool,
    ) -> Iterator[Finding]:
        """The search in night `n`, every class in `found` (from smaller nights) blocked."""
        both = [n.renamed(n.valid, "a"), n.renamed(n.valid, "b"), *n.all_on(but=toggled)]
        both.append(z3.Or([x != y for x, y in self._pairs(n)]))
        both += [x == side for x in toggled]
        both += self.in_share(n)
        both += [z3.Implies(side == on, n.block(k)) if toggled else n.block(k) for k, on in found]
        # (a search going up by actions runs many queries on one solver, which Z3's
        # incremental SAT solver does faster; a single hard query, bit-blasted afresh)
        search = symbolic.make_solver(self.timeout, "QF_FD" if deepen else "blast")
        search.add(*both)
        actions = n.actions()
        where = f"ambiguity search ({len(n.names)} players)"
        # A small night goes up by the number of actions (most classes are met there, and
        # a bound on actions prunes each query); the night at the bound, which has few
        # classes left to meet, asks without one first and then looks for fewer.
        bounds = range(1, len(actions) + 1) if deepen else [None]
        for bound in bounds:
            # (each bound is an assumption, not a push and pop: what the solver learned
            # under one bound holds under the next)
            under: list[Any] = []
            if bound is not None:
                under = [z3.Bool(f"actions<={bound}")]
                search.add(z3.Implies(under[0], z3.PbLe([(x, 1) for x in actions], bound)))
            while True:
                self.progress(f"{where} ({self.report.queries} queries)")
                r = self.check(search, where, *under)
                if r == "unknown":
                    return
                if r == "unsat":
                    break
                if bound is None:  # (no bound: the fewest actions are sought after)
                    m = self._needed_only(search, n, self._fewest(search, actions, where), where)
                else:
                    m = search.model()
                # (no action of the witness is irrelevant: with one off, it would be a
                # scenario of fewer actions with two outcomes, which the search ruled out)
                env_a, env_b = n.env(m, n.copy("a")), n.env(m, n.copy("b"))
                klass = n.klass(env_a)
                on = _value(m, side) if toggled else None
                blocked = z3.Implies(side == on, n.block(klass)) if toggled else n.block(klass)
                search.add(blocked)
                found.append((klass, on))
                differing, whys = n.differing(env_a, env_b)
                title = " + ".join(Night.names_of(klass))
                yield Finding(
                    "ambiguous",
                    f"{title}: the rules allow two outcomes",
                    Night.names_of(klass),
                    self.sentences(klass, whys),
                    n.witness(env_a, f"ambiguous: {title}", ["ambiguous"], _about_wins(differing)),
                    tuple(differing),
                    with_toggled=on,
                )

    def _fewest(self, search: z3.Solver, actions: list[Any], where: str) -> z3.ModelRef:
        """The model of `search`, or one with fewer actions while there is one."""

        def taken(m: z3.ModelRef) -> int:
            return sum(1 for x in actions if z3.is_true(m.eval(x, model_completion=True)))

        m = search.model()
        k = taken(m)
        while k > 1:
            search.push()
            search.add(z3.PbLe([(x, 1) for x in actions], k - 1))
            r = self.check(search, where)
            if r == "sat":
                m = search.model()
                k = taken(m)
            search.pop()
            if r != "sat":
                break
        return m

    def _needed_only(self, search: z3.Solver, n: Night, m: z3.ModelRef, where: str) -> z3.ModelRef:
        """`m` with each action the finding does not need turned off: the scenario fixed
        but for that action (and its slot's pick), is the night still ambiguous? Each
        query has one scenario, so it is quick. `_fewest` leaves no such action when its
        queries end in time; when one runs out (Turtle's 5-player night: a Witch's hex on
        herself kept in a witness of T10), this keeps it out."""
        scen = sorted(n.model.scenario_vars)
        for name in n.action_names():
            x = n.enc.var(name)
            if not z3.is_true(m.eval(x, model_completion=True)):
                continue
            free = {name, _pick_of(name)}
            fixed = [
                n.enc.var(v) == m.eval(n.enc.var(v), model_completion=True)
                for v in scen
                if v not in free
            ]
            search.push()
            search.add(z3.Not(x), *fixed)
            r = self.check(search, where)
            if r == "sat":
                m = search.model()
            search.pop()
            if r == "unknown":
                break
        return m

    def _pairs(self, n: Night) -> list[tuple[Any, Any]]:
        """Each observable signal in copy a and copy b."""
        terms = list(n.sig_terms.values())
        return list(zip(n.renamed_all(terms, "a"), n.renamed_all(terms, "b"), strict=True))

    # ------------------------------------------------------------ paradox
    def paradoxes(
        self, night: Night | None = None, extra: Callable[[Night], list[Any]] | None = None
    ) -> Iterator[tuple[dict[str, Any], Klass]]:
        """Scenarios with no consistent outcome: exists-forall, answered by CEGAR. A
        candidate scenario comes from the outer solver; if some outcome fits it, every
        scenario that outcome fits is excluded; if none does, it is a paradox (shrunk to
        the fewest actions that keep it one)."""
        n = night or Night(
            self.rs, NAMES[: self.report.paradox_players], self.pool, deadline=self.deadline
        )
        scen = set(n.model.scenario_vars)
        outer: list[Any] = [*n.enc.domain_constraints(sorted(scen)), *n.all_on()]
        inner: list[Any] = []
        for expr, _ in n.model.equations:
            (outer if variables(expr) <= scen else inner).append(n.enc.term(expr))
        outcome_vars = sorted(set(n.model.domains) - scen)
        inner += n.enc.domain_constraints(outcome_vars)
        defined = [v for v in outcome_vars if v in n.model.definitions and not v.startswith("ok:")]
        primary = [v for v in outcome_vars if v not in defined]
        aux = [(n.enc.var(v), n.enc.term(n.model.definitions[v])) for v in defined]
        if extra is not None:
            outer += extra(n)
        outer += self.in_share(n)
        candidates = symbolic.make_solver(self.timeout)
        candidates.add(outer)
        fits = symbolic.make_solver(self.timeout)
        fits.add(inner)
        legal = symbolic.make_solver(self.timeout)
        legal.add(outer)
        # Auxiliary names (protected:q) are replaced by their definitions, so only the
        # outcome proper (ok, first, semi) is fixed by a block, which reaches more scenarios.
        # (A definition may name other defined variables: substituted until none is left,
        # or the block would leave them free, and exclude nothing the candidate solver
        # could not escape by choosing them: it proposed one scenario hundreds of times.)

        def undefined(t: Any) -> Any:
            for _ in range(len(aux) + 1):
                then, t = t, symbolic.substitute(t, aux)
                if t.eq(then):
                    break
            return t

        body = undefined(z3.And(inner))
        # The equations naming each open outcome variable (not ok:i): a reading left open
        # (reach, early, ...) or a value the equations only bound (the winner).
        eqs_of: dict[str, list[Any]] = {}
        opened = [v for v in primary if not v.startswith("ok:")]
        for expr, _ in n.model.equations:
            names = variables(expr)
            if names <= scen:
                continue
            term = None
            for v in opened:
                if v in names:
                    term = term if term is not None else undefined(n.enc.term(expr))
                    eqs_of.setdefault(v, []).append(term)
        deadline = time.perf_counter() + 3 * self.timeout
        for _ in range(20):
            while True:
                if time.perf_counter() > deadline:
                    self.report.unknown.append(
                        f"paradox search: unknown (over {3 * self.timeout:g} s)"
                    )
                    return
                self.progress(f"paradox search ({self.report.queries} queries)")
                if self.check(candidates, "paradox search") != "sat":
                    return
                m = candidates.model()
                env = {v: _value(m, n.enc.var(v)) for v in sorted(scen)}
                r = self.check(fits, "paradox search", *self._fix(n, env))
                if r == "unknown":
                    return
                if r == "unsat":
                    break
                o = fits.model()
                # Exclude every scenario this outcome fits (`body`: the outcome proper),
                # its open variables each the least value the scenario allows
                # (`least_outcome`: not fixed, or each winner and reading of the outcome
                # needed a round of its own).
                vals = {v: o.eval(n.enc.var(v), model_completion=True) for v in primary}
                sub = least_outcome(n, primary, eqs_of, env, vals)
                candidates.add(z3.Not(symbolic.substitute(body, sub)))
            env = self._shrink(n, env, legal, fits)
            klass = n.klass(env)
            candidates.add(n.block(klass))
            yield env, klass

    def _fix(self, n: Night, env: dict[str, Any]) -> list[Any]:
        return [n.enc.var(v) == symbolic.value(x) for v, x in env.items()]

    def _shrink(
        self, n: Night, env: dict[str, Any], legal: z3.Solver, fits: z3.Solver
    ) -> dict[str, Any]:
        """Turn actions off one by one while the scenario stays legal and a paradox."""
        for var in n.action_names():  # (every night's: "uses:Ann@n1" over chained nights)
            if not env.get(var):
                continue
            trial = dict(env)
            trial[var] = False
            trial.pop(_pick_of(var), None)  # (an unused slot's pick is 0: it follows)
            fixed = self._fix(
                n, {k: v for k, v in trial.items() if not k.startswith(("tier:", "protected:"))}
            )
            if self.check(legal, "paradox search", *fixed) != "sat":
                continue
            full = {v: _value(legal.model(), n.enc.var(v)) for v in env}
            if self.check(fits, "paradox search", *self._fix(n, full)) == "unsat":
                env = full
        return env

    def paradox_findings(self) -> Iterator[Finding]:
        """Paradoxes at `paradox_players`. Over chained nights, twice: at that bound with
        every night after the first idle (so every paradox of a first night is found, as
        `check` finds it alone), then with one player fewer and every night open (the
        search over every night at the full bound does not end in minutes: a scenario
        per outcome of two nights)."""
        top = self.report.paradox_players
        searches: list[tuple[int, Callable[[Night], list[Any]] | None]] = [(top, None)]
        if self.nights > 1:
            searches = [(top, Night.idle_after_first)]
            if top > 2:
                searches.append((top - 1, None))
                self.report.skipped.append(
                    f"paradoxes that need more than one night: searched with {top - 1} players "
                    f"(the first night alone with {top})"
                )
        seen: set[tuple[str, ...]] = set()
        for players, extra in searches:
            n = Night(self.rs, NAMES[:players], self.pool, self.nights, self.deadline)
            for f in self._paradoxes_of(n, extra):
                if f.roles not in seen:
                    seen.add(f.roles)
                    yield f

    def _paradoxes_of(
        self, n: Night, extra: Callable[[Night], list[Any]] | None
    ) -> Iterator[Finding]:
        for env, klass in self.paradoxes(n, extra):
            title = " + ".join(Night.names_of(klass))
            core = self.core_at(n, env)
            yield Finding(
                "paradox",
                f"{title}: no outcome is consistent",
                Night.names_of(klass),
                core or self.sentences(klass),
                n.witness(env, f"paradox: {title}", ["paradox"]),
            )

    def core_at(self, n: Night, env: dict[str, Any]) -> tuple[Why, ...]:
        """The sentences that cannot all hold in one fixed scenario (a minimal core over
        the sentence switches)."""
        s = symbolic.make_solver(self.timeout)
        s.add(n.valid, *self._fix(n, {k: v for k, v in env.items() if not k.startswith("on:")}))
        flags = list(n.switch.values())
        if self.check(s, "core", *flags) != "unsat":
            return ()
        core = [f for f in flags if any(f.eq(c) for c in s.unsat_core())]
        i = 0
        while i < len(core):
            trial = core[:i] + core[i + 1 :]
            r = self.check(
                s, "core", *trial, *[z3.Not(f) for f in flags if not any(f.eq(t) for t in trial)]
            )
            if r == "unsat":
                core = trial
            else:
                i += 1
        names = {str(f) for f in core}
        return tuple(w for name, w in n.model.switches.items() if name in names)

    # ------------------------------------------------------------ contradictions and gaps
    def contradictions(self) -> Iterator[Finding]:
        self.progress("contradictions")
        n = self.night
        s = symbolic.make_solver(self.timeout)
        s.add(n.valid)
        flags = list(n.switch.values())
        r = self.check(s, "contradiction search", *flags)
        if r == "unsat":
            core = self.core_at(n, {})
            yield Finding(
                "contradiction", "no scenario at all satisfies these sentences together", (), core
            )
        for cl in self.rs.class_lists:
            for name in cl.roles:
                role = self.rs.role(name)
                for ab in role.abilities if role else ():
                    if role and ab.visit_class is not None and ab.visit_class is not cl.visit_class:
                        yield Finding(
                            "contradiction",
                            f"{role.name} is listed as {cl.visit_class.value} but its own text says "
                            f"{ab.visit_class.value}",
                            (role.name,),
                            (cl.why, ab.class_why),
                        )
        if self.rs.class_lists:
            listed = {canon(r) for cl in self.rs.class_lists for r in cl.roles}
            for role in self.rs.roles:
                names = {canon(role.name)} | {
                    canon(a) for a, t, _ in self.rs.aliases if canon(t) == canon(role.name)
                }
                if role.abilities and not names & listed:
                    classes = sorted(
                        {ab.visit_class.value for ab in role.abilities if ab.visit_class}
                    )
                    how = f" (its own text makes it {', '.join(classes)})" if classes else ""
                    yield Finding(
                        "gap",
                        f"{role.name} has an ability but is in none of the visiting lists{how}",
                        (role.name,),
                        (self.rs.class_lists[0].why, role.why),
                    )

    # ------------------------------------------------------------ ablation
    def ablation(
        self,
        off: list[Any],
        what: str,
        also_off: list[Any] = (),  # type: ignore[assignment]
    ) -> tuple[Status, dict[str, Any] | None]:
        """`unsat` when turning the switches `off` changes no outcome of any scenario (with
        `also_off` off throughout); `sat` (with a scenario) when some scenario tells the
        two rulesets apart."""
        if not off:
            return "unsat", None
        for size in self.sizes():  # a small night tells most sentences apart, quickly
            if self.out_of_time():
                self.report.unknown.append(f"{what}: unknown (the command's --timeout ran out)")
                return "unknown", None
            n = self.night_at(size)
            s = symbolic.make_solver(self.timeout, "QF_FD")
            s.add(n.told_apart(off, also_off))
            r = self.check(s, what)
            if r != "unsat":
                return r, (n.env(s.model()) if r == "sat" else None)
        return "unsat", None

    def dead_rules(self) -> Iterator[Finding]:
        """Sentences whose removal changes nothing in any scenario at this bound."""
        n = self.night
        item = -1  # (each ability, with its sentences, is an item of one part: `mine`)
        for role in self.rs.roles:
            for ab in role.abilities:
                item += 1
                if not self.mine(item):
                    continue
                if not any(ab.frequency.allows(k, 0) for k in range(1, self.nights + 1)):
                    self.report.skipped.append(
                        f"{role.name}'s ability {ab.frequency.value} ({ab.why.loc.short}): needs more than one night"
                    )
                    continue
                if is_day(ab):  # a day's ability: the symbolic nights do not use it
                    self.report.skipped.append(
                        f"{role.name}'s {ab.name} ({ab.why.loc.short}): used by day (see its cases)"
                    )
                    continue
                for e in ab.effects:
                    if e.why.kind == "ruling":
                        continue
                    if hex.later(e):
                        self.report.skipped.append(
                            f"{e.why.loc.short} ({e.why.text[:40]}...): takes effect on a later "
                            "night, from marks the symbolic nights do not carry"
                        )
                        continue
                    history = (Cond.SAME_AS_LAST, Cond.OPPOSITE_AS_LAST)
                    from_dead = afterlife.needs_dead(role, e)  # no one is dead before night 1
                    if (
                        (isinstance(e, Result) and e.cond in history) or from_dead
                    ) and self.nights == 1:
                        self.report.skipped.append(
                            f"{e.why.loc.short} ({e.why.text[:40]}...): needs more than one night"
                        )
                        continue
                    self.progress(f"dead rules: {role.name}")
                    r, _ = self.ablation(n.switches_of(e.why), f"dead rule: {role.name}")
                    if r == "unsat":
                        yield Finding(
                            "dead rule",
                            f"{role.name}: this sentence never changes any outcome of a first night",
                            (role.name,),
                            (e.why,),
                        )
                    elif isinstance(e, Investigate) and self.reports_nothing(e.why):
                        yield Finding(
                            "dead rule",
                            f'{role.name}: this result can never report anyone (it is always "no one")',
                            (role.name,),
                            (e.why, *self._seen_sentences()),
                        )

    def reports_nothing(self, why: Why) -> bool:
        """Whether the listing result of sentence `why` lists nobody in every scenario."""
        for size in self.sizes():
            n = self.night_at(size)
            lists = [
                conj(src.gate, cond)
                for src in n.model.texts
                if src.why == why
                for cond, _ in src.pieces
            ]
            s = symbolic.make_solver(self.timeout)
            s.add(n.valid, *n.all_on(), n.enc.term(any_of(lists)))
            if self.check(s, "dead rule") != "unsat":
                return False
        return True

    def _seen_sentences(self) -> tuple[Why, ...]:
        return tuple(s.why for s in self.rs.seen_by)

    def redundant_rulings(self) -> Iterator[Finding]:
        for item, ruling in enumerate(self.rs.rulings):
            if not self.mine(item):
                continue
            self.progress("redundant rulings")
            off = self.night.switches_of(ruling, whole_line=True)
            r, _ = self.ablation(off, "redundant ruling")
            if r == "unsat":
                yield Finding(
                    "redundant ruling",
                    "this ruling changes no outcome: the other sentences already imply it",
                    (),
                    (ruling,),
                )

    def steps(self) -> dict[str, Callable[[], Iterator[Finding]]]:
        """Each search, by the kind of finding it makes (contradictions give gaps too)."""
        return {
            "contradiction": self.contradictions,
            "paradox": self.paradox_findings,
            "ambiguous": self.ambiguities,
            "dead rule": self.dead_rules,
            "redundant ruling": self.redundant_rulings,
        }

    def wanted(self, kinds: tuple[str, ...]) -> list[str]:
        """The searches `kinds` asks for, in the order of the report."""
        return [k for k in self.steps() if k in kinds or (k == "contradiction" and "gap" in kinds)]

    def run(self, kinds: tuple[str, ...] = KINDS, apart: bool = True) -> Report:
        """Every search `kinds` asks for. With `apart` (and more than one core), the
        ambiguity search, the longest, runs in a process of its own beside the others
        (`_ambiguities_apart`); the findings come out in the same order either way."""
        start = time.perf_counter()
        steps = self.steps()
        wanted = self.wanted(kinds)
        by_kind: dict[str, list[Finding]] = {}
        pool = None
        try:
            elsewhere = None
            if apart and "ambiguous" in wanted and len(wanted) > 1 and may_spawn():
                pool = multiprocessing.get_context("spawn").Pool(1)
                left = None if self.deadline is None else self.deadline - time.perf_counter()
                elsewhere = pool.apply_async(
                    _ambiguities_apart,
                    (self.rs, self.requested, self.timeout, left, self.pool, self.nights),
                )
            for kind in wanted:
                if kind == "ambiguous" and elsewhere is not None:
                    continue
                got: list[Finding] = []
                by_kind[kind] = got
                try:
                    on_time(self.deadline)  # (not even started: nothing built for it)
                    got.extend(steps[kind]())  # (what it found before `OutOfTime` is kept)
                except OutOfTime:
                    self.report.unknown.append(
                        f"{kind} search: unknown (the command's --timeout ran out)"
                    )
            while elsewhere is not None:
                # (the progress callback may stop the run: a web page's request is cancelled)
                self.progress("ambiguity search (in its own process)")
                try:
                    found, queries, unknown = elsewhere.get(timeout=0.5)
                except multiprocessing.TimeoutError:
                    continue
                by_kind["ambiguous"] = found
                self.report.queries += queries
                self.report.unknown.extend(unknown)
                elsewhere = None
        finally:
            if pool is not None:
                pool.terminate()  # (done, or the run stopped: the search is not waited for)
                pool.join()
            for kind in wanted:  # what was found before a stop is kept
                got = [f for f in by_kind.get(kind, []) if f.kind in kinds]
                if kind in ("ambiguous", "paradox"):
                    got = minimal_only(got, lambda f: f.roles)
                self.report.findings.extend(got)
        self.report.seconds = time.perf_counter() - start
        return self.report


def least_outcome(
    n: Night,
    primary: list[str],
    eqs_of: dict[str, list[Any]],
    env: dict[str, Any],
    vals: dict[str, Any],
) -> list[tuple[Any, Any]]:
    """The outcome a paradox search's block fixes, from outcome `vals` (Z3 values) that
    fits scenario `env`: each ok:i as in `vals`, and each other variable named by
    equations (`eqs_of`: a reading left open, a winner) as a function of the scenario, the
    least value its equations allow given the other variables' values. The block
    Not(valid(s, outcome(s))) excludes only scenarios with an outcome (no paradox is
    lost), and excludes `env`: `vals` is first lowered to the least such outcome at `env`
    (a variable lowered while its equations still hold, the others unchanged, until none
    can be), where the function gives `vals` back. (Fixing each such variable made a
    block of each winner and each reading: BYOND's search took 109 rounds, 31 so.)"""
    at = [(n.enc.var(v), symbolic.value(x)) for v, x in env.items()]

    def allowed(x: str, d: Any) -> bool:
        pr = [(n.enc.var(w), d if w == x else vals[w]) for w in primary]
        return all(z3.is_true(z3.simplify(symbolic.substitute(e, at + pr))) for e in eqs_of[x])

    lowered = True
    while lowered:
        lowered = False
        for x in eqs_of:
            for d in sorted(n.model.domains[x]):
                dv = symbolic.value(d)
                if z3.is_true(z3.simplify(dv == vals[x])):
                    break
                if allowed(x, dv):
                    vals[x], lowered = dv, True
                    break
    sub = []
    for v in primary:
        if v not in eqs_of:
            sub.append((n.enc.var(v), vals[v]))
            continue
        dom = sorted(n.model.domains[v])
        others = [(n.enc.var(w), vals[w]) for w in primary if w != v]
        term = symbolic.value(dom[-1])
        for d in reversed(dom[:-1]):
            dv = symbolic.value(d)
            holds = symbolic.substitute(symbolic.mk_and(eqs_of[v]), [*others, (n.enc.var(v), dv)])
            term = symbolic.mk_ite(holds, dv, term)
        sub.append((n.enc.var(v), term))
    return sub


def _ambiguities_apart(
    ruleset: Ruleset,
    players: int,
    timeout: float,
    left: float | None,
    roles: list[Role] | None,
    nights: int,
) -> tuple[list[Finding], int, list[str]]:
    """`Checker.ambiguities` in a process of its own (`Checker.run`): its findings, its
    number of queries and its unknowns."""
    deadline = None if left is None else time.perf_counter() + left
    c = Checker(ruleset, players, timeout, deadline=deadline, roles=roles, nights=nights)
    found: list[Finding] = []
    try:
        on_time(deadline)
        found.extend(c.ambiguities())
    except OutOfTime:
        c.report.unknown.append("ambiguous search: unknown (the command's --timeout ran out)")
    return found, c.report.queries, c.report.unknown
