"""Owns the suggestions for a sentence the language cannot read: the nearest wording
the language does read, from `grammar/examples.toml` (examples of each effect kind in the
three voices GMs write), with the role of the line put in."""

from __future__ import annotations

import difflib
import functools
import re
import tomllib

from logic.lang import grammar

MIN_SIMILARITY = 0.45
"""Below this (difflib's ratio over words) an example is too far to suggest."""


@functools.cache
def _data() -> dict[str, object]:
    return tomllib.loads((grammar.grammar_dir() / "examples.toml").read_text(encoding="utf-8"))


def example_role() -> str:
    """The role the examples stand for where no line gives one (examples.toml's `role`)."""
    return str(_data()["role"])


def examples() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Effect kind -> (what it means, its example sentences with "{role}")."""
    return {
        k: (str(v["meaning"]), tuple(v["examples"]))
        for k, v in _data().items()
        if isinstance(v, dict)
    }


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+|\"[^\"]*\"", text.lower())


def nearest(sentence: str, role: str | None = None) -> str | None:
    """The example nearest to `sentence` (its role put in), or None when none is near."""
    said = _words(sentence)
    best: tuple[float, str] | None = None
    for _, sentences in examples().values():
        for ex in sentences:
            text = ex.replace("{role}", role or example_role())
            ratio = difflib.SequenceMatcher(None, said, _words(text)).ratio()
            if best is None or ratio > best[0]:
                best = (ratio, text)
    return best[1] if best and best[0] >= MIN_SIMILARITY else None
