"""Deterministic limits (issue 26): a `check` query is limited by Z3's resource units, not
by the wall clock, so its verdict does not depend on the machine's load; an over-budget
query is `unknown`, and says why."""

from __future__ import annotations

import time
from pathlib import Path

import z3

from logic.backends import symbolic
from logic.commands.check import Checker
from logic.commands.check.paradoxes import Budget
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
BLOCKERS_PATH = ROOT / "tests" / "rulesets" / "blockers.rules"


def _pigeons(s: z3.Solver, n: int) -> None:
    """n + 1 pigeons in n holes: unsat, and hard for a SAT solver as n grows."""
    x = [[z3.Bool(f"p{i}h{j}") for j in range(n)] for i in range(n + 1)]
    for i in range(n + 1):
        s.add(z3.Or(x[i]))
    for j in range(n):
        for i in range(n + 1):
            for k in range(i + 1, n + 1):
                s.add(z3.Or(z3.Not(x[i][j]), z3.Not(x[k][j])))


def test_work_is_seconds_at_the_measured_rate() -> None:
    assert symbolic.work(10) == int(10 * symbolic.RATES[None])
    assert symbolic.work(10, "blast") == int(10 * symbolic.RATES["blast"])
    assert symbolic.work(0) == 1 and symbolic.work(float("nan")) == 1
    assert symbolic.work(86_400) == symbolic.MAX_RLIMIT  # (a day: Z3's parameter is 32-bit)


def test_an_over_budget_query_is_unknown_and_says_so_the_same_way_each_time() -> None:
    """The same query with the same budget of work ends at the same point: the same
    verdict and the same work, whatever else the machine does (a wall-clock limit ended it
    at a point that depends on the load)."""
    spent = []
    for _ in range(2):
        s = symbolic.Session(0.001, deadline=time.perf_counter() + 60, deterministic=True)
        _pigeons(s.solver, 7)
        before = symbolic.spent()
        assert s.check() == "unknown"
        spent.append(symbolic.spent() - before)
        assert s.reason() == "over its budget of work"
    assert abs(spent[0] - spent[1]) < 10  # (`spent` itself counts a unit or two)
    s = symbolic.Session(60, deadline=time.perf_counter() + 60, deterministic=True)
    _pigeons(s.solver, 4)
    assert s.check() == "unsat"


def test_a_session_can_be_deterministic() -> None:
    s = symbolic.Session(0.001, deadline=time.perf_counter() + 60, deterministic=True)
    _pigeons(s.solver, 7)
    assert s.check() == "unknown" and s.reason() == "over its budget of work"


def test_a_wall_clock_solver_keeps_its_time_limit() -> None:
    """A solver made without `deterministic` (solve's, diff's) is limited as before."""
    s = symbolic.Session(60, deadline=time.perf_counter() + 60)
    _pigeons(s.solver, 4)
    assert s.check() == "unsat"
    assert s.solver not in symbolic._WORKING


def test_a_search_budget_counts_work() -> None:
    b = Budget.of(0.001)
    assert abs(b.work - symbolic.spent() - symbolic.work(0.003)) < 10 and not b.over()
    s = symbolic.make_solver(60, deterministic=True)
    _pigeons(s, 6)
    s.check()
    assert b.over().startswith("over its budget of work")
    assert (
        Budget(symbolic.spent() + 10**9, time.perf_counter() - 1, 1)
        .over()
        .startswith("out of time")
    )


def test_a_check_over_its_budget_reports_its_work() -> None:
    rep = Checker(load_ruleset(BLOCKERS_PATH), players=4, timeout=0.0001).run(("ambiguous",))
    assert rep.unknown and all("over its budget of work" in u for u in rep.unknown), rep.unknown


def test_the_lesser_outcome_is_a_strict_order() -> None:
    """The ambiguity search's symmetry breaking between its two copies: of two outcomes
    that differ, exactly one is the lesser, and an outcome is never less than itself (so
    a scenario with two outcomes is met once, never lost)."""
    from logic.backends.symbolic import lex_less as _lesser

    a = [z3.Bool("a0"), z3.BitVec("a1", symbolic.BITS), z3.Bool("a2")]
    b = [z3.Bool("b0"), z3.BitVec("b1", symbolic.BITS), z3.Bool("b2")]
    same = z3.And([x == y for x, y in zip(a, b, strict=True)])
    s = z3.Solver()
    s.add(z3.Not(z3.If(same, 0, 1) == z3.If(_lesser(a, b), 1, 0) + z3.If(_lesser(b, a), 1, 0)))
    assert s.check() == z3.unsat
