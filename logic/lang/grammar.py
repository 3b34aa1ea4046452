"""Owns the Lark parsers: finds the `.lark` files (in an installed wheel or a checkout),
builds one LALR parser per start rule, reads input files safely, and turns Lark's
exceptions into `RulingError`s worded in the writer's terms."""

from __future__ import annotations

import difflib
import functools
import os
import re
import stat
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from logic.lang.errors import Loc, RulingError, line_of
from logic.model.ir import Why

MAX_INPUT_BYTES = 1_000_000
"""Rulesets, cases and observations are hand-written; anything larger is a mistake."""

MAX_NUMBER = 9999
"""The largest number a ruleset, case or observations file may write (a night, a tier, a
faction count): checked on the tokens right after parsing, before any of them is
converted or used, so `night 99999999999:` is a located error and not a long run."""

GRAMMARS = ("ruleset", "case", "observations")

MAX_STATEMENTS = 500
"""The most statements (role lines, rulings, list entries) a ruleset may have: each
becomes switches and constraints of every symbolic night, so 2,000 copies of one ruling
made `diff --timeout 0.2` build for 30 s. Checked right after parsing. Lines kept for
coverage (`Flavour:`, `Not modelled (...):`, `Source:`, `Example (...):`, `Said again (...):`) act on nothing and are not
counted (DCTP's encoding keeps over 500 of its post's sentences so)."""

KEPT = ("flavour", "not_modelled", "source_note", "example", "said_again")
"""The frame grammar's statements that only keep a source sentence (see MAX_STATEMENTS)."""
_KEPT_LINE = re.compile(
    r"^\s*(?:flavou?r\s*:|not\s+model(?:l)?ed\s*\(|source\s*:|example\s*\(|said\s+again\s*\()", re.I
)


def counted_lines(lines: list[str]) -> list[int]:
    """The 1-based numbers of the lines that count as statements (MAX_STATEMENTS): not
    blank, not a comment, not a line kept for coverage."""
    return [
        n
        for n, line in enumerate(lines, 1)
        if line.strip() and not line.lstrip().startswith("#") and not _KEPT_LINE.match(line)
    ]


def grammar_dir() -> Path:
    """The folder holding the `.lark` files: `logic/grammar` when installed from a wheel,
    the checkout's top-level `grammar/` otherwise."""
    installed = resources.files("logic") / "grammar"
    if installed.is_dir():
        return Path(str(installed))
    checkout = Path(__file__).resolve().parents[2] / "grammar"
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
        cache=True,  # Lark's own cache of the analysed tables (a temp file): 3x faster start
    )


def read_source(path: str | Path, what: str) -> str:
    """Read a user's input file as text, refusing what cannot be one. The file is opened
    without blocking and checked to be a regular file of at most `MAX_INPUT_BYTES` before
    anything is read (a FIFO, `/dev/zero` or a 10 GB log are refused at once)."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise RulingError(f"no such {what} file: {p}") from None
    except IsADirectoryError:
        raise RulingError(f"{p} is a folder, not a {what} file") from None
    except OSError as e:
        raise RulingError(f"cannot read {what} file {p}: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise RulingError(f"{p} is a folder, not a {what} file")
        if not stat.S_ISREG(st.st_mode):
            raise RulingError(
                f"{p}: not a regular file (a pipe or a device); the {what} must be a text file"
            )
        if st.st_size > MAX_INPUT_BYTES:
            raise _too_large(st.st_size, str(p), what)
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise RulingError(f"cannot read {what} file {p}: {e.strerror}") from None
    finally:
        os.close(fd)
    return decode_source(data, str(p), what)


def _too_large(size: int, filename: str, what: str) -> RulingError:
    shown = f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size:,} bytes"
    return RulingError(
        f"{filename}: the {what} file is {shown}; "
        f"the limit is {MAX_INPUT_BYTES / 1e6:.0f} MB (is this the right file?)"
    )


def normalize_newlines(text: str) -> str:
    """Every line ending (\\r\\n, a lone \\r) as \\n: files from any editor read alike, and
    lines and columns are counted on the text as normalized."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_source(data: bytes, filename: str, what: str) -> str:
    """Bytes -> text, refusing what is too large, binary, not UTF-8 or blank. A byte-level
    problem is placed at `file:line:col`, the column counted in characters as Lark does."""
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(len(data), filename, what)
    data = data.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte order mark is not text
    data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if b"\x00" in data:
        at = data.index(b"\x00")
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        shown = data[start : len(data) if end < 0 else end].decode("utf-8", errors="replace")
        raise RulingError(
            f"this looks like a binary file, not a {what} (it holds NUL bytes)",
            _byte_loc(data, at, filename),
            shown.replace("\x00", "\N{SYMBOL FOR NULL}"),
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        loc = _byte_loc(data, e.start, filename)
        start = data.rfind(b"\n", 0, e.start) + 1
        end = data.find(b"\n", e.start)
        shown = data[start : len(data) if end < 0 else end].decode("utf-8", errors="replace")
        raise RulingError(
            f"the {what} file is not UTF-8 text (byte 0x{data[e.start]:02x}); save it as UTF-8",
            loc,
            shown,
        ) from None
    if not text.strip():
        blank = "empty" if not text else "empty (it holds only blank space)"
        raise RulingError(f"{filename}: the {what} file is {blank}")
    return text


def _byte_loc(data: bytes, offset: int, filename: str) -> Loc:
    """The line and character column of byte `offset` (the bytes before it on its line
    decode cleanly, or replaced, one character each)."""
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return Loc(filename, line, col)


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
    "FREE_TEXT": "a sentence (any text to the end of the line)",
    "REASON": "a reason (any text up to the closing bracket)",
}

