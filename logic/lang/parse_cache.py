"""Owns the clause language's cache of parses kept between runs: an Earley parse of a
sentence depends only on the grammar and the sentence's tokens, so each parse is kept,
by its tokens, in a file named after a hash of the grammar it was made with (a changed
grammar starts a new file; an old one is never read again). A ruleset read once is read
again from the cache without building the Earley parser or parsing its sentences again;
the built parser is kept too (`built`), so a ruleset with new sentences loads the parser
(0.1 s) instead of building it (0.4 s).

Where: `$RULING_CACHE_DIR`, else `$XDG_CACHE_HOME/ruling`, else `~/.cache/ruling`;
`RULING_CACHE_DIR=off` turns it off. A cache that cannot be read or written is ignored
(a parse is only ever faster with it, never different)."""

from __future__ import annotations

import atexit
import contextlib
import gc
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

import lark
from lark import Token, Tree


class Parses(Protocol):
    """What a parse is made with (logic/lang/earley.Parser)."""

    def parse(self, tokens: list[Token], explain: bool = True) -> Tree[Token]: ...


T = TypeVar("T")

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


def _digest(text: str) -> str:
    return hashlib.sha256((lark.__version__ + "\n" + text).encode("utf-8")).hexdigest()[:16]


def _write(path: Path, value: Any) -> None:
    """`value` pickled into `path`, whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as f:
        pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


def built(name: str, text: str, make: Callable[[], T]) -> T:
    """The parser of a grammar (`name`, `text`), as `make()` builds it: kept between runs
    beside the parses (loading one takes a tenth of building it). A parser lives as long
    as the process: it is moved out of the garbage collector's sight (`gc.freeze`), which
    otherwise walks its hundreds of thousands of objects again and again while sentences
    are parsed (a tenth of a ruleset's parse)."""
    folder = _folder()
    path = folder / f"{name}-{_digest(text)}.parser.pickle" if folder else None
    made: T | None = None
    if path is not None:
        try:
            with path.open("rb") as f:
                made = cast(T, pickle.load(f))
        except (OSError, pickle.PickleError, EOFError, AttributeError, ValueError, TypeError):
            made = None
    if made is None:
        made = make()
        if path is not None:
            with contextlib.suppress(OSError, pickle.PickleError, RecursionError, TypeError):
                _write(path, made)
    gc.freeze()
    return made


class TreeCache:
    """The parses of one grammar (`name`, `text`): `get` a tree by its key, `put` one; the
    new ones are written when the process ends."""

    def __init__(self, name: str, text: str) -> None:
        folder = _folder()
        self.path = folder / f"{name}-{_digest(text)}.pickle" if folder else None
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
            _write(self.path, self.trees)
            self.added = False
        except (OSError, pickle.PickleError, RecursionError):
            pass


def parse(
    cache: TreeCache, parser: Callable[[], Parses], tokens: list[Token], explain: bool = True
) -> Tree[Token]:
    """The parse of `tokens`: kept (in this process or an earlier run), or made by
    `parser()` (built only when a parse is missing) and kept. Where they do not parse, the
    parser's error, with every word that could have come next only when `explain`."""
    key = tuple((t.type, str(t), t.start_pos) for t in tokens)
    tree: Tree[Token] | None = cache.get(key)
    if tree is None:
        tree = parser().parse(tokens, explain)
        cache.put(key, tree)
    return tree
