"""Owns reading police records (logic/effects/records.py): how roles show on them, their
reversal and reverting, and the checks that read them."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.records import RecordsCheck
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _names


@v_args(meta=True)
class RecordsReader(Reader):
    """Parse tree -> sentence pieces, for police records. One method per grammar rule."""

    def uses_records(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        like, role = _names(children)
        return _Capability(
            role, (RecordsCheck(f"like:{like}", None, None, why),), (), None, False, why
        )
