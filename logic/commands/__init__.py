"""The commands: resolve, check, ask, diff, solve and casebook, each a library call the CLI and the web page share; and `may_spawn`, which check and solve --suggest both ask before running a search in a process of its own."""

from __future__ import annotations

import multiprocessing
import os


def may_spawn() -> bool:
    """Whether a second process is worth starting (more than one core) and allowed (a
    pool's worker, a daemon, may not start one)."""
    return (os.cpu_count() or 1) > 1 and not multiprocessing.current_process().daemon
