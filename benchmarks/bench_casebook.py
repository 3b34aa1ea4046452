"""Benchmark: `ruling casebook` (resolve every case and check its expectations) on each
bundled ruleset's cases and on the whole casebook, under an earlier commit and under this
tree, in one run.

Each row runs as a whole command (`python -m logic.cli casebook FOLDER`, start-up
included) under both trees in turn, `--repeat` times, alternating, so both columns of a
row are measured at the same load (see `against.py`). It prints the best wall and CPU
times of each, the CPU ratio, and whether both trees give the same tally of passed and
failed cases.

The baseline defaults to 2010bd2: main before compile_expr shared its subtrees and
read_outcome evaluated with one memoized Evaluator (Turtle's days: a case of the
Imaginary Friend took 3.2 s, past a `--timeout` of 0.3 s; found by the fuzzer).

Run from the repo root:

    python benchmarks/bench_casebook.py [--against REV] [--repeat N]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from against import Run, Tree, compare

BASE = "2010bd2"
ROWS = {
    "metadata-mafia": "casebook/metadata-mafia",
    "byond-mafia": "casebook/byond-mafia",
    "turtle-chat-mafia": "casebook/turtle-chat-mafia",
    "whole casebook": "casebook",
}


def tally(r: Run) -> str:
    """The command's last line, 'N passed, M failed' (or what went wrong)."""
    found = re.findall(r"\d+ passed, \d+ failed", r.out)
    return found[-1] if found else f"exit {r.code}, no tally"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default=BASE, metavar="REV", help=f"baseline (default {BASE})")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each command (best taken)")
    args = ap.parse_args()
    old, new = Tree.at(args.against), Tree.here()
    commands = [(label, ["casebook", folder]) for label, folder in ROWS.items()]
    print(f"ruling casebook, whole commands, {old.name} vs this tree, best of {args.repeat}")
    print(
        f"{'cases of':18} {old.name + ' wall':>12} {'CPU':>7} {'now wall':>10} {'CPU':>7} "
        f"{'CPU ratio':>10}  tally (same under both?)"
    )
    status = 0
    for label, olds, news in compare(commands, old, new, args.repeat):
        a = min(olds, key=lambda r: r.cpu)
        b = min(news, key=lambda r: r.cpu)
        then, now = tally(a), tally(b)
        same = "same" if then == now else f"NOT the same: {then} before"
        if then != now:
            status = 1
        print(
            f"{label:18} {a.seconds:11.1f}s {a.cpu:6.1f}s {b.seconds:9.1f}s {b.cpu:6.1f}s "
            f"{a.cpu / max(b.cpu, 1e-9):9.1f}x  {now} ({same})",
            flush=True,
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
