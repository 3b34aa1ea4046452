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
  predicted once at a word, or within the prediction of a rule it can begin, is not
  predicted again there (its alternatives are in the column already: Lark made them
  again, to find them there). A caller that only asks
  whether a sentence parses (`explain=False`) is spared the second parse.
- **Waiting items by symbol.** When a symbol is complete, Lark finds the items it advances
  by comparing it with every item of the column where it began (a `Symbol.__eq__` in
  Python, two million times for one ruleset); here each column keeps its items by the
  symbol they expect, in the column's order (`_Earley`).

The factoring hooks into Lark's grammar compiler (`lark.load_grammar.EBNF_to_BNF`, Lark
1.2-1.3) while one grammar is built; with a Lark where that hook is missing, grammars are
built as Lark builds them (slower, the same trees).
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections import deque
from collections.abc import Iterator
from typing import Any

from lark import Lark, Token, Tree
from lark import load_grammar as _lg
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer
from lark.parsers import earley as _lark_earley
from lark.parsers.earley_common import Item

VERSION = "factored+lookahead 5"
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
    waiting: dict[int, dict[Any, list[Any]]] | None = None  # a closed column's items by symbol


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
        self.below: dict[Any, frozenset[Any]] = {}  # the rules a prediction predicts too

    def __getitem__(self, rule: Any) -> list[Any]:
        every = dict.__getitem__(self, rule)
        if not _AHEAD.on:
            return every
        done = _AHEAD.predicted
        if done is not None:  # predicted once in a column, its alternatives are there
            column = _AHEAD.column
            if (column, rule) in done:
                return []
            # Lark's prediction of a rule holds the alternatives of every rule that can
            # begin it (the closure): those are predicted in this column too
            below = self.below.get(rule)
            if below is None:
                below = self.below[rule] = frozenset(alt.origin for alt in every) | {rule}
            done.update((column, r) for r in below)
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


def _by_expected(column: Any) -> dict[Any, list[Any]]:
    by: dict[Any, list[Any]] = {}
    for o in column:
        if o.expect is not None:
            by.setdefault(o.expect, []).append(o)
    return by


class _Earley(_lark_earley.Parser):
    """Lark's Earley parser with one change in its predictor and completer: the items a
    completed symbol advances are looked up in an index of each column by the symbol they
    expect (kept as items are added, in the column's order), not found by comparing every
    item of the column with the symbol (Lark 1.3's code, otherwise as it is)."""

    def predict_and_complete(  # Lark's loop, kept whole to stay comparable
        self, i: int, to_scan: Any, columns: list[Any], transitives: list[Any], node_cache: Any
    ) -> None:
        held_completions: dict[Any, Any] = {}
        column = columns[i]
        items = deque(column)
        index = _AHEAD.waiting if _AHEAD.waiting is not None else {}
        here = index[i] = _by_expected(column)  # grows with the column below
        while items:
            item = items.pop()
            if item.is_complete:
                if item.node is None:
                    label = (item.s, item.start, i)
                    item.node = (
                        node_cache[label]
                        if label in node_cache
                        else node_cache.setdefault(label, self.SymbolNode(*label))
                    )
                    item.node.add_family(item.s, item.rule, item.start, None, None)
                if item.rule.origin in transitives[item.start]:  # Joop Leo's right recursion
                    transitive = transitives[item.start][item.s]
                    if transitive.previous in transitives[transitive.column]:
                        root_transitive = transitives[transitive.column][transitive.previous]
                    else:
                        root_transitive = transitive
                    new_item = Item(transitive.rule, transitive.ptr, transitive.start)
                    label = (root_transitive.s, root_transitive.start, i)
                    new_item.node = (
                        node_cache[label]
                        if label in node_cache
                        else node_cache.setdefault(label, self.SymbolNode(*label))
                    )
                    new_item.node.add_path(root_transitive, item.node)
                    if new_item.expect in self.TERMINALS:
                        to_scan.add(new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)
                        if new_item.expect is not None:
                            here.setdefault(new_item.expect, []).append(new_item)
                else:
                    if item.start == i:  # an empty symbol, held for what it completes later
                        held_completions[item.rule.origin] = item.node
                    by = index.get(item.start)
                    if by is None:
                        by = index[item.start] = _by_expected(columns[item.start])
                    for originator in list(by.get(item.s, ())):
                        new_item = originator.advance()
                        label = (new_item.s, originator.start, i)
                        new_item.node = (
                            node_cache[label]
                            if label in node_cache
                            else node_cache.setdefault(label, self.SymbolNode(*label))
                        )
                        new_item.node.add_family(
                            new_item.s, new_item.rule, i, originator.node, item.node
                        )
                        if new_item.expect in self.TERMINALS:
                            to_scan.add(new_item)
                        elif new_item not in column:
                            column.add(new_item)
                            items.append(new_item)
                            if new_item.expect is not None:
                                here.setdefault(new_item.expect, []).append(new_item)
            elif item.expect in self.NON_TERMINALS:  # the predictor
                new_items = [Item(rule, 0, i) for rule in self.predictions[item.expect]]
                if item.expect in held_completions:
                    new_item = item.advance()
                    label = (new_item.s, item.start, i)
                    new_item.node = (
                        node_cache[label]
                        if label in node_cache
                        else node_cache.setdefault(label, self.SymbolNode(*label))
                    )
                    new_item.node.add_family(
                        new_item.s,
                        new_item.rule,
                        new_item.start,
                        item.node,
                        held_completions[item.expect],
                    )
                    new_items.append(new_item)
                for new_item in new_items:
                    if new_item.expect in self.TERMINALS:
                        to_scan.add(new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)
                        if new_item.expect is not None:
                            here.setdefault(new_item.expect, []).append(new_item)


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
        if type(earley) is _lark_earley.Parser:
            earley.__class__ = _Earley
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

    def parse(self, tokens: list[Token], explain: bool = True) -> Tree[Token]:
        """The parse forest of `tokens` as a tree; Lark's error where they do not parse,
        listing every word that could have come next when `explain` (a second parse, without
        the lookahead: a caller that only asks whether they parse does not need it)."""
        _AHEAD.word = tokens[0].type if tokens else None
        _AHEAD.column, _AHEAD.predicted, _AHEAD.waiting = 0, set(), {}
        _AHEAD.on = True
        try:
            return self.lark.parse(tokens)
        except UnexpectedInput:
            if not explain:
                raise
            _AHEAD.on = False  # again, for the error of a full prediction
            _AHEAD.word = tokens[0].type if tokens else None
            _AHEAD.predicted, _AHEAD.waiting = None, {}
            return self.lark.parse(tokens)
        finally:
            _AHEAD.on, _AHEAD.predicted, _AHEAD.waiting = False, None, None
