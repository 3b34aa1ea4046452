"""Owns the command line: `ruling parse | resolve | casebook | check | ask`. `main(argv) -> int` is a
plain function (streams passed in) so tests call it directly.

Exit codes: 0 success (all cases pass); 1 casebook cases fail; 2 bad input (a ruleset,
case or argument that cannot be read), reported as file:line:col with a caret, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import IO, Any, NoReturn

from rich.console import Console

from . import __version__, concrete, grammar, report, symbolic
from .ask import Asker, with_ruling
from .case import parse_cases
from .casebook import RulesetCache, case_files, run_file
from .check import KINDS, NAMES, Checker
from .errors import RulingError
from .resolve import resolve
from .rules import load_ruleset

EPILOG_CHECK = """exit codes:
  0  no findings
  1  findings (each with the sentences involved and a witness case)
  2  bad input: a ruleset or argument that cannot be read
"""

EPILOG_ASK = """verdicts:
  entailed      the rules already imply it (the sentences it follows from are shown)
  contradicted  some scenario cannot satisfy it together with the rules (a witness and
                the sentences it fights are shown)
  open          a new decision: a scenario whose outcome it changes is shown, resolved
                without and with it
exit codes:
  0  answered (any verdict)
  2  bad input: a ruleset, ruling or argument that cannot be read
"""

EPILOG = """exit codes:
  0  done (for casebook: every case passed)
  1  casebook: some case failed
  2  bad input: a ruleset, case file or argument that cannot be read
"""


EPILOG_SOLVE = """exit codes:
  0  worlds counted (exactly)
  1  no world is consistent (the facts that cannot hold together are named)
  2  bad input: a ruleset, observations file or argument that cannot be read
  3  unknown: the count did not finish within --timeout
