"""Benchmark for `ruling check`: time and solver queries per ruleset at the default bound.

    python benchmarks/bench_check.py [--players N] [--repeat R] [--json]
    python benchmarks/bench_check.py --against 1c2b579 [--repeat R] [--skip-nights]

Prints, for every ruleset in casebook/ (and the engine's test rulesets), the median wall
time of a full check at the command's defaults (each query at most 10 s, the whole run
at most 600 s, as `ruling check` does), the number of solver queries, the findings by
kind and the searches left unknown, with the ratio against its target (10 s at 5 players on a 2-core machine; Turtle's Chat Mafia, with
three times the roles: 60 s, issue 12).

`--against REV` instead runs whole commands (`python -m logic.cli`, start-up included) under
REV (unpacked beside this tree, see `against.py`) and under this tree, alternately, in
one run: `check` on every casebook ruleset at its defaults (`--only` picks some),
`check --nights 2` on Metadata, and `ask` with two of Metadata's rulings; it prints both
times, their ratio, and whether the answers are the same (the findings' headlines, the
verdict), with the unknowns of each. Then, under this tree, `check --jobs 1` and
`check --jobs 2` on each ruleset, alternately: both times, the speed-up of two jobs over
one, and whether they found the same (`--skip-jobs` leaves this out; `--jobs-only` runs
this part alone). Note the load
(`uptime`) beside the figures: on two shared cores, two jobs gain nothing when the other
core is busy.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if (ROOT / "logic").is_dir():
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from logic.backends import symbolic  # noqa: E402
from logic.cli import COMMAND_TIMEOUT  # noqa: E402
from logic.commands.check import Checker  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402

TARGET_SECONDS = 10.0
TARGETS = {"turtle-chat-mafia.rules": 60.0}  # the rulesets with a target of their own


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", action="append", help="only rulesets whose file name has this")
    ap.add_argument(
        "--timeout",
        type=float,
        default=symbolic.DEFAULT_TIMEOUT,
        help=f"seconds per solver query (default {symbolic.DEFAULT_TIMEOUT:g}, as the command)",
    )
    ap.add_argument(
        "--budget",
        type=float,
        default=COMMAND_TIMEOUT,
        help=f"seconds for a whole check (default {COMMAND_TIMEOUT:g}, the command's --timeout)",
    )
    ap.add_argument("--against", metavar="REV", help="whole commands against commit REV")
    ap.add_argument("--skip-nights", action="store_true", help="--against: no --nights 2")
    ap.add_argument("--skip-jobs", action="store_true", help="--against: no --jobs 1 vs 2")
    ap.add_argument("--skip-asks", action="store_true", help="--against: no ask")
    ap.add_argument("--jobs-only", action="store_true", help="only --jobs 1 vs 2, under this tree")
    args = ap.parse_args(argv)
    if args.jobs_only:
        from against import Tree

        limit = [] if args.budget == COMMAND_TIMEOUT else ["--timeout", f"{args.budget:g}"]
        rulesets = [
            str(p.relative_to(ROOT))
            for p in sorted((ROOT / "casebook").glob("*.rules"))
            if not args.only or any(o in p.name for o in args.only)
        ]
        if limit:
            import against

            against.LIMIT = max(against.LIMIT, args.budget + 300)
        jobs_ratio(Tree.here(), rulesets, args.repeat, limit)
        return 0
    if args.against:
        limit = [] if args.budget == COMMAND_TIMEOUT else ["--timeout", f"{args.budget:g}"]
        return against_rev(
            args.against,
            args.repeat,
            args.skip_nights,
            args.only or [],
            args.skip_jobs,
            limit,
            args.skip_asks,
        )
    paths = sorted((ROOT / "casebook").glob("*.rules")) + sorted(
        (ROOT / "tests" / "rulesets").glob("*.rules")
    )
    if args.only:
        paths = [p for p in paths if any(o in p.name for o in args.only)]
    rows = []
    for path in paths:
        rs = load_ruleset(path)
        times, queries, kinds, unknown = [], 0, {}, 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            checker = Checker(
                rs, players=args.players, timeout=args.timeout, deadline=start + args.budget
            )
            rep = checker.run()
            times.append(time.perf_counter() - start)
            queries = rep.queries
            unknown = len(rep.unknown)
            kinds = {}
            for f in rep.findings:
                kinds[f.kind] = kinds.get(f.kind, 0) + 1
        median = statistics.median(times)
        target = TARGETS.get(path.name, TARGET_SECONDS)
        rows.append(
            {
                "ruleset": str(path.relative_to(ROOT)),
                "players": args.players,
                "median_s": round(median, 3),
                "min_s": round(min(times), 3),
                "queries": queries,
                "unknown": unknown,
                "findings": kinds,
                "target_s": target,
                "ratio_to_target": round(median / target, 3),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"ruling check benchmark: {args.players} players, median of {args.repeat}")
    for r in rows:
        found = ", ".join(f"{n} {k}" for k, n in sorted(r["findings"].items())) or "none"
        print(
            f"  {r['ruleset']:<40} {r['median_s']:7.2f} s (min {r['min_s']:.2f})  "
            f"{r['queries']:5d} queries  x{r['ratio_to_target']:.2f} of {r['target_s']:g} s  "
            f"findings: {found}; {r['unknown']} unknown"
        )
    return 0


RULINGS = (
    "If two players roleblock each other, both actions fail.",  # amends (issue 13)
    "If the Jailer targets the Hooker, the Hooker's action fails.",  # entailed
)


def headlines(out: str) -> list[str]:
    """What a command answered, without its witnesses and timings: the findings' titles
    (`1. ambiguous: ...`), `verdict:` lines, and the unknowns."""
    keep = []
    for line in out.splitlines():
        head = line.split(". ", 1)
        if head[0].isdigit() or line.startswith(("verdict:", "no findings")):
            keep.append(line if not head[0].isdigit() else head[1])
    return sorted(keep)


def unknowns(out: str) -> int:
    return sum(": unknown (" in line for line in out.splitlines())


def against_rev(
    rev: str,
    repeat: int,
    skip_nights: bool,
    only: list[str],
    skip_jobs: bool,
    limit: list[str] = (),  # type: ignore[assignment]
    skip_asks: bool = False,
) -> int:
    """`limit`: the checks' `--timeout S` (`--budget`: on a loaded machine the default
    600 s of the wall clock cut a long check short, an unknown of the load)."""
    import against
    from against import Tree, compare

    if limit:
        against.LIMIT = max(against.LIMIT, float(limit[1]) + 300)
    old, new = Tree.at(rev), Tree.here()
    metadata = "casebook/metadata-mafia.rules"
    rulesets = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "casebook").glob("*.rules"))
        if not only or any(o in p.name for o in only)
    ]
    commands = [(f"check {Path(r).stem}", ["check", *limit, r]) for r in rulesets]
    if not skip_asks:
        commands += [(f"ask {r[:30]}...", ["ask", metadata, r]) for r in RULINGS]
    if not skip_nights:
        commands.append(("check --nights 2 Metadata", ["check", *limit, "--nights", "2", metadata]))
    print(f"whole commands (start-up included), {old.name} vs this tree, in one run: wall and")
    print("CPU seconds (a loaded machine stretches the wall clock; a tree whose per-query")
    print(
        "limits are on it (before issue 26c's rlimit) cuts queries short there: an unknown, and a"
    )
    print("finding may be lost; since, they count Z3's work)")
    print(
        f"{'command':38} {'wall ' + old.name:>12} {'now':>6} {'cpu ' + old.name:>11} {'now':>6} "
        f"{'ratio':>6}  same answer  unknowns"
    )
    for label, olds, news in compare(commands, old, new, repeat):
        a = statistics.median(r.seconds for r in olds)
        b = statistics.median(r.seconds for r in news)
        ca = statistics.median(r.cpu for r in olds)
        cb = statistics.median(r.cpu for r in news)
        same = headlines(olds[0].out) == headlines(news[0].out)
        print(
            f"{label:38} {a:12.1f} {b:6.1f} {ca:11.1f} {cb:6.1f} {cb / ca:6.2f}  "
            f"{'yes' if same else 'NO':11}  {unknowns(olds[0].out)} -> {unknowns(news[0].out)}",
            flush=True,
        )
        if not same:
            print(f"    {old.name}: {headlines(olds[0].out)}\n    now: {headlines(news[0].out)}")
    if not skip_jobs:
        jobs_ratio(new, rulesets, repeat, limit)
    return 0


def jobs_ratio(
    tree: Any,
    rulesets: list[str],
    repeat: int,
    limit: list[str] = (),  # type: ignore[assignment]
) -> None:
    """`check --jobs 1` and `--jobs 2` on each ruleset under `tree`, alternately."""
    from against import run

    print("\ncheck --jobs 1 vs --jobs 2 (this tree; the same parts, in one process or two)")
    print(
        f"{'ruleset':38} {'wall 1':>8} {'2':>6} {'cpu 1':>7} {'2':>6} {'speed-up':>9}  same  unknowns"
    )
    for r in rulesets:
        ones, twos = [], []
        for _ in range(repeat):
            ones.append(run(tree, ["check", *limit, "--jobs", "1", r]))
            twos.append(run(tree, ["check", *limit, "--jobs", "2", r]))
        a = statistics.median(x.seconds for x in ones)
        b = statistics.median(x.seconds for x in twos)
        ca = statistics.median(x.cpu for x in ones)
        cb = statistics.median(x.cpu for x in twos)
        same = headlines(ones[0].out) == headlines(twos[0].out)
        if any(x.code == -1 for x in ones + twos):  # (cut at against.LIMIT: nothing to compare)
            same = False
        print(
            f"{Path(r).stem:38} {a:8.1f} {b:6.1f} {ca:7.1f} {cb:6.1f} {a / b:9.2f}  "
            f"{'yes' if same else 'NO':4}  {unknowns(ones[0].out)} -> {unknowns(twos[0].out)}",
            flush=True,
        )
        if not same:
            print(f"    --jobs 1: {headlines(ones[0].out)}\n    --jobs 2: {headlines(twos[0].out)}")


if __name__ == "__main__":
    sys.exit(main())
