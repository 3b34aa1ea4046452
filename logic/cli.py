"""Owns the command line: `ruling parse | resolve | casebook | check | ask | diff | solve |
coverage | draft | serve`. `main(argv) -> int` is a
plain function (streams passed in) so tests call it directly.

Exit codes: 0 success (all cases pass); 1 casebook cases fail, check findings, diff
changes, or no consistent world for solve; 2 bad input (a ruleset, case or argument that
cannot be read), reported as file:line:col with a caret, never a traceback; 3 unknown (a
solver ran out of --timeout: solve's count, or a check or diff that found nothing); 4 an
internal error (a bug in `ruling`: one
line says so; RULING_DEBUG=1 prints the traceback).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, NoReturn

from rich.console import Console

from logic import __version__, report
from logic.backends import concrete, symbolic
from logic.commands import parts
from logic.commands.ask import Asker, with_ruling
from logic.commands.casebook import RulesetCache, case_files, cases_by_ruleset, run_file
from logic.commands.check import KINDS, NAMES, Checker
from logic.commands.coverage import coverage
from logic.commands.deletions import deletions
from logic.commands.diff import diff
from logic.commands.draft import draft, draft_json, summary_lines
from logic.commands.observed import by_ruleset as observed_by_ruleset
from logic.commands.observed import observation_files
from logic.commands.resolve import resolve
from logic.commands.solve import Suggestion, sample, solve, suggest
from logic.commands.solve.clocktower import solve_clocktower
from logic.lang import grammar
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError, line_of
from logic.lang.observations import bind, load_observations
from logic.lang.rules import load_ruleset
from logic.model import serial
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import Ruleset

INTERNAL_ERROR = 4
"""The exit code of a bug: an exception no reader turned into a `RulingError`."""

MAX_TIMEOUT = 86_400.0
MAX_JOBS = 64  # `check --jobs`: worker processes
"""--timeout is at most a day (Z3 takes milliseconds as a machine integer)."""

EXIT_BUG = f"""  {INTERNAL_ERROR}  internal error: a bug in ruling (one line; RULING_DEBUG=1 prints the traceback)
"""

EPILOG_CHECK = (
    """--timeout bounds the whole command; what it did not reach is listed as unknown.
--jobs N and --cluster ADDRESS cut the searches into parts (by the smallest role dealt,
and by sentence) and merge the parts' findings: the same classes as one process, each
once; a witness may be another of its class.

exit codes:
  0  no findings
  1  findings (each with the sentences involved and a witness case)
  2  bad input: a ruleset or argument that cannot be read
  3  no findings, but some queries are unknown (they ran out of time)
"""
    + EXIT_BUG
)

EPILOG_ASK = (
    """verdicts:
  entailed      the rules already imply it (the sentences it follows from are shown)
  clarifies     it only settles outcomes the rules leave open (an ambiguous scenario
                becomes determined; no determined outcome changes)
  amends        it changes an outcome the rules determine: that scenario, its outcome
                before and after, and the sentences that determined it are shown
  contradicted  some legal scenario has no outcome with it (a witness and the sentences
                it fights are shown)
  unknown       the search did not finish within --timeout, or the ruling is about
                the day (a day ability, votes, the lynch) and the ruleset does not say
                how a lynch goes (with one, ask searches a night and the day after it)
--timeout bounds the whole command.

exit codes:
  0  answered (any verdict)
  2  bad input: a ruleset, ruling or argument that cannot be read
"""
    + EXIT_BUG
)

EPILOG_DIFF = (
    """--timeout bounds the whole command.

exit codes:
  0  no scenario's outcome changes (at this bound)
  1  some do (each class with a witness and its outcomes under both versions)
  2  bad input
  3  none found, but the search ran out of time (unknown)
"""
    + EXIT_BUG
)

EPILOG = (
    """exit codes:
  0  done (parse, resolve: the answer is printed; casebook: every case passed)
  1  casebook: some case failed; check: findings; diff: changes; solve: no consistent world
  2  bad input: a ruleset, case file or argument that cannot be read (file:line:col,
     the line, a caret)
  3  unknown: solve's count, or a check or diff that found nothing, ran out of --timeout
