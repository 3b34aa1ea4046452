"""Owns the symbolic back end: every Z3 call lives here. It reads the same `PhaseModel`
(the same labelled `Expr` equations) that python-constraint solves, translates it to
Z3 terms, and answers with `sat`, `unsat` or `unknown` explicitly; `unknown` is never
read as either.

Variables with domain [False, True] become Booleans, other finite domains become
integers constrained to their domain, or (`onehot`) one Boolean per value with exactly
one true: the world solver's role variables, whose unsat cores then name roles. Several
copies of a model's variables can live in one solver (self-composition):
`Encoding(model, copy="b")` renames each variable that is not a scenario variable, so
two outcomes of one scenario can be compared. Terms are built through Z3's C API where
z3py's per-argument coercion would cost more than the term (`mk_and`, `check`, ...).

It also owns a solver's life cycle for the commands: `Session` (one solver, its time
limit and deadline, checks under assumptions, the model, the unsat core and its
minimisation), `shrink`, and `OutOfTime` for a command whose budget ran out; a query's
limit as Z3's resource units (`work`: `deterministic` solvers, whose verdicts do not
depend on the machine's load, with a wall-clock cap only as a safety net); and the
terms a command builds around an encoding (`boolean`, `implies`, `all_of`, `at_most`,
`holds`, ...), so that a command need not import Z3.
"""

from __future__ import annotations

import contextlib
import functools
import time
import weakref
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import z3

from logic.model.expr import Add, And, Const, Eq, Expr, Ite, Label, Lt, Not, Or, Var, variables
from logic.model.ir import Why
from logic.model.semantics import PhaseModel

Status = Literal["sat", "unsat", "unknown"]
DEFAULT_TIMEOUT = 10.0
BITS = 8
"""Finite domains (roles, targets, tiers, choices) are signed 8-bit vectors: Z3 bit-blasts
them to SAT, which is much faster here than integer arithmetic."""


