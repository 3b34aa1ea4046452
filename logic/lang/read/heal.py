"""Owns reading the order of healing and what a save costs (logic/effects/heal.py): healing,
first aid and injuries, bone breaking, snipes and the saves they bypass or meet, unmasking."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility


@v_args(meta=True)
class HealReader(Reader):
    """Parse tree -> sentence pieces, for the order of healing and what a save costs. One method per grammar rule."""

    def snipe_guard_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Bone Breaking", 1)
