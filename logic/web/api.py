"""Owns the workbench's calls: JSON-ready arguments in, the CLI's JSON out.

Each function reads the user's text with the library's own readers, runs the same
command function the CLI runs (`resolve`, `Checker`, `Asker`, `solve`, `suggest`,
`sample`, `draft`) and presents the result with `logic/report.py`'s `*_json`, so the page shows
exactly what `ruling ... --json` prints. Texts come from the request, never from disk
(except the casebook listing in `app.py`), and nothing is written anywhere.

A `Stop` is a cooperative deadline: the checker's progress callback raises it once the
server's per-request limit has passed or the client has gone, and the partial report is
returned with what was not finished, as `unknown`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from logic import report
from logic.commands.ask import Asker, with_ruling_text
from logic.commands.check import KINDS, NAMES, Checker
from logic.commands.draft import BUDGET, draft_json
from logic.commands.draft import draft as draft_post
from logic.commands.resolve import check_expectation, resolve
from logic.commands.solve import Liars, Suggestion, sample, solve, suggest
from logic.commands.solve.clocktower import solve_clocktower
from logic.lang.case import Case, parse_cases
from logic.lang.errors import RulingError
from logic.lang.grammar import decode_source
from logic.lang.observations import bind, parse_observations
from logic.lang.rules import parse_ruleset
from logic.model import serial
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import Ruleset

_CITED = re.compile(r"^(?P<text>.*?)\s+\[(?P<file>.+):(?P<line>\d+)\]$")


class Stop(Exception):
    """Raised from a progress callback: the request's time is up or its client left."""


def error_json(e: RulingError) -> dict[str, Any]:
    """A located error as the page shows it: where, the line, the expected forms, what was
    understood and the nearest wording read, and the CLI's own rendering (the caret
    included); `errors`, every sentence of the ruleset that could not be read, each in
    this form (the first is the error itself); `note`, a word on the whole input (a forum
    post given as a ruleset), or null."""
    one = _one_error(e)
    every = getattr(e, "errors", None) or [e]
    return {**one, "errors": [_one_error(x) for x in every], "note": getattr(e, "note", None)}


def _one_error(e: RulingError) -> dict[str, Any]:
    return {
        "message": e.message,
        "file": e.loc.file if e.loc else None,
        "line": e.loc.line if e.loc else None,
        "column": e.loc.column if e.loc else None,
        "width": e.width,
        "source_line": e.source_line,
        "expected": list(e.expected),
        "related": [{"what": w, "at": str(loc)} for w, loc in e.related],
        "understood": e.understood,
        "hint": e.hint,
        "rendered": e.render(),
    }


def load(text: str, name: str, framework: str | None = None) -> Ruleset:
    """The ruleset in the editor, under `framework` (as the CLI's --framework; none: the
    framework the ruleset names, else tiers)."""
    if framework is not None and framework not in FRAMEWORKS:
        raise RulingError(f"unknown framework {framework!r} (one of {', '.join(FRAMEWORKS)})")
    rs = parse_ruleset(text, name)
    return replace(rs, framework=framework, framework_why=None) if framework else rs


# ----------------------------------------------------------------------------- parse


def parse(text: str, name: str) -> dict[str, Any]:
    """`ruling parse`: the IR, and each line of the CLI's reading of the ruleset with the
    source line it cites (`line` is None for headings) and its indentation depth."""
    rs = parse_ruleset(text, name)
    meanings = []
    for line in report.ruleset_lines(rs):
        depth = (len(line) - len(line.lstrip(" "))) // 2
        m = _CITED.match(line)
        if m and m["file"] == name:
            meanings.append({"line": int(m["line"]), "depth": depth, "text": m["text"].strip()})
        else:
            meanings.append({"line": None, "depth": depth, "text": line.strip()})
    return {
        "name": rs.name,
        "factions": list(rs.factions),
        "nightkills": [k.faction for k in rs.nightkills],
        "roles": [
            {"name": r.name, "faction": r.faction, "abilities": [a.name for a in r.abilities]}
            for r in rs.roles
        ],
        "frameworks": sorted(FRAMEWORKS),
        "meanings": meanings,
        "ir": serial.to_json(rs),
    }


# ----------------------------------------------------------------------------- draft


def draft(post: str, name: str, limit: float) -> dict[str, Any]:
    """`ruling draft --json`: the post refused as the CLI refuses a file (empty, NUL
    bytes), its sentences tried for at most `limit` seconds."""
    text = decode_source(post.encode("utf-8", errors="surrogatepass"), name, "post")
    return draft_json(draft_post(text, name, budget=min(limit, BUDGET)))


# ----------------------------------------------------------------------------- cases


def _case_json(c: Case) -> dict[str, Any]:
    return {
        "title": c.title,
        "ruleset": c.ruleset,
        "players": [{"name": p.name, "role": p.role, "faction": p.faction} for p in c.players],
        "phases": [
            {
                "kind": b.kind,
                "number": b.number,
                "lines": [
                    {
                        "actor": ln.actor,
                        "verb": ln.verb,
                        "targets": list(ln.targets),
                        "ability": ln.ability,
                    }
                    for ln in b.lines
                ],
            }
            for b in c.phases
        ],
        "expectations": [str(e) for e in c.expectations],
    }


