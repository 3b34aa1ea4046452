"""Owns the Lark parsers: finds the `.lark` files (in an installed wheel or a checkout),
builds one LALR parser per start rule, reads input files safely, and turns Lark's
exceptions into `RulingError`s worded in the writer's terms."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import Loc, RulingError, line_of

MAX_INPUT_BYTES = 1_000_000
"""Rulesets, cases and observations are hand-written; anything larger is a mistake."""

GRAMMARS = ("ruleset", "case")


def grammar_dir() -> Path:
    """The folder holding the `.lark` files: `logic/grammar` when installed from a wheel,
    the checkout's top-level `grammar/` otherwise."""
    installed = resources.files("logic") / "grammar"
    if installed.is_dir():
        return Path(str(installed))
    checkout = Path(__file__).resolve().parent.parent / "grammar"
    if checkout.is_dir():
        return checkout
    raise RulingError("cannot find the grammar files (logic/grammar or grammar/)")


@functools.cache
def parser(name: str, start: str = "start") -> Lark:
    """The LALR parser for grammar `name` (a file in `grammar/`) at rule `start`."""
    if name not in GRAMMARS:
        raise ValueError(f"unknown grammar {name!r}")
    path = grammar_dir() / f"{name}.lark"
    return Lark(
        path.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start=start,
        propagate_positions=True,
        maybe_placeholders=False,
    )


def read_source(path: str | Path, what: str) -> str:
    """Read a user's input file as text, refusing what cannot be one."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise RulingError(f"no such {what} file: {p}") from None
    except IsADirectoryError:
        raise RulingError(f"{p} is a folder, not a {what} file") from None
    except OSError as e:
        raise RulingError(f"cannot read {what} file {p}: {e.strerror}") from None
    return decode_source(data, str(p), what)


def decode_source(data: bytes, filename: str, what: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise RulingError(
            f"{filename}: the {what} file is {len(data) / 1e6:.1f} MB; "
            f"the limit is {MAX_INPUT_BYTES / 1e6:.0f} MB (is this the right file?)"
        )
    if b"\x00" in data:
        offset = data.index(b"\x00")
        line = data.count(b"\n", 0, offset) + 1
        raise RulingError(
            f"{filename}:{line}: this looks like a binary file, not a {what} (it holds NUL bytes)"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise RulingError(
            f"the {what} file is not UTF-8 text (byte 0x{data[e.start]:02x})",
            Loc(filename, line, col),
        ) from None
    if not text.strip():
        raise RulingError(f"{filename}: the {what} file is empty")
    return text


# Terminals a writer would not recognise by Lark's name for them.
_FRIENDLY = {
    "NAME": "a name",
    "STRING": 'a quoted text ("...")',
    "INT": "a number",
    "_NL": "the end of the line",
    "$END": "the end of the file",
    "POSSESSIVE": "'s",
    "PATH": "a ruleset name or path",
    "COMMA": '","',
    "DOT": '"."',
    "COLON": '":"',
    "SEMICOLON": '";"',
    "LPAR": '"("',
    "RPAR": '")"',
    "MINUS": '"-"',
}


def _friendly(lark: Lark, names: set[str]) -> tuple[str, ...]:
    out: set[str] = set()
    by_name = {t.name: t for t in lark.terminals}
    for n in names:
        if n in _FRIENDLY:
            out.add(_FRIENDLY[n])
        elif n in by_name and by_name[n].pattern.type == "str":
            out.add(f'"{by_name[n].pattern.value}"')
        else:
            out.add(n.lower())
    return tuple(sorted(out, key=lambda s: (not s.startswith("a "), s.lower())))


def parse(text: str, filename: str, grammar: str, what: str, start: str = "start") -> Tree[Token]:
    """Parse `text` with grammar `grammar`; errors become `RulingError` with a caret."""
    lark = parser(grammar, start)
    if not text.endswith("\n"):
        text += "\n"
    try:
        return lark.parse(text)
    except UnexpectedInput as e:
        raise _error(e, text, filename, lark, what) from None


def _error(e: UnexpectedInput, text: str, filename: str, lark: Lark, what: str) -> RulingError:
    line = getattr(e, "line", 0) or 0
    col = getattr(e, "column", 0) or 0
    if isinstance(e, UnexpectedEOF) or line <= 0:
        lines = text.rstrip("\n").splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
        return RulingError(
            f"the {what} ends too early",
            Loc(filename, line, col),
            line_of(text, line),
            _friendly(lark, set(getattr(e, "expected", ()) or ())),
        )
    source_line = line_of(text, line)
    if isinstance(e, UnexpectedToken):
        tok = e.token
        shown = "the end of the line" if tok.type == "_NL" else repr(str(tok))
        return RulingError(
            f"unexpected {shown} in this {what}",
            Loc(filename, line, col),
            source_line,
            _friendly(lark, set(e.expected)),
            width=max(1, len(str(tok).rstrip("\n"))),
        )
    if isinstance(e, UnexpectedCharacters):
        pos = e.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else ""
        return RulingError(
            f"unexpected character {ch!r} in this {what}",
            Loc(filename, line, col),
            source_line,
            _friendly(lark, set(e.allowed or ())),
        )
    return RulingError(f"cannot read this {what}", Loc(filename, line, col), source_line)
