"""Owns reading inquiries into actions and interrogations (logic/effects/inquiry.py,
interrogate.py): the keyword lines that name an ability, investigating actions, stake-outs,
interrogation, age-observation and slander."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.inquiry import Keywords, StakeOut
from logic.effects.interrogate import InterrogatesAs
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility, _Healing, _names, _Trait


@v_args(meta=True)
class InquiryReader(Reader):
    """Parse tree -> sentence pieces, for inquiries into actions and interrogations. One method per grammar rule."""

    def keyword_line(self, meta: Meta, children: list[Any]) -> _Healing:
        names = _names(children)
        return _Healing(Keywords(names[0], tuple(names[1:]), self._why(meta)))

    def stake_out(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Stake-Out", 1, StakeOut(self._why(meta)))

    def interrogates_as(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, InterrogatesAs(_names(children)[0], why), why)

    def observes_as(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        text = "/".join(_names(children))
        return _Trait(None, InterrogatesAs(text, why, check="observe"), why)

    def age_observe(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Observe", 1)