"""
    + EXIT_BUG
)

EPILOG_PARSE = (
    """exit codes:
  0  the ruleset was read (each sentence, or the IR as JSON, is printed)
  2  bad input: a ruleset that cannot be read (file:line:col, the line, a caret)
"""
    + EXIT_BUG
)

EPILOG_RESOLVE = (
    """--timeout bounds the whole command (every case of the file), and each phase's
search at most 10 s of it; a case the time runs out in is reported unknown.

exit codes:
  0  resolved (any verdict: determined, ambiguous, random, storyteller, paradox or unknown)
  2  bad input: a ruleset, scenario or argument that cannot be read
"""
    + EXIT_BUG
)

EPILOG_CASEBOOK = (
    """--deletions asks, of every sentence each ruleset acts on, what deleting it does:
pinned (a case fails, or `solve` counts other worlds on an observation file under the
paths: a deal rule), leaned on (the rest no longer reads), same rules (the rules are
the same without it), default (it only says what the engine does without it: an axiom
of the engine, named, or a field that only cites it), not pinned (the rules change, and
every case still passes: add a case), or unknown (a case ran out of time). It runs the
cases once per sentence.
--suggest SECONDS writes, for each sentence not pinned, a case that would pin it: a
scenario of one night (4 players) whose outcome the deletion changes, found as `ruling
diff` finds one, expecting what the sentence makes happen and keeps from happening; or
says why there is none (no scenario at that bound differs; the rules without it deal
what they refuse, which a case cannot show).

