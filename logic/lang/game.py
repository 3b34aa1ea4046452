"""Owns the sentences about the game as a whole (the unlabelled lines of a ruleset and a
faction's victory): the game language, `grammar/game.lark` plus one fragment per kind in
`grammar/game/*.lark`, over the clause language's lexicon (`grammar/lexicon.toml` and
`grammar/lexicon/*.toml`, words of this language in `grammar/lexicon/game.toml`), read by
the mixins of `logic/lang/game_kinds/`.

Each sentence is read into parts: a `traits.Fact` (the frame reader's ruleset fact: a tie
rule, a lynch, a reveal, a victory, the casualties, the endgame, the setup), a
`RoleTrait` (what the game tells a role it names), a `Heading`, or `UsesFramework` (how
the night is resolved, which sets the ruleset's framework as `--framework` does), a
`Default` (what the engine does anyway: read with no effect). Like the clause language it
is parsed with Earley and every derivation read: readings that differ are an error, never
settled silently.

A sentence that states a mechanic the engine does not model (a majority lynch, deadlines,
no-lynch votes, chat, conduct: logic/lang/game_kinds/unmodelled.py) is recognised by its
shape and reported as `NotModelled`, an error that names the mechanic, says what the
engine does instead and suggests the `Not modelled (MECHANIC): ...` line that keeps it;
`unmodelled` gives the mechanic to `ruling draft`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput, VisitError
from lark.visitors import CollapseAmbiguities

from logic.effects.vote import NoVotes
from logic.lang import clause, earley, fragments, lexicon, parse_cache
from logic.lang.errors import Loc, RulingError
from logic.lang.game_kinds import GameReadings
from logic.lang.game_kinds import unmodelled as _unmodelled
from logic.lang.game_kinds.parts import (
    Default,
    Heading,
    Hidden,
    KillerRule,
    KindOrder,
    NoReading,
    Precedes,
    RoleTrait,
    Said,
    Unique,
    Unmodelled,
)
from logic.lang.kinds.traits import Fact
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import Why, canon
from logic.model.win import Victory

__all__ = [
    "Default",
    "Heading",
    "Hidden",
    "KillerRule",
    "KindOrder",
    "NotModelled",
    "RoleTrait",
    "Unique",
    "UsesFramework",
    "about_victory",
    "join",
    "read_game",
    "read_sentence",
    "unmodelled",
]


@dataclass
class NotModelled(RulingError):
    """A sentence that states a mechanic the engine does not model (`mechanic`)."""

    mechanic: str = ""


def _not_modelled(mechanic: str, sentence: str, loc: Loc, source_line: str | None) -> NotModelled:
    kept = _unmodelled.kept_line(mechanic, sentence)
    return NotModelled(
        f"not modelled ({mechanic}): {_unmodelled.reason(mechanic)}; keep the sentence on a "
        f"'Not modelled ({mechanic}): ...' line",
        loc,
        source_line,
        hint=kept,
        mechanic=mechanic,
    )


@dataclass(frozen=True)
class UsesFramework:
    """The ruleset says how its nights are resolved."""

    name: str  # a key of FRAMEWORKS
    why: Why


@functools.cache
def _grammar() -> str:
    return fragments.grammar_text("game.lark", lexicon.terminals())


@functools.cache
def parser() -> earley.Parser:
    return parse_cache.built(
        "game",
        earley.VERSION + "\n" + _grammar(),
        lambda: earley.Parser(_grammar(), start="game"),
    )


@functools.cache
def _kept() -> parse_cache.TreeCache:
    """The parses kept between runs (logic/lang/parse_cache.py)."""
    return parse_cache.TreeCache("game", earley.VERSION + "\n" + _grammar())


def _parse(tokens: list[Token]) -> Tree[Token]:
    return parse_cache.parse(_kept(), parser, tokens, explain=False)  # its error is not shown


class _Read(GameReadings):
    """A derivation -> the sentence's parts (a tuple, in order)."""

    def game(self, children: list[Any]) -> tuple[Any, ...]:
        out: list[Any] = []
        for c in children:
            if isinstance(c, Token):
                continue
            for part in c if isinstance(c, tuple) else (c,):
                if part not in out:  # two clauses saying one fact: "... and ..." (why alike)
                    out.append(part)
        gone = [p for p in out if isinstance(p, Unmodelled)]
        if gone:  # a clause of a mechanic the engine does not model: the sentence is that
            return (gone[0],)
        said = [p for p in out if isinstance(p, Said)]
        out = [p for p in out if not isinstance(p, Said)]
        for pre in [p for p in out if isinstance(p, Precedes)]:  # the victory it qualifies
            out.remove(pre)
            mine = [
                f
                for f in out
                if isinstance(f, Fact)
                and isinstance(f.value, Victory)
                and canon(f.value.winner) == canon(pre.winner)
            ]
            if len(mine) != 1:
                raise NoReading(f"a precedence of the {pre.winner} victory, which it does not give")
            v = mine[0]
            out[out.index(v)] = replace(v, value=replace(v.value, over=(*v.value.over, pre.over)))
        if not out and not all(s.alone for s in said):
            raise NoReading("it says nothing the engine models")
        return tuple(out)

    def uses_framework(self, children: list[Any]) -> UsesFramework:
        names = {
            t.type.lower()
            for t in Tree("x", children).scan_values(lambda v: isinstance(v, Token))
            if t.type.lower() in FRAMEWORKS
        }
        if len(names) != 1:
            raise NoReading("this sentence names two frameworks")
        return UsesFramework(names.pop(), self.why)

    def framework(self, children: list[Any]) -> Tree[Token]:
        return Tree("framework", children)