class Encoding:
    """A PhaseModel's variables as Z3 terms; `copy` names a copy of the outcome vars."""

    def __init__(
        self,
        model: PhaseModel,
        copy: str = "",
        shared: set[str] | None = None,
        onehot: Collection[str] = (),
    ) -> None:
        self.model = model
        self.copy = copy
        self.shared = set(model.scenario_vars) if shared is None else shared
        self.onehot = frozenset(onehot)
        self._bits: dict[tuple[str, Any], z3.BoolRef] = {}
        self._vars: dict[str, z3.ExprRef] = {}
        self._memo: dict[int, tuple[Expr, Any]] = {}  # id -> (expr kept alive, term)
        self._atoms: dict[tuple[str, Any], Any] = {}  # (variable, value) -> its equation
        self.constrained: set[str] = set()  # what `equations` found its equations name

    def name(self, v: str) -> str:
        return v if (not self.copy or v in self.shared) else f"{v}@{self.copy}"

    def bit(self, v: str, value: Any) -> z3.BoolRef:
        """A one-hot variable's Boolean for `value` (false when it is not in the domain)."""
        key = (v, value)
        if key not in self._bits:
            ok = value in self.model.domains[v]
            self._bits[key] = z3.Bool(f"{self.name(v)}={value}") if ok else z3.BoolVal(False)
        return self._bits[key]

    def var(self, v: str) -> z3.ExprRef:
        if v not in self._vars:
            dom = self.model.domains[v]
            if v in self.onehot:
                term: Any = _bv(-1)
                for d in dom:
                    term = z3.If(self.bit(v, d), _bv(d), term)
                self._vars[v] = term
            elif is_bool_domain(dom):
                self._vars[v] = z3.Bool(self.name(v))
            else:
                self._vars[v] = z3.BitVec(self.name(v), BITS)
        return self._vars[v]

    def domain_constraints(self, names: Iterable[str]) -> list[z3.BoolRef]:
        out = []
        for v in names:
            dom = self.model.domains[v]
            if v in self.onehot:
                out.append(z3.PbEq([(self.bit(v, d), 1) for d in dom], 1))
            elif not is_bool_domain(dom):
                x = self.var(v)
                out.append(z3.Or([x == d for d in dom]) if dom else z3.BoolVal(False))
        return out

    def term(self, e: Expr) -> Any:
        """The Z3 term of `e` (shared subexpressions are translated once; variables and
        constants, the commonest leaves, by name and value)."""
        kind = type(e)
        if kind is Var:
            got = self._vars.get(e.name)  # type: ignore[union-attr]
            return got if got is not None else self.var(e.name)  # type: ignore[union-attr]
        if kind is Const and type(e.value) is int:  # type: ignore[union-attr]
            return _bv(e.value)  # type: ignore[union-attr]
        hit = self._memo.get(id(e))
        if hit is not None and hit[0] is e:
            return hit[1]
        t = self._term(e)
        self._memo[id(e)] = (e, t)
        return t

    def _term(self, e: Expr) -> Any:
        match e:
            case Const(v):  # (variables and integers: in `term`)
                if isinstance(v, bool):
                    return z3.BoolVal(v)
                raise TypeError(f"no Z3 term for the constant {v!r}")
            case Not(a):
                return mk_not(self.term(a))
            case And(args):
                return mk_and([self.term(a) for a in args])
            case Or(args):
                return mk_or([self.term(a) for a in args])
            case Eq(Var(v), Const(c)) if v in self.onehot:
                return self.bit(v, c)
            case Eq(Var(v), Var(w)) if v in self.onehot and w in self.onehot:
                dom = [d for d in self.model.domains[v] if d in self.model.domains[w]]
                return mk_or([mk_and([self.bit(v, d), self.bit(w, d)]) for d in dom])
            case Eq(a, b):
                if isinstance(a, Var) and isinstance(b, Const):  # the commonest atom
                    key = (a.name, b.value)
                    hit = self._atoms.get(key)
                    if hit is None:
                        hit = self._atoms[key] = mk_eq(self.term(a), self.term(b))
                    return hit
                return mk_eq(self.term(a), self.term(b))
            case Lt(a, b):
                ta, tb = self.term(a), self.term(b)
                return _bool(z3.Z3_mk_bvslt(_CTX.ref(), ta.as_ast(), tb.as_ast()))
            case Ite(c, a, b):
                return mk_ite(self.term(c), self.term(a), self.term(b))
            case Add(args):
                total = self.term(args[0])
                for a in args[1:]:
                    total = total + self.term(a)
                return total
            case Label(a, _):
                return self.term(a)
        raise AssertionError(f"not an expression: {e!r}")

    def equations(self, between: Callable[[], None] | None = None) -> list[z3.BoolRef]:
        """The model's equations and domains as Z3 terms; `between` is called every 100
        equations (a caller's deadline, which may raise: three chained nights take
        seconds to translate).

        Every variable of the model keeps to its domain, whether an equation names it or
        not: a host's choice that only atoms and texts read (a drunk's sobering by one of
        two sentences, logic/effects/sobriety.py) took any bit-vector value otherwise, and
        a value of neither sentence kept him drunk where the resolver, which takes only
        the domain's values, sobered him."""
        exprs = [expr for expr, _ in self.model.equations]
        names = variables(*exprs) if exprs else set()
        self.constrained = names  # the variables some equation names
        out = []
        for k, expr in enumerate(exprs):
            if between is not None and k % 100 == 0:
                between()
            out.append(self.term(expr))
        return self.domain_constraints(sorted(set(self.model.domains) | names)) + out


def _shared(ctx: z3.Context) -> z3.Context:
    """`ctx`, whose terms and solvers may be let go from any thread. Python's cycle
    collector runs in whichever thread allocates when it is due (pytest-xdist's and
    execnet's, the web server's event loop, Dask's client), and finalises the z3py
    objects it finds there: a `Z3_dec_ref` from that thread while this one is inside
    Z3 (ctypes lets the GIL go) corrupts the context's term table, and the process dies
    later in whatever it is doing (two CI runs lost a worker so). Z3's concurrent
    dec-ref queues those releases under a lock and frees them at this thread's next
    call, as the .NET and Java bindings do (`tests/test_gc_threads.py` shows the crash
    without it)."""
    z3.Z3_enable_concurrent_dec_ref(ctx.ref())
    return ctx