"""


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="ruling",
        description="Reads Mafia / Werewolf rulesets in controlled English and reasons about them.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"ruling {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sp = sub.add_parser(
        "parse",
        help="show what each sentence of a ruleset was understood to mean",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sp.add_argument("ruleset", help="a .rules file")
    sp.add_argument("--json", action="store_true", help="print the IR as JSON")

    sr = sub.add_parser(
        "resolve",
        help="every outcome the rules allow for a scenario, and why",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sr.add_argument("ruleset", help="a .rules file")
    sr.add_argument(
        "scenario", help="a .case file, or a scenario file (players: and night N: blocks)"
    )
    sr.add_argument("--case", help="resolve only the case with this title")
    sr.add_argument("--json", action="store_true", help="print the result as JSON")
    sr.add_argument(
        "--brief", action="store_true", help="atoms only, without the sentences behind them"
    )
    sr.add_argument(
        "--timeout",
        type=float,
        default=concrete.DEFAULT_TIMEOUT,
        help="seconds per phase (default 10)",
    )

    sk = sub.add_parser(
        "check",
        help="search a ruleset for contradictions, paradoxes, ambiguities, dead rules and redundant rulings",
        epilog=EPILOG_CHECK,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sk.add_argument("ruleset", help="a .rules file")
    sk.add_argument(
        "--players", type=int, default=5, help="players in the symbolic night (default 5)"
    )
    sk.add_argument(
        "--paradox-players",
        type=int,
        default=4,
        help="players for the paradox search, which is harder (default 4)",
    )
    sk.add_argument("--nights", type=int, default=1, help="nights (only 1 for now)")
    sk.add_argument(
        "--timeout",
        type=float,
        default=symbolic.DEFAULT_TIMEOUT,
        help="seconds per solver query (default 10)",
    )
    sk.add_argument(
        "--only", action="append", choices=KINDS, help="report only this kind (repeatable)"
    )
    sk.add_argument("--json", action="store_true", help="print the findings as JSON")

    sa = sub.add_parser(
        "ask",
        help="is a proposed ruling entailed by the rules, contradicted by them, or open?",
        epilog=EPILOG_ASK,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sa.add_argument("ruleset", help="a .rules file")
    sa.add_argument(
        "ruling",
        help='the ruling, in the ruleset language (e.g. "If two players target each other, all actions fail.")',
    )
    sa.add_argument(
        "--players", type=int, default=5, help="players in the symbolic night (default 5)"
    )
    sa.add_argument(
        "--timeout",
        type=float,
        default=symbolic.DEFAULT_TIMEOUT,
        help="seconds per solver query (default 10)",
    )
    sa.add_argument(
        "--no-ambiguity", action="store_true", help="skip comparing the ruleset's ambiguity classes"
    )
    sa.add_argument("--json", action="store_true", help="print the answer as JSON")

    sv = sub.add_parser(
        "solve",
        help="for players: the worlds consistent with your observations, and who is likely what",
        epilog=EPILOG_SOLVE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sv.add_argument("ruleset", help="a .rules file")
    sv.add_argument("observations", help="a .obs file")
    sv.add_argument(
        "--liars",
        choices=("non-town", "all"),
        default="non-town",
        help="who may claim falsely: players outside the majority faction (default) or anyone",
    )
    sv.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        help="seconds for the whole count (default 120)",
    )
    sv.add_argument("--json", action="store_true", help="print the result as JSON")

    sc = sub.add_parser(
        "casebook",
        help="run case files as a test suite for rulesets",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sc.add_argument(
        "paths", nargs="*", default=["casebook"], help="case files or folders (default: casebook/)"
    )
    sc.add_argument("--json", action="store_true", help="print the results as JSON")
    return p


def main(
    argv: list[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    console = Console(file=out, highlight=False, soft_wrap=True)
    try:
        args = build_parser().parse_args(argv)
        return _run(args, console, out)
    except _ArgumentError as e:
        print(f"{e}\nTry 'ruling --help'.", file=err)
        return 2
    except RulingError as e:
        print(e.render(), file=err)
        return 2
    except SystemExit as e:  # --help and --version
        return int(e.code or 0)


def _run(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    match args.command:
        case "parse":
            rs = load_ruleset(args.ruleset)
            if args.json:
                print(json.dumps(report.to_json(rs), indent=2), file=out)
            else:
                for line in report.ruleset_lines(rs):
                    console.print(line, markup=False)
            return 0
        case "resolve":
            return _resolve(args, console, out)
        case "casebook":
            return _casebook(args, console, out)
        case "check":
            return _check(args, console, out)
        case "ask":
            return _ask(args, console, out)
        case "solve":
            return _solve(args, console, out)
    raise AssertionError(args.command)


def _resolve(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _positive_timeout(args.timeout)
    rs = load_ruleset(args.ruleset)
    text = grammar.read_source(args.scenario, "scenario")
    cases = parse_cases(text, args.scenario)
    if args.case is not None:
        cases = [c for c in cases if c.title.casefold() == args.case.casefold()]
        if not cases:
            raise RulingError(f"{args.scenario}: no case titled {args.case!r}")
    results = [resolve(rs, c, text, args.timeout) for c in cases]
    if args.json:
        print(json.dumps([report.resolution_json(r) for r in results], indent=2), file=out)
    else:
        for r in results:
            report.print_resolution(r, console, explain=not args.brief)
    return 0


def _positive_timeout(t: float) -> None:
    if not (math.isfinite(t) and t > 0):
        raise RulingError(f"--timeout must be a positive number of seconds, not {t:g}")


def _check(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _positive_timeout(args.timeout)
    if not 2 <= args.players <= len(NAMES):
        raise RulingError(f"--players must be between 2 and {len(NAMES)}, not {args.players}")
    if not 2 <= args.paradox_players <= len(NAMES):
        raise RulingError(
            f"--paradox-players must be between 2 and {len(NAMES)}, not {args.paradox_players}"
        )
    if args.nights != 1:
        raise RulingError("--nights: only a single night is checked so far (use --nights 1)")
    rs = load_ruleset(args.ruleset)
    kinds = tuple(args.only) if args.only else KINDS
    status = Console(stderr=True)
    with status.status("checking", spinner="dots") as spin:
        checker = Checker(
            rs,
            players=args.players,
            timeout=args.timeout,
            paradox_players=args.paradox_players,
            progress=lambda msg: spin.update(f"checking: {msg}"),
        )
        rep = checker.run(kinds)
    if args.json:
        print(json.dumps(report.check_json(rep), indent=2), file=out)
    else:
        report.print_check(rep, console)
    return 1 if rep.findings else 0


def _ask(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _positive_timeout(args.timeout)
    if not 2 <= args.players <= len(NAMES):
        raise RulingError(f"--players must be between 2 and {len(NAMES)}, not {args.players}")
    base, combined, why = with_ruling(args.ruleset, args.ruling)
    status = Console(stderr=True)
    with status.status("thinking about the ruling", spinner="dots"):
        ans = Asker(base, combined, why, players=args.players, timeout=args.timeout).answer(
            not args.no_ambiguity
        )
    if args.json:
        print(json.dumps(report.answer_json(ans), indent=2), file=out)
    else:
        report.print_answer(ans, console)
    return 0


def _solve(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    from .observations import bind, load_observations
    from .solve import solve

    _positive_timeout(args.timeout)
    rs = load_ruleset(args.ruleset)
    obs, text = load_observations(args.observations)
    res = solve(bind(rs, obs, text), args.liars, args.timeout)
    if args.json:
        print(json.dumps(report.solve_json(res), indent=2), file=out)
    else:
        report.print_solve(res, console)
    return {"sat": 0, "unsat": 1, "unknown": 3}[res.status]


def _casebook(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    files = case_files(args.paths)
    if not files:
        raise RulingError(f"no .case files under {', '.join(args.paths)}")
    cache = RulesetCache()
    results = []
    for f in files:
        results.extend(run_file(Path(f), cache))
    failed = [r for r in results if not r.passed]
    if args.json:
        payload: dict[str, Any] = report.casebook_json(results)
        print(json.dumps(payload, indent=2), file=out)
    else:
        report.print_case_failures(results, console)
        console.print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