exit codes:
  0  every case passed (with --deletions: and every sentence is pinned, leaned on,
     the same rules or the engine's default)
  1  some case failed (one line per failing expectation); with --deletions: some
     sentence is not pinned or unknown
  2  bad input: a case file or ruleset that cannot be read
"""
    + EXIT_BUG
)


EPILOG_SOLVE = (
    """Counting is exact unless --sample N is given (then: an estimate from N draws of
the prior, each decided exactly, with its 95% interval). --suggest ranks tonight's
targets for your own ability by the consistent worlds expected to be left after the
result (and gives the information gain in bits); a world can give more than one result
(what you learn depends on what the others do tonight), so the counts per result can
add up to more than the consistent worlds.

exit codes:
  0  worlds counted (exactly, or estimated with --sample)
  1  no world is consistent (the facts that cannot hold together are named)
  2  bad input: a ruleset, observations file or argument that cannot be read
  3  unknown: the count did not finish within --timeout
"""
    + EXIT_BUG
)


EPILOG_SERVE = (
    """Listens on 127.0.0.1 (this machine only) unless --host is given.

exit codes:
  0  stopped (Ctrl-C)
  2  bad input: an argument that cannot be used, or an address it cannot listen on
"""
    + EXIT_BUG
)


EPILOG_COVERAGE = (
    """Each sentence of the source is verbatim (a sentence of the ruleset, up to case,
white space, list numbering and quotes), reworded (on a `Source:` line, reworded by the
statement after it), played (a GM's worked example on an `Example (FILE "TITLE"):` line,
played by the cases it names), said again (on a `Said again (line N):` line: a sentence
that repeats a ruling line N reads), not modelled (on a `Not modelled (REASON):` line),
flavour (on a `Flavour:` line) or missing. One table per section of the source, then the
totals. Played sentences are a column of their own: the engine does not read them, the
named cases (checked first: each must be in FILE, beside the ruleset, and play this
ruleset) show it agrees with them. Said-again sentences are two columns of their own:
`said again` when, read as if written on line N, the sentence gives rules line N gives and
the rules are the same with it and without it (checked); `said again (stated)` when the
language does not read it there, and the line says why it is the same (`Said again (line
N; WHY):`).

exit codes:
  0  done (whatever is missing)
  2  bad input: a ruleset, source or argument that cannot be read, a case an
     `Example (...)` line names that is not found, or a `Said again (...)` line whose
     line reads no ruling, whose sentence adds to the rules or reads a rule its line does
     not give, or that neither reads nor says why
"""
    + EXIT_BUG
)


EPILOG_DRAFT = (
    """Each sentence the ruleset language reads is kept as a rule; every other sentence as
`Not modelled (unread): SENTENCE`, for you to reword. Role lines are found in the
layouts hosts use (`Doctor: ...`, `1) Doctor - ...`, a name alone over its text) under
faction headings (`Town Roles`, `Mafia:`). The draft always parses. The draft goes to
stdout (or -o FILE), the summary (sentences read and unread, roles per faction) to
stderr; --json prints the summary and the draft as JSON.

exit codes:
  0  drafted (whatever was read)
  2  bad input: a post or argument that cannot be read (or an output file not written)
"""
    + EXIT_BUG
)


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(f"{self.prog}: {message}")


def _command(
    sub: Any, name: str, help: str, epilog: str = "", ruleset: bool = True, what: str = "result"
) -> argparse.ArgumentParser:
    """A subcommand with the options every reporting command shares."""
    p: argparse.ArgumentParser = sub.add_parser(
        name,
        help=help,
        epilog=epilog or EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if ruleset:
        p.add_argument("ruleset", help="a .rules file")
    p.add_argument("--json", action="store_true", help=f"print the {what} as JSON")
    return p


def _framework_option(p: argparse.ArgumentParser, flag: str = "--framework") -> None:
    p.add_argument(
        flag,
        choices=sorted(FRAMEWORKS),
        default=None,
        help="how to order a night the ruleset gives no priority list for (default: the "
        "framework the ruleset names, else tiers): "
        + "; ".join(f"{f.name}: {f.summary}" for f in FRAMEWORKS.values()),
    )


def _load(path: str, framework: str | None) -> Ruleset:
    """The ruleset at `path`, under `framework` when one is given (else its own)."""
    rs = load_ruleset(path)
    return replace(rs, framework=framework, framework_why=None) if framework else rs


def _solver_options(p: argparse.ArgumentParser, default_timeout: float, per: str) -> None:
    p.add_argument(
        "--timeout",
        type=float,
        default=default_timeout,
        help=f"seconds per {per} (default {default_timeout:g})",
    )


RESOLVE_TIMEOUT = 120.0
"""The default budget of a whole `resolve` (each phase: at most `concrete.DEFAULT_TIMEOUT`)."""

COMMAND_TIMEOUT = 600.0
"""The default budget of a whole `check`, `ask` or `diff` (each query: at most
`symbolic.DEFAULT_TIMEOUT` of it)."""


def _symbolic_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--players", type=int, default=5, help="players in the symbolic night (default 5)"
    )
    _solver_options(p, COMMAND_TIMEOUT, "the whole command")


def build_parser() -> argparse.ArgumentParser:
    """The command line: `ruling` and each subcommand with its options, in the order
    `--help` lists them."""
    p = _Parser(
        prog="ruling",
        description="Reads Mafia / Werewolf rulesets in controlled English and reasons about them.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"ruling {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    _command(
        sub,
        "parse",
        "show what each sentence of a ruleset was understood to mean",
        EPILOG_PARSE,
        what="IR",
    )
    _add_resolve(sub)
    _add_check(sub)
    _add_ask(sub)
    _add_diff(sub)
    _add_solve(sub)
    _add_coverage(sub)
    _add_draft(sub)
    _add_serve(sub)
    _add_casebook(sub)
    return p


def _add_resolve(sub: Any) -> None:
    """`ruling resolve`: the scenario, --case, --brief, the solver and the framework."""
    sr = _command(
        sub, "resolve", "every outcome the rules allow for a scenario, and why", EPILOG_RESOLVE
    )
    sr.add_argument(
        "scenario", help="a .case file, or a scenario file (players: and night N: blocks)"
    )
    sr.add_argument("--case", help="resolve only the case with this title")
    sr.add_argument(
        "--brief", action="store_true", help="atoms only, without the sentences behind them"
    )
    _solver_options(sr, RESOLVE_TIMEOUT, "the whole command")
    _framework_option(sr)


def _add_check(sub: Any) -> None:
    """`ruling check`: the symbolic night, paradox players, nights, kinds, parts, cluster."""
    sk = _command(
        sub,
        "check",
        "search a ruleset for contradictions, paradoxes, ambiguities, dead rules and redundant rulings",
        EPILOG_CHECK,
        what="findings",
    )
    _symbolic_options(sk)
    sk.add_argument(
        "--paradox-players",
        type=int,
        default=4,
        help="players for the paradox search, which is harder (default 4)",
    )
    sk.add_argument("--nights", type=int, default=1, help="nights to chain (1 to 3, default 1)")
    sk.add_argument(
        "--only", action="append", choices=KINDS, help="report only this kind (repeatable)"
    )
    sk.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="cut the searches into parts and run them in N worker processes (1: the same "
        "parts in this process); the findings are merged into one report",
    )
    sk.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run the parts on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786; needs pip install 'ruling[cluster]', workers with one thread each)",
    )
    _framework_option(sk)


def _add_ask(sub: Any) -> None:
    """`ruling ask`: the ruling asked, the symbolic night's options and --no-ambiguity."""
    sa = _command(
        sub,
        "ask",
        "is a proposed ruling entailed by the rules, contradicted by them, or open?",
        EPILOG_ASK,
        what="answer",
    )
    sa.add_argument(
        "ruling",
        help='the ruling, in the ruleset language (e.g. "If two players target each other, all actions fail.")',
    )
    _symbolic_options(sa)
    sa.add_argument(
        "--no-ambiguity", action="store_true", help="skip comparing the ruleset's ambiguity classes"
    )


def _add_diff(sub: Any) -> None:
    """`ruling diff`: the old and new rulesets, players, the solver and their frameworks."""
    sd = _command(
        sub,
        "diff",
        "every class of scenario whose outcome differs between two versions of a ruleset",
        EPILOG_DIFF,
        ruleset=False,
        what="changes",
    )
    sd.add_argument("old", help="the old .rules file")
    sd.add_argument("new", help="the new .rules file")
    sd.add_argument(
        "--players", type=int, default=4, help="players in the symbolic night (default 4)"
    )
    _solver_options(sd, COMMAND_TIMEOUT, "the whole command")
    _framework_option(sd, "--old-framework")
    _framework_option(sd, "--new-framework")


def _add_solve(sub: Any) -> None:
    """`ruling solve`: the observations, who may lie, sampling, --suggest and the timeout."""
    sv = _command(
        sub,
        "solve",
        "for players: the worlds consistent with your observations, and who is likely what",
        EPILOG_SOLVE,
    )
    sv.add_argument("observations", help="a .obs file")
    sv.add_argument(
        "--liars",
        choices=("non-town", "all"),
        default="non-town",
        help="who may claim falsely: players outside the majority faction (default) or anyone",
    )
    sv.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="estimate from N role assignments drawn from the prior instead of counting",
    )
    sv.add_argument("--seed", type=int, default=0, help="random seed for --sample (default 0)")
    sv.add_argument(
        "--suggest",
        action="store_true",
        help="rank tonight's targets for your ability by the worlds expected to be left",
    )
    _solver_options(sv, 120.0, "whole count")