_CTX = _shared(z3.main_ctx())


@contextlib.contextmanager
def fresh() -> Iterator[None]:
    """Make the terms and solvers inside the block in a new Z3 context, as a new process
    would, and give the old one back after it. Z3's choices follow its terms' ids, which
    count every term made before in the context: a search's verdicts within a budget of
    work depend on what its process built earlier (`check --jobs`: a part run after
    others met other paradoxes than the same part alone). A part of a check runs in
    here, so it searches the same way in any process and after any other part. No term
    made inside may be used after the block: the terms made before it (cached by
    `solve`, by a long-lived `ruling serve`) are valid again after it, and only then."""
    global _CTX
    before, before_ctx = z3.z3._main_ctx, _CTX
    z3.z3._main_ctx = _shared(z3.Context())  # (z3py's default: `main_ctx` reads it)
    _CTX = z3.main_ctx()
    _bv.cache_clear()
    try:
        yield
    finally:
        z3.z3._main_ctx, _CTX = before, before_ctx
        _bv.cache_clear()


def _bool(ast: Any) -> z3.BoolRef:
    return z3.BoolRef(ast, _CTX)


def mk_eq(a: Any, b: Any) -> z3.BoolRef:
    """a == b through the C API (both of one sort: the semantics builds them so)."""
    return _bool(z3.Z3_mk_eq(_CTX.ref(), a.as_ast(), b.as_ast()))


def mk_and(terms: Sequence[Any]) -> z3.BoolRef:
    """And of Boolean terms (true when there are none)."""
    return _bool(z3.Z3_mk_and(_CTX.ref(), *_array(terms)))


def mk_or(terms: Sequence[Any]) -> z3.BoolRef:
    """Or of Boolean terms (false when there are none)."""
    return _bool(z3.Z3_mk_or(_CTX.ref(), *_array(terms)))


def mk_not(t: Any) -> z3.BoolRef:
    return _bool(z3.Z3_mk_not(_CTX.ref(), t.as_ast()))


def mk_ite(c: Any, a: Any, b: Any) -> Any:
    """If c then a else b (a and b of one sort: Boolean or bit-vector)."""
    ast = z3.Z3_mk_ite(_CTX.ref(), c.as_ast(), a.as_ast(), b.as_ast())
    return _bool(ast) if isinstance(a, z3.BoolRef) else z3.BitVecRef(ast, _CTX)


def substitute(term: Any, pairs: Sequence[tuple[Any, Any]]) -> z3.BoolRef:
    """`z3.substitute(term, *pairs)` without z3py's per-pair sort checks (a witness of
    the world solver has hundreds of pairs)."""
    return _bool(_substituted(term, pairs))


def substitute_term(term: Any, pairs: Sequence[tuple[Any, Any]]) -> Any:
    """`substitute` for a term of any sort (a Boolean or a bit-vector)."""
    return z3.z3._to_expr_ref(_substituted(term, pairs), _CTX)


def substitute_all(terms: Sequence[Any], pairs: Sequence[tuple[Any, Any]]) -> list[Any]:
    """`substitute_term` for many terms in one substitution: Z3 substitutes the parts the
    terms share once (term by term, each call starts a fresh cache). The terms ride as the
    arguments of one application of an uninterpreted function, whatever their sorts."""
    if not terms:
        return []
    carrier = z3.Function("terms", *[t.sort() for t in terms], z3.BoolSort())
    whole = substitute_term(carrier(*terms), pairs)
    return [whole.arg(k) for k in range(len(terms))]


