"""Owns the clause language's reading of grammar/clause/scent.lark (words in
grammar/lexicon/scent.toml), mixed into logic/lang/kinds.Readings: a card's "Scent: Yes." /
"Scent: No (no matter the disguise)." is the role trait `Scent` (logic/effects/scent.py);
"As a result she will get either: "Has a scent" or "Has no scent"." is `Sniff`, an effect
of the day ability before it, its answers ordered by their words (the one that says "no"
is the card's "No")."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.scent import Scent, Sniff
from logic.lang.clause_parts import NoReading
from logic.lang.read.pieces import _quoted, _Trait
from logic.model.ir import Why


class ScentReading:
    """The methods of scent.lark's rules."""

    why: Why

    def sc_card(self, children: list[Any]) -> tuple[Any, ...]:
        has = any(isinstance(c, Token) and c.type == "YES" for c in children)
        kept = self.why if any(c == "kept" for c in children) else None
        return (_Trait(None, Scent(has, self.why, kept), self.why),)

    def sc_kept(self, children: list[Any]) -> str:
        return "kept"

    def sc_result(self, children: list[Any]) -> tuple[Any, ...]:
        texts = [_quoted(c) for c in children if isinstance(c, Token) and c.type == "STRING"]
        nay = [t for t in texts if {"no", "not"} & set(t.lower().split())]
        if len(nay) != 1:
            raise NoReading('one of the two answers says "no"')
        (no,) = nay
        (yes,) = [t for t in texts if t != no]
        return (Sniff((yes, no), self.why),)
