"""Benchmark: `ruling solve` (logic/solve.py) against the brute-force baseline of
tests/test_solve.py (every role assignment x every action profile of every night, each
resolved by the concrete back end), and on games brute force cannot finish.

Part 1 runs both on the same observations; both must give the same world count; it
prints both times and the ratio. Part 2 runs the solver alone on the casebook's large
observation files (the 9-player example of issue 4, the same game over 3 nights, a
15-player game on the full 16-role pool) with a time limit, and prints `unknown` when
the limit is hit (as `ruling solve` does).

Run from the repo root:

    python benchmarks/bench_solve.py            # everything (about 15 minutes)
    python benchmarks/bench_solve.py --quick    # the small brute-force games only
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import z3

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests"))

from test_solve import POOL, RS, brute, setup_of  # noqa: E402

from logic.observations import bind, load_observations  # noqa: E402
from logic.solve import solve  # noqa: E402

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


def at_scale(timeout: float, seeds: int, jobs: int) -> None:
    """Each large game once per Z3 random seed: the walk's cost depends on the models
    Z3 returns, and so on the seed (measured: 20 s to 65 s for the 9-player example).
    With `jobs` > 1, each run is `solve`'s portfolio of that many seeds instead."""
    print(
        f"\n{'input (solver only)':30} {'seed':>4} {'worlds':>10} {'solver s':>9} "
        f"{'target':>7} {'nodes':>6}"
    )
    for name, (path, target) in SCALE.items():
        obs, text = load_observations(REPO_ROOT / path)
        setup = bind(RS, obs, text)
        # the portfolio runs seeds 0..jobs-1 itself: once is enough
        for seed in range(seeds if jobs == 1 else 1):
            z3.set_param("smt.random_seed", seed)
            label = str(seed) if jobs == 1 else f"0-{jobs - 1}"
            t0 = time.perf_counter()
            res = solve(setup, timeout=timeout, jobs=jobs)
            dt = time.perf_counter() - t0
            worlds = f"{res.worlds:,}" if res.status == "sat" else res.status
            line = f"{name:30} {label:>4} {worlds:>10} {dt:>9.1f} {target:>6.0f}s {res.nodes:>6}"
            if res.bounds:
                low, high = res.bounds
                line += f"  (between {low:,} and {high:,})"
            print(line, flush=True)
    z3.set_param("smt.random_seed", 0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the small brute-force games only")
    ap.add_argument("--timeout", type=float, default=120.0, help="per large game (s)")
    ap.add_argument("--scale", action="store_true", help="the large solver-only games only")
    ap.add_argument(
        "--seeds", type=int, default=1, help="run each large game under Z3 seeds 0..N-1"
    )
    ap.add_argument("--jobs", type=int, default=1, help="solve's seed portfolio size (default 1)")
    args = ap.parse_args()
    if not args.scale:
        games = SMALL if args.quick else {**SMALL, **LARGE}
        if against_brute_force(games):
            return 1
    if not args.quick:
        at_scale(args.timeout, args.seeds, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