def _substituted(term: Any, pairs: Sequence[tuple[Any, Any]]) -> Any:
    n = len(pairs)
    old = (z3.Ast * n)()
    new = (z3.Ast * n)()
    for k, (a, b) in enumerate(pairs):
        old[k] = a.as_ast()
        new[k] = b.as_ast()
    return z3.Z3_substitute(_CTX.ref(), term.as_ast(), n, old, new)


def _array(terms: Sequence[Any]) -> tuple[int, Any]:
    """Arguments for Z3's n-ary constructors, without z3py's per-argument coercion
    (translation time of large models is mostly that coercion)."""
    arr = (z3.Ast * len(terms))()
    for k, t in enumerate(terms):
        arr[k] = t.as_ast()
    return len(terms), arr


def is_bool_domain(dom: list[Any]) -> bool:
    """A Boolean variable's domain (careful: in Python, [0, 1] == [False, True])."""
    return len(dom) == 2 and all(isinstance(x, bool) for x in dom)


def value(v: bool | int) -> Any:
    """A Python value as a Z3 constant of the matching sort."""
    return z3.BoolVal(v) if isinstance(v, bool) else _bv(v)


@functools.lru_cache(maxsize=1024)
def _bv(v: int) -> Any:
    """A bit-vector constant (made once: z3py builds its sort anew each time)."""
    return z3.BitVecVal(v, BITS)


def read(m: z3.ModelRef, x: Any) -> Any:
    """A variable's value in a model, as a Python bool or int."""
    val = m.eval(x, model_completion=True)
    return z3.is_true(val) if z3.is_bool(x) else val.as_signed_long()


# ----------------------------------------------------------------------------- limits
# A query's limit in seconds of the wall clock makes its verdict depend on the machine's
# load (DCTP's ambiguity queries: unknown or not, from one run to the next). Z3 also counts
# its work in resource units (`rlimit`: propagations, conflicts, rewriting steps), the same
# on any load: a `deterministic` solver's query is limited by them, so many units for a
# second (`RATES`), and by the wall clock only as a safety net (`SAFETY` times its limit).

RATES: dict[str | None, float] = {None: 4.0e6, "QF_FD": 2.7e6, "blast": 3.7e6}
"""Z3's resource units per CPU second, by solver (`make_solver`'s `logic`): the median of
`ruling check`'s queries over 0.3 s CPU on Turtle, DCTP and Metadata (26 Nov 2026, a
loaded machine: 70 queries). Z3's incremental SMT solver 3.8 M/s (3.6-4.2); QF_FD's SAT
solver 2.7 M/s (1.2-6.5); "blast" 3.7 M/s (1.2-4.8: DCTP's 5-player ambiguity query counts
slowest, 1.2-1.6). Quick queries count faster (6-10 M/s): they never meet their limit."""
SAFETY = 10.0
"""A deterministic query's wall-clock cap: its limit times this, and a second (a query
whose work Z3 counts slowly still ends). At a load of 9 on this 2-core machine a query's
wall time was 6 times its CPU time: a cap of 3 ended queries there before their work."""
MAX_RLIMIT = 4_000_000_000  # (Z3's rlimit is an unsigned 32-bit parameter)


def work(seconds: float, logic: str | None = None) -> int:
    """The resource units of a query of `seconds` on an idle machine, with solver `logic`."""
    if seconds != seconds or seconds <= 0:
        return 1
    return max(1, min(MAX_RLIMIT, int(seconds * RATES.get(logic, RATES[None]))))


def spent() -> int:
    """The resource units Z3 has counted so far in this process (every solver's: a search
    of many queries measures its own work by the difference)."""
    for k, v in z3.Solver().statistics():
        if k == "rlimit count":
            return int(v)
    return 0


def reason(s: z3.Solver) -> str:
    """Why the last check of `s` ended `unknown`, for people: over its resource budget,
    or out of (wall-clock) time."""
    why = s.reason_unknown()
    if "resource" in why or (why.endswith("canceled") and s in _WORKING):
        return "over its budget of work"  # (QF_FD's SAT solver says "sat.canceled")
    if why in ("timeout", "canceled"):
        return "out of time"
    return why


