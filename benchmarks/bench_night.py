"""Benchmark: how long `logic.commands.resolve.resolve` takes for one night of Metadata Mafia.

Run from the repo root:

    python benchmarks/bench_night.py [--repeat N] [--json] [--save-baseline PATH]

Two scenarios: a 15-player night with every role that has an ability using it (and the
mafia nightkill), full of interactions, and a quiet 5-player night for scale. For each it
times `resolve` in-process (warm-up, then N repetitions) and each stage on its own (binding
the case, building the PhaseModel with `logic.model.semantics.build_night`, solving it with
`logic.backends.concrete.solve`, reading the outcomes). It then solves the same model by brute force
(every assignment of `model.domains`, kept if it satisfies every equation), checks that both
give the same solutions, and prints the ratio. With a saved baseline file present it also
prints current/saved ratios.

Target: under 50 ms per 15-player night, in-process.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import itertools
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
# Benchmark the code next to this file when run from a checkout; otherwise the installed one.
if (REPO_ROOT / "logic" / "__init__.py").is_file():
    sys.path.insert(0, str(REPO_ROOT))

from logic.backends import concrete  # noqa: E402
from logic.commands.resolve import Binder, forced_completions, read_outcome, resolve  # noqa: E402
from logic.engine import build_night  # noqa: E402
from logic.lang.case import Case, parse_cases  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402
from logic.model.expr import Expr, compile_expr, variables  # noqa: E402
from logic.model.ir import Ruleset, Why  # noqa: E402
from logic.model.semantics import Act, History, PhaseModel  # noqa: E402

RULESET = REPO_ROOT / "casebook" / "metadata-mafia.rules"
DEFAULT_BASELINE = REPO_ROOT / "benchmarks" / "baseline.json"
TARGET_MS = 50.0  # per 15-player night, in-process
BRUTE_FORCE_LIMIT = 2**22  # assignments; above this the brute-force baseline is skipped

# 15 of the 16 roles (no Vanilla Townie). Everyone with an ability uses it; Hank (Hacker)
# carries out the mafia nightkill, so he uses no other action ("CANNOT use their other
# night action"). Interactions:
#   - Jay (Jailer, tier 1) jails Holly (Hooker): Holly's roleblock on Doc never happens.
#   - Hank kills Pat; Doc protects Pat.
#   - Ian (Interceptor, tier 4) targets Mil, whom three Town players visit after him:
#     Paul (Probation Officer, tier 5), Ned (Nosy Neighbor, tier 6) and Tom (Tracker,
#     tier 7, semi-visiting: whether he visits is left open). The first of them dies.
#   - Watcher, Lookout (on Mil), Monitor, Voyeur (on Pat), Stalker (on Paul), Tracker
#     (on Mil) and Parity Cop (on Ian) all check busy players.
BIG_NIGHT = """\
players: Pat is Parity Cop, Tom is Tracker, Wes is Watcher, Doc is Doctor, Jay is Jailer,
  Paul is Probation Officer, Mo is Monitor, Ned is Nosy Neighbor, Mil is Miller,
  Holly is Hooker, Ian is Interceptor, Hank is Hacker, Lou is Lookout, Stan is Stalker,
  Vi is Voyeur
night 1:
  Jay targets Holly
  Holly targets Doc
  Ian targets Mil
  Paul targets Mil
  Ned targets Mil
  Tom targets Mil
  Hank kills Pat
  Doc targets Pat
  Pat targets Ian
  Wes targets Mil
  Lou targets Mil
  Mo targets Pat
  Vi targets Pat
  Stan targets Paul
""".replace(",\n  ", ", ")

# A quiet night: one kill, one protection, one roleblock, two checks.
SMALL_NIGHT = """\
players: Ann is Doctor, Bob is Vanilla Townie, Cat is Watcher, Dan is Hacker, Eve is Hooker
night 1:
  Dan kills Bob
  Ann targets Bob
  Cat targets Bob
  Eve targets Cat
