"""Owns reading a ruleset one statement at a time, so that every sentence that cannot be
read is reported at once, the sentences of a role line that the frame grammar does not
know are read by the clause language (logic/lang/clause.py), and the sentences about the
whole game by the game language (logic/lang/game.py).

The whole file is parsed by `grammar/ruleset.lark` first (the fast path of a ruleset
the frame grammar reads). When that fails, each line is parsed alone; a role line or a
ruling that fails is split into its sentences, and each sentence is read by the frame
grammar or else by the clause language (a sentence of a victory or a tie by the game
language first: a faction's victory is said on its line). An unlabelled line (a
sentence about the whole game, or a numbered step of the turn order, which keeps its
number) is split into its sentences the same way, each read by the frame grammar or else
by the game language. A sentence the clause or the game language read is replaced in the
text by a placeholder of the same length (so every position and line stays where it was)
that the frame grammar reads as `held`; its meaning waits in `Read.held` under its offset.
A sentence none reads is an error; all of them are raised together.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from lark import Token, Tree

from logic.lang import clause, game, grammar, lexicon
from logic.lang.errors import Loc, RulingError
from logic.lang.prose import split_sentences, strip_marker
from logic.lang.read.pieces import _Healing
from logic.lang.suggest import nearest
from logic.model.ir import canon

HELD = "\ue000"
"""The placeholder character of a held sentence (grammar/ruleset.lark's HELD)."""

# "Doctor:", '"Vanilla Townie":', "Ruling:": the label of a line of sentences
_LABEL = re.compile(
    r"""^(?P<indent>\s*)(?P<label>"[^"\n]{1,60}"|[A-Za-z][A-Za-z0-9 '\-]{0,59}?)\s*:\s*"""
)

# "-Hex of Silence - ...", "-Limited - ...": a further ability or a variant of the role
# defined last (grammar/ruleset.lark's SUB_NAME), its sentences read as a role line's
_SUB_LABEL = re.compile(r"^(?P<indent>\s*)-[ \t]*(?P<label>[A-Za-z][A-Za-z ]*[A-Za-z])[ \t]*-\s*")

# labels of lines that are not a role's: what is wrong in them, the frame grammar says
_KEPT = frozenset({"not modelled", "not modeled", "flavour", "flavor", "source", "ruleset"})
# "Ability Slander:": the label of an ability defined once (grammar/ruleset.lark's ability_def)
_ABILITY = re.compile(r"ability\s", re.IGNORECASE)
# labels of the lines that list the roles of a visiting class: no role's name
_CLASS_LISTS = frozenset({"visiting roles", "non-visiting roles", "semi-visiting roles"})


class RulingErrors(RulingError):
    """Several problems with one input, reported together (each a `RulingError`)."""

    def __init__(self, errors: list[RulingError], note: str | None = None) -> None:
        first = errors[0]
        super().__init__(first.message, first.loc, first.source_line, first.expected, first.width)
        self.errors = errors
        self.note = note

    def render(self) -> str:
        parts = [e.render() for e in self.errors]
        n = len(self.errors)
        if n > 1:
            parts.append(f"{n} sentences could not be read; the rest of the file was read.")
        if self.note:
            parts.append(self.note)
        return "\n\n".join(parts)


# forum markup: BBCode tags ("[b]", "[size=150]", "[/spoiler]") and Markdown emphasis
_MARKUP = re.compile(
    r"\[/?(?:b|i|u|s|size|colou?r|font|spoiler|quote|url|img|list|center|hr|\*)(?:=[^\]]*)?\]"
    r"|\*\*\S|(?<!\w)__\S",
    re.IGNORECASE,
)


def _post_note(text: str, filename: str, errors: list[RulingError]) -> str | None:
    """A word for a writer who gave a forum post where a ruleset goes: the post's markup,
    or most of its lines unread, and `ruling draft` is the way in."""
    lines = [line for line in text.split("\n") if line.strip()]
    failed = {e.loc.line for e in errors if e.loc is not None}
    if not (_MARKUP.search(text) or (len(failed) >= 5 and 3 * len(failed) >= len(lines))):
        return None
    return (
        "This looks like a forum post rather than a ruleset: `ruling draft "
        f"{filename}` turns a post into a ruleset that parses (its role lines and headings in "
        "the ruleset's layout, each sentence it cannot read kept as a 'Not modelled "
        "(unread):' line to reword), and `ruling draft --help` says how."
    )


@dataclass
class Read:
    """The text the frame grammar parsed (`text`, with held sentences as placeholders),
    its tree, and the held sentences' meanings by offset: (context, parts), the context
    "role" or "ruling"."""

    text: str
    tree: Tree[Token]
    held: dict[int, tuple[str, tuple[Any, ...]]] = field(default_factory=dict)


def read(text: str, filename: str) -> Read:
    """Parse `text` (a ruleset), statement by statement where the whole does not parse."""
    try:
        return Read(text, grammar.parse(text, filename, "ruleset", "ruleset"))
    except RulingError as whole:
        if not whole.syntax:  # too many statements, too large a number: as it is
            raise
        first = whole
    lines = text.split("\n")
    counted = grammar.counted_lines(lines)
    if len(counted) > grammar.MAX_STATEMENTS:  # as the whole file's parse would say
        extra = counted[grammar.MAX_STATEMENTS]
        raise RulingError(
            f"more than {grammar.MAX_STATEMENTS} statements in this ruleset; a hand-written "
            "ruleset is far shorter (is a line repeated?)",
            Loc(filename, extra, 1),
            lines[extra - 1],
        )
    roles = _role_names(lines)
    last_line = max((n for n, line in enumerate(lines, 1) if line.strip()), default=0)
    errors: list[RulingError] = []
    held: dict[int, tuple[str, tuple[Any, ...]]] = {}
    out = list(lines)
    offset = 0
    for number, line in enumerate(lines, 1):
        start = offset
        offset += len(line) + 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if _parses(number, line, filename):
            continue
        m = _LABEL.match(line) or _SUB_LABEL.match(line)
        if m is not None and not line[m.end() :].strip():
            m = None  # "The order of actions goes as follows:": a sentence, not a label
        if m is not None and _clause_like(m.group("label")):
            # "There are 9 players: 7 Town and 2 Mafia.": a sentence about the game with a
            # colon in it, read whole by the game language first
            try:
                new = _game_line(number, line, filename, roles, start, held)
            except game.NotModelled as e:
                errors.append(e)
                continue
            if new is not None:
                out[number - 1] = new
                continue
        if m is None:  # sentences about the whole game (a step of the turn order, numbered)
            try:
                new = _game_line(number, line, filename, roles, start, held)
            except game.NotModelled as e:  # a mechanic the engine does not model: said so
                errors.append(e)
                continue
            if new is None:
                errors.append(_line_error(number, line, filename, number == last_line))
                continue
            out[number - 1] = new
            continue
        label = m.group("label").strip('"')
        if label.lower() in _KEPT:  # a kept line gone wrong: the frame grammar's words
            errors.append(_line_error(number, line, filename, number == last_line))
            continue
        context = "ruling" if label.lower() == "ruling" else "role"
        # (an ability defined once, "Ability Slander: ...", is no role)
        no_role = label.lower() in _CLASS_LISTS or _ABILITY.match(label) is not None
        named = roles if no_role else roles | {label}
        body_at = m.end()
        new, line_errors = _sentences(
            number, line, body_at, filename, named, context, label, start, held, number == last_line
        )
        if line_errors:
            errors.extend(line_errors)
            continue
        if not _parses(number, new, filename):
            errors.append(_line_error(number, line, filename, number == last_line))
            continue
        out[number - 1] = new
    if not errors:
        final = "\n".join(out)
        try:
            return Read(final, grammar.parse(final, filename, "ruleset", "ruleset"), held)
        except RulingError as e:
            errors.append(e)
    if not errors:  # pragma: no cover - the whole failed, so some line must
        errors.append(first)
    if len(errors) > 1:
        raise RulingErrors(errors, _post_note(text, filename, errors))
    raise errors[0]


def _clause_like(label: str) -> bool:
    """Whether the words before a line's colon are a clause ("There are 9 players", "Night
    actions are resolved in the following order") rather than a role's name: they hold a
    verb of being, having, making up or resolving ("Abilities that constitute crimes")."""
    try:
        words = lexicon.tokenize(label)
    except lexicon.Unknown:
        return False
    return any(t.type in ("BE", "HAVE", "RESOLVE", "WILL", "COMPRISE") for t in words)


def _game_line(
    number: int,
    line: str,
    filename: str,
    roles: set[str],
    line_start: int,
    held: dict[int, tuple[str, tuple[Any, ...]]],
) -> str | None:
    """The unlabelled line with each sentence the frame grammar cannot read held, read by
    the game language (logic/lang/game.py); a numbered step ("14. Everyone wakes up ...")
    keeps its number. None when a sentence reads in neither, or the line does not read
    with them held (the frame grammar's error on the line is the one reported); a sentence
    of a mechanic the engine does not model raises `game.NotModelled`."""
    indent = len(line) - len(line.lstrip())
    marker, _ = strip_marker(line.strip())
    body_at = indent + len(marker)
    body = line[body_at:]
    pieces: list[tuple[int, str]] = []
    at = 0
    for piece in split_sentences(body):
        at = body.find(piece, at)
        pieces.append((body_at + at, piece))
        at += len(piece)
    read: list[tuple[int, str, tuple[Any, ...]]] = []
    for pos, piece in pieces:
        if _parses(number, _blank_except(line, body_at, pos, len(piece)), filename):
            continue
        try:
            parts = game.read_sentence(piece, Loc(filename, number, pos + 1), roles, line)
        except game.NotModelled:
            raise
        except RulingError:
            return None
        read.append((pos, piece, parts))
    if not read:
        return None
    try:
        spans = [(Loc(filename, number, pos + 1), pos, pos + len(piece)) for pos, piece, _ in read]
        joined = game.join([p for _, _, p in read], spans, line)
    except RulingError:
        return None
    new = line
    if marker.strip()[:1] in ("-", "*", "\u2022"):  # a bullet, not a step's number: no word
        new = new[:indent] + " " * len(marker) + new[indent + len(marker) :]
    for (pos, piece, _), parts in zip(read, joined, strict=True):
        held[line_start + pos] = ("game", parts)
        new = new[:pos] + HELD * len(piece) + new[pos + len(piece) :]
    return new if _parses(number, new, filename) else None


def _sentences(
    number: int,
    line: str,
    body_at: int,
    filename: str,
    roles: set[str],
    context: str,
    label: str,
    line_start: int,
    held: dict[int, tuple[str, tuple[Any, ...]]],
    last: bool,
) -> tuple[str, list[RulingError]]:
    """The line with each sentence the frame grammar cannot read held (or the errors of
    those the clause language cannot read either)."""
    body = line[body_at:]
    pieces = []
    at = 0
    for piece in split_sentences(body):
        at = body.find(piece, at)
        pieces.append((body_at + at, piece))
        at += len(piece)
    new = line
    errors: list[RulingError] = []
    for pos, piece in pieces:
        alone = _blank_except(line, body_at, pos, len(piece))
        if _parses(number, alone, filename):
            continue
        # a sentence read after the ones before it ("Visiting roles: A, B. All of these
        # roles can be seen by ..."): with them, as the line has them so far
        after = new[: pos + len(piece)] + " " * (len(line) - pos - len(piece))
        if _parses(number, after, filename):
            continue
        loc = Loc(filename, number, pos + 1)
        try:
            parts = _role_sentence(piece, loc, roles, line, label)
        except RulingError as e:
            errors.append(
                _with_suggestion(
                    _further(e, number, line, alone, filename, last), piece, label, context
                )
            )
            continue
        held[line_start + pos] = (context, parts)
        new = new[:pos] + HELD * len(piece) + new[pos + len(piece) :]
    return new, errors


def _blank_except(line: str, body_at: int, pos: int, length: int) -> str:
    """The line with every sentence but the one at `pos` blanked out."""
    return (
        line[:body_at]
        + " " * (pos - body_at)
        + line[pos : pos + length]
        + " " * (len(line) - pos - length)
    )


def _parses(number: int, line: str, filename: str) -> bool:
    """Whether the frame grammar reads `line` (line `number`) alone."""
    return grammar.reads(line, "ruleset")


def _further(
    e: RulingError, number: int, line: str, alone: str, filename: str, last: bool
) -> RulingError:
    """Of the clause language's error `e` and the frame grammar's on the sentence alone,
    the one that read further (the frame grammar's when both stop at one word: its
    messages and expected words are the ones a writer of its sentences knows)."""
    if not e.syntax:  # the clause language read it whole: what it says of the meaning
        return e
    frame = _line_error(number, alone, filename, last)
    if frame.loc is None or e.loc is None or frame.loc.line != number:
        return e
    if e.loc.column > frame.loc.column:
        return e
    at = frame.loc.column - 1
    if 0 < at < len(line) and line[at - 1].isalnum() and line[at].isalnum():
        # the frame grammar's keyword lexer split a word ("Can|cels", "A|ctions"): its
        # error is about half a word, the clause language's about the word
        return e
    return replace(frame, source_line=line, understood=e.understood)


def _line_error(number: int, line: str, filename: str, last: bool) -> RulingError:
    """The frame grammar's error on `line` (line `number`, the file's last if `last`),
    parsed alone (a line at a time: a file of thousands of lines is read in linear time)."""
    try:
        grammar.parse(line, filename, "ruleset", "ruleset")
    except RulingError as e:
        message = e.message
        if message.startswith("the ruleset ends too early") and not last:
            message = "this line ends too early"
        column = e.loc.column if e.loc is not None else 1
        return replace(e, message=message, loc=Loc(filename, number, column), source_line=line)
    return RulingError("cannot read this line", Loc(filename, number, 1), line)


def _role_names(lines: Iterable[str]) -> set[str]:
    """The labels of the lines that look like a role's ("Doctor: ..."): the role names a
    sentence may name. A label with nothing after it is a heading ("Roles:", "Town
    Roles:"), not a role: its words stay words ("those players' original roles")."""
    names = set()
    for line in lines:
        m = _LABEL.match(line)
        if (
            m
            and line[m.end() :].strip()  # a line that ends in its colon is a heading
            and m.group("label").lower()
            not in ("ruleset", "ruling", "source", "flavour", "flavor", *_CLASS_LISTS)
            and not _clause_like(m.group("label"))  # "There are 9 players: ..."
            and not _ABILITY.match(m.group("label"))  # "Ability Slander: ...": no role
        ):
            names.add(m.group("label").strip('"').strip())
    return names


def _with_suggestion(e: RulingError, sentence: str, role: str, context: str) -> RulingError:
    """`e` with the nearest wording the language reads, as a suggestion."""
    if isinstance(e, game.NotModelled):  # its suggestion is the line that keeps it
        return e
    best = nearest(sentence, role if context == "role" else None)
    if best is None:
        return e
    return replace(e, hint=best)


def _role_sentence(
    piece: str, loc: Loc, roles: set[str], line: str, role: str = ""
) -> tuple[Any, ...]:
    """A role line's sentence, read by the clause language; a sentence about the whole
    game said on a role's line (a faction's victory: "The Mafia wins when ...") by the
    game language when the clause language cannot read it (its error is the one raised
    when neither can)."""
    if game.about_victory(piece):  # the game language first: its parse is the quicker
        try:
            return _game_on_role_line(piece, loc, roles, line)
        except RulingError:
            pass
    try:
        parts = clause.read_sentence(piece, loc, roles, line, explain=False)
    except RulingError:
        parts = None
    if parts is not None and _kills(parts):
        # "Each night, the werewolves choose a player to kill." on a Werewolf's line, "Each
        # night the Mafia may kill one player." on a Goon's: the group's one kill (the
        # faction's nightkill), not a kill of each member's own; the group is not the
        # line's role ("the Vigilante may kill ..." on the Vigilante's line is its own)
        try:
            found = _game_on_role_line(piece, loc, roles, line)
        except RulingError:
            found = ()
        groups = [canon(p.faction) for p in found if isinstance(p, game.KillerRule)]
        own = canon(role)
        if groups and (
            _group_kill(piece, parts, roles)
            or all(g not in (own, canon(lexicon.plural(own))) for g in groups)
        ):
            return found
    if parts is not None:
        return parts
    try:
        return _game_on_role_line(piece, loc, roles, line)
    except game.NotModelled as nm:  # a mechanic the engine does not model: said so
        raise nm from None
    except RulingError:
        pass
    return clause.read_sentence(piece, loc, roles, line)  # its error, every next word said


def _kills(parts: tuple[Any, ...]) -> bool:
    return any(getattr(p, "verb", None) == "kills" for p in parts)


def _group_kill(piece: str, parts: tuple[Any, ...], roles: set[str]) -> bool:
    """The sentence gives a kill to a role named in the plural ("the werewolves"): the
    group's kill, when the game language reads it so."""
    if not any(getattr(p, "verb", None) == "kills" for p in parts):
        return False
    words = set(re.findall(r"[a-z]+", piece.lower()))
    return any(
        lexicon.plural(canon(r)) in words and lexicon.plural(canon(r)) != canon(r)
        for r in roles
        if " " not in canon(r)
    )


def _game_on_role_line(piece: str, loc: Loc, roles: set[str], line: str) -> tuple[Any, ...]:
    parts = game.read_sentence(piece, loc, roles, line)
    # (an order of healing is the game's: "Succseful APTX: ..." is no role's line)
    whole_game = (
        game.Hidden,
        game.Heading,
        game.UsesFramework,
        game.Unique,
        game.KindOrder,
        _Healing,
    )
    if any(isinstance(p, whole_game) for p in parts):
        raise RulingError("not a sentence of a role's line", loc, line)
    named = {canon(r) for r in roles}
    if any(isinstance(p, game.KillerRule) and canon(p.faction) in named for p in parts):
        # "The Arsonist may kill a player each night": the role's own ability, not a
        # faction's nightkill ("Each night the Mafia may choose one of its members ...")
        raise RulingError("not a sentence of a role's line", loc, line)
    return parts