def make_solver(timeout: float, logic: str | None = None, deterministic: bool = False) -> z3.Solver:
    """A solver with a limit of `timeout` seconds a check (`set_limit`: with `deterministic`,
    so much work); `logic` "QF_FD" is Z3's SAT-based solver for finite
    domains (bit-vectors, Booleans, pseudo-Boolean sums), which the world solver's many
    small incremental queries run several times faster on; `logic` "blast" simplifies
    the whole problem, bit-blasts it and hands it to the SAT solver afresh at each check
    (not incremental, Booleans and bit-vectors only): the checker's few hard queries
    over two copies of a night (is any scenario left with two outcomes?) run about twice
    as fast so."""
    if logic == "blast":
        s = z3.Then(*BLAST).solver()
    else:
        s = z3.SolverFor(logic) if logic else z3.Solver()
    if deterministic:
        _WORKING[s] = logic
    set_limit(s, timeout)
    return s


_WORKING: weakref.WeakKeyDictionary[z3.Solver, str | None] = weakref.WeakKeyDictionary()
"""The deterministic solvers (each with its `logic`: its units per second)."""


def set_limit(s: z3.Solver, seconds: float, left: float = float("inf")) -> None:
    """The limit of the next checks of `s`: `seconds`, and never past `left` seconds of
    the wall clock (a command's deadline). A deterministic solver's limit is so much work
    (`work`), its wall clock capped (`cap`)."""
    if s in _WORKING:
        s.set("rlimit", work(seconds, _WORKING[s]))
        s.set("timeout", _millis(min(cap(seconds), left)))
    else:
        s.set("timeout", _millis(min(seconds, left)))


def cap(seconds: float) -> float:
    """The wall-clock safety net of a deterministic limit of `seconds`."""
    return SAFETY * seconds + 1.0


BLAST = ("simplify", "propagate-values", "solve-eqs", "bit-blast", "sat")


def _millis(seconds: float) -> int:
    """Z3's timeout in milliseconds: at least 1, at most a day (a machine integer)."""
    return max(1, min(86_400_000, int(seconds * 1000))) if seconds == seconds else 1


def lex_less(a: Sequence[Any], b: Sequence[Any]) -> Any:
    """The terms `a` come before the terms `b` lexicographically (Booleans false before
    true, bit-vectors unsigned): a strict order, to break the symmetry between two
    interchangeable copies of a formula."""
    out: Any = z3.BoolVal(False)
    for x, y in reversed(list(zip(a, b, strict=True))):
        less = z3.And(z3.Not(x), y) if z3.is_bool(x) else z3.ULT(x, y)
        out = z3.Or(less, z3.And(x == y, out))
    return out


def check(s: z3.Solver, assumptions: Sequence[Any]) -> Status:
    """`s.check(*assumptions)` without z3py's per-assumption coercion (Boolean terms
    only), which costs more than the check itself for many small queries."""
    n, arr = _array(assumptions)
    return status_of(
        z3.CheckSatResult(z3.Z3_solver_check_assumptions(_CTX.ref(), s.solver, n, arr))
    )


def status_of(result: z3.CheckSatResult) -> Status:
    if result == z3.sat:
        return "sat"
    if result == z3.unsat:
        return "unsat"
    return "unknown"


# ----------------------------------------------------------------------------- terms
# The terms the commands build around an encoding (guards, cardinalities, blocks of what
# was found), so that no command imports Z3: each is Z3's own constructor, unchanged.

Model = z3.ModelRef  # a model a `sat` check found


def boolean(name: str) -> z3.BoolRef:
    """A Boolean variable (a guard, a switch, an assumption flag)."""
    return z3.Bool(name)


def all_of(*terms: Any) -> z3.BoolRef:
    """The conjunction of the terms (a list is taken as its terms, as Z3 takes it)."""
    return z3.And(*terms)


