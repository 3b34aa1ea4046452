"""Owns the frame grammar's reading of the dead (logic/effects/afterlife.py): the notes on
the dead. (A read of the dead and the living, powers after death, a kill after death, a
role unaware of itself until death and what a death shows are read by the clause
language: logic/lang/kinds/afterlife.py.)"""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Note


@v_args(meta=True)
class DeadReader(Reader):
    """Parse tree -> sentence pieces, for the dead. One method per grammar rule."""

    def dead_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))