"""

SCENARIOS = (("15-player night", BIG_NIGHT), ("5-player night", SMALL_NIGHT))


# ----------------------------------------------------------------------------- timing


@dataclass
class Timing:
    """Wall-clock samples of one measured call, in milliseconds."""

    samples: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def percentile(self, p: int) -> float:
        if len(self.samples) < 2:
            return self.samples[0]
        return statistics.quantiles(self.samples, n=100, method="inclusive")[p - 1]

    def summary(self) -> dict[str, float | int]:
        return {
            "median_ms": round(self.median, 4),
            "p10_ms": round(self.percentile(10), 4),
            "p90_ms": round(self.percentile(90), 4),
            "n": len(self.samples),
        }


def measure(fn: Callable[[], object], repeat: int, warmup: int) -> Timing:
    for _ in range(warmup):
        fn()
    gc.collect()
    timing = Timing()
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn()
        timing.samples.append((time.perf_counter_ns() - start) / 1e6)
    return timing


# ----------------------------------------------------------------------------- stages


@dataclass
class Night:
    """The single night of a scenario, taken through resolve's stages one by one."""

    binder: Binder
    block_number: int
    scenarios: list[tuple[tuple[Act, ...], tuple[str, ...]]]
    models: list[tuple[PhaseModel, tuple[str, ...]]]


def bind(rs: Ruleset, case: Case, text: str) -> tuple[Binder, list[Any]]:
    """What resolve does before building: bind names, complete forced actions."""
    binder = Binder(rs, case, text)
    (block,) = case.phases
    acts = binder.acts(block, History())
    return binder, forced_completions(binder, block.number, acts, History())


def build(rs: Ruleset, binder: Binder, number: int, scenarios: list[Any]) -> list[Any]:
    return [
        (build_night(rs, binder.players, number, acts, History()), notes)
        for acts, notes, _ in scenarios
    ]


def solve_all(models: list[tuple[PhaseModel, tuple[str, ...]]]) -> list[concrete.Solutions]:
    return [concrete.solve(m.domains, m.equations) for m, _ in models]


def read_all(
    models: list[tuple[PhaseModel, tuple[str, ...]]], sols: list[concrete.Solutions]
) -> int:
    n = 0
    for (model, notes), s in zip(models, sols, strict=True):
        for env in s.models:
            read_outcome(model, env, notes)
            n += 1
    return n


# ----------------------------------------------------------------------------- brute force


Solution = frozenset[tuple[str, Any]]


def used_variables(equations: Sequence[tuple[Expr, Why]]) -> list[str]:
    out: set[str] = set()
    for expr, _ in equations:
        out |= variables(expr)
    return sorted(out)


def project(models: Sequence[dict[str, Any]], names: Sequence[str]) -> set[Solution]:
    return {frozenset((n, m[n]) for n in names) for m in models}


def assignments(domains: dict[str, list[Any]]) -> int:
    n = 1
    for d in domains.values():
        n *= len(d)
    return n


def brute_force(
    domains: dict[str, list[Any]], equations: Sequence[tuple[Expr, Why]]
) -> list[dict[str, Any]]:
    """Every assignment of `domains` that satisfies every equation."""
    checks = [compile_expr(expr) for expr, _ in equations]
    names = list(domains)
    out: list[dict[str, Any]] = []
    for values in itertools.product(*(domains[n] for n in names)):
        env = dict(zip(names, values, strict=True))
        if all(check(env) for check in checks):
            out.append(env)
    return out


# ----------------------------------------------------------------------------- one scenario


