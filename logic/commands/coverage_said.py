"""Owns checking a ruleset's `Said again (LINE):` lines for `ruling coverage`: a source
sentence that repeats a ruling another line of the ruleset reads (the GM says the order of
healing in five places; a role's card repeats its section).

Each pointer (`line N`, or a sentence of the line in quotes) must name a line that reads a
ruling: a line holding a sentence of kind "rule" (not a heading, not a sentence read as
changing nothing, not a kept line). Then every said-again sentence is read as if written
at the end of the first line it points at, all of them at once:

- a sentence the language reads there is `said again` when the rules read with it are the
  rules read without it (`deletions.meaning`, the test by which `ruling casebook
  --deletions` answers "same rules": the sentence adds no condition, exception or outcome)
  and each rule it reads is one the pointed lines read too (the same node of the IR, or a
  part of theirs); otherwise it is refused (`RulingError` at the sentence: exit 2), since a
  sentence that adds to the rules, or says what another line reads, is not said again;
- a sentence the language does not read there (or reads as changing nothing, or reads
  to rules the assembly merges into others', when its reading before assembly is not one
  of the line's: nothing to compare) is `said again (stated)`, a count of its own, and only with its reason written (`Said again (line
  N; WHY):`) and a word in common with the lines it points at; otherwise it is refused.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

from logic.commands.deletions import meaning
from logic.commands.deletions import node_meaning as _plain
from logic.lang import grammar, statements
from logic.lang.errors import Loc, RulingError, line_of
from logic.lang.prose import key
from logic.lang.rules import parse_ruleset
from logic.model.ir import Ruleset, SaidAt, Sentence
from logic.model.why import Why

READ = "said again"
STATED = "said again (stated)"

_Span = tuple[int, int, int]  # line, first and last column of a sentence appended to a line


@dataclass(frozen=True)
class Said:
    """How a said-again sentence was checked: `status` READ or STATED, the lines it
    points at, and (for STATED) why the language did not read it there."""

    status: str
    lines: tuple[int, ...]
    unread: str = ""


def check_said(rs: Ruleset, text: str | None = None) -> dict[Loc, Said]:
    """Check every said-again sentence of `rs` (whose text is `text`, else read from
    `rs.source`); the result by the sentence's place. Raises `RulingError` (at the pointer
    or the sentence) for a pointer that names no line reading a ruling, a sentence that adds
    to the rules, and an unread sentence with no reason or nothing in common."""
    said = [s for s in rs.sentences if s.kind == "said again"]
    if not said:
        return {}
    if text is None:
        text = grammar.read_source(Path(rs.source), "ruleset")
    pointed = {s.loc: _pointed(rs, s, text) for s in said}
    unread: dict[Loc, str] = {}
    pieces: list[object] = []
    read, spans, after = _read_with(rs, text, said, pointed, unread, pieces)
    if after is not None:
        _no_more(rs, text, read, pointed, after)
        unread.update(_tied(after, pieces, read, pointed, spans, text))
    out: dict[Loc, Said] = {}
    for s in said:
        lines = pointed[s.loc]
        if s.loc in unread:
            _stated(rs, s, lines, unread[s.loc], text)
            out[s.loc] = Said(STATED, lines, unread[s.loc])
        else:
            out[s.loc] = Said(READ, lines)
    return out


def _pointed(rs: Ruleset, s: Sentence, text: str) -> tuple[int, ...]:
    """The lines `s`'s pointers name, each checked to read a ruling."""
    lines: list[int] = []
    for at in s.repeats:
        n = _line(rs, at, text) if at.line is None else at.line
        held = [x for x in rs.sentences if x.loc.line == n]
        if not any(_reads(x) for x in held):
            raise _refuse(f"line {n} {_what(held, text, n)}", at.loc, text, _source_hint(held))
        if n not in lines:
            lines.append(n)
    return tuple(lines)


def _reads(x: Sentence) -> bool:
    return x.kind == "rule" and not x.heading


def _what(held: list[Sentence], text: str, n: int) -> str:
    """What a line that reads no ruling holds, for the message."""
    if n < 1 or n > text.count("\n") + 1:
        return "is past the end of the ruleset: a said-again sentence points at a line that reads"
    if not held:
        return "holds no sentence (blank or a comment): point at the line that reads the ruling"
    kinds = {x.kind for x in held}
    if any(x.heading for x in held):
        return "is a heading: point at the line that reads the ruling"
    if kinds & {"no effect", "rule"}:
        return "reads nothing the engine acts on: point at the line that reads the ruling"
    return f"is a {sorted(kinds)[0]} line, not a line that reads a ruling"


