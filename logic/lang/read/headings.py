"""Owns reading headings and titles: a line that opens a section (a faction's roles, the
priority list, the rulings, the turn order, the order of healing, ...) and the ruleset's
title."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Heading, _names, _Title


@v_args(meta=True)
class HeadingsReader(Reader):
    """Parse tree -> sentence pieces, for headings and titles. One method per grammar rule."""

    def title(self, meta: Meta, children: list[str]) -> _Title:
        return _Title(children[0])

    def faction_heading(self, meta: Meta, children: list[str]) -> _Heading:
        return _Heading("faction", children[0], self._why(meta))

    def priority_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("priority", "", self._why(meta))

    def mechanic_heading(self, meta: Meta, children: list[str]) -> _Heading:
        return _Heading("mechanic", children[0], self._why(meta))

    def nightkill_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("nightkill", "", self._why(meta))

    def rulings_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("rulings", "", self._why(meta))

    def setup_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("setup", "", self._why(meta))

    def aligned_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("faction", _names(children)[0], self._why(meta))

    def members_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("faction", _names(children)[1], self._why(meta))

    def own_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("faction", _names(children)[0], self._why(meta))

    def turn_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("turn order", "", self._why(meta))

    def roles_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("roles", "", self._why(meta))

    def time_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("time", "", self._why(meta))

    def ruleset_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("rules", "", self._why(meta))

    def alignments_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("alignments", "", self._why(meta))

    def endgame_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("endgame", "", self._why(meta))

    def notes_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("notes", "", self._why(meta))