def run_scenario(
    rs: Ruleset, name: str, text: str, repeat: int, warmup: int, brute_repeat: int
) -> dict[str, Any]:
    (case,) = parse_cases(text, f"<{name}>")
    res = resolve(rs, case, text)
    binder, scenarios = bind(rs, case, text)
    number = case.phases[0].number
    models = build(rs, binder, number, scenarios)
    if len(models) != 1:
        raise SystemExit(f"{name}: expected one model, got {len(models)} (forced actions?)")
    model = models[0][0]
    sols = solve_all(models)

    timings = {
        "resolve": measure(lambda: resolve(rs, case, text), repeat, warmup),
        "parse_case": measure(lambda: parse_cases(text, f"<{name}>"), repeat, warmup),
        "bind": measure(lambda: bind(rs, case, text), repeat, warmup),
        "build_night": measure(lambda: build(rs, binder, number, scenarios), repeat, warmup),
        "solve": measure(lambda: solve_all(models), repeat, warmup),
        "read_outcomes": measure(lambda: read_all(models, sols), repeat, warmup),
    }

    used = used_variables(model.equations)
    n_assign = assignments(model.domains)
    result: dict[str, Any] = {
        "name": name,
        "players": len(binder.players),
        "acts": len(model.acts),
        "variables": len(model.domains),
        "equations": len(model.equations),
        "assignments": n_assign,
        "solver_models": len(sols[0].models),
        "outcomes": len(res.outcomes()),
        "verdict": res.verdict,
        "timings": {k: t.summary() for k, t in timings.items()},
    }

    if n_assign > BRUTE_FORCE_LIMIT:
        result["brute_force"] = {
            "skipped": f"{n_assign} assignments, more than the limit of {BRUTE_FORCE_LIMIT}",
        }
        return result
    brute = brute_force(model.domains, model.equations)
    got, want = project(sols[0].models, used), project(brute, used)
    if got != want:
        raise AssertionError(
            f"{name}: python-constraint and brute force disagree: "
            f"{len(got - want)} only in python-constraint, {len(want - got)} only in brute force"
        )
    bf = measure(lambda: brute_force(model.domains, model.equations), brute_repeat, 0)
    result["brute_force"] = {
        **bf.summary(),
        "solutions": len(want),
        "ratio": round(bf.median / timings["solve"].median, 1),
    }
    return result


# ----------------------------------------------------------------------------- output

STAGES = ("bind", "build_night", "solve", "read_outcomes")


def print_text(results: list[dict[str, Any]], meta: dict[str, Any]) -> None:
    print(
        f"ruling night benchmark: python {meta['python']}, python-constraint {meta['python_constraint']}, "
        f"repeat {meta['repeat']} (warm-up {meta['warmup']}), logic from {meta['logic']}"
    )
    for r in results:
        t = r["timings"]
        res = t["resolve"]
        print()
        print(
            f"{r['name']}: {r['players']} players, {r['acts']} acts, {r['variables']} variables, "
            f"{r['equations']} equations, {r['assignments']} assignments"
        )
        print(
            f"  {'resolve':<15}median {res['median_ms']:8.3f} ms   p10 {res['p10_ms']:8.3f}   "
            f"p90 {res['p90_ms']:8.3f}   outcomes {r['outcomes']} ({r['solver_models']} solver "
            f"models)   verdict {r['verdict']}"
        )
        total = res["median_ms"]
        for s in STAGES:
            st = t[s]
            share = 100 * st["median_ms"] / total if total else 0.0
            print(
                f"    {s:<13} median {st['median_ms']:8.3f} ms   p10 {st['p10_ms']:8.3f}   "
                f"p90 {st['p90_ms']:8.3f}   ({share:4.1f}% of resolve)"
            )
        pc = t["parse_case"]
        print(f"    (parse_case, outside resolve: median {pc['median_ms']:.3f} ms)")
        bf = r["brute_force"]
        if "skipped" in bf:
            print(f"  brute force skipped: {bf['skipped']}")
        else:
            print(
                f"  brute force over {r['assignments']} assignments gives the same "
                f"{bf['solutions']} solution(s) (median of {bf['n']} runs):"
            )
            print(
                f"  python-constraint: {t['solve']['median_ms']:.3f} ms, "
                f"brute force: {bf['median_ms']:.3f} ms, ratio Y/X {bf['ratio']:.1f}"
            )
    big = results[0]["timings"]["resolve"]["median_ms"]
    verdict = "met" if big < TARGET_MS else "NOT met"
    print()
    print(f"target: under {TARGET_MS:g} ms per 15-player night: {big:.3f} ms, {verdict}")


