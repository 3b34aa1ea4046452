"""How long `ruling parse` takes on each casebook ruleset, against an earlier commit in one
run (benchmarks/against.py): each command in a fresh process, start-up included, under both
trees in turn.

    python benchmarks/bench_parse.py [--against REV] [--repeat R]

Three columns per tree:
- cold: no cache (`RULING_CACHE_DIR=off`): the parsers built, every sentence parsed;
- parser kept: the built parsers loaded from the cache, every sentence parsed (a GM's
  edited ruleset: its new sentences are not in the cache);
- warm: the parsers and every parse kept from an earlier run.
A tree without a kept parser (before the cache kept one) shows its cold time there. The
last column says whether both trees print the same parse. Start-up alone (`ruling
--version`) is the first row: every figure includes it.

A second table gives the parse alone: `load_ruleset` in one process whose parsers are
built, every sentence parsed (the kept parses dropped between runs), the best of R; what
a GM waits for a ruleset once the tool has run on the machine, start-up and the one-time
build of the parsers aside.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from against import ROOT, Run, Tree, run

BASE = "cd76620"  # main before the factored, lookahead Earley parser and the kept parser


def _timed(tree: Tree, argv: list[str], cache: str, repeat: int, prepare: str = "") -> list[Run]:
    """`ruling ARGV` `repeat` times under `tree` with the cache `cache` (`off`, or a folder
    made afresh: `prepare` says what it holds first: "", "parser" or "all")."""
    runs = []
    for _ in range(repeat):
        if cache != "off":
            shutil.rmtree(cache, ignore_errors=True)
            os.environ["RULING_CACHE_DIR"] = cache
            if prepare:
                run(tree, argv)  # fills it
                if prepare == "parser":  # keep the built parsers, drop the parses
                    for f in glob.glob(os.path.join(cache, "*.pickle")):
                        if not f.endswith(".parser.pickle"):
                            os.remove(f)
        else:
            os.environ["RULING_CACHE_DIR"] = "off"
        runs.append(run(tree, argv))
    return runs


ALONE = """
import os, sys, time
os.environ["RULING_CACHE_DIR"] = "off"
from logic.lang import clause, game
from logic.lang.rules import load_ruleset
clause.parser(); game.parser()
for f in sys.argv[2:]:
    best = 1e9
    for _ in range(int(sys.argv[1])):
        for m in (clause, game):
            kept = getattr(m, "_kept", None)
            if kept is not None:
                kept().trees.clear()
        a = time.perf_counter(); load_ruleset(f); best = min(best, time.perf_counter() - a)
    print(f, best)
"""


def _alone(tree: Tree, seeds: list[str], repeat: int) -> dict[str, float]:
    """Each seed's parse alone under `tree` (ALONE), seconds by file name."""
    env = dict(os.environ, PYTHONPATH=str(tree.path))
    out = subprocess.run(
        [sys.executable, "-c", ALONE, str(repeat), *(f"casebook/{s}" for s in seeds)],
        cwd=tree.path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {Path(f).name: float(t) for f, t in (line.split() for line in out.splitlines())}


def _best(runs: list[Run]) -> float:
    return min(r.seconds for r in runs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default=BASE, help=f"the earlier commit (default {BASE})")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (the best is shown)")
    args = ap.parse_args()
    old, new = Tree.at(args.against), Tree.here()
    seeds = sorted(p.name for p in (ROOT / "casebook").glob("*.rules"))
    scratch = tempfile.mkdtemp(prefix="ruling-bench-parse-")
    head = f"{'ruleset':<26}" + "".join(
        f"{t.name[:10]:>11} {kind:<12}"
        for kind in ("cold", "parser kept", "warm")
        for t in (old, new)
    )
    print(f"wall seconds, best of {args.repeat}; ratio = {old.name} / this tree")
    print(head + "  same parse")
    rows: list[tuple[str, list[str]]] = [("start-up (--version)", ["--version"])]
    rows += [(s, ["parse", f"casebook/{s}"]) for s in seeds]
    ratios: dict[str, list[float]] = {"cold": [], "parser kept": [], "warm": []}
    for label, argv in rows:
        cells, outs = [], []
        for kind, cache, prepare in (
            ("cold", "off", ""),
            ("parser kept", "keep", "parser"),
            ("warm", "keep", "all"),
        ):
            pair = []
            for t in (old, new):
                folder = "off" if cache == "off" else os.path.join(scratch, t.name)
                runs = _timed(t, argv, folder, args.repeat, prepare)
                pair.append(_best(runs))
                outs.append(runs[-1].out)
            ratios[kind].append(pair[0] / pair[1])
            cells.append(f"{pair[0]:>11.2f} {'':<12}{pair[1]:>11.2f} x{pair[0] / pair[1]:<11.1f}")
        same = all(o == outs[0] for o in outs[0::2]) and all(o == outs[1] for o in outs[1::2])
        same_trees = outs[0] == outs[1]
        print(f"{label:<26}" + "".join(cells) + f"  {'yes' if same and same_trees else 'NO'}")
    print(
        "geometric mean of the ratios: "
        + ", ".join(f"{k} x{statistics.geometric_mean(v):.1f}" for k, v in ratios.items())
    )
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"\nthe parse alone (load_ruleset, parsers built), seconds, best of {args.repeat}")
    before, after = _alone(old, seeds, args.repeat), _alone(new, seeds, args.repeat)
    print(f"{'ruleset':<26}{old.name[:10]:>11}{new.name[:10]:>11}  ratio")
    for s in seeds:
        print(f"{s:<26}{before[s]:>11.2f}{after[s]:>11.2f}  x{before[s] / after[s]:.1f}")
    print(f"slowest under this tree: {max(after.values()):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
