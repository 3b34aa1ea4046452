"""Owns how the clause language is put together from parts: a base grammar
(`grammar/clause.lark`, `grammar/game.lark`) followed by the fragments of each effect
kind (`grammar/clause/*.lark`, `grammar/game/*.lark`), and the lexicon
(`grammar/lexicon.toml` and `grammar/lexicon/*.toml`, merged category by category).

A fragment adds its shapes to the base with `%extend` ("`%extend _clause: hex`") and
defines its own rules beside them; it declares no terminal: every category of the lexicon
is a terminal, declared here once, so a new word class is a table of the lexicon, not a
`%declare` line in two files. Adding a mechanic's phrases touches its own fragment, its
own lexicon file and its own reading (`logic/lang/kinds/`), not the base.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from logic.lang import grammar


def _files(base: str, folder: str, suffix: str) -> list[Path]:
    root = grammar.grammar_dir()
    out = [root / base]
    if (root / folder).is_dir():
        out += sorted((root / folder).glob(f"*{suffix}"))
    return out


def lexicon_files() -> list[Path]:
    """`grammar/lexicon.toml`, then each kind's table in `grammar/lexicon/`."""
    return _files("lexicon.toml", "lexicon", ".toml")


def lexicon_data() -> dict[str, dict[str, Any]]:
    """Every lexicon file merged: a category listed in several files has all their words,
    verbs and irregular forms (a word in two categories is refused by the lexicon)."""
    merged: dict[str, dict[str, Any]] = {}
    for path in lexicon_files():
        for category, entry in tomllib.loads(path.read_text(encoding="utf-8")).items():
            into = merged.setdefault(category, {})
            for key, value in entry.items():
                if key == "forms":
                    into.setdefault("forms", {}).update(value)
                else:
                    old = into.setdefault(key, [])
                    into[key] = [*old, *([value] if isinstance(value, str) else value)]
    return merged


def grammar_files(base: str) -> list[Path]:
    """A base grammar (`clause.lark`, `game.lark`) and its fragments, in order."""
    stem = base.removesuffix(".lark")
    return _files(base, stem, ".lark")


def grammar_text(base: str, terminals: list[str]) -> str:
    """The base grammar, its fragments after it, and one `%declare` of `terminals`."""
    parts = [f"%declare {' '.join(terminals)}"]
    for path in grammar_files(base):
        parts.append(f"// ---- {path.name}\n" + path.read_text(encoding="utf-8"))
    return "\n".join(parts) + "\n"