def cases(text: str, name: str) -> list[dict[str, Any]]:
    """A case file (or bare scenario) as read by `ruling resolve`, for the night form."""
    return [_case_json(c) for c in parse_cases(text, name)]


def resolve_cases(
    rules: str, rules_name: str, scenario: str, scenario_name: str, framework: str, timeout: float
) -> list[dict[str, Any]]:
    """`ruling resolve --json`, and each case's expectations checked as `ruling casebook`
    checks them."""
    rs = load(rules, rules_name, framework)
    out = []
    for c in parse_cases(scenario, scenario_name):
        res = resolve(rs, c, scenario, timeout)
        item = report.resolution_json(res)
        item["expectations"] = []
        for exp in c.expectations:
            ok, gave = check_expectation(res, exp)
            item["expectations"].append({"expected": str(exp), "passed": ok, "gave": gave})
        out.append(item)
    return out


# ----------------------------------------------------------------------------- check


def deadline(seconds: float, cancelled: Callable[[], bool]) -> Callable[[], None]:
    """A check to call between solver queries: raises `Stop` when time is up."""
    end = time.monotonic() + seconds

    def tick() -> None:
        if cancelled():
            raise Stop("the request was cancelled")
        if time.monotonic() > end:
            raise Stop(f"stopped at the server's limit of {seconds:g} s per request")

    return tick


def check(
    rules: str,
    name: str,
    *,
    framework: str,
    players: int,
    paradox_players: int,
    nights: int,
    kinds: tuple[str, ...],
    timeout: float,
    limit: float,
    progress: Callable[[str], None],
    cancelled: Callable[[], bool],
) -> dict[str, Any]:
    """`ruling check --json`; findings of the kinds finished before a `Stop` are kept and
    the rest reported under `unknown`."""
    rs = load(rules, name, framework)
    tick = deadline(limit, cancelled)

    def on_progress(msg: str) -> None:
        tick()
        progress(msg)

    checker = Checker(
        rs,
        players=players,
        timeout=timeout,
        paradox_players=paradox_players,
        nights=nights,
        progress=on_progress,
    )
    start = time.perf_counter()
    try:
        rep = checker.run(kinds)
    except Stop as e:
        rep = checker.report
        rep.seconds = time.perf_counter() - start
        rep.unknown.append(f"check: unknown ({e}); only the findings so far are shown")
    return report.check_json(rep)


# ----------------------------------------------------------------------------- ask


def ask(
    rules: str,
    name: str,
    ruling: str,
    *,
    players: int,
    timeout: float,
    ambiguity: bool,
    limit: float,
    cancelled: Callable[[], bool],
) -> dict[str, Any]:
    """`ruling ask --json`; a `Stop` gives the verdict `unknown`."""
    base, combined, why = with_ruling_text(rules, name, ruling)
    asker = Asker(base, combined, why, players=players, timeout=timeout)
    tick = deadline(limit, cancelled)
    asker.checker.progress = lambda _msg: tick()
    try:
        return report.answer_json(asker.answer(ambiguity))
    except Stop as e:
        return {
            "ruling": serial.to_json(why),
            "verdict": "unknown",
            "because": [],
            "witness": None,
            "without": None,
            "with": None,
            "settles_ambiguity": [],
            "creates_ambiguity": [],
            "leaves_ambiguous": [],
            "unknown": [f"ask: unknown ({e})"],
            "queries": asker.checker.report.queries,
            "note": "",
        }


# ----------------------------------------------------------------------------- solve


def solve_observations(
    rules: str,
    rules_name: str,
    observations: str,
    obs_name: str,
    *,
    liars: Liars,
    want_suggest: bool,
    draws: int | None,
    seed: int,
    timeout: float,
) -> dict[str, Any]:
    """`ruling solve --json` (with --suggest or --sample N when asked)."""
    rs = parse_ruleset(rules, rules_name)
    obs = parse_observations(observations, obs_name)
    if obs.clocktower:  # the Clocktower solver: its worlds in solve's keys
        got = solve_clocktower(rs, obs)
        out = report.clocktower_json(got)
        out["players"] = list(got.seats)
        out["pool"] = sorted({c for w in got.worlds for c in w})
        out["faction_order"] = []
        return out
    setup = bind(rs, obs, observations)
    tips: list[Suggestion] | None = None
    if draws is not None:
        res = sample(setup, draws, liars, timeout, seed)
    elif want_suggest:
        res, tips = suggest(setup, liars, timeout)
    else:
        res = solve(setup, liars, timeout)
    out = report.solve_json(res, tips)
    out["players"] = list(setup.players)
    out["pool"] = [r.name for r in setup.roles]
    out["faction_order"] = [f for f, _ in setup.counts]
    return out


MAX_PLAYERS = len(NAMES)
CHECK_KINDS = KINDS
