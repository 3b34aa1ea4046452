"""Owns the clause language's readings of what a save tells and costs
(grammar/clause/saves.lark): the saved and the saver learn who attacked (`Unmask`), a save
that stops only a snipe (`Protect` with `SnipesOnly`) and injures the sniper
(`InjuresAttacker`) and can snipe no more (its `ends_snipes`), a role whose kill is a snipe (`Sniper`), an injured player's action that fails (the `Injury`'s `fails`), the
same IR the frame grammar's readers build (logic/lang/read/heal.py)."""

from __future__ import annotations

from typing import Any

from logic.effects.attack import Protect
from logic.effects.heal import InjuresAttacker, Injury, Sniper, SnipesOnly, Unmask
from logic.lang.kinds.traits import Adds, Trait
from logic.model.ir import Why


class SaveReading:
    """The methods of saves.lark's rules."""

    why: Why

    def unmask(self, _: list[Any]) -> tuple[Any, ...]:
        return (Unmask(self.why),)

    def snipe_save(self, _: list[Any]) -> tuple[Any, ...]:
        return (Protect(self.why), SnipesOnly(self.why))

    def snipe_injures(self, _: list[Any]) -> tuple[Any, ...]:
        return (InjuresAttacker(self.why),)

    def injured_fails(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Injury, "fails", self.why),)

    def sniper(self, _: list[Any]) -> tuple[Any, ...]:
        return (Trait(Sniper(self.why)),)

    def snipes_end(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(InjuresAttacker, "ends_snipes", self.why),)
