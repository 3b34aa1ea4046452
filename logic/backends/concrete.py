"""Owns the concrete back end: python-constraint solves a PhaseModel whose scenario is
fixed (roles, actions and targets known). Every python-constraint call lives here.

`solve` returns every assignment of the outcome variables that satisfies all equations,
or says `unknown` when the time budget runs out. `minimal_core` shrinks an unsatisfiable
set of equations to a minimal one (deletion-based), so a paradox names its sentences.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from constraint import FunctionConstraint, Problem

from logic.model.expr import Expr, compile_expr, evaluate, is_const, variables
from logic.model.ir import Why

Status = Literal["sat", "unsat", "unknown"]

DEFAULT_TIMEOUT = 10.0
MAX_SOLUTIONS = 100_000


@dataclass
class Solutions:
    status: Status
    models: list[dict[str, Any]]
    seconds: float


def _constraint(expr: Expr, names: list[str]) -> FunctionConstraint:
    f = compile_expr(expr)

    def check(*values: Any) -> bool:
        return bool(f(dict(zip(names, values, strict=True))))

    return FunctionConstraint(check)


def _problem(
    domains: dict[str, list[Any]], equations: Sequence[tuple[Expr, Why]]
) -> Problem | None:
    """The python-constraint problem of `equations`; None when a constant one is false."""
    problem = Problem()
    for expr, _ in equations:
        if is_const(expr):
            if not evaluate(expr, {}):
                return None
            continue
        names = sorted(variables(expr))
        for n in names:
            if n not in problem._variables:
                problem.addVariable(n, list(domains[n]))
        problem.addConstraint(_constraint(expr, names), names)
    return problem


def solve(
    domains: dict[str, list[Any]],
    equations: Sequence[tuple[Expr, Why]],
    timeout: float = DEFAULT_TIMEOUT,
    free: Sequence[str] = (),
) -> Solutions:
    """All models of `equations` over `domains` (sat with models, or unsat, or unknown).
    Variables in `free` take every value of their domain even where no equation mentions
    them (random draws that only an outcome's texts read)."""
    start = time.perf_counter()
    problem = _problem(domains, equations)
    if problem is None:
        return Solutions("unsat", [], time.perf_counter() - start)
    used = set(problem._variables)
    spread = [n for n in free if n in domains and n not in used]
    # Other variables no equation mentions take their first value: they cannot change an
    # outcome.
    fixed = {n: d[0] for n, d in domains.items() if n not in used and n not in spread}
    sols: Any = problem.getSolutionIter() if used else iter([{}])
    models: list[dict[str, Any]] = []
    for sol in sols:
        for values in itertools.product(*(domains[n] for n in spread)):
            models.append({**fixed, **sol, **dict(zip(spread, values, strict=True))})
        if len(models) >= MAX_SOLUTIONS or time.perf_counter() - start > timeout:
            return Solutions("unknown", models, time.perf_counter() - start)
    status: Status = "sat" if models else "unsat"
    return Solutions(status, models, time.perf_counter() - start)


def satisfiable(
    domains: dict[str, list[Any]], equations: Sequence[tuple[Expr, Why]], timeout: float
) -> Status:
    start = time.perf_counter()
    problem = _problem(domains, equations)
    if problem is None:
        return "unsat"
    if not problem._variables:
        return "sat"
    found = problem.getSolution() is not None
    if time.perf_counter() - start > timeout:
        return "unknown"
    return "sat" if found else "unsat"


def minimal_core(
    domains: dict[str, list[Any]],
    equations: Sequence[tuple[Expr, Why]],
    timeout: float = DEFAULT_TIMEOUT,
) -> list[tuple[Expr, Why]] | None:
    """A minimal unsatisfiable subset of `equations` (None if the budget runs out)."""
    start = time.perf_counter()
    core = list(equations)
    i = 0
    while i < len(core):
        left = timeout - (time.perf_counter() - start)
        if left <= 0:
            return None
        trial = core[:i] + core[i + 1 :]
        status = satisfiable(domains, trial, left)
        if status == "unknown":
            return None
        if status == "unsat":
            core = trial
        else:
            i += 1
    return core
