"""Benchmark: `ruling solve` (logic/commands/solve/) against the brute-force baseline of
tests/test_solve.py (every role assignment x every action profile of every night, each
resolved by the concrete back end), and on games brute force cannot finish.

Part 1 runs both on the same observations; both must give the same world count; it
prints both times and the ratio. Part 2 runs the solver alone on the casebook's large
observation files (the 9-player example of issue 4, the same game over 3 nights, a
15-player game on the full 16-role pool), `--repeat` times each, and prints the best
and median times (the build of the nights and the cover apart), against each game's
target, and the ratio to a saved baseline (`benchmarks/solve-baseline.json`: the
figures of the solver before the cover, measured on this machine; `--save-baseline
PATH` writes the current figures instead).

Run from the repo root:

    python benchmarks/bench_solve.py            # everything (about 15 minutes)
    python benchmarks/bench_solve.py --quick    # the small brute-force games only
    python benchmarks/bench_solve.py --scale    # the large games only (about a minute)
    python benchmarks/bench_solve.py --against 1c2b579   # solve --suggest, then and now
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests"))

from test_solve import POOL, RS, brute, setup_of  # noqa: E402

from logic.commands.solve import Solver, SolveResult, solve, without_gc  # noqa: E402
from logic.lang.observations import (  # noqa: E402
    Setup,
    bind,
    load_observations,
)

SMALL = {
    "3 players, 1 night": f"""observations "a"
  players: Ann, Bob, Cid
  factions: 1 Mafia
  {POOL}
  I am Ann, Parity Cop
  night 1: I target Bob; I learn "null"
  claims: Bob claims Doctor
""",
    "4 players, 2 nights": f"""observations "b"
  players: Ann, Bob, Cid, Dee
  factions: 1 Mafia
  {POOL}
  I am Ann, Parity Cop
  night 1: I target Bob; I learn "null"
  night 2: I target Cid; I learn "odd"
""",
    "4 players, death + flip": f"""observations "c"
  players: Ann, Bob, Cid, Dee
  factions: 1 Mafia
  {POOL}
  I am Ann, Doctor
  night 1: I target Bob; Cid died; Cid was Vanilla Townie
  claims: Bob claims Miller
""",
    "5 players, 1 night, death": f"""observations "d"
  players: Ann, Bob, Cid, Dee, Eve
  factions: 1 Mafia
  {POOL}
  I am Ann, Parity Cop
  night 1: I target Bob; I learn "null"; Cid died
  claims: Bob claims Doctor; Bob says he targeted Cid on night 1
""",
}
LARGE = {  # brute force: the largest size it finishes within 10 minutes here
    "5 players, 2 nights": f"""observations "e"
  players: Ann, Bob, Cid, Dee, Eve
  factions: 1 Mafia
  {POOL}
  I am Ann, Parity Cop
  night 1: I target Bob; I learn "null"
  night 2: I target Cid; I learn "odd"
  claims: Bob claims Doctor
""",
    "6 players, 1 night, 7 roles": """observations "f"
  players: Ann, Bob, Cid, Dee, Eve, Fay
  factions: 2 Mafia
  roles: Parity Cop, Doctor, Vanilla Townie, Miller, Hooker, Hacker, Lookout
  I am Ann, Parity Cop
  night 1: I target Bob; I learn "null"; Cid died
  claims: Bob claims Doctor
