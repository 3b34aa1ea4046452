"""Owns `Workers`: the commands' work run in spawned worker processes (`check`'s ambiguity
search beside the others, `Checker.run`; the parts of `check --jobs N`, `parts.run_jobs`;
`solve --suggest`'s plain count beside the ranking, `suggestions.suggest`), on
`concurrent.futures.ProcessPoolExecutor`.

A worker that dies (killed, out of memory, `os._exit`, a task it could not unpickle)
breaks the pool: every task not done ends at once with `WorkerDied`, which says which
task was lost and how the worker ended. (A `multiprocessing.Pool` replaces a dead worker
and its task is lost: `check` waited forever for it.) Waiting polls, so that a progress
callback may stop the run (a web page's request cancelled); leaving the `with` block
stops the workers still running, as `Pool.terminate` did.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any

POLL = 0.5
"""Seconds between two calls of the progress callback while a task runs."""


class WorkerDied(Exception):
    """A worker process ended without giving back the result of task `what`: `how` it
    ended."""

    def __init__(self, what: str, how: str) -> None:
        super().__init__(what, how)
        self.what = what
        self.how = how

    def __str__(self) -> str:
        return f"{self.what}: its worker process died ({self.how})"


class Workers:
    """`count` spawned worker processes; `submit` hands them a task, `wait` its result."""

    def __init__(self, count: int) -> None:
        self.executor = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"))
        # the worker processes seen since the start: a broken pool clears its own list
        # before `wait` can read how they ended (a race: "no exit code" half the time)
        self._seen: dict[int, Any] = {}

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """`fn(*args)` in a worker. The executor pickles a task in a thread of its own,
        later, while this thread goes on and may fill the caches of what it sent (a
        ruleset's lookups: "dictionary changed size during iteration" in that thread):
        the task gets a copy made here, which nothing else touches. A copy that cannot be
        made (a task that cannot be unpickled) is sent as it is, to fail in its worker."""
        with contextlib.suppress(Exception):  # (its worker says how it fails: WorkerDied)
            args = pickle.loads(pickle.dumps(args))
        future = self.executor.submit(fn, *args)
        self._seen.update(getattr(self.executor, "_processes", None) or {})
        return future

    def wait(self, future: Future[Any], what: str, progress: Callable[[], None]) -> Any:
        """`future`'s result, calling `progress` every `POLL` seconds until it comes; a
        task's own exception is raised as it is; `WorkerDied` if its worker died."""
        while True:
            progress()
            try:
                return future.result(timeout=POLL)
            except FutureTimeout:
                continue
            except BrokenProcessPool as e:
                raise WorkerDied(what, self._how()) from e

    def result(self, future: Future[Any], what: str, limit: float) -> Any:
        """`future`'s result within `limit` seconds (`TimeoutError` after them); a task's
        own exception is raised as it is; `WorkerDied` if its worker died."""
        try:
            return future.result(timeout=limit)
        except BrokenProcessPool as e:
            raise WorkerDied(what, self._how()) from e

    def _how(self) -> str:
        """How the pool's workers ended (their exit codes: a negative one is a signal)."""
        procs = {**self._seen, **(getattr(self.executor, "_processes", None) or {})}
        for p in procs.values():
            p.join(timeout=5)  # (a dead process's exit code, once it is reaped)
        codes = [p.exitcode for p in procs.values() if p.exitcode is not None]
        if not codes:
            return "no exit code: the task or its result could not be sent"
        return ", ".join(
            f"killed by signal {-c}" if c < 0 else f"exit code {c}" for c in sorted(set(codes))
        )

    def stop(self) -> None:
        """Ends the workers without waiting for their tasks (done, or the run stopped).
        ProcessPoolExecutor has no public way to end a running task before Python 3.14
        (`terminate_workers`): its worker processes are ended one by one."""
        procs = dict(getattr(self.executor, "_processes", None) or {})
        terminate = getattr(self.executor, "terminate_workers", None)
        if terminate is not None:
            terminate()
            return
        self.executor.shutdown(wait=False, cancel_futures=True)
        for p in procs.values():
            if p.is_alive():
                p.terminate()
        for p in procs.values():
            p.join(timeout=5)
