"""Where the time of `ruling check` goes: CPU seconds per search and per query, in-process.

    python benchmarks/profile_check.py casebook/R.rules [--only KIND] [--players N]
        [--nights K] [--timeout S] [--budget S] [--slow S] [--cprofile N]

Runs one check in this process (the ambiguity search too: `Checker.run(apart=False)`) and
prints, for each kind of query (`Checker.check`'s label: "paradox search", "ambiguity
search (3 players)", "core", ...), how many were asked, their answers, their wall and CPU
seconds, and Z3's conflicts and decisions summed over them; then the building of each
symbolic night (wall and CPU); then the findings and the unknowns. A query over `--slow`
seconds (default 1) is printed as it ends, with its statistics. `--cprofile N` also prints
the N functions of most cumulative time (Python and Z3 calls alike).

CPU time (`time.process_time`: Z3 runs in this process) is the figure to compare on a
shared machine: at a load of 11 on 2 cores a query's wall time was 3-4 times its CPU
time. `work` is Z3's resource units (`symbolic.spent`), which the queries' limits count
(`--timeout` S: `symbolic.work(S)` units a query, the same on any load); give a larger
`--timeout` to see what a query costs when it ends.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if (ROOT / "logic").is_dir():
    sys.path.insert(0, str(ROOT))

from logic.backends import symbolic  # noqa: E402
from logic.commands import check as check_mod  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402


@dataclass
class Tally:
    """The queries of one label."""

    count: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    answers: collections.Counter[str] = field(default_factory=collections.Counter)
    conflicts: int = 0
    decisions: int = 0
    work: int = 0


def _stat(s: Any, key: str) -> int:
    """One of Z3's statistics of solver `s` after its last check (0 when it has none:
    the names differ between Z3's SMT and SAT cores)."""
    try:
        st = s.statistics()
    except Exception:  # (a solver made from a tactic may have none)
        return 0
    for k in st.keys():  # noqa: SIM118 (Z3's Statistics iterates over pairs, not keys)
        if k.endswith(key):
            return int(st.get_key_value(k))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("ruleset")
    ap.add_argument("--only", action="append", choices=check_mod.KINDS)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--nights", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=symbolic.DEFAULT_TIMEOUT)
    ap.add_argument("--budget", type=float, default=600.0, help="seconds for the whole check")
    ap.add_argument("--slow", type=float, default=1.0, help="print each query over this")
    ap.add_argument("--cprofile", type=int, default=0, metavar="N")
    args = ap.parse_args(argv)

    rs = load_ruleset(args.ruleset)
    tallies: dict[str, Tally] = collections.defaultdict(Tally)
    builds: list[tuple[int, float, float]] = []
    asked = check_mod.Checker.check
    built = check_mod.Night.__init__

    seen: dict[tuple[int, str], int] = {}

    def since(s: Any, key: str) -> int:
        """Z3's count `key` of this query: a solver asked again counts on from its last
        query (an incremental solver's statistics add up), a blasting one anew."""
        now = _stat(s, key)
        last = seen.get((id(s), key), 0)
        seen[(id(s), key)] = now
        return now - last if now >= last else now

    def check(
        self: check_mod.Checker, s: Any, what: str, *assumptions: Any, run: Any = None
    ) -> Any:
        w0, c0, u0 = time.perf_counter(), time.process_time(), symbolic.spent()
        r = asked(self, s, what, *assumptions) if run is None else run(self, s, *assumptions)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        t = tallies[what]
        t.work += symbolic.spent() - u0
        t.count += 1
        t.wall += wall
        t.cpu += cpu
        t.answers[r] += 1
        conflicts, decisions = since(s, "conflicts"), since(s, "decisions")
        t.conflicts += conflicts
        t.decisions += decisions
        if wall > args.slow:
            print(
                f"  {what}: {r} in {wall:.2f} s ({cpu:.2f} s CPU), "
                f"{conflicts} conflicts, {decisions} decisions",
                file=sys.stderr,
                flush=True,
            )
        return r

    tried = check_mod.Checker.trial

    def trial(self: check_mod.Checker, s: Any, *assumptions: Any) -> Any:
        # (a query that only shrinks a witness or a core: tallied as "trial")
        return check(self, s, "trial (shrinking)", *assumptions, run=tried)

    def night(self: check_mod.Night, *a: Any, **k: Any) -> None:
        w0, c0 = time.perf_counter(), time.process_time()
        built(self, *a, **k)
        builds.append((len(self.names), time.perf_counter() - w0, time.process_time() - c0))

    check_mod.Checker.check = check  # type: ignore[method-assign]
    check_mod.Checker.trial = trial  # type: ignore[method-assign]
    check_mod.Night.__init__ = night  # type: ignore[method-assign]
    kinds = tuple(args.only) if args.only else check_mod.KINDS
    checker = check_mod.Checker(
        rs,
        args.players,
        args.timeout,
        deadline=time.perf_counter() + args.budget,
        nights=args.nights,
    )
    prof = cProfile.Profile() if args.cprofile else None
    w0, c0 = time.perf_counter(), time.process_time()
    if prof is not None:
        prof.enable()
    report = checker.run(kinds, apart=False)
    if prof is not None:
        prof.disable()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0

    print(f"{rs.name or args.ruleset}: {wall:.1f} s wall, {cpu:.1f} s CPU")
    print(
        f"{'query':40s} {'n':>5s} {'wall':>8s} {'CPU':>8s} {'work (M)':>9s} {'conflicts':>10s}"
        "  answers"
    )
    for what, t in sorted(tallies.items(), key=lambda x: -x[1].cpu):
        answers = ", ".join(f"{k} {v}" for k, v in sorted(t.answers.items()))
        print(
            f"{what:40s} {t.count:5d} {t.wall:8.2f} {t.cpu:8.2f} {t.work / 1e6:9.1f} "
            f"{t.conflicts:10d}  {answers}"
        )
    for players, w, c in builds:
        print(f"{'night built (' + str(players) + ' players)':40s} {1:5d} {w:8.2f} {c:8.2f}")
    for f in report.findings:
        print(f"finding: {f.kind}: {f.summary}")
    for u in report.unknown:
        print(f"unknown: {u}")
    if prof is not None:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(args.cprofile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
