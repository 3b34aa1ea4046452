"""Owns reading sentences kept, not modelled: `Flavour:`, `Not modelled (REASON):` and
`Source:` lines (for `ruling coverage`)."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from logic.lang.errors import Loc
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Kept


@v_args(meta=True)
class KeptReader(Reader):
    """Parse tree -> sentence pieces, for sentences kept, not modelled. One method per grammar rule."""

    def _kept(self, kind: str, text: Token, reason: Token | None = None) -> _Kept:
        loc = Loc(self.filename, text.line or 0, text.column or 0)
        return _Kept(kind, str(text).strip(), loc, " ".join(reason.split()) if reason else None)

    def flavour(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("flavour", children[-1])

    def not_modelled(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("not modelled", children[-1], children[0])

    def source_note(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("source", children[-1])
