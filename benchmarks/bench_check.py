"""Benchmark for `ruling check`: time and solver queries per ruleset at the default bound.

    python benchmarks/bench_check.py [--players N] [--repeat R] [--json]

Prints, for every ruleset in casebook/ (and the engine's test rulesets), the median wall
time of a full check, the number of solver queries, and the findings by kind, with the
ratio against the target (10 s at 5 players on a 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if (ROOT / "logic").is_dir():
    sys.path.insert(0, str(ROOT))

from logic.commands.check import Checker  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402

TARGET_SECONDS = 10.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", action="append", help="only rulesets whose file name has this")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per solver query")
    args = ap.parse_args(argv)
    paths = sorted((ROOT / "casebook").glob("*.rules")) + sorted(
        (ROOT / "tests" / "rulesets").glob("*.rules")
    )
    if args.only:
        paths = [p for p in paths if any(o in p.name for o in args.only)]
    rows = []
    for path in paths:
        rs = load_ruleset(path)
        times, queries, kinds = [], 0, {}
        for _ in range(args.repeat):
            start = time.perf_counter()
            checker = Checker(rs, players=args.players, timeout=args.timeout)
            rep = checker.run()
            times.append(time.perf_counter() - start)
            queries = rep.queries
            kinds = {}
            for f in rep.findings:
                kinds[f.kind] = kinds.get(f.kind, 0) + 1
        median = statistics.median(times)
        rows.append(
            {
                "ruleset": str(path.relative_to(ROOT)),
                "players": args.players,
                "median_s": round(median, 3),
                "min_s": round(min(times), 3),
                "queries": queries,
                "findings": kinds,
                "ratio_to_target": round(median / TARGET_SECONDS, 3),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        f"ruling check benchmark: {args.players} players, median of {args.repeat}; target {TARGET_SECONDS:g} s"
    )
    for r in rows:
        found = ", ".join(f"{n} {k}" for k, n in sorted(r["findings"].items())) or "none"
        print(
            f"  {r['ruleset']:<40} {r['median_s']:7.2f} s (min {r['min_s']:.2f})  "
            f"{r['queries']:5d} queries  x{r['ratio_to_target']:.2f} of target  findings: {found}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