# The core verbs of a role sentence: listed first among the expected words (a ruleset's
# many prose sentences would otherwise push them past the list's end).
_CORE = {'"targets"', '"checks"', '"visits"', '"kills"'}

# Terminals that match any text: acceptable only after their keyword, but the lexer Lark
# words an error with tries every terminal, so they may stand for a bad character there.
_FREE_TEXT = {"FREE_TEXT", "REASON"}


def _friendly(lark: Lark, names: set[str], near: str | None = None) -> tuple[str, ...]:
    """The expected terminals in words a writer knows, sorted; the keywords closest to
    the unexpected word `near` (a misspelling's likely meaning) come first."""
    out: set[str] = set()
    by_name = {t.name: t for t in lark.terminals}
    for n in names:
        if n in _FRIENDLY:
            out.add(_FRIENDLY[n])
        elif n in by_name and by_name[n].pattern.type == "str":
            out.add(f'"{by_name[n].pattern.value}"')
        else:
            out.add(n.lower())
    long = len(out) > 24  # the list an error shows is cut there: the core verbs first
    ordered = sorted(
        out, key=lambda s: (not s.startswith("a "), long and s not in _CORE, s.lower())
    )
    if near is None:
        return tuple(ordered)
    close = difflib.get_close_matches(f'"{near.lower()}"', ordered, n=3, cutoff=0.75)
    return (*close, *(s for s in ordered if s not in close))


def parse(text: str, filename: str, grammar: str, what: str, start: str = "start") -> Tree[Token]:
    """Parse `text` with grammar `grammar`; errors become `RulingError` with a caret."""
    lark = parser(grammar, start)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = lark.parse(text)
    except UnexpectedInput as e:
        raise replace(_error(e, text, filename, lark, what), syntax=True) from None
    except RecursionError:
        raise RulingError(f"{filename}: the {what} nests too deeply to read") from None
    _check_sizes(tree, text, filename, grammar, what, start)
    return tree


@functools.lru_cache(maxsize=1 << 16)
def reads(text: str, grammar: str, start: str = "start") -> bool:
    """Whether grammar `grammar` reads `text` (what `parse` accepts), with no error worded:
    the frame grammar is asked this of every sentence of a ruleset, alone and with the ones
    before it, and most answers are no (a role's sentence is the clause language's); a
    ruleset read again in one process (a casebook, the wordings' substitutions) asks the
    same lines again."""
    lark = parser(grammar, start)
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = lark.parse(text)
        _check_sizes(tree, text, "", grammar, grammar, start)
    except (UnexpectedInput, RecursionError, RulingError):
        return False
    return True


def _check_sizes(
    tree: Tree[Token], text: str, filename: str, grammar: str, what: str, start: str
) -> None:
    """A text of more statements or larger numbers than a hand-written one has: an error."""
    acting = [c for c in tree.children if getattr(c, "data", None) not in KEPT]
    if grammar == "ruleset" and start == "start" and len(acting) > MAX_STATEMENTS:
        extra = acting[MAX_STATEMENTS]
        line = getattr(getattr(extra, "meta", None), "line", 0) or 0
        raise RulingError(
            f"more than {MAX_STATEMENTS} statements in this {what}; a hand-written ruleset is "
            "far shorter (is a line repeated?)",
            Loc(filename, line, 1),
            line_of(text, line) if line else None,
        )
    for tok in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "INT"):
        if len(tok.lstrip("0")) > len(str(MAX_NUMBER)) or int(tok) > MAX_NUMBER:
            shown = tok if len(tok) <= 12 else tok[:6] + "..." + tok[-3:]
            raise RulingError(
                f"the number {shown} is too large (numbers here are at most {MAX_NUMBER:,})",
                Loc(filename, tok.line or 0, tok.column or 0),
                line_of(text, tok.line or 0),
                width=len(tok),
            )


