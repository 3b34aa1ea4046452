"""Owns `ruling draft`: a GM's post (plain text, as pasted from a forum or a paste site)
turned into a first ruleset, which always parses.

The post is read line by line into blocks (each heuristic is stated where it is applied):

- Markup is not text: BBCode (`[b]`, `[size=150]`), Markdown emphasis (`**`, `__`) and
  heading marks (`## `), HTML tags; a pasted listing's line numbers are dropped (as
  `ruling coverage` drops them).
- A heading is a short line written like a title (no sentence stop, at most one word in
  lower case besides "of", "the", ...). A heading the ruleset language reads alone
  ("Possible Town Roles", "Role Priority", "These roles are aligned with the Mafia:") is
  kept as written; a heading that names a faction ("Town Roles", "Mafia:", "VILLAGE
  CORE:", "Werewolves") becomes `Possible FACTION Roles`, and so does one right above role
  lines, which names their group ("GENERAL POOL:"); any other heading is kept as a comment
  over a heading the language knows (`Miscellaneous notes:`).
- A role is a line `NAME: text`, `NAME - text`, `1) NAME: text`, `1. NAME - text`,
  or `NAME` / `NAME:` alone with its text in the lines below, under a faction's
  heading (in a post that names no faction: before any heading, or under one about
  roles, with the faction `Unknown`). Its block runs to the next blank line, heading or
  role. A list introduced by a line ending in ":" ("The hexes are:") is that line's, not
  roles. A name is at most four words starting with a capital, and its last word is not
  one of `_NOT_ROLE` ("Note", "Example", "Night action").
- A role's title may carry its faction and count around its name: "Seer (Village)",
  "Doctor [Town]", "Witch - Village", "Sheriff (Town Investigative)" (a faction's word
  first), "Villager x4", "5x Vanilla Townie", "Goon (2)"; the faction so named is the
  role's, whatever the heading above says. Something else in brackets keeps the title
  from being a role's.
- A role card with keys ("Role: Hunter" or a title, then "Alignment: Village",
  "Ability: ...", "Win condition: ..."): the alignment's key gives the faction, and the
  text of an ability's or a goal's key is the role's sentences (`_CARD_*_KEYS`).
- A role card is a role too: its title "NAME, what it is" ("Gin, Mafia Slanderer",
  the faction taken from its words when they name one) over keyword lines ("Night action:
  Slander", "Interrogation: BO"), which are its sentences, a blank line in the card
  included, up to the next line that is not a keyword line.
- Every other line is a block of its own (with its label when it starts `Name: `).
- A bullet ("- ", "* ", "• ") is not part of its line's sentences. A count before a role's
  name in the plural ("2 Mafia Goons:") is a title too: the role is "Mafia Goon" (the
  plural made singular by its final "s", unless it ends "ss", "us" or "ves"). The count of
  a title ("5x Vanilla Townie", "Villager x4", "2 Mafia Goons") is kept as a comment under
  the role's line: a ruleset holds no setup counts (a case's `players:` line or an
  observation file's `roles:` line gives them).

Each sentence of a block is tried with the library itself: its line must be read by the
language alone (the frame grammar, or the clause language for a role line's sentences),
then `parse_ruleset` must read the
statements accepted so far with it; appended to the block's last statement read, else as
a statement of its own (a role's sentences follow `NAME: `). Statements of their own
that the grammar reads but the draft did not are tried again, a section's together at its
end (a priority list is read only whole) and each at the end of the post. What is read is
kept as a rule; a sentence that states a mechanic the engine does not model (the game
language recognises it: a majority lynch, deadlines, chat, conduct; logic/lang/game.py's
`unmodelled`) as `Not modelled (MECHANIC): SENTENCE`; every other sentence as
`Not modelled (unread): SENTENCE`, in the order of the post, for the GM to reword. Nothing here knows a role or a sentence: the draft
reads more as the language grows. The draft is parsed again before it is returned; what
still fails is demoted to unread, and past `MAX_STATEMENTS` unread lines are merged. A
budget of parses and seconds bounds the work on a hostile post.
"""

from __future__ import annotations

import functools
import re
import time
from dataclasses import dataclass, field

from lark import Tree

from logic.lang import game, grammar, statements
from logic.lang.errors import RulingError
from logic.lang.grammar import MAX_STATEMENTS, normalize_newlines
from logic.lang.prose import (
    CARD_TITLE,
    KEYWORD,
    _line_numbers,
    key,
    label_prefix,
    split_sentences,
    strip_marker,
)
from logic.lang.rules import parse_ruleset

UNREAD = "Not modelled (unread): "
NEUTRAL_HEADING = "Miscellaneous notes:"
UNKNOWN_FACTION = "Unknown"
MAX_TRIED_CHARS = 2_000
"""A longer sentence is not tried (no rule sentence is that long): it is kept unread."""
BUDGET = 60.0
"""Seconds of trial parsing at most; sentences past it are kept unread, untried."""
MAX_DEFERRED = 50
"""Sentences tried again one by one at the end of the post, at most."""
MAX_TRIALS = 3_000
"""Parses of the whole draft at most, and as many of lines alone to find the headings;
past them, as past the time budget, sentences are kept unread, untried, and headings are
kept as comments."""


