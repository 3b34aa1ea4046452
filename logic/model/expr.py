"""Owns the small expression language that constraints are written in.

The semantics builds `Expr` trees once; each back end reads them: the concrete back end
compiles them to Python closures for python-constraint, the symbolic back end to Z3
terms. `Label` nodes mark which sentence a sub-formula came from, so the same tree also
yields explanations (`explain`) and unsat cores.

Node kinds: `Const` (a value), `Var` (a variable with a finite domain), `Not`, `And`, `Or`,
`Eq`, `Ite` (if-then-else), `Lt` (integer less-than), `Add` (integer sum), `Label`. Build them with the smart constructors (`conj`, `disj`, `neg`, `eq`, `label`),
which fold constants so concrete scenarios give small formulas.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from logic.model.why import Why

Value = bool | int | str | None
P = ParamSpec("P")
R = TypeVar("R")
Env = Mapping[str, Value]


@dataclass(frozen=True)
class Const:
    value: Value


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Not:
    arg: Expr


@dataclass(frozen=True)
class And:
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Or:
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Eq:
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Ite:
    cond: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True)
class Lt:
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Add:
    """The integer sum of its parts (vote tallies, counts of living players)."""

    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Label:
    arg: Expr
    why: Why = field(compare=False)


Expr = Const | Var | Not | And | Or | Eq | Ite | Lt | Add | Label

TRUE = Const(True)
FALSE = Const(False)


def const(value: Value) -> Const:
    return Const(value)


# ----------------------------------------------------------------------------- sharing

_KEPT: dict[tuple[Any, ...], Expr] | None = None
"""While a phase is built (`interning`), each node the constructors below make, by its
kind and its parts: a node made again is the node made before. The kinds ask each other
the same questions (who committed a crime tonight, who wears a disguise) and built the
same formula again and again: DCTP's 3-player night had 575,000 nodes, 128,000 of them
different, and each back end walks every node it is given."""


@contextlib.contextmanager
def interning() -> Iterator[None]:
    """Share equal nodes made inside the block (the outermost block's table, dropped when
    it ends; a node is the same formula whichever block made it)."""
    global _KEPT
    outer = _KEPT is None
    if outer:
        _KEPT = {}
    try:
        yield
    finally:
        if outer:
            _KEPT = None


def interned(build: Callable[P, R]) -> Callable[P, R]:
    """`build` run inside `interning` (a phase builder's `build`)."""

    @functools.wraps(build)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with interning():
            return build(*args, **kwargs)

    return run


def _part(x: object) -> object:
    """A part's place in a node's key: a variable by its name, a constant by its value
    (the builders make those afresh), anything else by identity (the table keeps the node
    it is a part of, and so the part, alive: the identity is not reused meanwhile)."""
    if type(x) is Var:
        return x.name
    if type(x) is Const:
        return (type(x.value), x.value)
    return id(x)


def _shared(node: Expr, *parts: object) -> Expr:
    """`node`, or the equal node made before it in this build: keyed by its kind and its
    parts (`_part`: a `Why`, not an `Expr`, by identity)."""
    table = _KEPT
    if table is None:
        return node
    return table.setdefault((type(node), *map(_part, parts)), node)


def _value(x: Expr) -> Value | None:
    """The constant value of `x` (seeing through labels and their negation), or None."""
    if isinstance(x, Const):
        return x.value
    if isinstance(x, Label) and isinstance(x.arg, Const):
        return x.arg.value
    if isinstance(x, Not) and isinstance(x.arg, Label) and isinstance(x.arg.arg, Const):
        return not x.arg.arg.value
    return None


def _is_const(x: Expr) -> bool:
    return (
        isinstance(x, Const)
        or (isinstance(x, Label) and isinstance(x.arg, Const))
        or (isinstance(x, Not) and isinstance(x.arg, Label) and isinstance(x.arg.arg, Const))
    )


def neg(x: Expr) -> Expr:
    """Not, folded; a labelled constant keeps its label (so it is still cited when it
    fired), wrapped in a Not that folding sees through."""
    if isinstance(x, Const):
        return Const(not x.value)
    if isinstance(x, Not):
        return x.arg
    return _shared(Not(x), x)


def conj(*xs: Expr) -> Expr:
    """And, folded: a false part (labelled or not) decides; true parts drop unless labelled."""
    out: list[Expr] = []
    for x in xs:
        if _is_const(x):
            if not _value(x):
                return x
            if isinstance(x, Const):
                continue
        out.extend(x.args if isinstance(x, And) else (x,))
    if not out:
        return TRUE
    if len(out) == 1:
        return out[0]
    args = tuple(out)
    return _shared(And(args), *args)


def disj(*xs: Expr) -> Expr:
    """Or, folded: a true part (labelled or not) decides; false parts drop."""
    out: list[Expr] = []
    for x in xs:
        if _is_const(x):
            if _value(x):
                return x
            continue
        out.extend(x.args if isinstance(x, Or) else (x,))
    if not out:
        return FALSE
    if len(out) == 1:
        return out[0]
    args = tuple(out)
    return _shared(Or(args), *args)


def any_of(xs: Iterable[Expr]) -> Expr:
    return disj(*xs)


def all_of(xs: Iterable[Expr]) -> Expr:
    return conj(*xs)


def eq(a: Expr, b: Expr) -> Expr:
    if isinstance(a, Const) and isinstance(b, Const):
        return Const(a.value == b.value)
    return _shared(Eq(a, b), a, b)


def is_const(x: Expr) -> bool:
    """Whether `x` is a constant (seeing through labels)."""
    return _is_const(x)


def ite(c: Expr, a: Expr, b: Expr) -> Expr:
    if _is_const(c):
        return a if _value(c) else b
    if a == b:
        return a
    return _shared(Ite(c, a, b), c, a, b)


def lt(a: Expr, b: Expr) -> Expr:
    if isinstance(a, Const) and isinstance(b, Const):
        return Const(a.value < b.value)  # type: ignore[operator]
    return _shared(Lt(a, b), a, b)


def add(*xs: Expr) -> Expr:
    """The integer sum, folded: constant parts are added up."""
    total = 0
    rest: list[Expr] = []
    for x in xs:
        if isinstance(x, Const):
            total += int(x.value)  # type: ignore[arg-type]
        else:
            rest.extend(x.args if isinstance(x, Add) else (x,))
    if not rest:
        return Const(total)
    if total:
        rest.append(Const(total))
    if len(rest) == 1:
        return rest[0]
    args = tuple(rest)
    return _shared(Add(args), *args)


def at_least(k: int, xs: Sequence[Expr]) -> Expr:
    """At least `k` of the Boolean `xs` hold, as a formula of And/Or (no arithmetic: a
    SAT-based solver reasons about it far better than about a sum of bit-vectors). Each
    sub-question "at least j of xs[i:]" is built once, so the size is about k * len(xs)."""
    memo: dict[tuple[int, int], Expr] = {}

    def go(j: int, i: int) -> Expr:
        if j <= 0:
            return TRUE
        if len(xs) - i < j:
            return FALSE
        if (j, i) not in memo:
            memo[(j, i)] = disj(conj(xs[i], go(j - 1, i + 1)), go(j, i + 1))
        return memo[(j, i)]

    return go(k, 0)


def le(a: Expr, b: Expr) -> Expr:
    return neg(lt(b, a))


def iff(a: Expr, b: Expr) -> Expr:
    if isinstance(a, Const):
        return b if a.value else neg(b)
    if isinstance(b, Const):
        return a if b.value else neg(a)
    if _is_const(a) and _is_const(b):
        return Const(_value(a) == _value(b))
    return _shared(Eq(a, b), a, b)


def implies(a: Expr, b: Expr) -> Expr:
    return disj(neg(a), b)


def label(x: Expr, why: Why) -> Expr:
    """Mark `x` as coming from sentence `why`. Constants stay labelled, so an explanation
    can still cite a sentence that made something statically true or false; `disj`
    drops a labelled false and `conj` a plain true, so folding still works. (A label is
    shared only with one of the same sentence: the same `why`.)"""
    return _shared(Label(x, why), x, why)


def variables(*exprs: Expr, stop: Callable[[str], bool] | None = None) -> set[str]:
    """The names of the variables the expressions mention (each shared subtree visited
    once; none for no expression: a phase where nothing can happen); with `stop`, the walk
    ends at the first name it accepts."""
    out: set[str] = set()
    stack: list[Expr] = list(exprs)
    seen: set[int] = set()
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        match e:
            case Var(name):
                out.add(name)
                if stop is not None and stop(name):
                    return out
            case Not(a) | Label(a, _):
                stack.append(a)
            case And(args) | Or(args) | Add(args):
                stack.extend(args)
            case Eq(a, b) | Lt(a, b):
                stack.extend((a, b))
            case Ite(c, a, b):
                stack.extend((c, a, b))
            case Const():
                pass
    return out


def compile_expr(x: Expr) -> Callable[[Env], Value]:
    """A Python closure that evaluates `x` in an environment (faster than walking). A
    subtree shared within `x` is compiled once (a day's formulas share their votes and
    deaths: compiled as a tree, one Turtle's day took 256,000 calls and a second)."""
    memo: dict[int, tuple[Expr, Callable[[Env], Value]]] = {}

    def comp(x: Expr) -> Callable[[Env], Value]:
        hit = memo.get(id(x))
        if hit is not None and hit[0] is x:
            return hit[1]
        f = _compile(x, comp)
        memo[id(x)] = (x, f)
        return f

    return comp(x)


def _compile(x: Expr, comp: Callable[[Expr], Callable[[Env], Value]]) -> Callable[[Env], Value]:
    """`x`'s closure, its operands compiled by `comp`."""
    match x:
        case Const(v):
            return lambda env: v
        case Var(name):
            return lambda env: env[name]
        case Not(a):
            fa = comp(a)
            return lambda env: not fa(env)
        case And(args):
            fs = tuple(comp(a) for a in args)
            return lambda env: all(f(env) for f in fs)
        case Or(args):
            fs = tuple(comp(a) for a in args)
            return lambda env: any(f(env) for f in fs)
        case Eq(a, b):
            fa, fb = comp(a), comp(b)
            return lambda env: fa(env) == fb(env)
        case Lt(a, b):
            fa, fb = comp(a), comp(b)
            return lambda env: fa(env) < fb(env)  # type: ignore[operator]
        case Ite(c, a, b):
            fc, fa, fb = comp(c), comp(a), comp(b)
            return lambda env: fa(env) if fc(env) else fb(env)
        case Add(args):
            fs = tuple(comp(a) for a in args)
            return lambda env: sum(f(env) for f in fs)  # type: ignore[misc]
        case Label(a, _):
            return comp(a)
    raise AssertionError(f"not an expression: {x!r}")


class Evaluator:
    """The values of expressions in one environment, each shared subtree computed once
    (a formula of chained phases shares its deaths and signals everywhere: walked as a
    tree it blows up)."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.memo: dict[int, tuple[Expr, Value]] = {}

    def __call__(self, x: Expr) -> Value:
        hit = self.memo.get(id(x))
        if hit is not None and hit[0] is x:
            return hit[1]
        v = self._eval(x)
        self.memo[id(x)] = (x, v)
        return v

    def _eval(self, x: Expr) -> Value:
        match x:
            case Const(v):
                return v
            case Var(name):
                return self.env[name]
            case Not(a):
                return not self(a)
            case And(args):
                return all(self(a) for a in args)
            case Or(args):
                return any(self(a) for a in args)
            case Eq(a, b):
                return self(a) == self(b)
            case Lt(a, b):
                return self(a) < self(b)  # type: ignore[operator]
            case Ite(c, a, b):
                return self(a) if self(c) else self(b)
            case Add(args):
                return sum(self(a) for a in args)  # type: ignore[misc]
            case Label(a, _):
                return self(a)
        raise AssertionError(f"not an expression: {x!r}")


def evaluate(x: Expr, env: Env) -> Value:
    return Evaluator(env)(x)


def explain(
    x: Expr,
    env: Env,
    definitions: Mapping[str, Expr],
    depth: int = 3,
    value: Evaluator | None = None,
) -> list[Why]:
    """The sentences that make `x` take its value in `env`: those that fired (their
    labelled part holds) on the way to the value.

    A true conjunction is explained by all its parts, a false one by its false parts; dually
    for disjunctions. A variable is explained through its definition (up to `depth` hops),
    so "Bob's action fails" cites the Jailer's sentence and why the Jailer's action held.
    `value` is an `Evaluator` of `env` to share between calls (its memo is the cost).
    """
    seen: list[Why] = []
    cited: set[Why] = set()  # (`seen` as a set: a list's `in` compared every sentence)
    visited: set[str] = set()
    value = value or Evaluator(env)
    memo = value.memo
    # the ids of the subtrees walked, at each depth
    walked: list[set[int]] = [set() for _ in range(max(depth, 0) + 1)]

    def holds(a: Expr) -> Value:  # (`value`'s memo read here: most calls hit it)
        hit = memo.get(id(a))
        return hit[1] if hit is not None and hit[0] is a else value(a)

    def walk(e: Expr, d: int) -> None:
        # A shared subtree walked again at the same depth adds nothing: the sentences it
        # reaches are cited already, and the definitions it would open are opened. (Walked
        # as a tree, a chained night's explanation ran into hundreds of thousands of steps.)
        # The node's class is told by `type(e) is`, not `match`: explaining what two
        # outcomes differ in was 40% of DCTP's 3-player ambiguity search.
        at = walked[d]
        if id(e) in at:
            return
        at.add(id(e))
        kind = type(e)
        if kind is Label:
            # A sentence is cited when it fired: its labelled part holds.
            why = e.why  # type: ignore[union-attr]
            if why not in cited and holds(e.arg):  # type: ignore[union-attr]
                cited.add(why)
                seen.append(why)
            walk(e.arg, d)  # type: ignore[union-attr]
        elif kind is Var:
            name = e.name  # type: ignore[union-attr]
            if d > 0 and name in definitions and name not in visited:
                visited.add(name)
                walk(definitions[name], d - 1)
        elif kind is And or kind is Or:
            # A true Or is explained by its true parts, a false And by its false parts;
            # otherwise every part counts.
            want = kind is Or
            args = e.args  # type: ignore[union-attr]
            decisive = [a for a in args if bool(holds(a)) == want]
            for a in decisive or args:
                walk(a, d)
        elif kind is Not:
            walk(e.arg, d)  # type: ignore[union-attr]
        elif kind is Eq or kind is Lt:
            walk(e.left, d)  # type: ignore[union-attr]
            walk(e.right, d)  # type: ignore[union-attr]
        elif kind is Ite:
            walk(e.cond, d)  # type: ignore[union-attr]
            walk(e.then if holds(e.cond) else e.other, d)  # type: ignore[union-attr]
        elif kind is Add:
            for a in e.args:  # type: ignore[union-attr]
                walk(a, d)

    walk(x, depth)
    return seen


def unfired(x: Expr, env: Env, definitions: Mapping[str, Expr], depth: int = 3) -> list[Why]:
    """The sentences that could have made `x` true in `env` and did not apply: for a
    false `x` (a death that did not happen), the labelled parts on its decisive paths
    whose labelled part is false (the Interceptor's sentence, when no town player
    visited first; the nightkill, when nobody was attacked). `explain` gives the other
    half, the sentences that fired against it (the Doctor's protection)."""
    seen: list[Why] = []
    visited: set[str] = set()
    value = Evaluator(env)
    walked: set[tuple[int, bool, int]] = set()  # as in `explain`

    def walk(e: Expr, positive: bool, d: int) -> None:
        key = (id(e), positive, d)
        if key in walked:
            return
        walked.add(key)
        match e:
            case Var(name):
                if d > 0 and name in definitions and name not in visited:
                    visited.add(name)
                    walk(definitions[name], positive, d - 1)
            case Label(a, why):
                if positive and not value(a) and why not in seen:
                    seen.append(why)
                walk(a, positive, d)
            case Not(a):
                walk(a, not positive, d)
            case And(args) | Or(args):
                want = isinstance(e, Or)
                decisive = [a for a in args if bool(value(a)) == want]
                for a in decisive or args:
                    walk(a, positive, d)

    walk(x, True, depth)
    return seen


def show(x: Expr) -> str:
    """A readable rendering, for debugging and `--json` dumps."""
    match x:
        case Const(v):
            return repr(v)
        case Var(name):
            return name
        case Not(a):
            return f"not {show(a)}"
        case And(args):
            return "(" + " and ".join(show(a) for a in args) + ")"
        case Or(args):
            return "(" + " or ".join(show(a) for a in args) + ")"
        case Eq(a, b):
            return f"{show(a)} == {show(b)}"
        case Lt(a, b):
            return f"{show(a)} < {show(b)}"
        case Ite(c, a, b):
            return f"({show(a)} if {show(c)} else {show(b)})"
        case Add(args):
            return "(" + " + ".join(show(a) for a in args) + ")"
        case Label(a, _):
            return show(a)
    raise AssertionError(x)


def labels(x: Expr) -> list[Why]:
    """Every sentence labelled anywhere in `x`, in first-seen order. Each shared subtree
    is walked once (the lasting states of chained nights share most of each night: the
    werewolf pool's `--nights 2` walked its drained powers as a tree, for over 30 minutes);
    a subtree met again adds only sentences already seen."""
    out: list[Why] = []
    stack: list[Expr] = [x]
    seen: set[int] = set()  # (ids of nodes of `x`: alive while it is)
    while stack:
        e = stack.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        match e:
            case Label(a, why):
                if why not in out:
                    out.append(why)
                stack.append(a)
            case Not(a):
                stack.append(a)
            case And(args) | Or(args) | Add(args):
                stack.extend(reversed(args))
            case Eq(a, b) | Lt(a, b):
                stack.extend((b, a))
            case Ite(c, a, b):
                stack.extend((b, a, c))
            case Const() | Var():
                pass
    return out


def rename(
    x: Expr, f: Callable[[str], str], memo: dict[int, tuple[Expr, Expr]] | None = None
) -> Expr:
    """`x` with every variable name mapped by `f` (labels kept). Shared subtrees stay
    shared: pass one `memo` to every call over the same model. (The chained nights
    rename every node of every night: dispatch on the node's type, not `match`.)"""
    memo = {} if memo is None else memo
    names: dict[str, Var] = {}  # old name -> the one renamed variable

    def r(x: Expr) -> Expr:
        hit = memo.get(id(x))
        if hit is not None and hit[0] is x:
            return hit[1]
        t = type(x)
        out: Expr
        if t is Const:
            return x
        if t is Var:
            name = x.name  # type: ignore[union-attr]
            var = names.get(name)
            if var is None:
                var = names[name] = Var(f(name))
            return var
        elif t is And:
            out = And(tuple(r(a) for a in x.args))  # type: ignore[union-attr]
        elif t is Or:
            out = Or(tuple(r(a) for a in x.args))  # type: ignore[union-attr]
        elif t is Not:
            out = Not(r(x.arg))  # type: ignore[union-attr]
        elif t is Eq:
            out = Eq(r(x.left), r(x.right))  # type: ignore[union-attr]
        elif t is Label:
            out = Label(r(x.arg), x.why)  # type: ignore[union-attr]
        elif t is Ite:
            out = Ite(r(x.cond), r(x.then), r(x.other))  # type: ignore[union-attr]
        elif t is Lt:
            out = Lt(r(x.left), r(x.right))  # type: ignore[union-attr]
        elif t is Add:
            out = Add(tuple(r(a) for a in x.args))  # type: ignore[union-attr]
        else:
            raise AssertionError(f"not an expression: {x!r}")
        memo[id(x)] = (x, out)
        return out

    return r(x)
