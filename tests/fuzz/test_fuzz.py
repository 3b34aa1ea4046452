"""A short run of the fuzzing harness (tests/fuzz/harness.py) with every test run:
mutated casebook files and rulings through every command, in-process. No input may let an
exception escape `main`, run past its time budget, exit 2 without a location, or print
what is not JSON with `--json`. The long
run is `python tests/fuzz/harness.py` (figures in its output)."""

from __future__ import annotations

import io
import time

import pytest
from harness import COMMANDS, Run, _alarm, _Overrun, campaign, located, report


def test_short_fuzz_run_has_no_escapes_overruns_or_unlocated_errors() -> None:
    # a wider margin than the long run's: CI machines are shared, and this run is about
    # escapes and unlocated errors (the long run holds the time budgets)
    t = campaign(examples=40, seed=13, commands=COMMANDS, slow=False, margin=30)
    out = io.StringIO()
    report(t, out)
    assert sum(t.runs.values()) == 40
    assert not t.failures, out.getvalue()


def test_the_harness_tells_located_errors_from_unlocated_ones() -> None:
    """The three checks can fail: an escape, an overrun, and a bare exit 2 are flagged."""
    ok = "r.rules:3:5: unexpected 'x' in this ruleset\n    a b x\n        ^\n"
    assert located(ok, {})
    assert not located("r.rules:3:5: unexpected 'x'\n", {})  # no source line, no caret
    assert not located("something went wrong\n", {})
    assert located("/tmp/x/r.rules: the ruleset file is empty\n", {"/tmp/x/r.rules": ""})
    assert Run("parse", [], 4, 0.1, 1.0, "").failure == "escape"
    assert Run("parse", [], 0, 5.0, 1.0, "").failure == "overrun"
    assert Run("parse", [], 2, 0.1, 1.0, "oops\n").failure == "unlocated"
    assert Run("parse", [], 2, 0.1, 1.0, ok).failure is None
    # a --json run that reports must print JSON; a bad-input run (exit 2) prints none
    assert Run("parse", ["parse", "--json"], 0, 0.1, 1.0, "", stdout="{").failure == "json"
    assert Run("parse", ["parse", "--json"], 1, 0.1, 1.0, "", stdout="[]\n").failure is None
    assert Run("parse", ["parse", "--json"], 2, 0.1, 1.0, ok).failure is None
    assert Run("parse", ["parse"], 0, 0.1, 1.0, "", stdout="{").failure is None


def test_a_blocked_run_is_stopped_and_a_starved_one_is_not() -> None:
    """The wall-clock alarm stops a run that makes no progress (a read that blocks uses
    no CPU) and one past its CPU budget, but lets a run go on that only waits for the
    CPU (a loaded machine: the long run once flagged resolve at 0.9 s of CPU in 62 s)."""
    with pytest.raises(_Overrun), _alarm(0.2, budget=10):
        time.sleep(2)  # no CPU time: blocked
    with pytest.raises(_Overrun), _alarm(0.2, budget=0.3):
        end = time.process_time() + 2
        while time.process_time() < end:  # past the CPU budget
            pass
    with _alarm(0.2, budget=10):
        end = time.perf_counter() + 0.8
        while time.perf_counter() < end:  # busy, within the budget, past the alarm
            pass
