"""A worker process of `check` that dies ends the wait (logic/commands/workers.py):
the ambiguity search beside the others (`Checker.run`) is then an unknown search, a part
of `check --jobs` too, and the check ends. (A `multiprocessing.Pool` lost the task of a
dead worker, and `check` waited for it forever.)"""

from __future__ import annotations

import os
import pickle
import time
from pathlib import Path
from typing import Any, NoReturn

import pytest

from logic.commands import may_spawn
from logic.commands.check import Checker
from logic.commands.workers import WorkerDied, Workers
from logic.lang.rules import load_ruleset

BLOCKERS = Path(__file__).parent / "rulesets" / "blockers.rules"


def _dies(*args: Any) -> NoReturn:
    os._exit(3)


def _doubles(x: int) -> int:
    return 2 * x


def _fails() -> None:
    raise ValueError("the task's own error")


class _Unloadable:
    """Pickles, but cannot be rebuilt: the task never reaches its worker's function (as a
    ruleset with a warning once could not)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_refuse, ())


def _refuse() -> NoReturn:
    raise pickle.UnpicklingError("cannot be rebuilt")


def _never(x: object) -> None:
    time.sleep(600)


def test_a_task_gives_its_result_or_its_own_error() -> None:
    with Workers(1) as w:
        assert w.wait(w.submit(_doubles, 21), "double", lambda: None) == 42
        with pytest.raises(ValueError, match="own error"):
            w.wait(w.submit(_fails), "fail", lambda: None)


def test_a_dead_worker_ends_the_wait_and_says_how() -> None:
    start = time.perf_counter()
    with Workers(2) as w, pytest.raises(WorkerDied) as e:
        w.wait(w.submit(_dies), "the search", lambda: None)
    assert time.perf_counter() - start < 60
    assert "the search: its worker process died" in str(e.value)
    assert "exit code 3" in e.value.how


def test_a_task_its_worker_cannot_unpickle_ends_the_wait() -> None:
    with Workers(1) as w, pytest.raises(WorkerDied):
        w.wait(w.submit(_never, _Unloadable()), "the search", lambda: None)


def test_a_result_waited_for_so_long_ends_late_or_dead() -> None:
    """`Workers.result` (`solve --suggest`'s count beside): the result within its limit,
    `TimeoutError` after it, `WorkerDied` at once when the worker dies (a
    `multiprocessing.Pool` lost that task, and its wait ran to the limit)."""
    with Workers(1) as w:
        assert w.result(w.submit(_doubles, 4), "double", 60) == 8
        with pytest.raises(TimeoutError):
            w.result(w.submit(_never, 1), "sleep", 1)
    start = time.perf_counter()
    with Workers(1) as w, pytest.raises(WorkerDied):
        w.result(w.submit(_dies), "the count", 600)
    assert time.perf_counter() - start < 60


def test_leaving_stops_a_running_task() -> None:
    start = time.perf_counter()
    with Workers(1) as w:
        fut = w.submit(_never, 1)
        with pytest.raises(TimeoutError):
            fut.result(timeout=1)
    assert time.perf_counter() - start < 60


class _Dying(Checker):
    apart_task = staticmethod(_dies)


@pytest.mark.skipif(not may_spawn(), reason="one core: the search runs in this process")
def test_check_ends_when_the_ambiguity_worker_dies() -> None:
    rep = _Dying(load_ruleset(BLOCKERS), players=3, timeout=60).run()
    assert any("ambiguous search: unknown (its worker process died" in u for u in rep.unknown)
    assert not [f for f in rep.findings if f.kind == "ambiguous"]
    assert rep.queries > 0  # (the other searches ran)