class _Budget:
    """What the drafting may still spend: parses and seconds."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.monotonic() + seconds
        self.trials = 0
        self.kinds = 0

    def left(self) -> bool:
        return self.trials < MAX_TRIALS and time.monotonic() < self.deadline

    def spend(self) -> bool:
        """Whether one more parse may be made (and count it)."""
        if not self.left():
            return False
        self.trials += 1
        return True

    def kind(self, line: str) -> str | None:
        """`_statement_kind` of a line that could be a heading, within the budget."""
        if len(line) > 120 or len(line.split()) > 16 or "#" in line or self.kinds >= MAX_TRIALS:
            return None
        self.kinds += 1
        return _statement_kind(line)


_BBCODE = re.compile(
    r"\[/?(?:b|i|u|s|size|color|colour|spoiler|quote|url|img|list|code|center|font|h\d)"
    r"(?:=[^\]]*)?\]",
    re.I,
)
_HTML = re.compile(r"</?(?:b|i|u|s|em|strong|span|font|h\d|p|br|center|div)\b[^>]*>", re.I)
_EMPHASIS = re.compile(r"\*\*|__")
_MD_HEADING = re.compile(r"^\s*#{1,6}\s+")
_FINAL = re.compile(r"""[.!?]["'\u201d\u2019)\]]*$""")
_SMALL = frozenset(
    {"a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "with", "by", "from"}
)
# "NAME - text", "NAME \u2013 text": a name before a dash between spaces
_DASHED = re.compile(r"^([^\s:.!?\"(][^:.!?\"]{0,40}?)\s+[-\u2013\u2014]+\s+(?=\S)")
_ROLE_NAME = re.compile(r"^[A-Z][\w'\u2019/&.-]*(?: [\w'\u2019/&.-]+){0,3}$")
_WORD = re.compile(r"^[a-z][a-z0-9-]*$", re.I)

# The last word of a label that names no role: "Note:", "Example:", "Night action:", and a
# forum signature's "Posts: 6185", "Joined: ...".
_NOT_ROLE = frozenset(
    """note notes example examples edit edits update updates ruling rulings clarification
    clarifications question questions answer answers q a mode rule rules role roles setup
    condition conditions goal goals alignment alignments faction factions team teams type
    types night day phase phases time priority order mechanic mechanics info information
    ability abilities action actions result results item items interrogation scent disguise
    observe ps nb important warning reminder tip tips hint hints vote votes voting lynch
    flavour flavor source contents list summary changes format status victory win wins re
    contact contacts credits thanks links faq changelog posts joined location website""".split()  # noqa: SIM905
)
# Words of a heading that name a faction, and the faction's name.
_FACTION_WORDS = {
    "town": "Town",
    "townie": "Town",
    "townies": "Town",
    "village": "Village",
    "villager": "Village",
    "villagers": "Village",
    "citizen": "Citizens",
    "citizens": "Citizens",
    "civilian": "Civilians",
    "civilians": "Civilians",
    "mafia": "Mafia",
    "mafiosi": "Mafia",
    "werewolf": "Werewolf",
    "werewolves": "Werewolf",
    "wolf": "Werewolf",
    "wolves": "Werewolf",
    "neutral": "Neutral",
    "neutrals": "Neutral",
    "independent": "Independent",
    "independents": "Independent",
    "cult": "Cult",
    "coven": "Coven",
    "triad": "Triad",
    "vampire": "Vampire",
    "vampires": "Vampire",
}
# Words a faction's heading may add to the faction's name: "Possible Town Roles:".
_FACTION_FILLER = frozenset(
    "possible the roles role team faction core exclusive aligned alignment side power list".split()  # noqa: SIM905
)
_ROLES_HEADING = re.compile(
    r"^(?:the\s+)?(?:possible\s+)?([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+(?:roles|team|faction)$"
)


# ----------------------------------------------------------------------------- the result


@dataclass(frozen=True)
class DraftSentence:
    """One sentence of the post and what the draft made of it."""

    text: str  # as written (markup and a bullet removed)
    line: int  # 1-based line of the post
    status: str  # "read", "not modelled" (a mechanic the engine does not model) or "unread"
    role: str | None  # the role whose block it is in
    tried: bool = True  # False: past the time budget or too long, kept unread untried
    mechanic: str | None = None  # what is not modelled (logic/lang/game_kinds/unmodelled.py)


@dataclass(frozen=True)
class Draft:
    source: str
    text: str  # the draft ruleset
    sentences: tuple[DraftSentence, ...]
    roles: tuple[tuple[str, str], ...]  # (role, faction), in the post's order

    def count(self, status: str) -> int:
        return sum(1 for s in self.sentences if s.status == status)

    @property
    def untried(self) -> int:
        return sum(1 for s in self.sentences if not s.tried)

    def factions(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for role, faction in self.roles:
            out.setdefault(faction, []).append(role)
        return out


def draft_json(d: Draft) -> dict[str, object]:
    """The draft as `ruling draft --json` prints it."""
    return {
        "source": d.source,
        "sentences": len(d.sentences),
        "read": d.count("read"),
        "not_modelled": d.count("not modelled"),
        "unread": d.count("unread"),
        "untried": d.untried,
        "roles": [{"name": r, "faction": f} for r, f in d.roles],
        "factions": d.factions(),
        "ruleset": d.text,
        "lines": [
            {
                "line": s.line,
                "text": s.text,
                "status": s.status,
                "role": s.role,
                "mechanic": s.mechanic,
            }
            for s in d.sentences
        ],
    }


def summary_lines(d: Draft) -> list[str]:
    """The summary `ruling draft` prints on stderr."""
    kept = d.count("not modelled")
    out = [
        f"draft of {d.source}: {len(d.sentences)} sentences, {d.count('read')} read, "
        + (
            f"{kept} not modelled (kept as 'Not modelled (MECHANIC):' lines, the mechanic named), "
            if kept
            else ""
        )
        + f"{d.count('unread')} unread (kept as 'Not modelled (unread):' lines to reword)"
    ]
    if d.untried:
        out.append(
            f"  {d.untried} of the unread were not tried (over {MAX_TRIED_CHARS:,} characters, "
            f"or past the budget of {MAX_TRIALS:,} parses or {BUDGET:g} s)"
        )
    by_faction = d.factions()
    out.append(f"roles found: {len(d.roles)}" + ("" if d.roles else " (no role line was found)"))
    for faction, roles in by_faction.items():
        out.append(f"  {faction} ({len(roles)}): {', '.join(roles)}")
    return out


# ----------------------------------------------------------------------------- the post's layout


def _clean(line: str) -> str:
    s = _BBCODE.sub("", line)
    s = _HTML.sub("", s)
    s = _EMPHASIS.sub("", s)
    s = _MD_HEADING.sub("", s)
    return " ".join(s.split())


def _title_like(s: str) -> bool:
    """A heading: a short line written like a title, without a sentence's stop."""
    words = s.split()
    if not s or len(s) > 60 or len(words) > 8 or strip_marker(s)[0]:
        return False
    if s.endswith(":") and len(words) > 4:
        return False
    lower = [w for w in words if w[:1].islower() and w.strip(",:") not in _SMALL]
    return len(lower) <= 1 and not (_FINAL.search(s) or re.search(r"[.!?]\s", s))


def _role_name(name: str) -> bool:
    name = name.strip()
    if not _ROLE_NAME.match(name):
        return False
    last = name.split()[-1].casefold().strip(".'\u2019")
    return last not in _NOT_ROLE


def _faction_of_words(text: str) -> str | None:
    """The faction a heading names by its words ("VILLAGE CORE:" -> Village), if any."""
    bare = text.rstrip(":").strip()
    m = _ROLES_HEADING.match(bare)
    words = [w.strip(",").casefold() for w in bare.split()]
    rest = [w for w in words if w not in _FACTION_FILLER]
    if len(rest) == 1 and rest[0] in _FACTION_WORDS:
        return _FACTION_WORDS[rest[0]]
    if m:
        return " ".join(w.capitalize() for w in m.group(1).split())
    return None


def _only_faction_word(text: str) -> bool:
    words = text.rstrip(":").strip().split()
    return len(words) == 1 and words[0].casefold() in _FACTION_WORDS


@dataclass
class _Line:
    number: int
    text: str  # markup removed
    kind: str  # "blank", "heading", "content"


def _lines(text: str, budget: _Budget) -> list[_Line]:
    raw = normalize_newlines(text).split("\n")
    pasted = _line_numbers(raw)
    out: list[_Line] = []
    for i, ln in enumerate(raw):
        if i in pasted:
            ln = re.sub(r"^\s*\d+\.", "", ln, count=1)
        s = _clean(ln)
        if not s:
            out.append(_Line(i + 1, "", "blank"))
            continue
        # "These roles are aligned with the Citizens: Citizen:": a label glued on the end
        head, sep, tail = s[:-1].rpartition(": ")
        glued = s.endswith(":") and sep and 0 < len(tail.split()) <= 3 and tail[:1].isupper()
        if glued and budget.kind(head + ":") is not None:
            out.append(_Line(i + 1, head + ":", "heading"))
            out.append(_Line(i + 1, tail + ":", "heading"))
            continue
        keyword = KEYWORD.match(s) is not None and not s.endswith(":")
        if (_title_like(s) and not keyword) or budget.kind(s) is not None:
            out.append(_Line(i + 1, s, "heading"))
        elif (
            out
            and out[-1].kind == "content"
            and not re.search(r"""[.!?:"')\]]$""", out[-1].text)
            and s[0].islower()
        ):
            out[-1].text += " " + s  # a hard-wrapped line goes on
        else:
            out.append(_Line(i + 1, s, "content"))
    return out


@functools.lru_cache(maxsize=4096)
def _statement_kind(line: str) -> str | None:
    """The kind of heading the ruleset language reads `line` alone as, else None."""
    try:
        tree = grammar.parse(line, "<draft>", "ruleset", "ruleset")
    except RulingError:
        return None
    kids = [c for c in tree.children if isinstance(c, Tree)]
    if len(kids) != 1:
        return None
    kind = str(kids[0].data)
    return kind if kind.endswith("heading") else None


@dataclass
class _Block:
    """Lines of the post whose sentences are tried together."""

    sentences: list[tuple[str, int]]  # (sentence as written, line)
    label: str | None = None  # the name before "NAME: ..." (the first sentence keeps it)
    role: str | None = None  # a role's name when the block is a role's
    faction: str | None = None
    count: int | None = None  # "5x Vanilla Townie:": how many the setup has (a comment)


@dataclass
class _Heading:
    text: str  # the heading to emit
    original: str | None  # the GM's heading, when rewritten
    faction: str | None  # the faction it gives the roles below
    alignments: bool = False  # the lines below it are factions ("Alignments:")


def _layout(text: str, budget: _Budget) -> list[_Block | _Heading]:
    """The post as headings and blocks, in order."""
    lines = _lines(text, budget)
    kinds = {k: budget.kind(ln.text) for k, ln in enumerate(lines) if ln.kind == "heading"}
    any_faction = any(
        kind in _FACTION_HEADINGS or (kind is None and _faction_of_words(lines[k].text))
        for k, kind in kinds.items()
    )
    lay = _Layout(lines, budget, kinds, any_faction, None if any_faction else UNKNOWN_FACTION)
    for k, ln in enumerate(lines):
        if ln.kind == "blank":
            lay.block, lay.listing = None, None
            continue
        if lay.card is not None and KEYWORD.match(ln.text) and not ln.text.endswith(":"):
            lay.card.sentences.extend((s, ln.number) for s in split_sentences(ln.text))
            continue
        lay.card = None
        if lay.card_title(k, ln):
            continue
        if ln.kind == "heading":
            lay.heading(k, ln)
            continue
        if lay.card_line(k, ln):
            continue
        lay.content(ln)
    return lay.out


@dataclass
class _Layout:
    """The post being laid out: its lines and their heading kinds, and, as they are read,
    the headings and blocks so far, the faction, the block and list lines go on, and the
    role card whose keyword lines are its own."""

    lines: list[_Line]
    budget: _Budget
    kinds: dict[int, str | None]  # each heading line's kind of heading the language reads
    any_faction: bool  # some heading names a faction
    faction: str | None
    out: list[_Block | _Heading] = field(default_factory=list)
    block: _Block | None = None
    # a list introduced by a line ending in ":": None (none), "" (its first item to come),
    # or the kind of its markers ("1" numbered, "-" bullets)
    listing: str | None = None
    card: _Block | None = None  # the role card being read: its keyword lines are its own

    def next_content(self, k: int) -> _Line | None:
        """The first line after line k that is not blank, if it is content."""
        lines = self.lines
        for j in range(k + 1, len(lines)):
            if lines[j].kind != "blank":
                return lines[j] if lines[j].kind == "content" else None
        return None

    def card_title(self, k: int, ln: _Line) -> bool:
        """Whether the line is a role card's title over its keyword lines (a card begun)."""
        title_of = CARD_TITLE.match(ln.text) if ln.kind == "heading" else None
        below_card = self.next_content(k) if title_of else None
        if title_of and below_card is not None and KEYWORD.match(below_card.text):
            name = title_of.group(1)
            own = _faction_of_words(ln.text[title_of.end(1) + 1 :].split()[0])
            self.card = self.block = _Block([], name, name, own or self.faction or UNKNOWN_FACTION)
            self.out.append(self.block)
            return True
        return False

    def heading(self, k: int, ln: _Line) -> None:
        """A heading line: a heading the language reads, a faction's or a group's heading,
        a role's title over its text, or a heading kept as neutral."""
        # "There are three variants that may exist:" (a heading the language reads)
        # introduces a list, as any line ending in ":" that is not a title
        self.block = None
        self.listing = "" if ln.text.endswith(":") and not _title_like(ln.text) else None
        title = ln.text.rstrip(":").strip()
        if self.kinds.get(k) is not None:
            f = _faction_of_heading(ln.text) if self.budget.spend() else None
            if not self.any_faction:
                self.faction = UNKNOWN_FACTION if _about_roles(ln.text) else None
            elif f is not None:
                self.faction = None if f == _ALIGNMENTS else f
            self.out.append(
                _Heading(ln.text, None, None if f == _ALIGNMENTS else f, f == _ALIGNMENTS)
            )
            return
        f = _faction_of_words(ln.text)
        below = self.next_content(k)
        if f is not None and not (self.faction == f and _only_faction_word(ln.text) and below):
            self.faction = f
            self.out.append(_Heading(f"Possible {f} Roles", ln.text, f))
            return
        group = _group_name(title)
        if self.any_faction and below is not None and _role_of(below.text) and group:
            # a heading over role lines names their group ("GENERAL POOL:")
            self.faction = group
            self.out.append(_Heading(f"Possible {group} Roles", ln.text, group))
            return
        titled = _titled(title) or ((title, None) if _role_name(title) else None)
        if (
            titled is not None
            and (titled[1] or self.faction) is not None
            and below is not None
            and not _role_of(below.text)
        ):
            # a role's title over its text ("Seer (Village)", "Villager x4")
            self.block = _Block([], None, titled[0], titled[1] or self.faction)
            self.out.append(self.block)
            return
        self.faction = UNKNOWN_FACTION if not self.any_faction and _about_roles(ln.text) else None
        self.out.append(_Heading(NEUTRAL_HEADING, ln.text, None))

    def card_line(self, k: int, ln: _Line) -> bool:
        """Whether the line is a role card's "Key: value" line (its faction or its text) or
        the "Role: NAME" over a card's lines (a card begun)."""
        pair = _card_key(ln.text)
        block = self.block
        if pair is not None and block is not None and block.role is not None:
            # a role card's line: "Alignment: Village" gives the faction, "Ability: ..."
            # and "Win condition: ..." are the role's sentences
            what, value = pair
            if what in _CARD_FACTION_KEYS and (_faction_in(value) or _role_name(value)):
                block.faction = _faction_in(value) or value
                return True
            if what in _CARD_TEXT_KEYS and value:
                block.sentences.extend((t, ln.number) for t in split_sentences(value))
                return True
        if pair is not None and pair[0] in _CARD_NAME_KEYS and _role_name(pair[1]):
            below = self.next_content(k)
            if below is not None and _card_key(below.text) is not None:
                # "Role: Hunter" over its card's lines
                self.block = _Block([], None, pair[1], self.faction or UNKNOWN_FACTION)
                self.out.append(self.block)
                return True
        return False

    def content(self, ln: _Line) -> None:
        """A content line: a role's line, more of the role's block, or a block of its own;
        a list item, or the line that introduces a list."""
        marker, body = strip_marker(ln.text)
        kind = ("1" if marker.strip()[:1].isdigit() else "-") if marker else None
        if self.listing == "" and kind is not None:
            self.listing = kind
        in_list = kind is not None and self.listing == kind
        if kind is None or (self.listing and kind != self.listing):
            self.listing = None
        prefix = label_prefix(body)
        role = _role_line(ln.text)
        bullet = bool(marker) and kind == "-"  # "- ", "* ": not part of the sentence
        sentences = [(s, ln.number) for s in split_sentences(body if bullet else ln.text)]
        if role is not None and (role[1] or self.faction) is not None and not in_list:
            self.block = _Block(sentences, role[0], role[0], role[1] or self.faction)
            self.block.count = _count_of(ln.text)
            self.out.append(self.block)
        elif self.block is not None and self.block.role is not None:
            self.block.sentences.extend(sentences)
        else:
            label = prefix[0] if prefix is not None and _role_name(prefix[0]) else None
            self.out.append(_Block(sentences, label))
        if ln.text.endswith(":"):
            self.listing = ""


def _role_of(line: str) -> str | None:
    """The role a line names in a role's layout ("1) NAME: ...", "NAME - ...",
    "NAME (Faction): ..."), if any."""
    titled = _role_line(line)
    return titled[0] if titled else None


def _role_line(line: str) -> tuple[str, str | None] | None:
    """The role a line names in a role's layout and the faction its title gives, if any."""
    body = strip_marker(line)[1]
    prefix = label_prefix(body)
    dashed = _DASHED.match(body) if prefix is None else None
    name = prefix[0] if prefix else dashed.group(1) if dashed else None
    if name is None:
        return None
    plural = _plural_count(name)
    if plural is not None:  # "2 Mafia Goons"
        return (plural, None) if _role_name(plural) else None
    return _titled(name) or ((name, None) if _role_name(name) else None)


_PLURAL_COUNT = re.compile(r"^(\d{1,3})\s+(\S.*\S)$")
_COUNT_OF = re.compile(
    r"^(\d{1,3})\s*[x\u00d7]|[x\u00d7]\s*(\d{1,3})\s*\)?\s*:?$|\(\s*(\d{1,3})\s*\)\s*:?$|^(\d{1,3})\s"
)


def _plural_count(title: str) -> str | None:
    """The role of a title that is a count and the role's name in the plural ("2 Mafia
    Goons" -> "Mafia Goon"; a count of one: the name as it is)."""
    m = _PLURAL_COUNT.match(title.strip())
    if m is None or re.match(r"^\d+\s*[x\u00d7]\s", title.strip()):
        return None
    name, last = m.group(2), m.group(2).split()[-1]
    if int(m.group(1)) > 1 and last.endswith("s") and not last.endswith(("ss", "us", "ves")):
        name = name[:-1]
    return name


def _count_of(line: str) -> int | None:
    """How many of the role a role's title says there are ("5x Vanilla Townie", "Villager
    x4", "Goon (2)", "2 Mafia Goons"), if it says."""
    body = strip_marker(line)[1]
    prefix = label_prefix(body)
    dashed = _DASHED.match(body) if prefix is None else None
    title = prefix[0] if prefix else dashed.group(1) if dashed else None
    m = _COUNT_OF.search(title.strip()) if title else None
    return int(next(g for g in m.groups() if g)) if m else None


# A role's title with what hosts put around its name: its faction ("Seer (Village)",
# "Doctor [Town]", "Witch - Village", "Sheriff (Town Investigative)") and how many
# there are ("Villager x4", "Werewolf (Wolves) (x2)", "5x Vanilla Townie", "Goon (2)").
_COUNT = r"(?:\(?\s*[x\u00d7]\s*\d+\s*\)?|\(\s*\d+\s*\)|\d+\s*[x\u00d7])"
_TITLED = re.compile(
    rf"^(?:\d+\s*[x\u00d7]\s*)?(?P<name>[^()\[\]:,\u2013\u2014]+?)"
    rf"(?:\s*\((?P<p>[^)]+)\)|\s*\[(?P<b>[^\]]+)\]|\s+[-\u2013\u2014]+\s+(?P<d>[^()]+?))?"
    rf"(?:\s*{_COUNT})?\s*:?$"
)


def _titled(title: str) -> tuple[str, str | None] | None:
    """(name, faction) of a role's title with its faction or count around the name, when
    what is around it is a faction the post's words name, a count, or both."""
    m = _TITLED.match(title.strip())
    if m is None:
        return None
    name = m.group("name").strip()
    around = m.group("p") or m.group("b") or m.group("d")
    if around and re.fullmatch(r"[x\u00d7]?\s*\d+\s*[x\u00d7]?", around.strip()):
        around = None  # "(x2)", "(2)": a count
    faction = _faction_in(around) if around else None
    if around and faction is None:
        return None
    if name == title.strip() or not _role_name(name):
        return None
    return name, faction


def _faction_in(text: str) -> str | None:
    """The faction `text` names: its words ("Village", "Town aligned"), or its first
    word ("Town Investigative", "Mafia Killing": a faction and a category)."""
    words = text.strip().split()
    if not words:
        return None
    return _faction_of_words(text) or _FACTION_WORDS.get(words[0].strip(",.").casefold())


# The keys of a role card's lines ("Role: Hunter", "Alignment: Village", "Ability: ...").
_CARD_NAME_KEYS = frozenset({"role", "name", "role name", "character", "title"})
_CARD_FACTION_KEYS = frozenset({"alignment", "faction", "team", "side", "allegiance"})
_CARD_TEXT_KEYS = frozenset(
    {
        "ability",
        "abilities",
        "power",
        "powers",
        "action",
        "actions",
        "night action",
        "night actions",
        "day action",
        "day actions",
        "passive",
        "passives",
        "description",
        "effect",
        "effects",
        "win condition",
        "win conditions",
        "wincon",
        "goal",
        "goals",
        "objective",
        "objectives",
    }
)


def _card_key(text: str) -> tuple[str, str] | None:
    """(key, value) of a role card's line ("Ability: text" -> ("ability", "text"))."""
    prefix = label_prefix(strip_marker(text)[1])
    if prefix is None:
        return None
    return prefix[0].casefold(), prefix[1].strip()


def _group_name(heading: str) -> str | None:
    """The name of a group of roles a heading gives ("GENERAL POOL" -> General Pool): its
    words but the faction heading's own ("possible", "roles"), at most three, letters."""
    words = [w for w in heading.split() if w.casefold() not in _FACTION_FILLER]
    if not 0 < len(words) <= 3 or not all(w.isalpha() for w in words):
        return None
    return " ".join(w.capitalize() for w in words)


_FACTION_HEADINGS = ("faction_heading", "aligned_heading", "members_heading", "own_heading")


def _faction_of_heading(heading: str) -> str | None:
    """The faction the language gives the roles under `heading` (read with the library:
    a role line under it), `_ALIGNMENTS` when the lines under it are factions, or None."""
    try:
        rs = parse_ruleset(f"{heading}\nDraftprobe: No special powers.\n", "<draft>")
    except RulingError:
        return None
    if rs.roles:
        return rs.roles[0].faction
    return _ALIGNMENTS if rs.factions else None


_ALIGNMENTS = "\0alignments"


def _about_roles(heading: str) -> bool:
    """A heading over a list of roles ("Roles", "Role List"), in a post naming no faction."""
    return any(w.strip(":,").casefold() in ("role", "roles") for w in heading.split())


# ----------------------------------------------------------------------------- the draft


def _quoted(name: str) -> str:
    """A role's name as the language reads it: its words, or in quotes."""
    if all(_WORD.match(w) for w in name.split()):
        return name
    return '"' + name.replace('"', "'") + '"'


def _bare(sentence: str, label: str | None) -> str:
    """A sentence without its list marker, and without `label` before it ("NAME: ",
    "NAME - ")."""
    _, body = strip_marker(sentence)
    if label is None:
        return body
    prefix = label_prefix(body)
    if prefix is not None and _named(prefix[0], label):
        return prefix[1]
    dashed = _DASHED.match(body)
    if dashed is not None and _named(dashed.group(1), label):
        return body[dashed.end() :]
    return body


def _named(title: str, name: str) -> bool:
    """Whether a role's title (as written before its text) is the role `name`'s."""
    titled = _titled(title) if title != name else None
    return (
        title == name or (titled is not None and titled[0] == name) or _plural_count(title) == name
    )


@dataclass
class _Item:
    kind: str  # "comment", "heading", "rule", "unread", "kept" (a mechanic not modelled)
    text: str  # a comment's or heading's text; a rule's label ("" for none); kept: the mechanic
    sentences: list[int] = field(default_factory=list)  # indexes into the draft's sentences
    trial: list[str] = field(default_factory=list)  # a rule's sentences as tried


class _Drafter:
    def __init__(self, filename: str, budget: _Budget) -> None:
        self.filename = filename
        self.items: list[_Item] = []
        self.sentences: list[DraftSentence] = []
        self.budget = budget
        # statements of their own the grammar reads but the draft did not (yet)
        self.pending: list[tuple[_Item, str]] = []
        self.section = 0  # where the current section starts in `pending`
        self.deferred: str | None = None
        self.faction_shown: str | None = None
        self.role_names: set[str] = set()  # the roles found so far

    def render(self, items: list[_Item], rules_only: bool = False) -> str:
        lines = []
        for it in items:
            if it.kind == "comment" and not rules_only:
                lines.append("# " + it.text if it.text else "")
            elif it.kind == "heading":
                lines.append(it.text)
            elif it.kind == "rule":
                body = " ".join(it.trial)
                lines.append(f"{_quoted(it.text)}: {body}" if it.text else body)
            elif it.kind == "unread" and not rules_only:
                lines.append(UNREAD + _free_text(self.joined(it.sentences)))
            elif it.kind == "kept" and not rules_only:  # it.text: the mechanic
                lines.append(f"Not modelled ({it.text}): " + _free_text(self.joined(it.sentences)))
        return "\n".join(lines) + "\n"

    def joined(self, ns: list[int]) -> str:
        """Sentences merged on one line: one without a final stop gets one ("Gin, Mafia
        Slanderer."), so that they are read as the sentences they were."""
        texts = [self.sentences[n].text for n in ns]
        return " ".join(
            t if k == len(texts) - 1 or _FINAL.search(t) else t + "." for k, t in enumerate(texts)
        )

    def syntax(self, item: _Item) -> bool:
        """Whether the language reads the statement `item` alone (the frame grammar, or
        the clause language for the sentences of a role line: logic/lang/statements.py)."""
        if not self.budget.left():
            return False
        try:
            statements.read(self.render([item], rules_only=True), "<draft>")
        except RulingError:
            return False
        return True

    def parses(self, items: list[_Item]) -> bool:
        if not self.budget.spend():
            return False
        try:
            parse_ruleset(self.render(items, rules_only=True), "<draft>")
        except RulingError:
            return False
        return True

    def heading(self, h: _Heading) -> None:
        if h.original is not None:
            self.items.append(_Item("comment", h.original))
        item = _Item("heading", h.text)
        if self.parses([*self.items, item]):
            self.items.append(item)
            # as the language reads headings: one of a faction gives it, "Alignments:"
            # takes it away, any other keeps it
            if h.faction is not None or h.alignments:
                self.faction_shown = h.faction
        else:
            self.items.append(_Item("comment", h.text))

    def block(self, b: _Block) -> None:
        if b.role is not None:
            assert b.faction is not None
            if self.faction_shown != b.faction:
                self.heading(_Heading(f"Possible {b.faction} Roles", None, b.faction))
            self.items.append(_Item("comment", ""))
            if b.count is not None:
                self.items.append(
                    _Item(
                        "comment",
                        f"{b.role}: {b.count} in the setup (a case's players: line or an "
                        "observation file's roles: line gives the setup)",
                    )
                )
            self.role_names.add(b.role)
        rules: list[_Item] = []
        unread: list[_Item] = []
        for text, line in b.sentences:
            if not key(text):
                continue  # punctuation alone is not a sentence
            n = len(self.sentences)
            tried = len(text) <= MAX_TRIED_CHARS and self.budget.left()
            self.deferred = None
            ok = tried and self.try_sentence(text, b, rules, n)
            mechanic = None if ok or not tried else self.unmodelled(text, b)
            status = "read" if ok else "not modelled" if mechanic else "unread"
            self.sentences.append(DraftSentence(text, line, status, b.role, tried, mechanic))
            if mechanic is not None:  # a mechanic the engine does not model: said so
                unread.append(_Item("kept", mechanic, [n]))
            elif not ok:
                unread.append(_Item("unread", "", [n]))
                if self.deferred is not None:
                    self.pending.append((unread[-1], self.deferred))
        if b.role is not None:  # the role's line, then what of its text is unread
            if not rules and unread:
                self.items.append(_Item("comment", f"{b.role}: no sentence read yet"))
            self.items.extend([*rules, *unread])
        else:  # in the post's order
            self.items.extend(sorted([*rules, *unread], key=lambda it: it.sentences[0]))

    def unmodelled(self, text: str, b: _Block) -> str | None:
        """The mechanic the engine does not model that an unread sentence states, if the
        game language recognises one."""
        if "#" in text or not self.budget.left():
            return None
        return game.unmodelled(_bare(text, b.role or b.label), self.role_names)

    def try_sentence(self, text: str, b: _Block, rules: list[_Item], n: int) -> bool:
        """Whether the language reads sentence `n` (`text`) after the block's statements
        read so far (`rules`, updated): appended to the last, else as a statement of its
        own (after `NAME: ` in a role's block)."""
        self.deferred = None
        if "#" in text:
            return False  # "#" would start a comment in a rule
        label = b.role or b.label
        bare = _bare(text, label)
        candidates: list[tuple[_Item, bool]] = []  # (statement, replaces the last)
        if rules:
            last = rules[-1]
            grown = _Item("rule", last.text, [*last.sentences, n], [*last.trial, bare])
            candidates.append((grown, True))
        if b.role is not None:
            if not rules:
                candidates.append((_Item("rule", b.role, [n], [bare]), False))
        else:
            if label is not None and not any(r.text for r in rules):
                candidates.append((_Item("rule", label, [n], [bare]), False))
            candidates.append((_Item("rule", "", [n], [text]), False))
            if _bare(text, None) != text:
                candidates.append((_Item("rule", "", [n], [_bare(text, None)]), False))
        for c, replaces in candidates:
            kept = rules[:-1] if replaces else rules
            # A line the grammar does not read alone is read in no context (statements are
            # read line by line): only a line it reads is tried with the whole draft.
            if not self.syntax(c):
                continue
            if self.parses([*self.items, *kept, c]):
                rules[:] = [*kept, c]
                return True
            if b.role is None and not replaces and not c.text and self.deferred is None:
                self.deferred = c.trial[0]
        return False

    def flush(self, last: bool = False) -> None:
        """Statements of their own the grammar reads but the draft did not, tried again: a
        section's, all together at its end (a priority list is complete only with its last
        entry); at the end of the post, each one left (a sentence may name what the post
        defines below it)."""
        section = self.pending[self.section :]
        self.section = len(self.pending)
        groups = [section] if len(section) > 1 else []
        if last:
            groups.extend([p] for p in self.pending if p[0].kind == "unread")
        for group in groups[: MAX_DEFERRED + 1]:
            for it, text in group:
                it.kind, it.trial = "rule", [text]
            if self.parses(self.items):
                for it, _ in group:
                    for n in it.sentences:
                        sent = self.sentences[n]
                        self.sentences[n] = DraftSentence(
                            sent.text, sent.line, "read", sent.role, sent.tried
                        )
            else:
                for it, _ in group:
                    it.kind, it.trial = "unread", []


def _free_text(text: str) -> str:
    """A text a `Not modelled` line can hold: it may not start with "#" (a comment)."""
    return f'"{text}"' if text.startswith("#") else text


def draft(text: str, source: str, budget: float = BUDGET) -> Draft:
    """The first ruleset of the post `text` (read from the file at `source`)."""
    spend = _Budget(budget)
    d = _Drafter(source, spend)
    d.items.append(
        _Item(
            "comment",
            f"A draft of {source.replace(chr(10), ' ')} by `ruling draft`: each sentence the "
            "language reads is a rule;",
        )
    )
    d.items.append(
        _Item("comment", "reword each 'Not modelled (unread):' sentence, or give its reason.")
    )
    roles: list[tuple[str, str]] = []
    seen: set[str] = set()
    pending: _Heading | None = None  # a heading is shown when something stands under it
    for part in _layout(text, spend):
        if isinstance(part, _Heading):
            pending = part
            continue
        if not part.sentences:
            continue
        if pending is not None:
            d.flush()
            d.heading(pending)
            pending = None
        if part.role is not None and part.faction is not None and part.role.casefold() not in seen:
            seen.add(part.role.casefold())
            roles.append((part.role, part.faction))
        d.block(part)
    d.flush(last=True)
    items = _fit(d, d.items)
    return Draft(source, d.render(items), tuple(d.sentences), tuple(roles))


def _statements(items: list[_Item]) -> int:
    return sum(1 for it in items if it.kind != "comment")


def _fit(d: _Drafter, items: list[_Item]) -> list[_Item]:
    """The items as a ruleset that parses: unread lines merged past `MAX_STATEMENTS`, then
    every statement the whole draft does not read demoted (a safety net: each rule was
    read with everything before it)."""
    items = _merge(items)
    for _ in range(len(items) + 1):
        try:
            parse_ruleset(d.render(items), "<draft>")
            return items
        except RulingError as e:
            line = e.loc.line if e.loc is not None else 0
            at = _item_at(d, items, line)
            if at is None:
                break
            it = items[at]
            if it.kind == "rule":
                for n in it.sentences:
                    s = d.sentences[n]
                    d.sentences[n] = DraftSentence(s.text, s.line, "unread", s.role, s.tried)
                items[at] = _Item("unread", "", list(it.sentences))
            elif it.kind == "heading":
                items[at] = _Item("comment", it.text)
            elif it.kind == "kept":  # (never seen: a kept line always reads) unread instead
                for n in it.sentences:
                    s = d.sentences[n]
                    d.sentences[n] = DraftSentence(s.text, s.line, "unread", s.role, s.tried)
                items[at] = _Item("unread", "", list(it.sentences))
            else:
                break
    # The last resort: every sentence unread, nothing else but comments.
    for n, s in enumerate(d.sentences):
        d.sentences[n] = DraftSentence(s.text, s.line, "unread", s.role, s.tried)
    flat = [it for it in items if it.kind == "comment"][:2]
    flat.extend(_Item("unread", "", [n]) for n in range(len(d.sentences)))
    return _merge(flat)


def _item_at(d: _Drafter, items: list[_Item], line: int) -> int | None:
    """The index of the item rendered on `line` (1-based) of the draft."""
    if line <= 0:
        return None
    return line - 1 if line - 1 < len(items) else None


def _merge(items: list[_Item]) -> list[_Item]:
    """Unread lines merged with the one before them until the draft has at most
    `MAX_STATEMENTS` statements: pairs first, then runs of 4, 8, ..."""
    size, excess = 2, _statements(items) - MAX_STATEMENTS
    while excess > 0 and size < 2 * len(items) + 2:
        out: list[_Item] = []
        for it in items:
            prev = out[-1] if out else None
            if (
                excess > 0
                and it.kind == "unread"
                and prev is not None
                and prev.kind == "unread"
                and len(prev.sentences) + len(it.sentences) <= size
            ):
                prev.sentences = [*prev.sentences, *it.sentences]
                excess -= 1
            else:
                out.append(_Item(it.kind, it.text, list(it.sentences), list(it.trial)))
        items = out
        size *= 2
    if _statements(items) > MAX_STATEMENTS:
        # headings over no rule become comments; the unread lines are merged into as
        # many lines as are left
        kept: list[_Item] = []
        for k, it in enumerate(items):
            if it.kind == "heading" and not _rule_below(items, k):
                it = _Item("comment", it.text)
            kept.append(it)
        rest = [n for it in kept if it.kind == "unread" for n in it.sentences]
        kept = [it for it in kept if it.kind != "unread"]
        room = max(1, MAX_STATEMENTS - _statements(kept))
        chunk = max(1, -(-len(rest) // room))
        kept.extend(_Item("unread", "", rest[i : i + chunk]) for i in range(0, len(rest), chunk))
        items = kept
    return items


def _rule_below(items: list[_Item], k: int) -> bool:
    """Whether a rule stands under the heading `items[k]`, before the next heading."""
    for it in items[k + 1 :]:
        if it.kind == "heading":
            return False
        if it.kind == "rule":
            return True
    return False
