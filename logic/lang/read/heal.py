"""Owns reading the order of healing and what a save costs (logic/effects/heal.py): healing,
first aid and injuries, bone breaking, snipes and the saves they bypass or meet, unmasking."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.heal import (
    Bypass,
    Intercede,
)
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility, _Healing


@v_args(meta=True)
class HealReader(Reader):
    """Parse tree -> sentence pieces, for the order of healing and what a save costs. One method per grammar rule."""

    def healing_note(self, meta: Meta, children: list[Any]) -> None:
        return None  # what the order of healing does (logic/effects/heal.py)

    def snipe_bypass(self, meta: Meta, children: list[Any]) -> _Healing:
        return _Healing(Bypass(("healing", "first aid"), self._why(meta)))

    def snipe_intercede(self, meta: Meta, children: list[Any]) -> _Healing:
        return _Healing(Intercede(("protect",), self._why(meta)))

    def snipe_guard_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Bone Breaking", 1)