def any_of(*terms: Any) -> z3.BoolRef:
    """The disjunction of the terms (a list is taken as its terms, as Z3 takes it)."""
    return z3.Or(*terms)


def negation(term: Any) -> z3.BoolRef:
    return z3.Not(term)


def implies(a: Any, b: Any) -> z3.BoolRef:
    return z3.Implies(a, b)


def at_most(weighted: Sequence[tuple[Any, int]], k: int) -> z3.BoolRef:
    """The weights of the true literals sum to at most k (a pseudo-Boolean constraint)."""
    return z3.PbLe(weighted, k)


def at_least(weighted: Sequence[tuple[Any, int]], k: int) -> z3.BoolRef:
    return z3.PbGe(weighted, k)


def exactly(weighted: Sequence[tuple[Any, int]], k: int) -> z3.BoolRef:
    return z3.PbEq(weighted, k)


def simplify(term: Any) -> Any:
    return z3.simplify(term)


def is_true(term: Any) -> bool:
    """Whether `term` is the constant true (a model's value, a simplified term)."""
    return z3.is_true(term)


def is_false(term: Any) -> bool:
    return z3.is_false(term)


def holds(m: z3.ModelRef, term: Any) -> bool:
    """Whether a Boolean term is true in a model (unnamed variables at their default)."""
    return z3.is_true(m.eval(term, model_completion=True))


def evaluate(m: z3.ModelRef, term: Any) -> Any:
    """A term's value in a model, as a Z3 constant (unnamed variables at their default)."""
    return m.eval(term, model_completion=True)


def remainder(term: Any, k: int) -> Any:
    """A bit-vector term modulo k (unsigned)."""
    return z3.URem(term, _bv(k))


def count(terms: Sequence[Any]) -> Any:
    """How many of the Boolean terms are true, as an integer term (the integer 0 when
    there are none, a term still: a substitution takes it)."""
    taken = [z3.If(x, 1, 0) for x in terms]
    return z3.Sum(taken) if taken else z3.IntVal(0)


# ----------------------------------------------------------------------------- solving


class OutOfTime(Exception):
    """A command's time budget ran out: what it found so far is reported as `unknown`."""


class Session:
    """One Z3 solver through its life: the terms added to it, its checks under
    assumptions, each within a time limit and before a deadline, the model of the last
    `sat` and the unsat core of the last `unsat`. A check that cannot start before the
    deadline (a `time.perf_counter` time bounding a whole command), or that runs out of
    time, is `unknown`, never read as `sat` or `unsat`.

    `timeout` is each check's limit (seconds) unless the check gives its own; `logic` and
    `deterministic` (a limit of work, not of the wall clock: `set_limit`) are
    `make_solver`'s; a session with no deadline keeps the limit it was made with."""

    def __init__(
        self,
        timeout: float,
        logic: str | None = None,
        deadline: float | None = None,
        deterministic: bool = False,
    ) -> None:
        self.solver = make_solver(timeout, logic, deterministic)
        self.limit = timeout
        self.deadline = deadline

    def add(self, *terms: Any) -> None:
        self.solver.add(*terms)

    def push(self) -> None:
        self.solver.push()

    def pop(self) -> None:
        self.solver.pop()

    def left(self) -> float:
        """Seconds before the deadline (infinite with none)."""
        return float("inf") if self.deadline is None else self.deadline - time.perf_counter()

    def check(self, *assumptions: Any, limit: float | None = None) -> Status:
        """Whether the terms hold together with `assumptions` (Boolean literals), within
        `limit` seconds (default: the session's) and before the deadline: `unknown` at
        once when the deadline has passed."""
        if self.deadline is not None or limit is not None:
            left = self.left()
            if left <= 0:
                return "unknown"
            set_limit(self.solver, self.limit if limit is None else limit, left)
        return check(self.solver, assumptions)

    def reason(self) -> str:
        """Why the last check ended `unknown` (`reason`)."""
        return reason(self.solver)

    def model(self) -> z3.ModelRef:
        """The model the last `sat` check found."""
        return self.solver.model()

    def core(self, among: Sequence[Any]) -> list[Any]:
        """The literals of `among` in the last `unsat` check's core, in their order (Z3
        shares equal terms: a literal is known by its id)."""
        said = {x.get_id() for x in self.solver.unsat_core()}
        return [x for x in among if x.get_id() in said]

    def minimal_core(self, flags: Sequence[Any]) -> tuple[Status, list[int]]:
        """`unsat` and the positions of a minimal set of `flags` (assumption literals)
        that cannot hold together: Z3's core, shrunk by deleting one flag at a time,
        stopping at a check that ends `unknown` (the set so far is still a core); or the
        first check's `sat` or `unknown`, with no core."""
        r = self.check(*flags)
        if r != "unsat":
            return r, []
        said = {x.get_id() for x in self.solver.unsat_core()}
        kept = [k for k, f in enumerate(flags) if f.get_id() in said]
        return r, shrink(kept, lambda trial: self.check(*[flags[k] for k in trial]), stop=True)


