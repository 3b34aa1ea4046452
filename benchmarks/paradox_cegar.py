"""An experiment on the paradox search's refinement (issue 26): how many rounds of
`Checker.paradoxes`' CEGAR a ruleset needs, and what each costs, with other blocks.

    python benchmarks/paradox_cegar.py casebook/R.rules MODE [--players 4] [--cpu 120]
        [--solver QF_FD] [--trace]

The loop is the command's (a candidate scenario from the outer solver; an outcome that
fits it from the inner one; if none fits, a paradox, its class blocked; else the
scenarios that outcome fits are excluded), without the shrinking of a paradox and with
no limit but `--cpu` seconds of CPU. What differs is the block added for an outcome o
that fits the candidate s*, Not(valid(s, o(s))), where o(s) must equal o at s* (so s*
is excluded) and may be any function of the scenario s (every scenario excluded has the
outcome o(s): no paradox is lost):

  const   o(s) = o: every outcome variable fixed, as `check` does today
  prefer  as const, but the inner solver is first asked for an outcome whose open
          readings (reach, early, open, reading, game, winner) are all false or 0
  least   each outcome variable but ok:i is the least value its equations allow, given
          the scenario and o's other values (an if-then-else over its domain); o is
          first made the least such outcome at s* (ok:i fixed as in const)
  taken   ok:i is "slot i is taken" where o has it take place or the slot idle in s*
          (other variables as prefer)
  jacobi  ok:i is its definition with every other outcome variable at o's value
  core    as const, but the block is only the candidate's scenario values that an unsat
          core of "o does not fit" keeps (a clause over the scenario, not a copy of the
          night); `leastcore` the same over least's outcome; `mincore` that core made
          minimal, one value at a time. (Measured on Turtle's 4-player night, 26 Nov:
          cores of ~30 of its 68 scenario values, ~24 minimal, ~22 over least's
          outcome: each block excludes few scenarios; 4,500 rounds in 120 s CPU did
          not end.)
  generic one block first whose outcome is a function of the scenario (ok:i from "slot
          i taken" through `ROUNDS` Jacobi steps of its definition, each reading the
          least its equations allow), then as least (met a paradox of Turtle's 4-player
          night in 2 rounds, but each candidate query then took 64-138 s)

Environment: `ROUNDS` (generic's Jacobi steps, default 8), `SIMP=1` (each block
simplified by Z3 before it is added: Turtle's 3-player night 91 -> 76 s CPU).

It prints every 20 rounds the CPU seconds of the candidate and the inner queries, each
paradox met (its class, not shrunk), and at the end the rounds and whether the search
ended. `--solver` is the solvers' logic (default: Z3's default solver, as `check`).
`--trace` prints each round's ok vector, taken slots, open readings set and class.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import z3

ROOT = Path(__file__).resolve().parent.parent
if (ROOT / "logic").is_dir():
    sys.path.insert(0, str(ROOT))

from logic.backends import symbolic  # noqa: E402
from logic.commands.check import NAMES, Night  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402
from logic.model.expr import variables  # noqa: E402

MODES = ("const", "prefer", "least", "taken", "jacobi", "core", "leastcore", "mincore", "generic")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("ruleset")
    ap.add_argument("mode", choices=MODES)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--cpu", type=float, default=120.0)
    ap.add_argument("--solver", default=None)
    ap.add_argument("--trace", action="store_true")
    args = ap.parse_args(argv)
    mode = args.mode

    c0 = time.process_time()
    n = Night(load_ruleset(args.ruleset), NAMES[: args.players])
    print(f"night built in {time.process_time() - c0:.2f} s CPU")
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

    def undefined(t: Any) -> Any:
        """`t` with every auxiliary name replaced by its definition (as `check` does)."""
        for _ in range(len(aux) + 1):
            then, t = t, symbolic.substitute(t, aux)
            if t.eq(then):
                break
        return t

    body = undefined(z3.And(inner))
    ok_defs = {
        v: undefined(n.enc.term(n.model.definitions[v]))
        for v in primary
        if v.startswith("ok:") and v in n.model.definitions
    }
    free = [v for v in primary if not v.startswith("ok:")]
    eqs_of: dict[str, list[Any]] = {}  # the equations naming each open variable
    for expr, _ in n.model.equations:
        names = variables(expr)
        if names <= scen:
            continue
        term = None
        for v in free:
            if v in names:
                term = term if term is not None else undefined(n.enc.term(expr))
                eqs_of.setdefault(v, []).append(term)
    prefs = [z3.Not(x) if z3.is_bool(x) else x == symbolic.value(0) for x in map(n.enc.var, free)]
    print(
        f"{len(scen)} scenario variables, {len(primary)} outcome variables fixed by a block "
        f"({len(free)} open readings), {len(defined)} defined"
    )

    candidates = symbolic.make_solver(3600, args.solver)
    candidates.add(outer)
    if mode == "generic":
        t = time.process_time()
        candidates.add(
            z3.Not(
                symbolic.substitute(
                    body,
                    _generic(n, primary, free, eqs_of, ok_defs, int(os.environ.get("ROUNDS", "8"))),
                )
            )
        )
        print(f"generic block made in {time.process_time() - t:.2f} s CPU", flush=True)
        mode = "least"
    fits = symbolic.make_solver(3600, args.solver)
    fits.add(inner)
    rounds, t_cand, t_fits, t_core, found = 0, 0.0, 0.0, 0.0, []
    sizes: list[int] = []
    start = time.process_time()
    ended = False
    while time.process_time() - start < args.cpu:
        t = time.process_time()
        r = candidates.check()
        t_cand += time.process_time() - t
        if r != z3.sat:
            ended = r == z3.unsat
            break
        m = candidates.model()
        env = {v: symbolic.read(m, n.enc.var(v)) for v in sorted(scen)}
        fix = [n.enc.var(v) == symbolic.value(x) for v, x in env.items()]
        t = time.process_time()
        r = fits.check(*fix, *prefs) if mode in ("prefer", "taken") else z3.unknown
        if r != z3.sat:
            r = fits.check(*fix)
        t_fits += time.process_time() - t
        rounds += 1
        if r == z3.unsat:
            found.append(n.klass(env))
            print(f"paradox: {n.klass(env)}", flush=True)
            candidates.add(n.block(n.klass(env)))
            continue
        o = fits.model()
        vals = {v: o.eval(n.enc.var(v), model_completion=True) for v in primary}
        if mode in ("least", "leastcore"):
            sub = _least(n, primary, free, eqs_of, env, vals)
        elif mode == "taken":
            sub = []
            for v in primary:
                x = n.enc.var(v)
                if v.startswith("ok:"):
                    taken = n.enc.term(n.scenario.taken(int(v.split(":")[1])))
                    was = z3.is_true(m.eval(taken, model_completion=True))
                    sub.append((x, taken if z3.is_true(vals[v]) or not was else vals[v]))
                else:
                    sub.append((x, vals[v]))
        elif mode == "jacobi":
            consts = [(n.enc.var(v), vals[v]) for v in primary]
            sub = [
                (n.enc.var(v), symbolic.substitute(ok_defs[v], consts) if v in ok_defs else vals[v])
                for v in primary
            ]
        else:
            sub = [(n.enc.var(v), vals[v]) for v in primary]
        if mode in ("core", "leastcore", "mincore", "generic"):
            t = time.process_time()
            gen = z3.SolverFor("QF_FD") if mode != "core" else z3.Solver()
            gen.add(z3.Not(symbolic.substitute(body, sub)))
            gen.add(*[f for v, f in zip(env, fix, strict=True) if v.startswith("on:")])
            marks = {
                z3.Bool(f"at:{v}"): f
                for v, f in zip(env, fix, strict=True)
                if not v.startswith("on:")
            }
            gen.add(*[z3.Implies(p, f) for p, f in marks.items()])
            assert gen.check(*marks) == z3.unsat
            core = list(gen.unsat_core())
            if mode in ("mincore", "leastcore"):
                i = 0
                while i < len(core):
                    trial = core[:i] + core[i + 1 :]
                    if gen.check(*trial) == z3.unsat:
                        smaller = list(gen.unsat_core())
                        core = smaller if len(smaller) < len(trial) else trial
                    else:
                        i += 1
            t_core += time.process_time() - t
            sizes.append(len(core))
            candidates.add(z3.Not(z3.And([marks[p] for p in core])))
        else:
            blk = z3.Not(symbolic.substitute(body, sub))
            candidates.add(z3.simplify(blk) if os.environ.get("SIMP") else blk)
        if args.trace:
            oks = "".join("1" if z3.is_true(vals[v]) else "0" for v in primary if v[:3] == "ok:")
            taken = "".join("1" if env.get(n.action_names()[k]) else "0" for k in range(len(oks)))
            on = [v for v in free if not z3.is_false(vals[v]) and str(vals[v]) != "0"]
            print(f"ok {oks} taken {taken} open {on} {n.klass(env)}")
        if rounds % 20 == 0:
            print(
                f"{rounds} rounds: candidates {t_cand:.1f} s, fits {t_fits:.1f} s, "
                f"cores {t_core:.1f} s (mean size {sum(sizes) / max(1, len(sizes)):.1f})",
                flush=True,
            )
    print(
        f"{'ended' if ended else 'not ended'} after {rounds} rounds: candidates {t_cand:.1f} s, "
        f"fits {t_fits:.1f} s CPU; paradoxes met: {found}"
    )
    return 0


def _generic(
    n: Night,
    primary: list[str],
    free: list[str],
    eqs_of: dict[str, list[Any]],
    ok_defs: dict[str, Any],
    rounds: int | None = None,
) -> list[tuple[Any, Any]]:
    """An outcome as a function of the scenario: ok:i from "slot i taken" through
    `rounds` Jacobi steps of its definition (default: as many as slots), each open
    reading the least value its equations allow given the others (Gauss-Seidel)."""
    oks = [v for v in primary if v.startswith("ok:")]
    cur: dict[str, Any] = {}
    for v in oks:
        cur[v] = n.enc.term(n.scenario.taken(int(v.split(":")[1])))
    for v in free:
        cur[v] = symbolic.value(sorted(n.model.domains[v])[0])

    def readings() -> None:
        for v in free:
            if v not in eqs_of:
                continue
            dom = sorted(n.model.domains[v])
            others = [(n.enc.var(w), cur[w]) for w in primary if w != v]
            both = symbolic.substitute(z3.And(eqs_of[v]), others)
            term = symbolic.value(dom[-1])
            for d in reversed(dom[:-1]):
                dv = symbolic.value(d)
                term = z3.If(symbolic.substitute(both, [(n.enc.var(v), dv)]), dv, term)
            cur[v] = term

    readings()
    for _ in range(rounds if rounds is not None else len(oks)):
        pairs = [(n.enc.var(w), cur[w]) for w in primary]
        new = symbolic.substitute_all([ok_defs.get(v, cur[v]) for v in oks], pairs)
        cur.update(zip(oks, new, strict=True))
        readings()
    return [(n.enc.var(v), cur[v]) for v in primary]


def _least(
    n: Night,
    primary: list[str],
    free: list[str],
    eqs_of: dict[str, list[Any]],
    env: dict[str, Any],
    vals: dict[str, Any],
) -> list[tuple[Any, Any]]:
    """The block's outcome of mode `least`: `vals` made the least outcome at the
    candidate `env` (each open variable lowered while its equations hold, until none
    can be), then each open variable as the least value its equations allow."""
    at = [(n.enc.var(v), symbolic.value(x)) for v, x in env.items()]

    def allowed(x: str, d: Any) -> bool:
        pr = [(n.enc.var(w), d if w == x else vals[w]) for w in primary]
        return all(
            z3.is_true(z3.simplify(symbolic.substitute(e, at + pr))) for e in eqs_of.get(x, [])
        )

    lowered = True
    while lowered:
        lowered = False
        for x in free:
            for d in sorted(n.model.domains[x]):
                dv = symbolic.value(d)
                if z3.is_true(z3.simplify(dv == vals[x])):
                    break
                if allowed(x, dv):
                    vals[x], lowered = dv, True
                    break
    sub = []
    for v in primary:
        if v.startswith("ok:") or v not in eqs_of:
            sub.append((n.enc.var(v), vals[v]))
            continue
        dom = sorted(n.model.domains[v])
        others = [(n.enc.var(w), vals[w]) for w in primary if w != v]
        term = symbolic.value(dom[-1])
        for d in reversed(dom[:-1]):
            dv = symbolic.value(d)
            holds = symbolic.substitute(z3.And(eqs_of[v]), [*others, (n.enc.var(v), dv)])
            term = z3.If(holds, dv, term)
        sub.append((n.enc.var(v), term))
    return sub


if __name__ == "__main__":
    sys.exit(main())
