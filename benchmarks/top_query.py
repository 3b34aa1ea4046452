"""The ambiguity search at the bound (the query `check` leaves unknown), under other solvers.

    python benchmarks/top_query.py casebook/R.rules [--classes FILE] [--players N]
        [--limit S] [--tactics T1,T2,...]... [--split-role] [--without ROLE]... [--size]
        [--whole | --halves]

Since 27 Nov (issue 26, stop 38) `check` asks the query in two halves (the outcomes differ
in which actions take place, or agree on it and differ in an open choice); since stop 39,
at the bound, in finer parts (`strata.parts`: the first half by the first kind of signal
that differs, the second by the first family of open choices that differs). This asks
check's parts, each in turn; `--halves` the two halves, `--whole` the one query of before.
The figures below are of the whole query.

`Checker.ambiguities` searches a small night first (3 players) and then the night at the
bound with every class it met blocked: that last search is one query (or a few: each class
it meets is blocked and it asks again) bit-blasted afresh (`symbolic.BLAST`), the query that
ends over its budget of work on DCTP, Turtle and the werewolf pool. This runs that search
alone, once per solver asked for (`--tactics`: Z3 tactics, "fd" for Z3's incremental
QF_FD solver), and prints each query's answer, its work (Z3's rlimit units, `symbolic.spent`:
the same on any load) and its CPU seconds. `--split-role` asks the last query once per
role of the first player instead (players are in role order: each part is the scenarios
whose smallest role dealt is that one, as `check --jobs` cuts them).

The classes blocked come from a run of the small night's search (`--classes FILE`: the
"finding: ambiguous: A + B: ..." lines of `benchmarks/profile_check.py --only ambiguous`,
to skip the run), or are found here by `Checker.ambiguities` at 3 players.
`--limit` is each query's budget in seconds of an idle machine (`symbolic.work`).

Measured 27 Nov 2026 (the machine at load 7-15: CPU figures; classes from profile_check's
run at the defaults; `--limit 60`, 222 M units a query, unless said):
  DCTP, 178 classes of 3 players blocked: the 5-player query is unknown after 600 M units
  (126 s CPU, `--limit 150`) with BLAST; with the first player's role fixed to the
  smallest role (the largest part of `--split-role`), unknown after 80 M (34 s CPU); at 4
  players unknown after 240 M (72 s CPU).
  Turtle, 20 classes: a first query sat (19.6 M, 7.8 s CPU), the second unknown after
  222 M (79 s CPU) with BLAST and after 222 M (66 s CPU) with elim-uncnstr added before
  bit-blast.
  Werewolf pool (the whole pool), 3 classes: the first query unknown after 222 M with
  BLAST (52 s CPU) and with elim-uncnstr (53 s CPU).
  Its size (`--size`), the werewolf pool: 1.6 M clauses at 3 players, 10.5 M at 5 (21.7 s
  CPU to convert). Z3's incremental QF_FD solver asked the 5-player query with at most one
  action (a bound under which the search is trivial) spent 61 M units (22 s CPU) on the
  werewolf pool and 62 M (30 s CPU) on Turtle: most of a query's budget goes to the
  formula's size before any search.
The search at the bound needs more than 60 s of an idle machine on each of the three,
whatever these tactics: the encoding, not the tactic, has to change (see the report of
issue 26, stop 37).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if (ROOT / "logic").is_dir():
    sys.path.insert(0, str(ROOT))

import z3  # noqa: E402

from logic.backends import symbolic  # noqa: E402
from logic.commands.check import Checker, Night  # noqa: E402
from logic.commands.check.findings import Klass  # noqa: E402
from logic.commands.check.strata import parts  # noqa: E402
from logic.lang.rules import load_ruleset  # noqa: E402

FINDING = re.compile(r"finding: ambiguous: (.*): the rules allow two outcomes")


def classes_of(path: str) -> list[Klass]:
    """The classes of profile_check's ambiguous findings ("X nightkill": a faction's kill)."""
    out: list[Klass] = []
    for line in Path(path).read_text().splitlines():
        m = FINDING.match(line)
        if m:
            out.append(klass_of(m.group(1).split(" + ")))
    return out


def klass_of(names: tuple[str, ...] | list[str]) -> Klass:
    """A class from a finding's names ("X nightkill": faction X's kill)."""
    k = [
        (n.removesuffix(" nightkill"), "kill" if n.endswith(" nightkill") else "ability")
        for n in names
    ]
    return tuple(sorted(k))


def solver(tactics: list[str], seconds: float) -> Any:
    """A solver of those tactics (["fd"]: Z3's QF_FD solver) limited to `seconds` of work."""
    s = z3.SolverFor("QF_FD") if tactics == ["fd"] else z3.Then(*tactics).solver()
    s.set("rlimit", symbolic.work(seconds, "blast"))
    return s


def ask(s: Any, *assumptions: Any) -> tuple[str, float, float]:
    """One check: its answer, its work (M units) and its CPU seconds."""
    u0, c0 = symbolic.spent(), time.process_time()
    r = symbolic.check(s, assumptions)
    return r, (symbolic.spent() - u0) / 1e6, time.process_time() - c0


def search(
    n: Night, query: list[Any], tactics: list[str], seconds: float, split: bool, met: list[Any]
) -> None:
    """The search at the bound: ask, block the class met, ask again, until unsat/unknown
    (the blocks of `met`, met before, added first; each class met added to it)."""
    query += met
    s = solver(tactics, seconds)
    s.add(*query)
    work = cpu = 0.0
    while True:
        if split:
            r, w, c = split_by_role(n, query, tactics, seconds)
        else:
            r, w, c = ask(s)
        work, cpu = work + w, cpu + c
        if r != "sat":
            print(f"  {r}: {w:.1f} M units, {c:.1f} s CPU")
            break
        klass = n.klass(n.env(s.model(), n.copy("a")))
        print(f"  sat: {w:.1f} M units, {c:.1f} s CPU: {' + '.join(Night.names_of(klass))}")
        s.add(n.block(klass))
        query.append(n.block(klass))
        met.append(n.block(klass))
    print(f"{','.join(tactics)}: {r}, {work:.1f} M units, {cpu:.1f} s CPU in all", flush=True)


def split_by_role(
    n: Night, query: list[Any], tactics: list[str], seconds: float
) -> tuple[str, float, float]:
    """The query once per role of the first player (each part its own budget)."""
    v = n.enc.var(f"role:{n.names[0]}")
    work = cpu = 0.0
    answers: list[str] = []
    for r in n.model.domains[f"role:{n.names[0]}"]:
        s = solver(tactics, seconds)
        s.add(*query, v == symbolic.value(r))
        a, w, c = ask(s)
        work, cpu = work + w, cpu + c
        answers.append(a)
        print(f"    role {r}: {a}, {w:.1f} M units, {c:.1f} s CPU", flush=True)
        if a == "sat":
            return a, work, cpu
    return ("unknown" if "unknown" in answers else "unsat"), work, cpu


def size(query: list[Any]) -> None:
    """The query's clauses after BLAST's simplification, bit-blasting and Tseitin's CNF
    (Z3's own `tseitin-cnf` tactic: the SAT solver's conversion is of the same order),
    with the work and CPU seconds it took."""
    goal = z3.Goal()
    goal.add(*query)
    u0, c0 = symbolic.spent(), time.process_time()
    cnf = z3.Then(*symbolic.BLAST[:-1], "tseitin-cnf")(goal)[0]
    u, c = (symbolic.spent() - u0) / 1e6, time.process_time() - c0
    print(f"size: {len(cnf)} clauses ({u:.1f} M units, {c:.1f} s CPU)", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("ruleset")
    ap.add_argument("--classes", help="profile_check's output: the classes to block")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--limit", type=float, default=symbolic.DEFAULT_TIMEOUT)
    ap.add_argument("--tactics", action="append", help="comma-separated Z3 tactics, or fd")
    ap.add_argument("--split-role", action="store_true")
    ap.add_argument("--without", action="append", default=[], help="a role left out")
    ap.add_argument("--size", action="store_true", help="also the query's size in clauses")
    ap.add_argument("--whole", action="store_true", help="one query, not check's parts")
    ap.add_argument("--halves", action="store_true", help="the two halves of before 27 Nov")
    args = ap.parse_args(argv)

    rs = load_ruleset(args.ruleset)
    pool = [r for r in rs.roles if r.name not in args.without] if args.without else None
    c = Checker(rs, args.players, args.limit, roles=pool)
    if args.classes:
        klasses = classes_of(args.classes)
    else:
        c0 = time.process_time()
        small = Checker(rs, 3, args.limit, roles=pool)
        klasses = [klass_of(f.roles) for f in small.ambiguities()]
        print(f"small night: {len(klasses)} classes in {time.process_time() - c0:.1f} s CPU")
    n = c.night_at(args.players)
    common = [*n.all_on(), *(n.block(k) for k in klasses)]
    if args.whole:  # (as `check` asked it before 27 Nov: one query)
        whole = [n.renamed(n.valid, "a"), n.renamed(n.valid, "b")]
        whole.append(symbolic.any_of([x != y for x, y in c._pairs(n)]))
        whole.append(symbolic.lex_less(*c._primaries(n)))
        halves = [whole]
    else:
        halves = parts(n, c._primary_names(n), fine=not args.halves)
    print(f"{rs.name}: {args.players} players, {len(klasses)} classes blocked")
    if args.size:
        for half in halves:
            size([*half, *common])
    for t in args.tactics or [",".join(symbolic.BLAST)]:
        met: list[Any] = []  # (a class met in one half is blocked in the next)
        for k, half in enumerate(halves, 1):
            print(f"part {k} of {len(halves)}:")
            search(n, [*half, *common], t.split(","), args.limit, args.split_role, met)
    return 0


if __name__ == "__main__":
    sys.exit(main())
