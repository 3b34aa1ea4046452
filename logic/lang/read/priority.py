"""Owns reading the order of actions: priority lists ('2. Hooker, ...'), orders of operations
('Discombobulation/Frighten'), actions of one tier, and priority rulings ('The Jailer acts
before the Hooker.')."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import REST, _names, _Order
from logic.model.ir import OrderRuling, PriorityEntry


@v_args(meta=True)
class PriorityReader(Reader):
    """Parse tree -> sentence pieces, for the order of actions. One method per grammar rule."""

    def iff_targeting(self, meta: Meta, children: list[str]) -> tuple[str, str]:
        return ("iff", children[0])

    def otherwise_condition(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("otherwise", "")

    def priority_role(self, meta: Meta, children: list[Any]) -> PriorityEntry:
        cond = children[1] if len(children) > 1 else None
        return PriorityEntry(
            0,
            children[0],
            iff_targeting=cond[1] if cond and cond[0] == "iff" else None,
            otherwise=bool(cond and cond[0] == "otherwise"),
            why=self._why(meta),
        )

    def priority_nightkill(self, meta: Meta, children: list[str]) -> PriorityEntry:
        return PriorityEntry(0, None, nightkill_of=children[0], why=self._why(meta))

    def priority_entry(self, meta: Meta, children: list[Any]) -> tuple[PriorityEntry, ...]:
        tier = int(children[0])
        return tuple(
            replace(e, tier=tier, why=replace(e.why, text=f"{tier}. {e.why.text}"))
            for e in children[1:]
        )

    def order_item(self, meta: Meta, children: list[Any]) -> tuple[str, str | None]:
        names = _names(children)
        return (names[0], names[1] if len(names) > 1 else None)

    def order_of(self, meta: Meta, children: list[Any]) -> tuple[str, str | None]:
        names = _names(children)  # "Voice of Reason"
        return (f"{names[0]} of {names[1]}", None)

    def order_rest(self, meta: Meta, children: list[Any]) -> tuple[str, str | None]:
        return (REST, None)

    def order_group(self, meta: Meta, children: list[Any]) -> tuple[tuple[str, str | None], ...]:
        return tuple(children)

    def order_line(self, meta: Meta, children: list[Any]) -> _Order:
        return _Order(tuple(children), self._why(meta))

    def order_before(self, meta: Meta, children: list[Any]) -> OrderRuling:
        first, second = _names(children)
        return OrderRuling(first, second, self._why(meta, "ruling"))

    def order_after(self, meta: Meta, children: list[Any]) -> OrderRuling:
        second, first = _names(children)
        return OrderRuling(first, second, self._why(meta, "ruling"))