def shrink(
    core: list[Any],
    probe: Callable[[list[Any]], Status],
    recore: Callable[[list[Any]], list[Any]] | None = None,
    stop: bool = False,
) -> list[Any]:
    """A smaller core, by deletion: each member in turn is left out when `probe` says
    the rest is still `unsat` (the rest then shrunk to `recore(rest)`, Z3's core of that
    check, when given). When a probe ends `unknown`, the member stays and shrinking goes
    on (each deletion had its own time limit: the core is still sound, only less
    general), or, with `stop`, shrinking stops there."""
    i = 0
    while i < len(core):
        trial = core[:i] + core[i + 1 :]
        r = probe(trial)
        if r == "unsat":
            core = recore(trial) if recore is not None else trial
        elif r == "sat" or not stop:
            i += 1
        else:
            break
    return core


@dataclass
class Models:
    status: Status  # "sat" when every model was found, "unknown" if the budget ran out
    models: list[dict[str, Any]]


def all_models(model: PhaseModel, timeout: float = DEFAULT_TIMEOUT, limit: int = 10_000) -> Models:
    """Every assignment of the model's variables that satisfies its equations (as
    python-constraint's `solve` returns them), by blocking clauses."""
    enc = Encoding(model)
    s = make_solver(timeout)
    s.add(enc.equations())
    names = (
        sorted(set().union(*(variables(e) for e, _ in model.equations))) if model.equations else []
    )
    fixed = {n: d[0] for n, d in model.domains.items() if n not in names}
    out: list[dict[str, Any]] = []
    while len(out) < limit:
        r = status_of(s.check())
        if r == "unknown":
            return Models("unknown", out)
        if r == "unsat":
            return Models("sat" if out else "unsat", out)
        m = s.model()
        values: dict[str, Any] = {}
        for n in names:
            x = enc.var(n)
            val = m.eval(x, model_completion=True)
            values[n] = z3.is_true(val) if z3.is_bool(x) else val.as_signed_long()
        out.append({**fixed, **values})
        s.add(z3.Or([enc.var(n) != value(v) for n, v in values.items()]))
    return Models("unknown", out)


def core_of(
    model: PhaseModel, equations: Sequence[tuple[Expr, Why]], timeout: float = DEFAULT_TIMEOUT
) -> tuple[Status, list[tuple[Expr, Why]]]:
    """An unsat core of `equations` (one assumption flag per equation, as in MARCO),
    shrunk to a minimal one; `sat` with no core when they can all hold."""
    enc = Encoding(model)
    s = Session(timeout)
    names = sorted(set().union(*(variables(e) for e, _ in equations))) if equations else []
    s.add(*enc.domain_constraints(names))
    flags = []
    for k, (expr, _) in enumerate(equations):
        f = z3.Bool(f"__eq{k}")
        s.add(z3.Implies(f, enc.term(expr)))
        flags.append(f)
    r, kept = s.minimal_core(flags)
    return r, [equations[k] for k in kept]
