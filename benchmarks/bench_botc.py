"""Benchmark: `ruling solve` on the Trouble-Brewing-only puzzles of jndean/Clockchecker
(casebook/trouble-brewing/nqt-NN.obs: the "Not Quite Tangible" series by
u/Not_Quite_Vertical), each in this process, CPU seconds; with `--clockchecker DIR` (a
checkout of github.com/jndean/Clockchecker: its `clockchecker/` and `puzzles.py`),
Clockchecker's own solver on the same puzzles in the same run, in one process
(`num_processes=1`), in a child interpreter of Python 3.12 or later (Clockchecker's
syntax needs it: `--cc-python`), CPU seconds measured inside it; then both times per
puzzle, their totals, the worst, and the ratio.

Run from the repo root:

    python benchmarks/bench_botc.py
    python benchmarks/bench_botc.py --clockchecker /tmp/cc --cc-python python3.12
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from logic.commands.solve.clocktower import solve_clocktower  # noqa: E402
from logic.lang.observations import load_observations  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402

RULES = REPO_ROOT / "casebook" / "trouble-brewing.rules"
PUZZLES = REPO_ROOT / "casebook" / "trouble-brewing"

# Clockchecker's side, run in its own interpreter: each puzzle's CPU seconds and worlds
CC_SCRIPT = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import puzzles
from clockchecker import solve
out = {}
for name in sys.argv[2:]:
    definition = getattr(puzzles, name)()
    start = time.process_time()
    worlds = list(solve(definition.puzzle, num_processes=1))
    out[name] = [time.process_time() - start, len(worlds)]
print(json.dumps(out))
"""


def clockchecker_name(obs_title: str) -> str:
    """`NQT3a` -> `puzzle_NQT3a` (the observation file keeps the puzzle's own name)."""
    return f"puzzle_{obs_title}"


def ours() -> dict[str, tuple[float, int]]:
    rs = load_ruleset(RULES)
    out = {}
    for path in sorted(PUZZLES.glob("*.obs")):
        obs, _ = load_observations(path)
        start = time.process_time()
        got = solve_clocktower(rs, obs)
        out[obs.title] = (time.process_time() - start, len(got.worlds))
    return out


def theirs(directory: Path, python: str, titles: list[str]) -> dict[str, tuple[float, int]]:
    names = [clockchecker_name(t) for t in titles]
    done = subprocess.run(
        [python, "-c", CC_SCRIPT, str(directory), *names],
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return {t: (got[clockchecker_name(t)][0], got[clockchecker_name(t)][1]) for t in titles}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clockchecker", type=Path, help="a checkout of jndean/Clockchecker")
    ap.add_argument("--cc-python", default="python3.12", help="Python 3.12+ for Clockchecker")
    args = ap.parse_args()
    mine = ours()
    cc: dict[str, tuple[float, int]] = {}
    if args.clockchecker is not None:
        python = shutil.which(args.cc_python) or args.cc_python
        if not Path(python).exists():
            print(f"no {args.cc_python}: give --cc-python (Clockchecker needs 3.12+)")
            return 2
        cc = theirs(args.clockchecker, python, list(mine))
    print(
        f"{'puzzle':8} {'ruling s':>9} {'worlds':>6}"
        + ("  clockchecker s  worlds  ratio" if cc else "")
    )
    for title, (sec, worlds) in mine.items():
        line = f"{title:8} {sec:9.2f} {worlds:6d}"
        if cc:
            csec, cworlds = cc[title]
            line += f"  {csec:14.2f}  {cworlds:6d}  {csec / sec:5.1f}x"
        print(line)
    total = sum(s for s, _ in mine.values())
    worst = max(mine.items(), key=lambda kv: kv[1][0])
    print(f"ruling solve: total {total:.2f} s CPU, worst {worst[0]} {worst[1][0]:.2f} s")
    if cc:
        ctotal = sum(s for s, _ in cc.values())
        cworst = max(cc.items(), key=lambda kv: kv[1][0])
        print(f"Clockchecker: total {ctotal:.2f} s CPU, worst {cworst[0]} {cworst[1][0]:.2f} s")
        print(f"ratio (Clockchecker / ruling solve): {ctotal / total:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
