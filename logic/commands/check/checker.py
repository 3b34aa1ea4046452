"""Owns `Checker`, which runs the searches a check asks for (one module each) and gathers
their findings in the report's order, the ambiguity search in a process of its own
beside the others (`_ambiguities_apart`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import ClassVar

from logic.commands import may_spawn
from logic.commands.check.ambiguities import Ambiguities
from logic.commands.check.bounds import OutOfTime, on_time
from logic.commands.check.contradictions import Contradictions
from logic.commands.check.dead_rules import DeadRules
from logic.commands.check.findings import KINDS, Finding, Report, minimal_only
from logic.commands.check.paradoxes import Paradoxes
from logic.commands.check.redundant import RedundantRulings
from logic.commands.workers import WorkerDied, Workers
from logic.model.ir import Role, Ruleset


class Checker(Contradictions, Paradoxes, Ambiguities, DeadRules, RedundantRulings):
    """Runs the queries of `ruling check` for one ruleset at one bound (`Search`: its state;
    each kind of finding's search is a base of its own)."""

    apart_task: ClassVar[Callable[..., tuple[list[Finding], int, list[str]]] | None] = None
    """What the ambiguity search's worker runs, a module's function (None:
    `_ambiguities_apart`; a test gives one whose worker dies)."""

    def steps(self) -> dict[str, Callable[[], Iterator[Finding]]]:
        """Each search, by the kind of finding it makes (contradictions give gaps too)."""
        return {
            "contradiction": self.contradictions,
            "paradox": self.paradox_findings,
            "ambiguous": self.ambiguities,
            "dead rule": self.dead_rules,
            "redundant ruling": self.redundant_rulings,
        }

    def wanted(self, kinds: tuple[str, ...]) -> list[str]:
        """The searches `kinds` asks for, in the order of the report."""
        return [k for k in self.steps() if k in kinds or (k == "contradiction" and "gap" in kinds)]

    def run(self, kinds: tuple[str, ...] = KINDS, apart: bool = True) -> Report:
        """Every search `kinds` asks for. With `apart` (and more than one core), the
        ambiguity search, the longest, runs in a process of its own beside the others
        (`_ambiguities_apart`); the findings come out in the same order either way."""
        start = time.perf_counter()
        steps = self.steps()
        wanted = self.wanted(kinds)
        by_kind: dict[str, list[Finding]] = {}
        workers = None
        try:
            elsewhere = None
            if apart and "ambiguous" in wanted and len(wanted) > 1 and may_spawn():
                workers = Workers(1)
                left = None if self.deadline is None else self.deadline - time.perf_counter()
                elsewhere = workers.submit(
                    type(self).apart_task or _ambiguities_apart,
                    self.rs,
                    self.requested,
                    self.timeout,
                    left,
                    self.pool,
                    self.nights,
                )
            for kind in wanted:
                if kind == "ambiguous" and elsewhere is not None:
                    continue
                got: list[Finding] = []
                by_kind[kind] = got
                try:
                    on_time(self.deadline)  # (not even started: nothing built for it)
                    got.extend(steps[kind]())  # (what it found before `OutOfTime` is kept)
                except OutOfTime:
                    self.report.unknown.append(
                        f"{kind} search: unknown (the command's --timeout ran out)"
                    )
            if workers is not None and elsewhere is not None:
                # (the progress callback may stop the run: a web page's request is cancelled)
                try:
                    found, queries, unknown = workers.wait(
                        elsewhere,
                        "ambiguous search",
                        lambda: self.progress("ambiguity search (in its own process)"),
                    )
                except WorkerDied as e:  # (its task is lost: said, never waited for)
                    found, queries = [], 0
                    unknown = [f"ambiguous search: unknown (its worker process died: {e.how})"]
                by_kind["ambiguous"] = found
                self.report.queries += queries
                self.report.unknown.extend(unknown)
        finally:
            if workers is not None:
                workers.stop()  # (done, or the run stopped: the search is not waited for)
            for kind in wanted:  # what was found before a stop is kept
                got = [f for f in by_kind.get(kind, []) if f.kind in kinds]
                if kind in ("ambiguous", "paradox"):
                    got = minimal_only(got, lambda f: f.roles)
                self.report.findings.extend(got)
        self.report.seconds = time.perf_counter() - start
        return self.report


def _ambiguities_apart(
    ruleset: Ruleset,
    players: int,
    timeout: float,
    left: float | None,
    roles: list[Role] | None,
    nights: int,
) -> tuple[list[Finding], int, list[str]]:
    """`Checker.ambiguities` in a process of its own (`Checker.run`): its findings, its
    number of queries and its unknowns."""
    deadline = None if left is None else time.perf_counter() + left
    c = Checker(ruleset, players, timeout, deadline=deadline, roles=roles, nights=nights)
    found: list[Finding] = []
    try:
        on_time(deadline)
        found.extend(c.ambiguities())
    except OutOfTime:
        c.report.unknown.append("ambiguous search: unknown (the command's --timeout ran out)")
    return found, c.report.queries, c.report.unknown
