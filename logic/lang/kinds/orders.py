"""Owns the clause language's reading of grammar/clause/orders.lark (words the base's),
mixed into logic/lang/kinds.Readings: "Can order killings." gives a night ability naming
two players, the killer and the victim, "Order" (`Order`, logic/effects/orders.py); the
GM's sentences that the order is final are a trait of the holder (`OrderRule`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.orders import NAME, Order, OrderRule
from logic.lang.read.pieces import _AbilityStart, _Trait
from logic.model.ir import Frequency, Why


class OrdersReading:
    """The methods of orders.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def lo_order(self, children: list[Any]) -> tuple[Any, ...]:
        """What is ordered: killings (another order is no reading)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if not named or not named[-1].startswith("kill"):
            raise self._no_reading("an order of something other than killings")
        return self.lo_order_kill(children)

    def lo_order_kill(self, children: list[Any]) -> tuple[Any, ...]:
        """'You may order the Mafia's kill each night.': an order of the faction's kill."""
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 2, NAME)
        return (start, Order(self.why))

    def lo_final(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, OrderRule(self.why, final=self.why), self.why),)
