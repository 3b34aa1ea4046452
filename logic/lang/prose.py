"""Owns reading GMs' prose for `ruling coverage`: a line split into sentences, the key two
sentences are compared by, and a source document (a forum post, plain text) read into
sentences with the section and label each stands under.

The same splitter cuts a ruleset's statements and the source, so a sentence copied from
the source into the ruleset comes out the same on both sides. What the reader assumes
about a document (each rule a heuristic, stated where it is applied):

- A line is a block: sentences do not run across lines, except a line that stops without
  punctuation and is continued by a line starting in lower case (hard-wrapped text; a
  short line so continued is not a heading when the line below has three words or a stop).
- A sentence ends at `.`, `!` or `?` (with any closing quotes or brackets) followed by a
  space, unless the word before the full stop is an abbreviation ("e.g.", "vs.", "Mr.");
  an ellipsis or "etc." ends one only before a capital. A line's end ends a sentence.
- A heading is a short line (at most 8 words, 4 when it ends with a colon) without
  sentence-final punctuation, written like a title (at most one word in lower case besides
  "of", "the", ...), that is not a list item ("Turn Order", "Possible Town Roles",
  "Time:"). Headings are not content, so a table of contents that repeats them holds no
  sentences.
- Forum markup ("[b]", "[size=150]", "[/spoiler]") is not text.
- A heading ending with a colon right above a content line ("Agent:" over the Agent's
  text) is a label of the lines below it, up to the next blank line, when the document
  also has headings without colons; otherwise it opens a section.
- A short line "Key: value" with text after its colon ("Interrogation: BO", "Night
  action: Slander, Investigate 3") is a keyword line of a card: content, a sentence, not a
  heading. A role card's title right above such lines ("Gin, Mafia Slanderer": a name, a
  comma, what it is) is a sentence too, and the name before its comma labels the card's
  lines up to the next blank line (so each keyword line is credited to its own role).
- Line numbers of a pasted listing ("  42. text", runs that number blank lines too) are
  not the author's and are dropped; list numbering ("7.", "1)", "-") is the author's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Words before a full stop that do not end a sentence (compared in lower case, without
# the final stop). "etc" ends a sentence before a capital.
_ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "eg", "ie", "vs", "cf", "viz", "approx", "incl", "aka", "a.k.a", "a.m", "p.m"}
    # DCTP's cards: "Prep. action: Amor", "Prep. Phase action: ..." (the prep phase)
    | {"prep"}
    | {"mr", "mrs", "ms", "dr", "st", "jr", "sr"}
)
_CAPITAL_ONLY = frozenset({"etc"})

_END = re.compile(r"""([.!?]+)(["'\u201d\u2019)\]]*)(\s+)(?=(\S))""")
_WORD_BEFORE = re.compile(r"[\w.'\u2019-]*$")
_WORD_WINDOW = 40
_OPENERS = "\"'\u201c\u2018("

# A list marker at the start of a line: "7.", "1)", "10x)", "-", "*", a bullet, a dash.
_MARKER = re.compile(r"^\s*(?:\d+[a-z]?[.)](?=\s|$)|[-*\u2022\u2013\u2014](?!-))\s*")
# "Doctor: text": a name of at most four words before a colon that opens a line.
_PREFIX = re.compile(r"""^([^\s:.!?"'(][^:.!?"]{0,40}?):\s+(?=\S)""")
_FINAL = re.compile(r"""[.!?]["'\u201d\u2019)\]]*$""")
_SMALL_WORDS = frozenset(
    {"a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "with", "by", "from"}
)
# Forum markup around text: [b]...[/b], [size=150], [spoiler].
_BBCODE = re.compile(
    r"\[/?(?:b|i|u|s|size|color|colour|spoiler|quote|url|img|list|code|center|font)(?:=[^\]]*)?\]",
    re.I,
)
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def split_sentences(text: str) -> list[str]:
    """The sentences of one line (or one statement) of prose, each stripped; a list marker
    at the start ("7. Tracker, Stalker") stays with the first sentence."""
    marker, text = strip_marker(text.strip())
    out = _split(text)
    if out and marker:
        out[0] = marker + out[0]
    return out


def _split(text: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _END.finditer(text):
        stops, next_char = m.group(1), m.group(4)
        # the word before, looked for in the few characters before the stop: searched from
        # the line's start, each stop cost the whole line before it (a line of 20,000
        # sentences took 45 s); a longer word is cut, which no test below tells apart
        before = _WORD_BEFORE.search(text, max(0, m.start() - _WORD_WINDOW), m.start())
        word = (before.group() if before else "").lower().strip("'\u2019-")
        if next_char.islower():  # forum prose starts sentences in lower case too
            ends = (
                "..." not in stops
                and len(word) >= 2
                and word not in _ABBREVIATIONS
                and word not in _CAPITAL_ONLY
            )
        elif next_char.isupper() or next_char in _OPENERS:
            ends = not (stops == "." and word in _ABBREVIATIONS)
        else:  # a digit, a bracketed date "[5/18/11]", a sign: the sentence goes on
            ends = False
        if ends:
            piece = text[start : m.end(2)].strip()
            if piece:
                out.append(piece)
            start = m.end(3)
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def strip_marker(text: str) -> tuple[str, str]:
    """(list marker, the rest) of a line: ("7. ", "Tracker, Stalker")."""
    m = _MARKER.match(text)
    if not m or m.end() == len(text):
        return "", text
    return text[: m.end()], text[m.end() :]


def label_prefix(sentence: str) -> tuple[str, str] | None:
    """("Medic", "Targets a player each night.") for "Medic: Targets a player each night."
    when the words before the colon are a short name (at most four words)."""
    m = _PREFIX.match(sentence)
    if not m or len(m.group(1).split()) > 4:
        return None
    return m.group(1).strip(), sentence[m.end() :]


def key(sentence: str) -> str:
    """What two sentences are compared by: case, runs of white space, curly quotes, list
    numbering at the start, a pair of quotes around it and the final stop do not count."""
    s = _BBCODE.sub("", sentence).translate(_QUOTES).strip()
    while True:
        marker, rest = strip_marker(s)
        if not marker:
            break
        s = rest
    previous = None
    while s != previous:
        previous = s
        s = s.strip().rstrip(".!?;:,").strip()
        if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
            s = s[1:-1]
    return " ".join(s.split()).casefold()


# ----------------------------------------------------------------------------- documents


@dataclass(frozen=True)
class ProseSentence:
    """One sentence of a source document."""

    text: str  # as written (its list marker kept)
    line: int  # 1-based line of the document
    section: str  # the heading it stands under ("" before the first heading)
    label: str | None = None  # the name it is about: "Medic" in "Medic: ..." or under "Medic:"
    first: bool = False  # the first sentence of its line (where a "Name:" prefix stands)


def _line_numbers(lines: list[str]) -> set[int]:
    """Indexes of lines that carry a pasted listing's line numbers: runs of at least ten
    lines numbered one up from the line before, some of them numbering a blank line."""
    number: list[int | None] = []
    blank: list[bool] = []
    for ln in lines:
        # a line number has at most 7 digits (a document is at most 1 MB): a longer run
        # of digits is not one, nor is it turned into an int (Python refuses 4,300 digits)
        m = re.match(r"^\s*(\d{1,7})\.(?:\s|$)", ln)
        number.append(int(m.group(1)) if m else None)
        blank.append(m is not None and not ln[m.end() :].strip())
    out: set[int] = set()
    run: list[int] = []

    def close() -> None:
        if len(run) >= 10 and any(blank[i] for i in run):
            out.update(run)

    for i, n in enumerate(number):
        last = number[run[-1]] if run else None
        if n is not None and last is not None and n == last + 1:
            run.append(i)
            continue
        close()
        run = [i] if n is not None else []
    close()
    return out


# "Interrogation: BO", "Night action: Slander, Investigate 3": a card's keyword line
KEYWORD = re.compile(r"^[A-Z][\w'./-]*(?: [\w'./-]+){0,2}: \S")
# "Gin, Mafia Slanderer": a card's title, the name before the comma
CARD_TITLE = re.compile(r"^([A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}), [A-Z][\w' -]*$")


def _is_heading(text: str) -> bool:
    words = text.split()
    if not text or strip_marker(text)[0] or len(text) > 60 or len(words) > 8:
        return False
    if KEYWORD.match(text) and not text.endswith(":"):
        return False
    if text.endswith(":") and len(words) > 4:  # "These roles are aligned with the Mafia:"
        return False
    # A heading is written like a title: "Table of Contents", not "Mechanics are similar".
    lower = [w for w in words if w[:1].islower() and w.strip(",:") not in _SMALL_WORDS]
    if len(lower) > 1:
        return False
    return not (_FINAL.search(text) or re.search(r"[.!?]\s", text))


def _goes_on(text: str) -> bool:
    """Whether a line in lower case under a short line continues its sentence (rather than
    being one more short line: a user name under a page's heading)."""
    return len(text.split()) >= 3 or bool(_FINAL.search(text))


@dataclass
class _Line:
    number: int
    text: str
    kind: str  # "blank", "heading", "colon" (a heading ending in ":"), "content"


def _lines(text: str) -> list[_Line]:
    raw = [ln.removesuffix("\r") for ln in text.split("\n")]
    pasted = _line_numbers(raw)
    out: list[_Line] = []
    for i, ln in enumerate(raw):
        if i in pasted:
            ln = re.sub(r"^\s*\d+\.", "", ln, count=1)
        s = " ".join(_BBCODE.sub("", ln).split())
        if not s:
            out.append(_Line(i + 1, "", "blank"))
        elif _is_heading(s):
            out.append(_Line(i + 1, s, "colon" if s.endswith(":") else "heading"))
        elif (
            out
            and (out[-1].kind == "content" or (out[-1].kind == "heading" and _goes_on(s)))
            and not re.search(r"""[.!?:"')\]]$""", out[-1].text)
            and s[0].islower()
        ):
            out[-1].text += " " + s  # a hard-wrapped line goes on
            out[-1].kind = "content"
        else:
            out.append(_Line(i + 1, s, "content"))
    return out


def read_document(text: str) -> list[ProseSentence]:
    """The sentences of a source document, with their sections and labels."""
    lines = _lines(text)
    plain = any(ln.kind == "heading" for ln in lines)
    out: list[ProseSentence] = []
    section = ""
    label: str | None = None
    card: str | None = None  # the role of the card being read
    for k, ln in enumerate(lines):
        if ln.kind == "blank":
            label = None
            continue
        keyword = bool(KEYWORD.match(ln.text)) and not ln.text.endswith(":")
        if not keyword:
            card = None
        elif card and label is None:  # a card's lines go on after a blank line
            label = card
        below = lines[k + 1] if k + 1 < len(lines) else None
        title = CARD_TITLE.match(ln.text) if ln.kind == "heading" else None
        if title and below is not None and KEYWORD.match(below.text):
            label = card = title.group(1)
            out.append(ProseSentence(ln.text, ln.number, section, label, first=True))
            continue
        if ln.kind in ("heading", "colon"):
            if ln.kind == "colon" and plain and below is not None and below.kind == "content":
                label = ln.text.rstrip(":").strip()
            else:
                section, label = ln.text.rstrip(":").strip(), None
            continue
        sentences = split_sentences(ln.text)
        body = strip_marker(ln.text)[1]
        # "These roles are aligned with the Citizens: Citizen:" -- a label glued on the end.
        glued = None
        if sentences and sentences[-1].endswith(":"):
            head, sep, tail = sentences[-1][:-1].rpartition(": ")
            if sep and head and 0 < len(tail.split()) <= 3 and tail[:1].isupper():
                sentences[-1], glued = head + ":", tail.strip()
        prefix = label_prefix(body)
        # a card's keyword line stands for the card's role
        line_label = prefix[0] if prefix and not (keyword and card) else label
        for j, s in enumerate(sentences):
            out.append(ProseSentence(s, ln.number, section, line_label, first=j == 0))
        if glued:
            label = glued
    return out
