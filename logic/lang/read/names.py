"""Owns reading names, words and small numbers: the pieces every other reader's rules are made
of, and the start rule (a ruleset is its statements, in order)."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.lang.read.base import Reader


@v_args(meta=True)
class NamesReader(Reader):
    """Parse tree -> sentence pieces, for names, words and small numbers. One method per grammar rule."""

    def name(self, meta: Meta, children: list[Token]) -> str:
        if len(children) == 1 and children[0].type == "STRING":
            return str(children[0])[1:-1].strip()
        return " ".join(str(c) for c in children)

    def words(self, meta: Meta, children: list[Token]) -> str:
        out = ""
        for c in children:  # "Turtle's Chat Mafia"
            out += str(c) if c.type == "POSSESSIVE" or not out else f" {c}"
        return out

    def name_list(self, meta: Meta, children: list[str]) -> tuple[str, ...]:
        return tuple(children)

    def start(self, meta: Meta, children: list[Any]) -> list[Any]:
        return children

    def n_one(self, meta: Meta, children: list[Any]) -> int:
        return 1

    def n_two(self, meta: Meta, children: list[Any]) -> int:
        return 2

    def n_three(self, meta: Meta, children: list[Any]) -> int:
        return 3

    def n_int(self, meta: Meta, children: list[Token]) -> int:
        return int(children[0])
