"""Owns reading the order of healing and what a save costs (logic/effects/heal.py): healing,
first aid and injuries, bone breaking, snipes and the saves they bypass or meet, unmasking."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.heal import (
    Bypass,
    Injury,
    Intercede,
)
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _DayAbility, _Healing, _Note
from logic.model.ir import Protect


@v_args(meta=True)
class HealReader(Reader):
    """Parse tree -> sentence pieces, for the order of healing and what a save costs. One method per grammar rule."""

    def healing_note(self, meta: Meta, children: list[Any]) -> None:
        return None  # what the order of healing does (logic/effects/heal.py)

    def snipe_bypass(self, meta: Meta, children: list[Any]) -> _Healing:
        return _Healing(Bypass(("healing", "first aid"), self._why(meta)))

    def snipe_intercede(self, meta: Meta, children: list[Any]) -> _Healing:
        return _Healing(Intercede(("protect",), self._why(meta)))

    def heal_any(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Heal", 1, Protect(self._why(meta)))

    def heal_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def first_aid(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return self._night_ability(meta, "First Aid", 1, Protect(why), Injury(True, why))

    def first_aid_self(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # no restriction: "May use First Aid on himself"

    def injured_saver(self, meta: Meta, children: list[Any]) -> Injury:
        return Injury(False, self._why(meta))

    def snipe_guard_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Bone Breaking", 1)
