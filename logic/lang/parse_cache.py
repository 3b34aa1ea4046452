"""Owns the clause language's cache of parses kept between runs: an Earley parse of a
sentence depends only on the grammar and the sentence's tokens, so each parse is kept,
by its tokens, in a file named after a hash of the grammar it was made with (a changed
grammar starts a new file; an old one is never read again). A ruleset read once is read
again from the cache without building the Earley parser (about a second) or parsing its
sentences again (tens of milliseconds each).

Where: `$RULING_CACHE_DIR`, else `$XDG_CACHE_HOME/ruling`, else `~/.cache/ruling`;
`RULING_CACHE_DIR=off` turns it off. A cache that cannot be read or written is ignored
(a parse is only ever faster with it, never different)."""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lark
from lark import Token, Tree

MAX_ENTRIES = 20_000
"""The most parses one cache file keeps (a server reading many rulesets starts over)."""


def _folder() -> Path | None:
    where = os.environ.get("RULING_CACHE_DIR")
    if where == "off":
        return None
    if where:
        return Path(where)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ruling"


class TreeCache:
    """The parses of one grammar (`name`, `text`): `get` a tree by its key, `put` one; the
    new ones are written when the process ends."""

    def __init__(self, name: str, text: str) -> None:
        digest = hashlib.sha256((lark.__version__ + "\n" + text).encode("utf-8")).hexdigest()
        folder = _folder()
        self.path = folder / f"{name}-{digest[:16]}.pickle" if folder else None
        self.trees: dict[Any, Any] = {}
        self.added = False
        if self.path is not None:
            try:
                with self.path.open("rb") as f:
                    loaded = pickle.load(f)
                if isinstance(loaded, dict):
                    self.trees = loaded
            except (OSError, pickle.PickleError, EOFError, AttributeError, ValueError):
                self.trees = {}
            atexit.register(self.save)

    def get(self, key: Any) -> Any:
        return self.trees.get(key)

    def put(self, key: Any, tree: Any) -> None:
        if len(self.trees) >= MAX_ENTRIES:
            self.trees.clear()
        self.trees[key] = tree
        self.added = True

    def save(self) -> None:
        if self.path is None or not self.added:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                pickle.dump(self.trees, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.path)
            self.added = False
        except (OSError, pickle.PickleError, RecursionError):
            pass


def parse(cache: TreeCache, parser: Callable[[], lark.Lark], tokens: list[Token]) -> Tree[Token]:
    """The parse of `tokens`: kept (in this process or an earlier run), or made by
    `parser()` (built only when a parse is missing) and kept."""
    key = tuple((t.type, str(t), t.start_pos) for t in tokens)
    tree: Tree[Token] | None = cache.get(key)
    if tree is None:
        tree = parser().parse(tokens)
        cache.put(key, tree)
    return tree
