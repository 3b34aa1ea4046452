"""Benchmarks against an earlier commit, in one run: the commit is unpacked (`git archive`)
into a temporary folder beside this tree, and each command runs as `python -m logic.cli`
in a fresh process under both trees in turn (the same venv, `PYTHONPATH` set to the
tree), so the two times of a row are measured on the same machine at the same load.

    from against import Tree, compare
    old, new = Tree.at("1c2b579"), Tree.here()
    for label, olds, news in compare([("check metadata", ["check", "casebook/metadata-mafia.rules"])], old, new):
        ...  # each row as soon as its command has run under both trees
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "1c2b579"  # main when issue 13's speed work began (check, ask, solve --suggest)


@dataclass(frozen=True)
class Tree:
    """A source tree of `ruling` and what to call it."""

    name: str
    path: Path

    @staticmethod
    def here() -> Tree:
        return Tree("this tree", ROOT)

    @staticmethod
    def at(rev: str) -> Tree:
        """`rev` unpacked into a temporary folder (kept for the rest of the run)."""
        sha = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", rev],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        folder = Path(tempfile.gettempdir()) / f"ruling-bench-{sha}"
        if not (folder / "logic").is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", sha], capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
        return Tree(sha, folder)


@dataclass
class Run:
    seconds: float  # wall clock
    code: int
    out: str
    cpu: float = 0.0  # user + system time of the process: what a shared machine's load
    # does not stretch (the wall clock does, and Z3's per-query limits are on it)


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


LIMIT = 900.0
"""A command's limit on the wall clock (`run`), unless the call gives its own."""


def run(tree: Tree, argv: list[str], limit: float | None = None) -> Run:
    """`ruling ARGV` under `tree` (run from the tree's folder: the casebook paths resolve)."""
    return _run(tree, ["-m", "logic.cli", *argv], limit)


def run_python(tree: Tree, source: str, argv: list[str], limit: float | None = None) -> Run:
    """The Python `source` (a benchmark's probe: `python -c`) under `tree`, with `argv`."""
    return _run(tree, ["-c", source, *argv], limit)


def _run(tree: Tree, args: list[str], limit: float | None) -> Run:
    env = dict(os.environ, PYTHONPATH=str(tree.path), COLUMNS="200")
    start, cpu = time.perf_counter(), _cpu()
    # (a session of its own: cut at the limit, the command's worker processes, `check
    # --jobs 2`'s, are ended with it, not left running)
    with subprocess.Popen(
        [sys.executable, *args],
        cwd=tree.path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as p:
        try:
            out, _ = p.communicate(timeout=LIMIT if limit is None else limit)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return Run(time.perf_counter() - start, -1, "", _cpu() - cpu)
    return Run(time.perf_counter() - start, p.returncode, out, _cpu() - cpu)


def compare(
    commands: list[tuple[str, list[str]]], old: Tree, new: Tree, repeat: int = 1
) -> Iterator[tuple[str, list[Run], list[Run]]]:
    """Each command under both trees, `repeat` times, alternating (old, new, old, ...),
    each row given as soon as its command has run (a caller prints it then: made into a
    list first, a benchmark of slow commands printed its header and nothing else for
    many minutes)."""
    for label, argv in commands:
        olds, news = [], []
        for _ in range(repeat):
            olds.append(run(old, argv))
            news.append(run(new, argv))
        yield label, olds, news