def _error(e: UnexpectedInput, text: str, filename: str, lark: Lark, what: str) -> RulingError:
    line = getattr(e, "line", 0) or 0
    col = getattr(e, "column", 0) or 0
    expected = set(getattr(e, "expected", ()) or ())
    tok = e.token if isinstance(e, UnexpectedToken) else None
    if isinstance(e, UnexpectedEOF) or line <= 0 or (tok is not None and tok.type == "$END"):
        return _too_early(f"the {what} ends too early", text, filename, lark, expected)
    source_line = line_of(text, line)
    if tok is not None and tok.type == "_NL":
        # A sentence or line that stops before it is complete.
        if not text[tok.start_pos or 0 :].strip():
            return _too_early(
                f"the {what} ends too early, in the middle of this line",
                text,
                filename,
                lark,
                expected,
            )
        return RulingError(
            "this line ends too early",
            Loc(filename, line, col),
            source_line,
            _friendly(lark, expected),
        )
    if tok is not None and tok.type in _FREE_TEXT and tok.type not in expected:
        where = Loc(filename, line, col)
        return _bad_character(text, tok.start_pos or 0, where, lark, what, expected)
    if tok is not None:
        return RulingError(
            f"unexpected {str(tok)!r} in this {what}",
            Loc(filename, line, col),
            source_line,
            _friendly(lark, expected, str(tok)),
            width=max(1, len(str(tok))),
        )
    if isinstance(e, UnexpectedCharacters):
        pos = e.pos_in_stream or 0
        where = Loc(filename, line, col)
        return _bad_character(text, pos, where, lark, what, set(e.allowed or ()))
    return RulingError(f"cannot read this {what}", Loc(filename, line, col), source_line)


def _bad_character(
    text: str, pos: int, where: Loc, lark: Lark, what: str, allowed: set[str]
) -> RulingError:
    """A character no terminal acceptable there starts with (an unclosed quote, a stray sign)."""
    source_line = line_of(text, where.line)
    ch = text[pos] if pos < len(text) else ""
    rest_of_line = text[pos + 1 :].split("\n", 1)[0]
    if ch == '"' and '"' not in rest_of_line:
        return RulingError('this quoted text has no closing " on its line', where, source_line)
    return RulingError(
        f"unexpected character {ch!r} in this {what}", where, source_line, _friendly(lark, allowed)
    )


def _too_early(
    message: str, text: str, filename: str, lark: Lark, expected: set[str]
) -> RulingError:
    """An error at the end of the last line that is not blank."""
    lines = text.rstrip().split("\n") or [""]
    last = lines[-1].removesuffix("\r")
    return RulingError(
        message,
        Loc(filename, len(lines), len(last) + 1),
        last,
        _friendly(lark, expected),
    )


class SourceTransformer(Transformer[Token, Any]):
    """Base of the parse-tree-to-IR transformers: knows the text and the file, and makes
    the `Why` (file:line:col and the sentence's own words) of a rule's span."""

    kind = "sentence"

    def __init__(self, text: str, filename: str) -> None:
        super().__init__()
        self.text = text
        self.filename = filename

    def transform(self, tree: Tree[Token]) -> Any:
        """Transform `tree`; a failure inside a rule's method (Lark wraps it in a
        `VisitError`) comes out as the `RulingError` it was, or as one located at the rule
        it happened in, with its source line and a caret."""
        try:
            return super().transform(tree)
        except VisitError as e:
            orig = e.orig_exc
            if isinstance(orig, RulingError):
                raise orig from None
            meta = getattr(e.obj, "meta", None)
            line = getattr(meta, "line", 0) if meta is not None else 0
            col = getattr(meta, "column", 1) if meta is not None else 1
            raise RulingError(
                f"cannot read this {self.kind} ({type(orig).__name__}: {orig})",
                Loc(self.filename, line, col),
                line_of(self.text, line) if line else None,
            ) from None

    def _why(self, meta: Any, kind: str | None = None) -> Why:
        if getattr(meta, "empty", True):
            return Why(Loc(self.filename, 0, 0), "")
        raw = self.text[meta.start_pos : meta.end_pos]
        return Why(
            Loc(self.filename, meta.line, meta.column), " ".join(raw.split()), kind or self.kind
        )