""",
}
SCALE = {  # solver only, with its target time
    "9 players, 2 nights (issue 4)": ("casebook/metadata-mafia/nine.obs", 2.0),
    "9 players, 3 nights": ("casebook/metadata-mafia/nine-3-nights.obs", 2.0),
    "15 players, 3 nights, 16 roles": ("casebook/metadata-mafia/fifteen.obs", 10.0),
}


def against_brute_force(games: dict[str, str]) -> int:
    print(f"{'input':30} {'worlds':>7} {'solver s':>9} {'brute s':>9} {'ratio':>8}")
    for name, text in games.items():
        setup = setup_of(text)
        t0 = time.perf_counter()
        res = solve(setup, timeout=600)
        t1 = time.perf_counter()
        count, _ = brute(setup)
        t2 = time.perf_counter()
        if res.worlds != count:
            print(f"{name}: MISMATCH solver {res.worlds} brute force {count}")
            return 1
        ratio = (t2 - t1) / (t1 - t0)
        print(f"{name:30} {count:>7} {t1 - t0:>9.2f} {t2 - t1:>9.1f} {ratio:>7.0f}x", flush=True)
    return 0


def at_scale(timeout: float, repeat: int, saved: dict[str, Any]) -> dict[str, float]:
    """Each large game `repeat` times, in this process: the build of the nights (the
    chain and its Z3 terms), the cover and the count; the best total against the target
    and the saved baseline."""
    print(
        f"\n{'input (solver only)':32} {'worlds':>13} {'build s':>8} {'cover s':>8} "
        f"{'best s':>7} {'median':>7} {'target':>7} {'baseline':>9} {'ratio':>7}"
    )
    best: dict[str, float] = {}
    baseline: dict[str, float] = saved.get("seconds", {})
    unfinished = set(saved.get("unfinished", ()))  # the baseline ran out of time there
    for name, (path, target) in SCALE.items():
        obs, text = load_observations(REPO_ROOT / path)
        setup = bind(RS, obs, text)
        runs = []
        for _ in range(repeat):
            runs.append(timed(setup, timeout))
            gc.collect()  # the garbage of one run is not the next run's to collect
        total, build, cover, res = min(runs, key=lambda r: r[0])
        best[name] = total
        worlds = f"{res.worlds:,}" if res.status == "sat" else res.status
        old = baseline.get(name)
        more = ">" if name in unfinished else ""
        if old:
            versus = f"{more + f'{old:.1f}':>8}s {more + f'{old / total:.0f}':>6}x"
        else:
            versus = f"{'-':>9} {'-':>7}"
        print(
            f"{name:32} {worlds:>13} {build:>8.2f} {cover:>8.2f} {total:>7.2f} "
            f"{statistics.median(r[0] for r in runs):>7.2f} {target:>6.0f}s {versus}",
            flush=True,
        )
        print(
            f"{'':32} {res.witnesses} witnesses, {res.boxes} inconsistent boxes, "
            f"{res.queries} solver queries"
            + (f", unknown: {res.unknown}" if res.status == "unknown" else "")
        )
    return best


@without_gc  # as solve() runs
def timed(setup: Setup, timeout: float) -> tuple[float, float, float, SolveResult]:
    """One count: (total, build of the nights, cover and count) in seconds, the result."""
    t0 = time.perf_counter()
    sv = Solver(setup, timeout=timeout)
    t1 = time.perf_counter()
    res = sv.run()
    t2 = time.perf_counter()
    return t2 - t0, t1 - t0, t2 - t1, res


BASELINE = REPO_ROOT / "benchmarks" / "solve-baseline.json"


def suggest_against(rev: str, repeat: int) -> int:
    """`ruling solve --suggest` on ann.obs and nine.obs under commit REV and this tree (whole
    commands, in one run; see `against.py`): both times and the targets' order."""
    sys.path.insert(0, str(REPO_ROOT / "benchmarks"))
    from against import Tree, compare

    old, new = Tree.at(rev), Tree.here()
    rules = "casebook/metadata-mafia.rules"
    games = ["casebook/metadata-mafia/ann.obs", "casebook/metadata-mafia/nine.obs"]
    # a generous --timeout: the default (120 s, on the wall clock) cuts a count short on a
    # loaded machine, and a ranking with unknowns is not the work to compare
    commands = [
        (g.rsplit("/", 1)[1], ["solve", rules, g, "--suggest", "--json", "--timeout", "1800"])
        for g in games
    ]
    print(f"solve --suggest, wall time (start-up included), {old.name} vs this tree, in one run")
    for label, olds, news in compare(commands, old, new, repeat):
        a, b = olds[0], news[0]
        print(
            f"{label:10} {old.name}: {a.seconds:6.1f} s wall, {a.cpu:6.1f} s CPU   "
            f"now: {b.seconds:6.1f} s wall, {b.cpu:6.1f} s CPU   "
            f"CPU x{b.cpu / max(a.cpu, 1e-9):.2f}"
        )
        for tree, r in ((old.name, a), ("now", b)):
            try:
                tips = json.loads(r.out)["suggest"] or []
            except ValueError:
                print(f"    {tree}: exit {r.code}, no JSON")
                continue
            order = ", ".join(
                f"{t['target']} unknown (out of time)"
                if t["unknown"]
                else f"{t['target']} {t['expected_worlds_left']:,.0f} left"
                if "expected_worlds_left" in t
                else f"{t['target']} {t['gain_bits']:.2f} bits"
                for t in tips
            )
            print(f"    {tree:>9}: {order}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the small brute-force games only")
    ap.add_argument("--scale", action="store_true", help="the large solver-only games only")
    ap.add_argument("--timeout", type=float, default=120.0, help="per large game (s)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each large game (best taken)")
    ap.add_argument("--save-baseline", type=Path, metavar="PATH", help="write the best times here")
    ap.add_argument("--against", metavar="REV", help="solve --suggest against commit REV")
    args = ap.parse_args()
    if args.against:
        return suggest_against(args.against, 1)
    if not args.scale:
        games = SMALL if args.quick else {**SMALL, **LARGE}
        if against_brute_force(games):
            return 1
    if not args.quick:
        saved = json.loads(BASELINE.read_text()) if BASELINE.is_file() else {}
        best = at_scale(args.timeout, args.repeat, saved)
        if saved:
            print(f"\nbaseline: {saved.get('what', BASELINE)}")
        if args.save_baseline:
            args.save_baseline.write_text(json.dumps({"seconds": best}, indent=2) + "\n")
            print(f"saved to {args.save_baseline}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
