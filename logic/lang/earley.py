"""Owns the Earley parser the clause and game languages are read with: Lark's Earley
parser (with the parse forest it gives), made fast for a grammar of many shapes in
ways that leave what it parses, and how, unchanged:

- **Factored optionals.** Lark turns each optional part (`x?`, `[x]`) and each group
  (`(a | b)`) of a shape into alternatives of the whole shape, so a shape with k optional
  parts becomes 2^k alternatives, each predicted at every word where the shape may begin
  (the clause grammar had 4,197). Here each optional part, repetition and group becomes a
  rule of its own, inlined in the tree (its name begins with `__`), so the shape is one
  alternative (1,905 rules in all) and the parse trees are those Lark gives without it.
- **Plain names.** The symbols are named by `str`s, not Lark's `Token`s (`_plain_names`).
- **Lookahead.** Lark's Earley predictor adds every alternative of an expected rule; the
  words of a sentence are known before it is parsed (`TokenLexer`), so here it adds only
  those that can begin with the next word (or match nothing). An alternative left out could
  not have matched, so the forest is the same; a sentence that fails is parsed once more
  without the lookahead, so its error lists every word that could have come next. A rule
  predicted once at a word is not predicted again there (its alternatives are in the
  column already: Lark made them again, to find them there).

The factoring hooks into Lark's grammar compiler (`lark.load_grammar.EBNF_to_BNF`, Lark
1.2-1.3) while one grammar is built; with a Lark where that hook is missing, grammars are
built as Lark builds them (slower, the same trees).
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from typing import Any

from lark import Lark, Token, Tree
from lark import load_grammar as _lg
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

VERSION = "factored+lookahead 3"
"""Part of a parse cache's key (logic/lang/parse_cache.py): trees made by another way of
parsing are not mixed with these."""


# ----------------------------------------------------------------------------- lookahead


class _Ahead(threading.local):
    """The type of the word the predictor predicts for (None: the end of the sentence),
    and whether it filters at all; one per thread (a server reads in several)."""

    word: str | None = None
    on: bool = False
    column: int = 0  # which word's column the predictor is at (a new one each word)
    predicted: set[tuple[int, Any]] | None = None  # (column, rule) predicted already


_AHEAD = _Ahead()


class TokenLexer(Lexer):
    """Lark's side of the tokenizer: the tokens are made before parsing
    (logic/lang/lexicon.py); each is the lookahead while it is the next word."""

    __future_interface__ = 2  # lex(lexer_state, parser_state): no wrapper class of Lark's

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any = None) -> Iterator[Token]:
        for token in getattr(lexer_state, "text", lexer_state):
            _AHEAD.word = token.type
            _AHEAD.column += 1
            yield token
        _AHEAD.word = None
        _AHEAD.column += 1


class _Predictions(dict[Any, list[Any]]):
    """Lark Earley's predictions (a rule -> the alternatives it predicts), filtered by the
    lookahead: an alternative stays when the next word can begin it or it can match
    nothing at its start."""

    def __init__(self, base: dict[Any, list[Any]], starts: dict[Any, tuple[frozenset[str], bool]]):
        super().__init__(base)
        self.starts = starts
        self.memo: dict[tuple[Any, str | None], list[Any]] = {}

    def __getitem__(self, rule: Any) -> list[Any]:
        every = dict.__getitem__(self, rule)
        if not _AHEAD.on:
            return every
        done = _AHEAD.predicted
        if done is not None:  # predicted once in a column, its alternatives are there
            at = (_AHEAD.column, rule)
            if at in done:
                return []
            done.add(at)
        word = _AHEAD.word
        got = self.memo.get((rule, word))
        if got is None:
            got = [
                alt
                for alt in every
                if self.starts[alt][1] or (word is not None and word in self.starts[alt][0])
            ]
            self.memo[(rule, word)] = got
        return got


def _starts(rules: list[Any], first: dict[Any, set[Any]], nullable: set[Any]) -> dict[Any, Any]:
    """For each alternative: the words that can begin it, and whether it can be empty."""
    out: dict[Any, tuple[frozenset[str], bool]] = {}
    for alt in rules:
        words: set[str] = set()
        empty = True
        for sym in alt.expansion:
            if sym.is_term:
                words.add(sym.name)
                empty = False
                break
            words |= {t.name for t in first.get(sym, ())}
            if sym not in nullable:
                empty = False
                break
        out[alt] = (frozenset(words), empty)
    return out


# ----------------------------------------------------------------------------- factoring


@_lg.inline_args
class _Factored(_lg.EBNF_to_BNF):
    """Lark's EBNF -> BNF step, with optional parts, repetitions and groups as rules of
    their own (inlined in the tree) instead of alternatives of the whole shape."""

    def _own(self, key: Any, kind: str, alternatives: Any) -> Any:
        try:
            return self.rules_cache[key]
        except KeyError:
            return self._add_rule(key, self._name_rule(kind), alternatives)

    @staticmethod
    def _or_nothing(part: Any, nothing: Any) -> Any:
        if isinstance(part, Tree) and part.data == "expansions":
            return _lg.ST("expansions", [*part.children, nothing])
        if isinstance(part, Tree) and part.data in ("expansion", "alias"):
            return _lg.ST("expansions", [part, nothing])
        return _lg.ST("expansions", [_lg.ST("expansion", [part]), nothing])

    def expr(self, part: Any, op: Token, *args: Any) -> Any:
        if op.value == "?":
            return self._own(("opt", part), "opt", self._or_nothing(part, _lg.ST("expansion", [])))
        if op.value == "*":
            many = _BASE_EXPR(self, part, op, *args).children[0]  # (part+ | nothing)
            return self._own(
                ("star", part), "star", self._or_nothing(many, _lg.ST("expansion", []))
            )
        return _BASE_EXPR(self, part, op, *args)

    def maybe(self, part: Any) -> Any:
        keep = self.rule_options and self.rule_options.keep_all_tokens
        size = _lg.FindRuleSize(keep).transform(part)
        nothing = _lg.ST("expansion", [_lg._EMPTY] * size)
        return self._own(("maybe", part), "maybe", self._or_nothing(part, nothing))

    def expansion(self, *children: Any) -> Any:
        out = []
        for c in children:
            if isinstance(c, Tree) and c.data == "expansions":  # a group: (a | b)
                alts = [
                    k
                    if isinstance(k, Tree) and k.data in ("expansion", "alias")
                    else _lg.ST("expansion", [k])
                    for k in c.children
                ]
                c = self._own(("group", c), "group", _lg.ST("expansions", alts))
            out.append(c)
        return _lg.ST("expansion", out)


_BASE_EXPR: Any = getattr(_lg.EBNF_to_BNF.__dict__.get("expr"), "base_func", None)
_BUILDING = threading.Lock()


@contextlib.contextmanager
def _factoring() -> Iterator[None]:
    if _BASE_EXPR is None:  # a Lark without the hook: built as Lark builds it
        yield
        return
    with _BUILDING:
        plain = _lg.EBNF_to_BNF
        _lg.EBNF_to_BNF = _Factored  # type: ignore[misc]
        try:
            yield
        finally:
            _lg.EBNF_to_BNF = plain  # type: ignore[misc]


# ----------------------------------------------------------------------------- the parser


def _plain_names(rules: list[Any], earley: Any) -> None:
    """The grammar's symbols named by plain strings, not Lark's `Token`s: the Earley loop
    compares symbols by name millions of times, and a `Token` compares in Python (a str in
    C); the names, their hashes and so every set and table keyed by a symbol are the same."""
    seen: set[int] = set()

    def plain(sym: Any) -> None:
        if id(sym) not in seen:
            seen.add(id(sym))
            sym.name = str(sym.name)

    for rule in rules:
        plain(rule.origin)
        for sym in rule.expansion:
            plain(sym)
    for sym, firsts in earley.FIRST.items():
        plain(sym)
        for t in firsts:
            plain(t)
    for sym in (*earley.NULLABLE, *earley.TERMINALS, *earley.NON_TERMINALS, *earley.predictions):
        plain(sym)


class Parser:
    """An Earley parser of pre-made tokens, ambiguities explicit (`_ambig`)."""

    def __init__(self, text: str, start: str, **options: Any) -> None:
        with _factoring():
            self.lark = Lark(
                text,
                parser="earley",
                lexer=TokenLexer,
                ambiguity="explicit",
                start=start,
                **options,
            )
        earley = self.lark.parser.parser
        _plain_names(self.lark.rules, earley)
        earley.predictions = _Predictions(
            earley.predictions, _starts(self.lark.rules, earley.FIRST, earley.NULLABLE)
        )

    def __getstate__(self) -> dict[str, Any]:  # kept between runs (parse_cache.built)
        for conf in (self.lark.lexer_conf, self.lark.parser.lexer_conf):
            conf.re_module = None  # type: ignore[assignment]  # a module does not pickle; the token lexer uses none
        return self.__dict__

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for conf in (self.lark.lexer_conf, self.lark.parser.lexer_conf):
            conf.re_module = re

    def parse(self, tokens: list[Token]) -> Tree[Token]:
        """The parse forest of `tokens` as a tree; Lark's error where they do not parse."""
        _AHEAD.word = tokens[0].type if tokens else None
        _AHEAD.column, _AHEAD.predicted = 0, set()
        _AHEAD.on = True
        try:
            return self.lark.parse(tokens)
        except UnexpectedInput:
            _AHEAD.on = False  # again, for the error of a full prediction
            _AHEAD.predicted = None
            return self.lark.parse(tokens)
        finally:
            _AHEAD.on, _AHEAD.predicted = False, None
