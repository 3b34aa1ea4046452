"""Owns `check --jobs N` and `check --cluster ADDRESS`: the searches of `ruling check`
cut into parts that run apart, and their findings merged into one report.

A part is one search (`Checker.steps`: contradictions, paradoxes, ambiguities, dead
rules, redundant rulings) over a share of its work (`Checker.share`): the paradox and
ambiguity searches over the scenarios whose first player's role is i modulo k (players
are listed in role order, so that is the smallest role dealt, and every scenario is in
one part), the dead rules and redundant rulings over every k-th sentence. A part is run
by `run_part`, a plain function of picklable values (the parsed ruleset, `Settings`,
`Part`), so the same parts run in this process (`--jobs 1`), in a pool of worker
processes (`--jobs N`) or on the workers of a Dask cluster (`--cluster ADDRESS`), which
receive the ruleset with each task and need only `ruling` installed.

Merging gives the report one process gives: each kind's findings in the order of the
report, a class found by two parts once, and a class that strictly contains another
class of its kind dropped (`minimal_only`). The classes are the same as one search's:
with no query unknown, a search reports the minimal sets of acting roles of the
scenarios with its finding, and the parts' union of scenarios is the whole night. Their
witnesses may differ (each is a smallest one of its part), and so may the order in
which one search met them: ambiguities and paradoxes are listed by their classes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

from logic.backends import symbolic
from logic.commands.check import Checker, Finding, OutOfTime, Report, minimal_only, on_time
from logic.commands.workers import WorkerDied, Workers
from logic.lang.errors import RulingError
from logic.model.ir import Role, Ruleset

SPLIT = ("ambiguous", "paradox", "dead rule", "redundant ruling")
"""The searches cut into k parts; the contradictions (one query and the lists) are one part."""
LONGEST_FIRST = ("ambiguous", "paradox", "dead rule", "contradiction", "redundant ruling")
"""The order parts are handed to workers in: the long searches first, so that no worker
starts one when the others are done."""


@dataclass(frozen=True)
class Part:
    """Search `kind` over share `index` of `count`."""

    kind: str
    index: int
    count: int

    def label(self) -> str:
        return self.kind if self.count == 1 else f"{self.kind} {self.index + 1}/{self.count}"


@dataclass(frozen=True)
class Settings:
    """What a part needs besides the ruleset: the bound and the time limits of the check."""

    players: int
    timeout: float
    until: float | None  # the whole check's deadline, on the wall clock (`time.time`: a
    # part queued behind others, or run on another machine, has only what is left of it)
    paradox_players: int
    nights: int
    roles: list[Role] | None = None


@dataclass
class Done:
    """What one part found, and what it asked."""

    part: Part
    findings: list[Finding]
    queries: int
    unknown: list[str]
    skipped: list[str]
    seconds: float


def parts_of(wanted: list[str], count: int) -> list[Part]:
    """The parts of the searches `wanted`, longest first: k = `count` for each search
    that is cut, one for the others."""
    out = []
    for kind in LONGEST_FIRST:
        if kind in wanted:
            k = count if kind in SPLIT else 1
            out += [Part(kind, i, k) for i in range(k)]
    return out


def run_part(ruleset: Ruleset, settings: Settings, part: Part) -> Done:
    """One part of a check (in any process: its arguments are picklable), in a Z3 context
    of its own (`symbolic.fresh`) with the nights it builds: so a part searches the same
    way wherever it runs and whatever ran before it in its process, and a query over its
    budget of work ends where it would in any other run (`--jobs 1` and `--jobs 2` give
    the same findings, witnesses and unknowns). (The nights were shared by the parts a
    worker ran: Turtle's findings then depended on which parts shared a process.)"""
    start = time.perf_counter()
    deadline = None if settings.until is None else start + (settings.until - time.time())
    with symbolic.fresh():
        c = Checker(
            ruleset,
            settings.players,
            settings.timeout,
            paradox_players=settings.paradox_players,
            nights=settings.nights,
            deadline=deadline,
            roles=settings.roles,
            share=(part.index, part.count),
        )
        found: list[Finding] = []
        try:
            on_time(deadline)
            found.extend(c.steps()[part.kind]())
        except OutOfTime:
            c.report.unknown.append(
                f"{part.kind} search: unknown (the command's --timeout ran out)"
            )
    seconds = time.perf_counter() - start
    return Done(part, found, c.report.queries, c.report.unknown, c.report.skipped, seconds)


def merge(report: Report, wanted: list[str], kinds: tuple[str, ...], dones: list[Done]) -> None:
    """The parts' findings, queries, unknowns and skipped checks into `report`, in the
    order one checker gives them (`Checker.run`)."""
    for kind in wanted:
        got: list[Finding] = []
        seen: set[tuple[str, str, tuple[str, ...]]] = set()
        for d in dones:
            if d.part.kind != kind:
                continue
            for f in d.findings:
                key = (f.kind, f.summary, f.roles)
                if f.kind in kinds and key not in seen:
                    seen.add(key)
                    got.append(f)
        if kind in ("ambiguous", "paradox"):
            got = sorted(
                minimal_only(got, lambda f: f.roles), key=lambda f: (len(f.roles), f.roles)
            )
            # (an open choice's ambiguity is reported once per cause: each part met its
            # own class of it, the smallest is kept)
            causes: set[tuple[str, ...]] = set()
            once = []
            for f in got:
                if f.choices and f.choices in causes:
                    continue
                causes.add(f.choices)
                once.append(f)
            got = once
        report.findings.extend(got)
    for d in dones:
        report.queries += d.queries
        report.unknown.extend(d.unknown)
        report.skipped.extend(s for s in d.skipped if s not in report.skipped)


def settings_of(checker: Checker) -> Settings:
    until = (
        None if checker.deadline is None else time.time() + checker.deadline - time.perf_counter()
    )
    return Settings(
        checker.requested,
        checker.timeout,
        until,
        checker.report.paradox_players,
        checker.nights,
        checker.pool,
    )


def run_jobs(checker: Checker, kinds: tuple[str, ...], jobs: int) -> Report:
    """The check in `jobs` worker processes (this process alone for one job): its searches
    cut into `jobs` parts each (two at least, so that `--jobs 1` and `--jobs 2` search the
    same parts: the same findings and witnesses, and the ratio of their times is the
    speed-up), merged into `checker`'s report."""
    start = time.perf_counter()
    wanted = checker.wanted(kinds)
    parts = parts_of(wanted, max(2, jobs))
    settings = settings_of(checker)
    dones: list[Done] = []
    if jobs == 1:
        for part in parts:
            checker.progress(f"{part.label()} ({len(dones)} of {len(parts)} parts done)")
            dones.append(run_part(checker.rs, settings, part))
    else:
        with Workers(jobs) as workers:
            futures = [workers.submit(run_part, checker.rs, settings, p) for p in parts]
            for part, fut in zip(parts, futures, strict=True):
                said = f"{len(dones)} of {len(parts)} parts done"
                try:
                    dones.append(
                        workers.wait(fut, f"{part.label()} search", partial(checker.progress, said))
                    )
                except WorkerDied as e:  # (its task is lost: said, never waited for)
                    how = f"unknown (its worker process died: {e.how})"
                    dones.append(Done(part, [], 0, [f"{part.label()} search: {how}"], [], 0.0))
    merge(checker.report, wanted, kinds, dones)
    checker.report.seconds = time.perf_counter() - start
    return checker.report


def run_cluster(checker: Checker, kinds: tuple[str, ...], address: str) -> Report:
    """The check on the Dask cluster whose scheduler is at `address`: its searches cut into
    as many parts as the cluster has worker threads (two at least), each submitted as a
    task with the parsed ruleset; merged into `checker`'s report. Z3 is not thread-safe:
    start the workers with one thread each (`dask worker ADDRESS --nthreads 1
    --nworkers N`)."""
    try:
        from distributed import Client
    except ImportError as e:  # (an optional extra: pip install 'ruling[cluster]')
        raise RulingError(
            "--cluster needs Dask's distributed: pip install 'ruling[cluster]'"
        ) from e
    start = time.perf_counter()
    wanted = checker.wanted(kinds)
    try:
        client = Client(address, timeout=30)
    except (OSError, TimeoutError, ValueError) as e:
        raise RulingError(f"--cluster {address}: no Dask scheduler answered ({e})") from e
    try:
        threads = sum(client.nthreads().values())
        parts = parts_of(wanted, max(2, threads))
        settings = settings_of(checker)
        futures = [client.submit(run_part, checker.rs, settings, p, pure=False) for p in parts]
        dones: list[Done] = []
        for fut in futures:
            checker.progress(f"{len(dones)} of {len(parts)} parts done on the cluster")
            dones.append(fut.result())
    finally:
        client.close()
    merge(checker.report, wanted, kinds, dones)
    checker.report.seconds = time.perf_counter() - start
    return checker.report
