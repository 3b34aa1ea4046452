"""Owns reading investigations (logic/effects/investigate.py): what an action tells its actor
(visits, visitors, roles, alignments), how a role shows to them ('Checks as mafia ...'), and
checks that a kill changes. (A check that cannot link a role to a faction: the clause
language, logic/lang/kinds/disclosure.py.)"""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.investigate import AlignmentCheck, Info, Investigate, SeenAfterKill
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names, _Trait
from logic.model.ir import AppearsAs


@v_args(meta=True)
class InvestigateReader(Reader):
    """Parse tree -> sentence pieces, for investigations. One method per grammar rule."""

    def learns_visits(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITS, self._why(meta))

    def learns_visitors(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITORS, self._why(meta))

    def learns_visitor_roles(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITOR_ROLES, self._why(meta))

    def learns_role(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.ROLE, self._why(meta))

    def checks_as(self, meta: Meta, children: list[str]) -> AppearsAs:
        to = children[1] if len(children) > 1 else None
        return AppearsAs(children[0], to, self._why(meta))

    def each_night_investigate(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        effect = AlignmentCheck((), why)
        return _Capability(_names(children)[0], (effect,), (), None, False, why)

    def seen_after_kill(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        by, faction = _names(children)
        return _Trait(None, SeenAfterKill(by, faction, why), why)
