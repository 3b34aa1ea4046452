"""Owns the clause language's readings of what a save tells and costs
(grammar/clause/saves.lark): the saved and the saver learn who attacked (`Unmask`), the
saver that his save succeeded (`SaverKnows`), the saved and the attacker the save's keyword
(`SaveKnown`), a save
that stops only a snipe (`Protect` with `SnipesOnly`) and injures the sniper
(`InjuresAttacker`) and can snipe no more (its `ends_snipes`), a role whose kill is a snipe (`Sniper`), an injured player's action that fails (the `Injury`'s `fails`), a save that injures the
saved or the saver (`Injury`), an ability used on anyone ('Can use Heal on any player'), the
same IR the frame grammar's readers build (logic/lang/read/heal.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from logic.effects.attack import Protect
from logic.effects.block import Roleblock
from logic.effects.heal import (
    InjuresAttacker,
    Injury,
    SaveKnown,
    SaverKnows,
    Sniper,
    SnipesOnly,
    Unmask,
)
from logic.lang.clause_parts import NoReading, Nothing, Starts, Verb, about, subject_of
from logic.lang.kinds.traits import Adds, Trait
from logic.model.ir import Frequency, Why


@dataclass(frozen=True)
class Title:
    """An ability's name as a sentence writes it ("First Aid", "Heal") and the effect kinds
    of the verbs in it."""

    name: str
    verbs: tuple[str, ...]


_EFFECTS: dict[str, Any] = {"PROTECT": Protect, "GUARD": Protect, "BLOCK": Roleblock}


class SaveReading:
    """The methods of saves.lark's rules."""

    why: Why

    def unmask(self, _: list[Any]) -> tuple[Any, ...]:
        return (Unmask(self.why),)

    def saver_knows(self, _: list[Any]) -> tuple[Any, ...]:
        return (SaverKnows(self.why),)

    def saved_knows_both(self, _: list[Any]) -> tuple[Any, ...]:
        return (SaveKnown(self.why, attacker=True),)

    def saved_knows_alone(self, _: list[Any]) -> tuple[Any, ...]:
        return (SaveKnown(self.why),)

    def saver_told(self, _: list[Any]) -> tuple[Any, ...]:
        """'You will be notified if your target was attacked.': of the protection before."""
        return (Adds(Protect, "notifies", self.why),)

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

    # injuries paid for a save
    def ability_title(self, children: list[Any]) -> Title:
        words = [c.name if isinstance(c, Verb) else str(c) for c in children]
        if not all(w and w[:1].isupper() for w in words):
            raise NoReading("an ability's name is written capitalised ('First Aid')")
        verbs = tuple(c.category for c in children if isinstance(c, Verb))
        return Title(" ".join(w for w in words if w), verbs)

    def _named(self, children: list[Any]) -> tuple[Any, ...]:
        title = next(c for c in children if isinstance(c, Title))
        verb = "kills" if "KILL" in title.verbs else "targets"
        starts = Starts(verb, Frequency.EACH_NIGHT, self.why, subject_of(children), 1, title.name)
        kinds = {_EFFECTS[v] for v in title.verbs if v in _EFFECTS}
        return (starts, *(k(self.why) for k in sorted(kinds, key=lambda k: k.__name__)))

    def saved_injured(self, children: list[Any]) -> tuple[Any, ...]:
        starts = self._named(children)[0]
        return (starts, Protect(self.why), Injury(True, self.why))

    def saver_injured(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Injury(False, self.why))

    def used_on_anyone(self, children: list[Any]) -> tuple[Any, ...]:
        return self._named(children)

    def used_on_self(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Nothing(self.why))

    def save_restated(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)
