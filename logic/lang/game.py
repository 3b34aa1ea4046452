"""Owns the sentences about the game as a whole that the frame grammar does not read,
in the clause language's words (grammar/game.lark over grammar/lexicon.toml): today how
the night is resolved ("Actions are resolved by Natural Action Resolution."), which sets
the ruleset's framework (logic/model/frameworks.py) as `--framework` does."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from logic.lang import clause, fragments, lexicon
from logic.lang.errors import Loc, RulingError
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import Why


@dataclass(frozen=True)
class UsesFramework:
    """The ruleset says how its nights are resolved."""

    name: str  # a key of FRAMEWORKS
    why: Why


@functools.cache
def parser() -> Lark:
    text = fragments.grammar_text("game.lark", lexicon.terminals())
    return Lark(text, parser="earley", lexer=clause.Tokens, start="game")


def read_game(sentence: str, loc: Loc, source_line: str | None = None) -> tuple[UsesFramework]:
    """The meaning of a sentence about the whole game, or a `RulingError`."""
    why = Why(loc, " ".join(sentence.split()))
    try:
        tokens = lexicon.tokenize(sentence)
        tree = parser().parse(tokens)
    except (lexicon.Unknown, UnexpectedInput):
        raise RulingError("cannot read this line", loc, source_line, syntax=True) from None
    names = {
        t.type.lower()
        for t in tree.scan_values(lambda v: isinstance(v, Token))
        if t.type.lower() in FRAMEWORKS
    }
    if len(names) != 1:
        raise RulingError("this sentence names two frameworks", loc, source_line)
    return (UsesFramework(names.pop(), why),)
