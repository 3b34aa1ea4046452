"""Benchmark: the concrete back end's nights, as brute force builds them by the thousand
(tests/test_solve.py's `brute`: every role assignment, every action profile of every
night, each night built by `logic.engine.build_night` and solved by the concrete back
end), against an earlier commit, in one run.

    python benchmarks/bench_brute.py [--against REV] [--repeat N]

The observations are the slow suite's Parity Cop over two nights (Metadata Mafia, four
players; `test_parity_cop_two_nights_matches_brute_force`). Under REV (unpacked beside
this tree, `against.py`) and under this tree, alternately, each in a fresh process: the
CPU seconds of the whole brute force, the nights it built, the milliseconds a night, and
its count of worlds (the same in both trees, or the comparison means nothing), each from
a second run in the process (the first loads what later ones reuse). The ratio
is REV's CPU time over this tree's (above 1: this tree is faster).

From 29 November 2026 (tests/nights.py) brute force builds a night once for every history
that answers its build's reads alike, so a tree from then builds fewer nights than an
earlier one for the same worlds: "nights" counts those built, reused ones apart.

The default REV is bd68721 (28 November 2026), before `NightBuilder.effects` sorted a
slot's effects once a night instead of once a kind, and before travel's stoppers stood
aside in a ruleset with no travel.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from against import Run, Tree, run_python

BASE = "bd68721"

# (the slow test's text, written here again: the earlier tree's test may say another, and
# both trees must count the same observations)
OBSERVATIONS = """observations "pc"
  ruleset: metadata-mafia
  players: Ann, Bob, Cid, Dee
  factions: 1 Mafia
  roles: Parity Cop, Vanilla Townie, Miller, Hooker, Hacker
  I am Ann, Parity Cop
  night 1: I target Bob; I learn "null"
  night 2: I target Cid; I learn "odd"
"""

# (run in each tree: that tree's own brute force and back end)
PROBE = """
import json, sys, time
sys.path.insert(0, "tests")
import test_solve as T

import logic.engine as E

built = 0
real = E.build_night
def counted(*a, **k):
    global built
    built += 1
    return real(*a, **k)
# (test_solve's own name for it, and the engine's: tests/nights.py, from 29 November 2026,
# builds brute force's nights through the engine's)
T.build_night = E.build_night = counted
setup = T.setup_of(sys.argv[1])
T.brute(setup)  # (warm: the first run also loads what every later one reuses)
built = 0
t = time.process_time()
worlds, _ = T.brute(setup)
print(json.dumps({"cpu": time.process_time() - t, "nights": built, "worlds": worlds}))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default=BASE, help=f"the earlier commit (default {BASE})")
    ap.add_argument("--repeat", type=int, default=3, help="runs in each tree (default 3)")
    args = ap.parse_args()
    old, new = Tree.at(args.against), Tree.here()
    print(f"brute force of the Parity Cop's two nights: {old.name} against {new.name}")
    print(f"{'tree':<10} {'cpu s':>7} {'nights':>7} {'ms/night':>9} {'worlds':>7}")
    best: dict[str, list[float]] = {old.name: [], new.name: []}
    for _ in range(args.repeat):
        for tree in (old, new):
            r: Run = run_python(tree, PROBE, [OBSERVATIONS])
            if r.code != 0:
                print(f"{tree.name:<10} failed (exit {r.code})")
                continue
            data = json.loads(r.out.strip().splitlines()[-1])
            best[tree.name].append(data["cpu"])
            per = 1000 * data["cpu"] / max(1, data["nights"])
            print(
                f"{tree.name:<10} {data['cpu']:>7.2f} {data['nights']:>7,} {per:>9.2f} "
                f"{data['worlds']:>7}"
            )
    if best[old.name] and best[new.name]:
        ratio = statistics.median(best[old.name]) / statistics.median(best[new.name])
        print(f"{'ratio':<10} {ratio:>7.2f}x (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
