"""Benchmark: `ruling solve` (logic/solve.py: python-constraint + Z3, exact counting)
against the brute-force baseline of tests/test_solve.py (every role assignment x every
action profile of every night, each resolved by the concrete back end) on the same
observations. Both must give the same world count; prints the times and the ratio.

Run from the repo root:

    python benchmarks/bench_solve.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests"))

from test_solve import brute, setup_of  # noqa: E402

from logic.solve import solve  # noqa: E402

POOL = "roles: Parity Cop, Doctor, Vanilla Townie, Miller, Hooker, Hacker"
INPUTS = {
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
}


def main() -> int:
    print(f"{'input':28} {'worlds':>7} {'solver s':>9} {'brute s':>9} {'ratio':>7}")
    for name, text in INPUTS.items():
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
        print(f"{name:28} {count:>7} {t1 - t0:>9.2f} {t2 - t1:>9.2f} {ratio:>6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