def _add_coverage(sub: Any) -> None:
    """`ruling coverage`: the source document the ruleset was written from."""
    sg = _command(
        sub,
        "coverage",
        "for rule writers: how a ruleset holds each sentence of the source it was written from",
        EPILOG_COVERAGE,
        what="coverage",
    )
    sg.add_argument("source", help="the source document (plain text, e.g. a GM's forum post)")


def _add_draft(sub: Any) -> None:
    """`ruling draft`: the post and the file the draft is written to."""
    sdr = _command(
        sub,
        "draft",
        "for GMs: a first ruleset from a post (plain text), with what it does not read marked",
        EPILOG_DRAFT,
        ruleset=False,
        what="summary and the draft",
    )
    sdr.add_argument("post", help="the GM's post (plain text, e.g. pasted from a forum)")
    sdr.add_argument("-o", "--output", metavar="FILE", help="write the draft to FILE")


def _add_serve(sub: Any) -> None:
    """`ruling serve`: the address, port, browser, casebook and the limit per request."""
    se = sub.add_parser(
        "serve",
        help="a local web workbench: the ruleset editor, nights, check, ask and solve in a page",
        epilog=EPILOG_SERVE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    se.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    se.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    se.add_argument("--open", action="store_true", help="open the page in a browser")
    se.add_argument("--casebook", help="folder of rulesets, cases and observations to offer")
    se.add_argument(
        "--limit", type=float, default=120.0, help="seconds per solver request (default 120)"
    )


def _add_casebook(sub: Any) -> None:
    """`ruling casebook`: the case files or folders to run."""
    sc = _command(
        sub,
        "casebook",
        "run case files as a test suite for rulesets",
        EPILOG_CASEBOOK,
        ruleset=False,
        what="results",
    )
    sc.add_argument(
        "paths", nargs="*", default=["casebook"], help="case files or folders (default: casebook/)"
    )
    sc.add_argument(
        "--deletions",
        action="store_true",
        help="delete each sentence of each ruleset in turn: which sentences do the cases pin?",
    )
    sc.add_argument(
        "--suggest",
        type=float,
        metavar="SECONDS",
        default=None,
        help="with --deletions: for each sentence not pinned, search (as `ruling diff`, one "
        "night, 4 players, SECONDS per sentence) a case that would pin it",
    )


def main(
    argv: list[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    console = Console(file=out, highlight=False, soft_wrap=True, emoji=False)
    try:
        args = build_parser().parse_args(argv)
        return _run(args, console, out, err)
    except _ArgumentError as e:
        print(f"{e}\nTry 'ruling --help'.", file=err)
        return 2
    except RulingError as e:
        print(_with_source(e).render(), file=err)
        return 2
    except SystemExit as e:  # --help and --version
        return int(e.code or 0) if isinstance(e.code, int | None) else 2
    except KeyboardInterrupt:
        print("ruling: interrupted", file=err)
        return 130
    except (Exception, RecursionError, MemoryError) as e:
        return _internal_error(e, err)


def _with_source(e: RulingError) -> RulingError:
    """The error with its source line, read back from its file when the stage that raised
    it did not keep the text (every located error shows its line and a caret)."""
    if e.loc is None or e.loc.line <= 0 or e.source_line is not None:
        return e
    try:
        text = grammar.read_source(e.loc.file, "input")
    except RulingError:
        return e
    return replace(e, source_line=line_of(text, e.loc.line))


def _internal_error(e: BaseException, err: IO[str]) -> int:
    """A bug: one line saying so (and the traceback when RULING_DEBUG is set)."""
    if os.environ.get("RULING_DEBUG"):
        traceback.print_exception(e, file=err)
    what = str(e).splitlines()[0][:200] if str(e) else ""
    print(
        f"ruling: internal error (a bug, exit {INTERNAL_ERROR}): {type(e).__name__}"
        + (f": {what}" if what else "")
        + ("" if os.environ.get("RULING_DEBUG") else "; set RULING_DEBUG=1 for the traceback"),
        file=err,
    )
    return INTERNAL_ERROR


def _run(args: argparse.Namespace, console: Console, out: IO[str], err: IO[str]) -> int:
    match args.command:
        case "parse":
            rs = load_ruleset(args.ruleset)
            for w in rs.warnings:  # read, but said (a card's name no section defines)
                print(w.render(), file=err)
            if args.json:
                print(json.dumps(serial.to_json(rs), indent=2), file=out)
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
        case "diff":
            return _diff(args, console, out)
        case "solve":
            return _solve(args, console, out)
        case "coverage":
            rs = load_ruleset(args.ruleset)
            cov = coverage(rs, grammar.read_source(args.source, "source"), args.source)
            _emit(
                args,
                out,
                lambda: report.coverage_json(cov),
                lambda: report.print_coverage(cov, console),
            )
            return 0
        case "draft":
            return _draft(args, out, err)
        case "serve":
            if not (math.isfinite(args.limit) and args.limit > 0):
                raise RulingError(
                    f"--limit must be a positive number of seconds, not {args.limit:g}"
                )
            from logic.web.app import serve  # the web stack loads only for `serve`

            return serve(args.host, args.port, args.open, args.casebook, args.limit, out)
    raise AssertionError(args.command)


def _resolve(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _positive_timeout(args.timeout)
    rs = _load(args.ruleset, args.framework)
    text = grammar.read_source(args.scenario, "scenario")
    cases = parse_cases(text, args.scenario)
    if args.case is not None:
        cases = [c for c in cases if c.title.casefold() == args.case.casefold()]
        if not cases:
            raise RulingError(f"{args.scenario}: no case titled {args.case!r}")
    deadline = time.perf_counter() + args.timeout
    each = min(args.timeout, concrete.DEFAULT_TIMEOUT)
    results = [resolve(rs, c, text, each, deadline=deadline) for c in cases]
    if args.json:
        print(json.dumps([report.resolution_json(r) for r in results], indent=2), file=out)
    else:
        for r in results:
            report.print_resolution(r, console, explain=not args.brief)
    return 0


def _draft(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    d = draft(grammar.read_source(args.post, "post"), args.post)
    if args.output is not None:
        try:
            Path(args.output).write_text(d.text, encoding="utf-8")
        except OSError as e:
            raise RulingError(f"cannot write the draft to {args.output}: {e.strerror}") from None
    if args.json:
        print(json.dumps(draft_json(d), indent=2), file=out)
    elif args.output is None:
        out.write(d.text)
    for line in summary_lines(d):
        print(line, file=err)
    if args.output is not None:
        print(f"the draft is in {args.output}", file=err)
    return 0


def _emit(
    args: argparse.Namespace, out: IO[str], as_json: Callable[[], Any], as_text: Callable[[], None]
) -> None:
    """Print a command's result: JSON for tools with --json, the rich report otherwise."""
    if args.json:
        print(json.dumps(as_json(), indent=2), file=out)
    else:
        as_text()


def _positive_timeout(t: float) -> None:
    if not (math.isfinite(t) and t > 0):
        raise RulingError(f"--timeout must be a positive number of seconds, not {t:g}")
    if t > MAX_TIMEOUT:
        raise RulingError(
            f"--timeout must be at most {MAX_TIMEOUT:,.0f} seconds (a day), not {t:g}"
        )


def _deadline(args: argparse.Namespace) -> tuple[float, float]:
    """(each query's limit, the whole command's deadline on `time.perf_counter`). A query
    over chained nights may take 4x as long per night more (`check --nights 2`: its last
    ambiguity query, which proves no class is left, takes 15-30 s here)."""
    per_query = symbolic.DEFAULT_TIMEOUT * 4 ** (getattr(args, "nights", 1) - 1)
    return min(args.timeout, per_query), time.perf_counter() + args.timeout


def _symbolic_bounds(args: argparse.Namespace) -> None:
    _positive_timeout(args.timeout)
    if not 2 <= args.players <= len(NAMES):
        raise RulingError(f"--players must be between 2 and {len(NAMES)}, not {args.players}")


def _check(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _symbolic_bounds(args)
    if not 2 <= args.paradox_players <= len(NAMES):
        raise RulingError(
            f"--paradox-players must be between 2 and {len(NAMES)}, not {args.paradox_players}"
        )
    if not 1 <= args.nights <= 3:
        raise RulingError(f"--nights must be 1, 2 or 3, not {args.nights}")
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise RulingError(f"--jobs must be between 1 and {MAX_JOBS}, not {args.jobs}")
    if args.jobs is not None and args.cluster:
        raise RulingError("--jobs and --cluster: give one of them")
    rs = _load(args.ruleset, args.framework)
    kinds = tuple(args.only) if args.only else KINDS
    status = Console(stderr=True)
    with status.status("checking", spinner="dots") as spin:
        per_query, deadline = _deadline(args)
        checker = Checker(
            rs,
            players=args.players,
            timeout=per_query,
            deadline=deadline,
            paradox_players=args.paradox_players,
            nights=args.nights,
            progress=lambda msg: spin.update(f"checking: {msg}"),
        )
        if args.cluster:
            rep = parts.run_cluster(checker, kinds, args.cluster)
        elif args.jobs is not None:
            rep = parts.run_jobs(checker, kinds, args.jobs)
        else:
            rep = checker.run(kinds)
    _emit(args, out, lambda: report.check_json(rep), lambda: report.print_check(rep, console))
    return 1 if rep.findings else 3 if rep.unknown else 0


def _ask(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _symbolic_bounds(args)
    base, combined, why = with_ruling(args.ruleset, args.ruling)
    per_query, deadline = _deadline(args)
    status = Console(stderr=True)
    with status.status("thinking about the ruling", spinner="dots"):
        asker = Asker(base, combined, why, args.players, per_query, deadline=deadline)
        ans = asker.answer(not args.no_ambiguity)
    _emit(args, out, lambda: report.answer_json(ans), lambda: report.print_answer(ans, console))
    return 0


def _diff(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _symbolic_bounds(args)
    old, new = _load(args.old, args.old_framework), _load(args.new, args.new_framework)
    status = Console(stderr=True)
    with status.status("comparing", spinner="dots") as spin:
        per_query, deadline = _deadline(args)
        rep = diff(
            old, new, args.players, per_query, progress=lambda m: spin.update(m), deadline=deadline
        )
    _emit(args, out, lambda: report.diff_json(rep), lambda: report.print_diff(rep, console))
    return 1 if rep.changes else 3 if rep.unknown else 0


def _solve(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    _positive_timeout(args.timeout)
    rs = load_ruleset(args.ruleset)
    obs, text = load_observations(args.observations)
    if obs.clocktower:  # seats, hidden characters, information said of a character
        got = solve_clocktower(rs, obs)
        _emit(
            args,
            out,
            lambda: report.clocktower_json(got),
            lambda: report.print_clocktower(got, console),
        )
        return 0 if got.worlds else 1
    setup = bind(rs, obs, text)
    if args.sample is not None and args.sample < 1:
        raise RulingError(f"--sample must be at least 1, not {args.sample}")
    tips: list[Suggestion] | None = None
    if args.sample is not None:
        res = sample(setup, args.sample, args.liars, args.timeout, args.seed)
    elif args.suggest:
        res, tips = suggest(setup, args.liars, args.timeout)
    else:
        res = solve(setup, args.liars, args.timeout)
    _emit(
        args,
        out,
        lambda: report.solve_json(res, tips),
        lambda: report.print_solve(res, console, tips),
    )
    return {"sat": 0, "unsat": 1, "unknown": 3}[res.status]


def _casebook(args: argparse.Namespace, console: Console, out: IO[str]) -> int:
    files = case_files(args.paths)
    if not files:
        raise RulingError(f"no .case files under {', '.join(args.paths)}")
    cache = RulesetCache()
    if args.deletions:
        observed = observed_by_ruleset(observation_files(args.paths))
        found = [
            deletions(p, cs, suggest=args.suggest, observations=observed.get(p.resolve(), []))
            for p, cs in cases_by_ruleset(files, cache).items()
        ]
        if args.json:
            print(json.dumps(report.deletions_json(found), indent=2), file=out)
        else:
            report.print_deletions(found, console)
        undecided = ("not pinned", "unknown")
        return 1 if any(d.count(a) for d in found for a in undecided) else 0
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
