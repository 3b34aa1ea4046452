"""Owns reading visiting classes: visiting, semi-visiting and non-visiting roles, who sees
whom, and the class of a faction's nightkill."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.errors import RulingError, line_of
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _ClassDecl, _KillVisits
from logic.model.ir import ClassList, SeenBy, VisitClass


@v_args(meta=True)
class VisitsReader(Reader):
    """Parse tree -> sentence pieces, for visiting classes. One method per grammar rule."""

    def visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.VISITING

    def semi_visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.SEMI

    def non_visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.NON

    def visit_class_decl(self, meta: Meta, children: list[VisitClass]) -> _ClassDecl:
        return _ClassDecl(children[0], self._why(meta))

    def anonymous(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def seen_by(self, meta: Meta, children: list[Any]) -> SeenBy:
        roles = next(c for c in children if isinstance(c, tuple))
        return SeenBy(VisitClass.VISITING, roles, True in children, self._why(meta))

    def visit_class_list(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        vc, roles, *said = children
        why = self._why(meta)
        if any(not isinstance(r, str) for r in roles):  # the list in other words (held)
            lists = [p for p in roles if isinstance(p, ClassList)]
            if len(lists) != 1 or lists[0].visit_class != vc:
                raise RulingError(
                    f"this line lists {vc.value} roles: say which roles they are",
                    why.loc,
                    line_of(self.text, why.loc.line),
                )
            roles = lists[0].roles
        notes = [n for note in said for n in (note if isinstance(note, tuple) else (note,))]
        out: list[Any] = [ClassList(vc, roles, why)]
        for note in notes:
            if isinstance(note, SeenBy):
                out.append(replace(note, visit_class=vc))
            else:
                out.append(note)
        return tuple(out)

    def seen_rule(self, meta: Meta, children: list[Any]) -> SeenBy:
        return SeenBy(children[0], children[1], False, self._why(meta))

    def even_if(self, meta: Meta, children: list[Any]) -> None:
        return None

    def kill_visits_rule(self, meta: Meta, children: list[Any]) -> _KillVisits:
        faction = children[0]
        vc = next(c for c in children if isinstance(c, VisitClass))
        return _KillVisits(faction, vc, self._why(meta))
