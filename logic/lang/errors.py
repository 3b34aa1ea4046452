"""Owns the one user-facing error type and its format: `file:line:col: message`, the
source line, a caret, and the forms that would have been accepted."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class Loc:
    """Where a sentence or token came from. Never part of equality."""

    file: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    @property
    def short(self) -> str:
        return f"{self.file}:{self.line}"


NOWHERE = Loc("<engine>", 0, 0)


@dataclass
class RulingError(Exception):
    """A problem with user input. Printed once, at the CLI's top level; exit code 2."""

    message: str
    loc: Loc | None = None
    source_line: str | None = None
    expected: tuple[str, ...] = ()
    width: int = 1
    related: tuple[tuple[str, Loc], ...] = field(default=())
    hint: str | None = None  # the nearest wording that would be read ("did you mean")
    understood: str | None = None  # the words read before the problem
    syntax: bool = field(default=False, compare=False)  # a parser's error (not a limit's)

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields (an exception pickles by its `args`, empty here): a
        ruleset's warnings go with it to `check`'s worker process."""
        return (_rebuilt, (type(self), {f.name: getattr(self, f.name) for f in fields(self)}))

    def render(self) -> str:
        head = f"{self.loc}: {self.message}" if self.loc else self.message
        lines = [head]
        if self.loc and self.source_line is not None:
            text = self.source_line.rstrip("\n")
            if len(text) > 200:
                start = max(0, self.loc.column - 80)
                text = text[start : start + 160]
                caret_col = self.loc.column - start
            else:
                caret_col = self.loc.column
            # Tabs before the caret are copied, so the caret lines up at any tab width.
            indent = "".join("\t" if c == "\t" else " " for c in text[: max(0, caret_col - 1)])
            indent += " " * max(0, caret_col - 1 - len(text))
            width = max(1, min(self.width, len(text) - caret_col + 1))
            lines.append(f"    {text}")
            lines.append("    " + indent + "^" * width)
        if self.expected:
            shown = list(self.expected[:48])
            more = len(self.expected) - len(shown)
            tail = f", or {more} more" if more > 0 else ""
            lines.append("expected one of: " + ", ".join(shown) + tail)
        for what, where in self.related:
            lines.append(f"  {where}: {what}")
        if self.understood:
            lines.append(f"understood up to there: {self.understood!r}")
        if self.hint:
            lines.append(f"did you mean: {self.hint}")
        return "\n".join(lines)


def _rebuilt(cls: type[RulingError], values: dict[str, Any]) -> RulingError:
    return cls(**values)


def line_of(text: str, line: int) -> str:
    """The 1-based `line` of `text`, or an empty string. Lines end at line feeds only, as
    Lark counts them (`str.splitlines` would also split at form feeds and U+2028)."""
    lines = text.split("\n")
    return lines[line - 1].removesuffix("\r") if 0 < line <= len(lines) else ""


def error_at_word(
    message: str,
    loc: Loc,
    source: str,
    token: str | None = None,
    expected: Iterable[str] = (),
    after: str | None = None,
) -> RulingError:
    """An error on `source` (the line at `loc`), the caret under the whole word `token`,
    searched from `loc`'s column (and after the word `after` when given, so a target is
    not found inside the actor's name)."""
    col = loc.column if loc.line else 1
    start = max(0, col - 1)
    if after:
        m = re.compile(rf"(?<!\w){re.escape(after)}(?!\w)", re.I).search(source, start)
        if m:
            start = m.end()
    if token and loc.line:
        m = re.compile(rf"(?<![\w'-]){re.escape(token)}(?![\w-])", re.I).search(source, start)
        if m:
            col = m.start() + 1
    return RulingError(
        message,
        Loc(loc.file, loc.line, col),
        source,
        tuple(expected),
        width=len(token) if token else 1,
    )