def _source_hint(held: list[Sentence]) -> str | None:
    words = next((x.rewords for x in held if x.rewords is not None), None)
    return f"line {words.loc.line} (the statement that rewords it)" if words else None


def _line(rs: Ruleset, at: SaidAt, text: str) -> int:
    """The line holding the ruling sentence `at` quotes."""
    assert at.text is not None
    k = key(at.text)
    found = sorted({x.loc.line for x in rs.sentences if _reads(x) and key(x.text) == k})
    if not found:
        near = difflib.get_close_matches(
            at.text, [x.text for x in rs.sentences if _reads(x)], n=1, cutoff=0.6
        )
        raise _refuse(
            f"no sentence the ruleset reads is {at.text!r}",
            at.loc,
            text,
            f'"{near[0]}"' if near else None,
        )
    if len(found) > 1:
        where = ", ".join(map(str, found))
        raise _refuse(
            f"{at.text!r} is read on lines {where}: point at one by its number", at.loc, text
        )
    return found[0]


def _refuse(message: str, loc: Loc, text: str, hint: str | None = None) -> RulingError:
    return RulingError(message, loc, line_of(text, loc.line), hint=hint)


def _appended(
    text: str, said: list[Sentence], pointed: dict[Loc, tuple[int, ...]]
) -> tuple[str, dict[Loc, _Span]]:
    """`text` with each of `said` written at the end of the first line it points at, and
    where each was written."""
    lines = text.split("\n")
    spans: dict[Loc, _Span] = {}
    for s in said:
        n = pointed[s.loc][0]
        line = lines[n - 1].rstrip()
        start = len(line) + 2
        lines[n - 1] = f"{line} {s.text}"
        spans[s.loc] = (n, start, start + len(s.text) - 1)
    return "\n".join(lines), spans


def _errors(e: RulingError) -> list[RulingError]:
    return list(getattr(e, "errors", None) or [e])


def _read_with(
    rs: Ruleset,
    text: str,
    said: list[Sentence],
    pointed: dict[Loc, tuple[int, ...]],
    unread: dict[Loc, str],
    pieces: list[object],
) -> tuple[list[Sentence], dict[Loc, _Span], Ruleset | None]:
    """The ruleset read with every said-again sentence the language reads on its line;
    those it does not read go to `unread` (why). Returns the sentences read, where each
    was written, and the rules (None when none was read); `pieces` gets the statements'
    readings before assembly."""
    pending = list(said)
    while pending:
        with_them, spans = _appended(text, pending, pointed)
        try:
            done = statements.read(with_them, rs.source)
        except RulingError as e:
            failed = _failed(_errors(e), pending, spans)
            for s, why in failed.items():
                unread[s.loc] = why
            pending = [s for s in pending if s not in failed]
            continue
        try:
            after = parse_ruleset(with_them, rs.source, done, pieces)
        except RulingError as e:
            where = next((s for s in pending if _inside(e.loc, spans[s.loc])), None)
            if where is None:
                raise
            n = pointed[where.loc][0]
            raise _refuse(
                f"read as if written on line {n}, the ruleset no longer holds together "
                f"({e.message.splitlines()[0]}): not the same ruling",
                where.loc,
                text,
            ) from None
        kept = []
        for s in pending:
            got = _at(after, spans[s.loc])
            if got is None or got.kind != "rule":
                unread[s.loc] = "read, but it changes nothing the engine does"
            else:
                kept.append(s)
        return kept, spans, after
    return [], {}, None


def _inside(loc: Loc | None, span: _Span) -> bool:
    return loc is not None and loc.line == span[0] and span[1] <= loc.column <= span[2]


def _at(rs: Ruleset, span: _Span) -> Sentence | None:
    return next((x for x in rs.sentences if _inside(x.loc, span)), None)


