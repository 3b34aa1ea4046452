"""Benchmark: `ruling solve --suggest` (logic/commands/solve/: `suggest`, `_Tonight`)
under an earlier commit and under this tree, in one run.

Each game runs as a whole command (`python -m logic.cli solve ... --suggest --json`,
start-up included) under both trees in turn, `--repeat` times, alternating, so both
columns of a row are measured at the same load (see `against.py`). It prints the best
wall and CPU times of each, the CPU ratio (the machine's load stretches the wall clock,
not the CPU time), the time of `solve` alone under this tree (the part of --suggest that
is the plain count), and whether the two trees give the same ranking: the same targets
with the same count after each result (the results' order, Z3's, may differ).

The baseline defaults to 12b7653, main before the counts of every target and result
were shared (each target's results were then counted apart, each from scratch).

Run from the repo root:

    python benchmarks/bench_suggest.py                  # nine.obs, ann.obs, flip.obs
    python benchmarks/bench_suggest.py --all            # and fifteen.obs (about 2 minutes)
    python benchmarks/bench_suggest.py --against HEAD~1 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from against import Run, Tree, compare, run

BASE = "12b7653"
METADATA = "casebook/metadata-mafia.rules"
TURTLE = "casebook/turtle-chat-mafia.rules"
GAMES = {  # label -> (rules, observations, target wall time of this tree, s)
    "nine.obs": (METADATA, "casebook/metadata-mafia/nine.obs", 10.0),
    "ann.obs": (METADATA, "casebook/metadata-mafia/ann.obs", None),
    "flip.obs": (TURTLE, "casebook/turtle-chat-mafia/flip.obs", None),
}
LARGE = {"fifteen.obs": (METADATA, "casebook/metadata-mafia/fifteen.obs", None)}


def counts(r: Run) -> dict[str, dict[tuple[str, ...], int]] | None:
    """A run's ranking as target -> result -> worlds (None: no JSON, or out of time)."""
    try:
        tips: list[dict[str, Any]] = json.loads(r.out)["suggest"] or []
    except (ValueError, KeyError):
        return None
    if any(t["unknown"] for t in tips):
        return None
    return {t["target"]: {tuple(o["learn"]): o["worlds"] for o in t["outcomes"]} for t in tips}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default=BASE, metavar="REV", help=f"baseline (default {BASE})")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each command (best taken)")
    ap.add_argument("--all", action="store_true", help="fifteen.obs too (about 2 minutes)")
    args = ap.parse_args()
    old, new = Tree.at(args.against), Tree.here()
    games = {**GAMES, **(LARGE if args.all else {})}
    # a generous --timeout: the default (120 s, on the wall clock) cuts a count short on
    # a loaded machine, and a ranking with unknowns is not the work to compare
    commands = [
        (label, ["solve", rules, obs, "--suggest", "--json", "--timeout", "1800"])
        for label, (rules, obs, _) in games.items()
    ]
    print(f"solve --suggest, whole commands, {old.name} vs this tree, best of {args.repeat}")
    print(
        f"{'game':12} {old.name + ' wall':>12} {'CPU':>7} {'now wall':>10} {'CPU':>7} "
        f"{'CPU ratio':>10} {'solve alone':>12} {'target':>7} {'same counts':>12}"
    )
    status = 0
    for label, olds, news in compare(commands, old, new, args.repeat):
        a = min(olds, key=lambda r: r.cpu)
        b = min(news, key=lambda r: r.cpu)
        rules, obs, target = games[label]
        alone = min(
            (run(new, ["solve", rules, obs, "--json"]) for _ in range(args.repeat)),
            key=lambda r: r.cpu,
        )
        then, now = counts(a), counts(b)
        same = "yes" if then is not None and then == now else "NO"
        if same == "NO":
            status = 1
        print(
            f"{label:12} {a.seconds:11.1f}s {a.cpu:6.1f}s {b.seconds:9.1f}s {b.cpu:6.1f}s "
            f"{a.cpu / max(b.cpu, 1e-9):9.1f}x {alone.seconds:11.1f}s "
            f"{f'{target:.0f}s' if target else '-':>7} {same:>12}",
            flush=True,
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
