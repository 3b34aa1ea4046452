"""Owns `ruling coverage`: how a ruleset holds each sentence of the source document it
was written from (a GM's forum post).

Statuses, each with its one-line meaning:

- `verbatim`: a sentence of a statement of the ruleset is the source sentence, compared
  by `prose.key` (case, white space, list numbering, surrounding quotes and the final
  stop do not count; a role line's "Doctor:" may stand before it on either side);
- `reworded`: a `Source:` line holds it; the statement after that line rewords it;
- `played`: an `Example (FILE "TITLE", ...):` line holds it: a GM's worked example that
  the named cases of the casebook play (their facts the example's, their expectations
  what the GM says). The engine does not read the sentence (deleting it changes nothing),
  so it is not `verbatim`; but a case shows the engine agrees with it, so it is not `not
  modelled` either: a column of its own. `coverage` checks each named case first: a case
  file (relative to the ruleset's folder, a `*.case` that `ruling casebook` runs) with a
  case of that title playing this ruleset, or it fails (exit 2, at the title's line);
- `said again`: a `Said again (LINE):` line holds it: a sentence that repeats a ruling the
  line it points at reads (the GM says the order of healing in five places). Read as if
  written on that line, it reads to rules the line gives, and the rules with it are the
  rules without it (logic/commands/coverage_said.py checks both, or `coverage` fails, exit 2,
  at the sentence or the pointer). Neither modelled (deleting it changes nothing) nor not
  modelled (what it says is read): a column of its own;
- `said again (stated)`: the same line holds it, but the language does not read it there:
  the line's reason says why it is the same ruling (checked: the line reads a ruling, the
  sentence shares a word with it). A column of its own: a person's word, not the reader's;
- `not modelled`: a `Not modelled (REASON):` line holds it (the model does not act on it);
- `flavour`: a `Flavour:` line holds it;
- `missing`: the ruleset holds it in none of these ways.

When several sentences of the ruleset hold one source sentence, the first status of that
list wins; among sentences of one kind, the one about the same role (the source's
"Doctor:" and the ruleset's role line), then one not yet used, then the first.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from logic.commands.casebook import find_ruleset
from logic.commands.coverage_said import READ, STATED, check_said
from logic.lang import grammar
from logic.lang.case import Case, parse_cases
from logic.lang.errors import RulingError
from logic.lang.prose import ProseSentence, key, label_prefix, read_document, strip_marker
from logic.model.ir import CaseRef, Ruleset, Sentence, canon

STATUSES = (
    "verbatim",
    "reworded",
    "played",
    READ,
    STATED,
    "not modelled",
    "flavour",
    "missing",
)
# The status a source sentence gets from the kind of the ruleset's sentence holding it.
_STATUS_OF = {
    "rule": "verbatim",
    "source": "reworded",
    "example": "played",
    "said again": READ,  # or STATED, as `check_said` finds
    "not modelled": "not modelled",
    "flavour": "flavour",
    # a sentence of a statement that is read but changes nothing the engine does
    # ("No other special powers.", "This protection wears off at Day.")
    "no effect": "not modelled",
}
_RANK = {kind: STATUSES.index(status) for kind, status in _STATUS_OF.items()}


@dataclass(frozen=True)
class Held:
    """One sentence of the source and how the ruleset holds it (`by`: None when missing)."""

    sentence: ProseSentence
    status: str
    by: Sentence | None = None


@dataclass(frozen=True)
class Coverage:
    ruleset: Ruleset
    source: str  # the source document's path
    held: tuple[Held, ...]

    def sections(self) -> list[str]:
        """The source's sections that hold sentences, in order of first appearance."""
        return list(dict.fromkeys(h.sentence.section for h in self.held))

    def counts(self, section: str | None = None) -> dict[str, int]:
        """Sentences per status (and `total`), in one section or the whole source."""
        out = dict.fromkeys(STATUSES, 0)
        for h in self.held:
            if section is None or h.sentence.section == section:
                out[h.status] += 1
        out["total"] = sum(out.values())
        return out


# "1. Seer - This player can ...": a numbered role line that names its role before a dash
_NUMBERED_DASH = re.compile(
    r"^\s*\d+[a-z]?[.)]\s+([A-Z][\w'-]*(?:\s[A-Z][\w'-]*){0,3})\s+-\s+(?=\S)"
)