def compare(results: list[dict[str, Any]], saved: dict[str, Any], path: Path) -> list[str]:
    lines = [
        f"against saved baseline {path} (python {saved.get('meta', {}).get('python', '?')}, "
        f"{saved.get('meta', {}).get('machine', '?')}): ratio current/saved of medians"
    ]
    old = {r["name"]: r for r in saved.get("results", [])}
    for r in results:
        o = old.get(r["name"])
        if o is None:
            lines.append(f"  {r['name']}: not in the saved baseline")
            continue
        parts = []
        for k in ("resolve", *STAGES):
            cur = r["timings"][k]["median_ms"]
            was = o.get("timings", {}).get(k, {}).get("median_ms")
            if was:
                parts.append(f"{k} {cur / was:.2f}")
        lines.append(f"  {r['name']}: " + ", ".join(parts))
        r["vs_saved"] = {
            k: round(r["timings"][k]["median_ms"] / o["timings"][k]["median_ms"], 3)
            for k in ("resolve", *STAGES)
            if o.get("timings", {}).get(k, {}).get("median_ms")
        }
    return lines


def profile(rs: Ruleset, text: str, repeat: int) -> None:
    """cProfile `repeat` resolves of `text`; the top functions go to stderr."""
    import cProfile
    import pstats

    (case,) = parse_cases(text, "<profile>")
    resolve(rs, case, text)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(repeat):
        resolve(rs, case, text)
    prof.disable()
    stats = pstats.Stats(prof, stream=sys.stderr).strip_dirs()
    print(f"cProfile of {repeat} resolves (15-player night), by own time:", file=sys.stderr)
    stats.sort_stats("tottime").print_stats(15)
    print("by cumulative time:", file=sys.stderr)
    stats.sort_stats("cumulative").print_stats(20)


# ----------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--repeat", type=int, default=50, help="timed repetitions (default 50)")
    p.add_argument("--warmup", type=int, default=5, help="untimed runs first (default 5)")
    p.add_argument(
        "--brute-repeat",
        type=int,
        default=3,
        help="timed repetitions of the brute-force baseline (default 3; it is slow)",
    )
    p.add_argument("--rules", type=Path, default=RULESET, help="the ruleset (default: casebook)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument(
        "--profile",
        action="store_true",
        help="also profile REPEAT resolves of the 15-player night with cProfile (to stderr)",
    )
    p.add_argument("--save-baseline", type=Path, metavar="PATH", help="write the results here")
    p.add_argument(
        "--baseline",
        type=Path,
        default=DEFAULT_BASELINE,
        help="compare against this saved file if it exists (default benchmarks/baseline.json)",
    )
    args = p.parse_args(argv)
    if args.repeat < 1 or args.brute_repeat < 1 or args.warmup < 0:
        p.error("--repeat and --brute-repeat must be at least 1, --warmup at least 0")

    if not args.rules.is_file():
        p.error(f"no ruleset at {args.rules} (pass --rules PATH)")

    import logic

    rs = load_ruleset(args.rules)
    meta = {
        "python": platform.python_version(),
        "python_constraint": importlib.metadata.version("python-constraint2"),
        "machine": f"{platform.system()} {platform.machine()} {platform.processor()}".strip(),
        "repeat": args.repeat,
        "warmup": args.warmup,
        "logic": str(Path(logic.__file__ or "").parent),
    }
    results = [
        run_scenario(rs, name, text, args.repeat, args.warmup, args.brute_repeat)
        for name, text in SCENARIOS
    ]

    if args.profile:
        profile(rs, SCENARIOS[0][1], args.repeat)

    baseline_path: Path = args.baseline
    comparison: list[str] = []
    if baseline_path.is_file():
        saved = json.loads(baseline_path.read_text(encoding="utf-8"))
        comparison = compare(results, saved, baseline_path)

    payload = {"meta": meta, "target_ms": TARGET_MS, "results": results}
    if args.json:
        print(json.dumps(payload, indent=2))
    else:
        print_text(results, meta)
        if comparison:
            print()
            print("\n".join(comparison))
    if args.save_baseline is not None:
        out: Path = args.save_baseline
        out.parent.mkdir(parents=True, exist_ok=True)
        saved_payload = {**payload, "results": [_strip(r) for r in results]}
        out.write_text(json.dumps(saved_payload, indent=2) + "\n", encoding="utf-8")
        print(f"saved baseline to {out}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _strip(result: dict[str, Any]) -> dict[str, Any]:
    """A result without its comparison to an older baseline (not part of a baseline)."""
    return {k: v for k, v in result.items() if k != "vs_saved"}


if __name__ == "__main__":
    sys.exit(main())
