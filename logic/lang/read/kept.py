"""Owns reading sentences kept, not modelled: `Flavour:`, `Not modelled (REASON):`,
`Source:`, `Example (FILE "TITLE"):` and `Said again (LINE):` lines (for `ruling
coverage`)."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from logic.lang.errors import Loc
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Kept
from logic.model.ir import CaseRef, SaidAt


@v_args(meta=True)
class KeptReader(Reader):
    """Parse tree -> sentence pieces, for sentences kept, not modelled. One method per grammar rule."""

    def _kept(
        self,
        kind: str,
        text: Token,
        reason: Token | None = None,
        plays: tuple[CaseRef, ...] = (),
        repeats: tuple[SaidAt, ...] = (),
    ) -> _Kept:
        loc = Loc(self.filename, text.line or 0, text.column or 0)
        why = " ".join(reason.split()) if reason else None
        return _Kept(kind, str(text).strip(), loc, why, plays, repeats)

    def flavour(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("flavour", children[-1])

    def not_modelled(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("not modelled", children[-1], children[0])

    def source_note(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("source", children[-1])

    def example_cases(self, meta: Meta, children: list[Token]) -> tuple[CaseRef, ...]:
        file, *titles = children
        return tuple(
            CaseRef(str(file), str(t)[1:-1], Loc(self.filename, t.line or 0, t.column or 0))
            for t in titles
        )

    def example(self, meta: Meta, children: list[Token | tuple[CaseRef, ...]]) -> _Kept:
        plays = tuple(r for c in children if isinstance(c, tuple) for r in c)
        text = children[-1]
        assert isinstance(text, Token)
        return self._kept("example", text, plays=plays)

    def said_at(self, meta: Meta, children: list[Token]) -> SaidAt:
        (token,) = children
        loc = Loc(self.filename, token.line or 0, token.column or 0)
        if token.type == "LINE_NO":
            return SaidAt(int(token.split()[-1]), None, loc)
        return SaidAt(None, " ".join(str(token)[1:-1].split()), loc)

    def said_again(self, meta: Meta, children: list[Token | SaidAt]) -> _Kept:
        at = tuple(c for c in children if isinstance(c, SaidAt))
        reason = next((c for c in children if isinstance(c, Token) and c.type == "REASON"), None)
        text = children[-1]
        assert isinstance(text, Token)
        return self._kept("said again", text, reason, repeats=at)
