"""Owns `ruling check`: searching a ruleset for findings over a symbolic night.

The scenario is symbolic (roles drawn from the pool, every action and target open) and
built by the one semantics (`semantics.SymbolicNight`); Z3 answers through `symbolic`
(its `Session`s: no module of the package imports Z3). Every sentence of a symbolic
night carries a Boolean switch (`on:file:line:col`), so "without this sentence" is a
substitution, and unsat cores are sets of sentences; a symbolic day's day abilities do
too, and their sentences are searched over the first night and the day after it.

Finding kinds:
  ambiguous        one scenario, two outcomes (self-composition: two copies of the
                   outcome variables over one scenario, asked to differ in what anyone sees)
  paradox          a scenario with no consistent outcome (exists-forall, by CEGAR)
  contradiction    sentences that can never hold together (a minimal unsat core), or two
                   sentences that say different things of the same role
  dead rule        a sentence whose removal changes no outcome of any scenario
  redundant ruling a ruling already implied by the other sentences (same test)
  gap              something the ruleset leaves unsaid that its own lists imply

A finding is reported once per class: the set of acting roles of its smallest witness.
Scenarios in which the whole class acts are then excluded, so supersets of a class are
not new findings. `parts.py` cuts these searches into parts (`Checker.share`) that run
in other processes or on a cluster (`check --jobs`, `--cluster`).

The package: `findings` (the report and finding types), `bounds` (players, bounds and
deadlines), `signals` (what an outcome shows), `night` (the encoded night and its
copies), `search` (what the searches share), one module per kind of search
(`contradictions`, `paradoxes`, `ambiguities`, `dead_rules`, `redundant`, and
`ablation`, which the last two share) and `checker` (`Checker`, running them).
"""

from __future__ import annotations

from logic.commands.check.bounds import NAMES, SMALL, OutOfTime, on_time, seatable
from logic.commands.check.checker import Checker, _ambiguities_apart
from logic.commands.check.findings import KINDS, Finding, Klass, Report, minimal_only
from logic.commands.check.night import Night, _pick_of, _value
from logic.commands.check.paradoxes import least_outcome
from logic.commands.check.search import Search
from logic.commands.check.signals import describe, signals

__all__ = [
    "KINDS",
    "NAMES",
    "SMALL",
    "Checker",
    "Finding",
    "Klass",
    "Night",
    "OutOfTime",
    "Report",
    "Search",
    "_ambiguities_apart",
    "_pick_of",
    "_value",
    "describe",
    "least_outcome",
    "minimal_only",
    "on_time",
    "seatable",
    "signals",
]
