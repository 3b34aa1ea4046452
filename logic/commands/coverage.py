"""Owns `ruling coverage`: how a ruleset holds each sentence of the source document it
was written from (a GM's forum post).

Statuses, each with its one-line meaning:

- `verbatim`: a sentence of a statement of the ruleset is the source sentence, compared
  by `prose.key` (case, white space, list numbering, surrounding quotes and the final
  stop do not count; a role line's "Doctor:" may stand before it on either side);
- `reworded`: a `Source:` line holds it; the statement after that line rewords it;
- `not modelled`: a `Not modelled (REASON):` line holds it (the model does not act on it);
- `flavour`: a `Flavour:` line holds it;
- `missing`: the ruleset holds it in none of these ways.

When several sentences of the ruleset hold one source sentence, the first status of that
list wins; among sentences of one kind, the one about the same role (the source's
"Doctor:" and the ruleset's role line), then one not yet used, then the first.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from logic.lang.prose import ProseSentence, key, label_prefix, read_document, strip_marker
from logic.model.ir import Ruleset, Sentence, canon

STATUSES = ("verbatim", "reworded", "not modelled", "flavour", "missing")
# The status a source sentence gets from the kind of the ruleset's sentence holding it.
_STATUS_OF = {
    "rule": "verbatim",
    "source": "reworded",
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


def coverage(rs: Ruleset, source_text: str, source: str) -> Coverage:
    """How `rs` holds each sentence of `source_text` (the document at path `source`)."""
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
        held.append(Held(ps, _STATUS_OF[by.kind], by))
    return Coverage(rs, source, tuple(held))