def read_sentence(
    sentence: str,
    loc: Loc,
    roles: frozenset[str] | set[str] = frozenset(),
    source_line: str | None = None,
) -> tuple[Any, ...]:
    """The parts of one sentence about the whole game, or a `RulingError` (`syntax` when
    it does not parse)."""
    why = Why(loc, " ".join(sentence.split()))
    try:
        tokens = _as_written(lexicon.tokenize(sentence, _names(roles)), sentence)
        tree = _parse(tokens)
    except (lexicon.Unknown, UnexpectedInput):
        raise RulingError("cannot read this sentence", loc, source_line, syntax=True) from None
    if sum(1 for _ in tree.find_data("_ambig")) > clause.MAX_AMBIGUITIES:
        raise RulingError("this sentence can be read in too many ways: split it", loc, source_line)
    readings: list[tuple[Any, ...]] = []
    keys: set[Any] = set()
    reason = "it means nothing the engine models"
    for d in CollapseAmbiguities().transform(tree)[: clause.MAX_READINGS]:
        try:
            parts = _Read(why).transform(d)
        except VisitError as e:
            if not isinstance(e.orig_exc, NoReading):
                raise
            reason = str(e.orig_exc)
            continue
        key = clause._key(parts)
        if key not in keys:
            keys.add(key)
            readings.append(parts)
    if not readings:
        raise RulingError(f"read, but {reason}", loc, source_line)
    if len(readings) == 1 and readings[0] and isinstance(readings[0][0], Unmodelled):
        raise _not_modelled(readings[0][0].mechanic, sentence, loc, source_line)
    if len(readings) > 1:
        shown = "; ".join(clause.describe(r) for r in readings[:3])
        raise RulingError(f"this sentence has {len(readings)} readings: {shown}", loc, source_line)
    return readings[0]


def _as_written(tokens: list[Token], sentence: str) -> list[Token]:
    """A role's name as the sentence writes it ("The Werewolves win ..."): the tokenizer
    gives a role's plural as the role's name, but a whole-game sentence's group may be a
    faction of that name (the assembler tries a faction first, then a role, then a role's
    plural)."""
    return [
        t.update(value=sentence[t.start_pos : t.end_pos])
        if t.type == "ROLENAME" and t.start_pos is not None and t.end_pos is not None
        else t
        for t in tokens
    ]


def _names(roles: frozenset[str] | set[str]) -> set[str]:
    """The role names a whole-game sentence may name: the labels of role lines, less the
    headings that are labels too ("Town Roles:", "Miscellaneous notes:") and the labels
    that are words of the lexicon ("Time:", "Alignments:")."""
    lex = lexicon.lexicon()
    return {
        r
        for r in roles
        if r.split()[-1].lower() not in ("roles", "role", "notes")
        and lex.category(r.split()) is None
    }


def join(
    sentences: list[tuple[Any, ...]], spans: list[tuple[Loc, int, int]], line: str
) -> list[tuple[Any, ...]]:
    """The parts of a line's sentences (each at its `(loc, start, end)` in `line`), each
    sentence's own, where a sentence qualifies the one before it: 'In addition, the
    lynched player's role and alignment will not be revealed.' after a day with no votes
    is that day's (NoVotes.hidden; the day's sentence then spans both, as one statement);
    alone it says something the engine does not model (a lynch not revealed on every
    day), an error."""
    out: list[tuple[Any, ...]] = []
    for k, (parts, (loc, _, end)) in enumerate(zip(sentences, spans, strict=True)):
        kept: list[Any] = []
        for p in parts:
            if not isinstance(p, Hidden):
                kept.append(p)
                continue
            before = out[-1] if out else ()
            nv = [f for f in before if isinstance(f, Fact) and isinstance(f.value, NoVotes)]
            if not nv:
                raise RulingError(
                    "a lynched player's card kept hidden is modelled only for a day with no "
                    "votes (say it after that sentence)",
                    loc,
                    line,
                )
            first_loc, start, _ = spans[k - 1]
            why = Why(first_loc, " ".join(line[start:end].split()), nv[-1].why.kind)
            new = replace(nv[-1], value=replace(nv[-1].value, why=why, hidden=p.why), why=why)
            out[-1] = tuple(new if f is nv[-1] else f for f in before)
        out.append(tuple(kept))
    return out


def unmodelled(sentence: str, roles: frozenset[str] | set[str] = frozenset()) -> str | None:
    """The mechanic the engine does not model that `sentence` states, if the game
    language recognises one (and reads the sentence no other way)."""
    try:
        read_sentence(sentence, Loc("<sentence>", 1, 1), roles)
    except NotModelled as e:
        return e.mechanic
    except RulingError:
        return None
    return None


def about_victory(sentence: str) -> bool:
    """Whether `sentence` speaks of winning or of a tie ("wins when", "victory", "if there
    is a tie"): on a role's line, a sentence the game language is tried on first."""
    try:
        return any(t.type in ("WIN", "VICTORY", "TIE") for t in lexicon.tokenize(sentence))
    except lexicon.Unknown:
        return False


def read_game(sentence: str, loc: Loc, source_line: str | None = None) -> tuple[Any, ...]:
    """The meaning of one sentence about the whole game (no role names), or a `RulingError`."""
    return read_sentence(sentence, loc, frozenset(), source_line)
