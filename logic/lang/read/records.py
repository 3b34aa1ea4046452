"""Owns reading police records (logic/effects/records.py): how roles show on them, their
reversal and reverting, and the checks that read them."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.records import OnRecords, RecordsCheck, Reverse, Revert
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names, _RulesetFact, _Trait
from logic.model.ir import NoSelfTarget


@v_args(meta=True)
class RecordsReader(Reader):
    """Parse tree -> sentence pieces, for police records. One method per grammar rule."""

    def records_result(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        yes, no = (str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "QUOTED")
        return _RulesetFact("records", (_names(children)[0], yes, no), self._why(meta))

    def uses_records(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        like, role = _names(children)
        return _Capability(
            role, (RecordsCheck(f"like:{like}", None, None, why),), (), None, False, why
        )

    def reverse_records(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Reverse(why),), (NoSelfTarget(why),), None, False, why)

    def revert_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        name = _names(children)[0]
        return _RulesetFact("revert", Revert(name, why), why)

    def on_records(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[1], OnRecords(True, why), why)