def _keys(text: str, first: bool = True, label: str | None = None) -> set[str]:
    """A sentence's keys: as written, without a "Name:" before a line's first sentence, and
    (for the ruleset's role lines) with the role's name before it; a numbered source line
    "1. Seer - This player ..." is "Seer: This player ..." as well."""
    keys = {key(text)}
    prefix = label_prefix(strip_marker(text)[1]) if first else None
    # a ruleset's card line ("Scent: Yes.") is its label and a word: the word alone holds
    # no source sentence ("Disguise: Yes" is not held by "Scent: Yes.")
    if prefix and (label is None or len(key(prefix[1]).split()) > 1):
        keys.add(key(prefix[1]))
    dash = _NUMBERED_DASH.match(text) if first else None
    if dash:
        keys.add(key(f"{dash[1]}: {text[dash.end() :]}"))
    if label:
        keys.add(key(f"{label}: {text}"))
    return keys - {""}


def _rank(s: Sentence, about: str | None, n: int, used: set[int]) -> tuple[int, bool, bool, int]:
    """Which of the ruleset's sentences holding a source sentence is shown (lowest first)."""
    same = about is not None and s.label is not None and canon(s.label) == about
    return (_RANK[s.kind], not same, n in used, n)


def check_examples(rs: Ruleset) -> int:
    """Every case an `Example (...)` line of `rs` names is found: its file (relative to the
    ruleset's folder, a `*.case` file) holds a case of that title whose `ruleset:` is `rs`.
    Raises `RulingError` at the first title not found; returns how many were checked."""
    folder = Path(rs.source).resolve().parent
    files: dict[str, list[Case]] = {}
    refs = list(dict.fromkeys(r for s in rs.sentences for r in s.plays))
    for ref in refs:
        path = folder / ref.file
        if ref.file not in files:
            if not path.is_file():
                raise RulingError(
                    f"no case file {ref.file!r} beside the ruleset (looked for {path})", ref.loc
                )
            files[ref.file] = parse_cases(grammar.read_source(path, "case"), str(path))
        _check_case(rs, ref, path, files[ref.file])
    return len(refs)


def _check_case(rs: Ruleset, ref: CaseRef, path: Path, cases: list[Case]) -> None:
    """`ref`'s case is among `cases` (the file at `path`) and plays `rs`."""
    found = next((c for c in cases if c.title == ref.title), None)
    if found is None:
        near = difflib.get_close_matches(ref.title, [c.title for c in cases], n=1)
        raise RulingError(
            f"{ref.file} has no case {ref.title!r}", ref.loc, hint=f'"{near[0]}"' if near else None
        )
    plays = find_ruleset(found.ruleset or "", path)
    if plays is None or plays.resolve() != Path(rs.source).resolve():
        raise RulingError(
            f"the case {ref.title!r} of {ref.file} plays the ruleset {found.ruleset!r}, "
            "not this one",
            ref.loc,
        )


def coverage(rs: Ruleset, source_text: str, source: str, text: str | None = None) -> Coverage:
    """How `rs` holds each sentence of `source_text` (the document at path `source`); the
    cases its examples name and its said-again lines are checked first (`check_examples`,
    `check_said`; `text` the ruleset's text, else read from `rs.source`)."""
    check_examples(rs)
    said = check_said(rs, text)
    index: dict[str, list[int]] = defaultdict(list)
    for n, s in enumerate(rs.sentences):
        for k in _keys(s.text, label=s.label):
            index[k].append(n)
    used: set[int] = set()
    held = []
    for ps in read_document(source_text):
        keys = _keys(ps.text, ps.first)
        if not keys:
            continue  # punctuation alone is not a sentence
        found = sorted({n for k in keys for n in index.get(k, ())})
        if not found:
            held.append(Held(ps, "missing"))
            continue
        about = canon(ps.label) if ps.label else None
        best = min(found, key=lambda n: _rank(rs.sentences[n], about, n, used))
        used.add(best)
        by = rs.sentences[best]
        status = said[by.loc].status if by.kind == "said again" else _STATUS_OF[by.kind]
        held.append(Held(ps, status, by))
    return Coverage(rs, source, tuple(held))
