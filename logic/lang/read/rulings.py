"""Owns reading rulings: a labelled ruling on a role and outcome rulings ('If two users trick
each other, all actions fail.')."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _RoleDef, _Ruling
from logic.model.ir import OutcomeRuling


@v_args(meta=True)
class RulingsReader(Reader):
    """Parse tree -> sentence pieces, for rulings. One method per grammar rule."""

    def ruling_role(self, meta: Meta, children: list[Any]) -> _RoleDef:
        return _RoleDef(children[0], tuple(children[1:]), self._why(meta, "ruling"))

    def ruling(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = self._why(meta, "ruling")
        body = children[0]
        if isinstance(body, OutcomeRuling):
            body = replace(body, why=why)
        return _Ruling(body, why)

    def mutual_condition(self, meta: Meta, children: list[str]) -> dict[str, Any]:
        return {"mutual": True, "verb": children[0]}

    def targets_condition(self, meta: Meta, children: list[str]) -> dict[str, Any]:
        actor, verb, target = children
        return {"actor": actor, "verb": verb, "target": target}

    def all_fail(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"consequence": "all fail"}

    def _subject(self, kind: str, children: list[Any]) -> dict[str, Any]:
        return {"consequence": kind, "subject": children[0]}

    def subject_fails(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("fails", children)

    def subject_succeeds(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("succeeds", children)

    def subject_dies(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("dies", children)

    def subject_survives(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("survives", children)

    def outcome_ruling(self, meta: Meta, children: list[dict[str, Any]]) -> OutcomeRuling:
        cond, conseq = children
        return OutcomeRuling(**cond, **conseq, why=self._why(meta, "ruling"))