def _failed(
    errors: list[RulingError], pending: list[Sentence], spans: dict[Loc, _Span]
) -> dict[Sentence, str]:
    """Which of `pending` the errors are about: those an error falls inside; else, for an
    error of a whole line, the first sentence written on that line (the next round tries
    the others without it)."""
    out: dict[Sentence, str] = {}
    for err in errors:
        message = err.message.splitlines()[0]
        inside = [s for s in pending if _inside(err.loc, spans[s.loc])]
        on_line = [s for s in pending if err.loc is not None and spans[s.loc][0] == err.loc.line]
        for s in inside or on_line[:1]:
            out.setdefault(s, message)
    if not out:  # an error of no line we wrote on: the ruleset's own
        raise errors[0]
    return out


def _no_more(
    rs: Ruleset,
    text: str,
    read: list[Sentence],
    pointed: dict[Loc, tuple[int, ...]],
    after: Ruleset,
) -> None:
    """Each of `read`, written on its line, leaves the rules as they are (else refused:
    the first that changes them, found by halves). `after`: the rules read with them all
    (and with those read as changing nothing)."""
    whole = meaning(rs)
    if meaning(after) == whole:
        return

    def same(group: list[Sentence]) -> bool:
        with_them, _ = _appended(text, group, pointed)
        return meaning(parse_ruleset(with_them, rs.source)) == whole

    group = list(read)
    while len(group) > 1:
        half = group[: len(group) // 2]
        group = group[len(group) // 2 :] if same(half) else half
    if not group or same(group):  # pragma: no cover - the whole changed, so one does
        return
    s = group[0]
    raise _refuse(
        f"says more than line {pointed[s.loc][0]} reads: written there, it changes the rules "
        "(a condition, an exception or an outcome of its own); a ruling to model, or to keep "
        "`Not modelled (REASON):`, not said again",
        s.loc,
        text,
    )


def _tied(
    after: Ruleset,
    pieces: list[object],
    read: list[Sentence],
    pointed: dict[Loc, tuple[int, ...]],
    spans: dict[Loc, _Span],
    text: str,
) -> dict[Loc, str]:
    """Each rule a sentence of `read` reads (the largest nodes of the IR its sentence
    gave) is a node the lines it points at give too, or a part of one (else refused,
    naming a line that gives it). A sentence whose rules the assembly merged into others'
    (no node of its own) is compared by its reading before assembly (`pieces`): each
    piece of it a piece of the lines'; when not, it is returned (with why) to be kept on
    its reason, as the language's reading shows nothing to compare."""
    nodes = _nodes(after)
    mine = _own(nodes, read, spans)
    theirs = _theirs(nodes, read, pointed, spans)
    merged: dict[Loc, str] = {}
    readings: list[tuple[object, _Cite, _Cite]] | None = None
    for s in read:
        if not mine[s.loc]:
            readings = _nodes(tuple(pieces)) if readings is None else readings
            own = _own(readings, [s], spans)[s.loc]
            lines = _theirs(readings, [s], pointed, spans)
            if not own or not all(any(_plain(p) in lines[n] for n in pointed[s.loc]) for p in own):
                merged[s.loc] = "read, but it gives no rule of its own to compare with the line's"
            continue
        for node in mine[s.loc]:
            plain = _plain(node)
            if any(plain in theirs[n] for n in pointed[s.loc]):
                continue
            owner = {span: loc for loc, span in spans.items()}
            given = sorted(
                {c[0] for x, c, _ in nodes if c and _owner(owner, c) is None and _plain(x) == plain}
            )
            by = f"; it is what line {given[0]} reads" if given else ""
            raise _refuse(
                f"reads a rule line {pointed[s.loc][0]} does not give ({type(node).__name__}"
                f"{by}): point at the line that reads it",
                s.loc,
                text,
            )
    return merged


def _own(
    nodes: list[tuple[object, _Cite, _Cite]], read: list[Sentence], spans: dict[Loc, _Span]
) -> dict[Loc, list[object]]:
    """The largest nodes each of `read` gave (its sentence's, under a node not its)."""
    owner = {spans[s.loc]: s.loc for s in read}
    mine: dict[Loc, list[object]] = {s.loc: [] for s in read}
    for node, cite, parent in nodes:
        loc = _owner(owner, cite)
        if loc is not None and _owner(owner, parent) is None:
            mine[loc].append(node)
    return mine


def _theirs(
    nodes: list[tuple[object, _Cite, _Cite]],
    read: list[Sentence],
    pointed: dict[Loc, tuple[int, ...]],
    spans: dict[Loc, _Span],
) -> dict[int, set[object]]:
    """The nodes (as `_plain` compares them) the lines `read` points at give, the
    sentences written on them for the check left out."""
    owner = {span: loc for loc, span in spans.items()}
    lines = {n for s in read for n in pointed[s.loc]}
    theirs: dict[int, set[object]] = {n: set() for n in lines}
    for node, cite, _ in nodes:
        if cite is not None and cite[0] in lines and _owner(owner, cite) is None:
            theirs[cite[0]].add(_plain(node))
    return theirs


_Cite = tuple[int, int] | None  # (line, column) of the sentence a node came from


def _nodes(
    x: object, cite: _Cite = None, parent: _Cite = None
) -> list[tuple[object, _Cite, _Cite]]:
    """Every node of the IR under `x` (a dataclass or a tuple), with the sentence it came
    from (its own `Why`, else its parent's) and its parent's."""
    out: list[tuple[object, _Cite, _Cite]] = []
    stack: list[tuple[object, _Cite, _Cite]] = [(x, cite, parent)]
    while stack:
        node, up, _ = stack.pop()
        why = getattr(node, "why", None)
        if not isinstance(why, Why) and isinstance(node, tuple):
            why = next((w for w in node if isinstance(w, Why)), None)
        own = (why.loc.line, why.loc.column) if isinstance(why, Why) and why.loc.line > 0 else up
        if is_dataclass(node) or isinstance(node, tuple):
            out.append((node, own, up))
        stack.extend((child, own, own) for child in _children(node))
    return out


def _owner(owner: dict[_Span, Loc], cite: tuple[int, int] | None) -> Loc | None:
    if cite is None:
        return None
    return next((loc for span, loc in owner.items() if _inside(Loc("", *cite), span)), None)


def _children(x: object) -> list[object]:
    if isinstance(x, (Why, str, bytes, int, float, bool)) or x is None:
        return []
    if is_dataclass(x) and not isinstance(x, type):
        return [getattr(x, f.name) for f in fields(x) if f.compare]
    if isinstance(x, (tuple, list, set, frozenset)):
        return list(x)
    if isinstance(x, dict):
        return list(x.values())
    return []


_STOP = frozenset(
    (
        "that",
        "this",
        "with",
        "will",
        "they",
        "their",
        "them",
        "from",
        "have",
        "been",
        "when",
        "what",
        "which",
        "there",
        "these",
        "those",
        "into",
        "than",
        "then",
        "also",
        "only",
        "more",
        "such",
        "other",
        "each",
        "being",
        "does",
        "were",
        "your",
        "player",
        "players",
    )
)


def _words(text: str) -> set[str]:
    """The words a sentence shares with a line: those of four letters or more (not the
    commonest) and the capitals' short names ("BO", "NOC")."""
    long = {w for w in re.findall(r"[a-z][a-z'-]{3,}", text.casefold()) if w not in _STOP}
    return long | {w.casefold() for w in re.findall(r"\b[A-Z]{2,3}\b", text)}


def _share(one: set[str], other: set[str]) -> bool:
    """Whether two sets of words hold one word, or one word and another it begins
    ("lover" and "lovers", "friend" and "friendship")."""
    if one & other:
        return True
    return any(
        a.startswith(b) or b.startswith(a) for a in one for b in other if min(len(a), len(b)) >= 4
    )


def _stated(rs: Ruleset, s: Sentence, lines: tuple[int, ...], why: str, text: str) -> None:
    """A sentence the language does not read on its line: kept with its reason, when it
    has one and shares a word with the lines it points at (else refused)."""
    n = lines[0]
    if not s.reason:
        raise _refuse(
            f"does not read as if written on line {n} ({why}): say why it is the same ruling "
            f"(`Said again (line {n}; WHY): ...`), or keep it `Not modelled (REASON):`",
            s.loc,
            text,
        )
    said = " ".join(x.text for x in rs.sentences if x.loc.line in lines)
    label = " ".join(x.label or "" for x in rs.sentences if x.loc.line in lines)
    if not _share(_words(s.text), _words(f"{said} {label}")):
        raise _refuse(
            f"shares no word with line{'s' if len(lines) > 1 else ''} "
            f"{', '.join(map(str, lines))}: is that the line that reads what it says?",
            s.loc,
            text,
        )
