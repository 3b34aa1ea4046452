"""Owns reading what the order of healing does and what a snipe meets, said of the whole
game (grammar/game/healing.lark; logic/effects/heal.py): the save with the highest
priority succeeds (`OrderDecides`), the next one when it is stopped (`OrderSkips`), and an
injured player's action fails (what the engine does anyway, with the order of healing); a snipe that passes saves by
their names (`Bypass`), a save whose user dies in the target's place (`Intercede`), and an
attacker told which save kept his victim alive (`SaveTold`), and an injured player who may
still use items (`InjuredUse`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.heal import (
    Bypass,
    InjuredItems,
    InjuredUse,
    Intercede,
    OrderDecides,
    OrderSkips,
    SaveTold,
)
from logic.lang import lexicon
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Default
from logic.lang.read.pieces import _Healing
from logic.model import frame


class HealingReading(GameBase):
    def heal_injured_items(self, children: list[Any]) -> _Healing:
        group = next(c for c in children if type(c) is str)
        return _Healing(InjuredItems(group, self.why))

    def heal_top(self, children: list[Any]) -> _Healing:
        return _Healing(OrderDecides(self.why))

    def heal_next(self, children: list[Any]) -> _Healing:
        return _Healing(OrderSkips(self.why))

    def heal_beats_kill(self, children: list[Any]) -> Default:
        return self.default("a protection stops a kill on its target that night", frame.KILL)

    def heal_injured_use(self, children: list[Any]) -> _Healing:
        return _Healing(InjuredUse(self.why))

    def heal_injured(self, children: list[Any]) -> Default:
        return self.default(
            "an injured player's action fails (the injury of the save that says so)"
        )

    def heal_named(self, children: list[Any]) -> str:
        return " ".join(str(t).lower() for t in children if isinstance(t, Token))

    def heal_bypassed(self, children: list[Any]) -> _Healing:
        names = tuple(c for c in children if type(c) is str)
        return _Healing(Bypass(names, self.why))

    def heal_verb(self, children: list[Any]) -> str:
        word = str(children[0]).lower()  # "protected" -> "protect": the ability's keyword
        return lexicon.lexicon().lemmas.get(word, word)

    def heal_intercede(self, children: list[Any]) -> _Healing:
        verb = next(c for c in children if type(c) is str)
        return _Healing(Intercede((verb,), self.why))

    def heal_attacker(self, children: list[Any]) -> tuple[str | None]:
        """The attacker the sentence is said of: a member of a group, or anyone (None)."""
        group = next((c for c in children if type(c) is str), None)
        return (group,)

    def heal_any(self, children: list[Any]) -> bool:
        return True

    def heal_told(self, children: list[Any]) -> _Healing:
        (group,) = next(c for c in children if isinstance(c, tuple))
        any_save = any(c is True for c in children)
        names = () if any_save else tuple(c for c in children if type(c) is str)
        return _Healing(SaveTold(group, names, self.why))

    def heal_told_saved(self, children: list[Any]) -> _Healing:
        return _Healing(SaveTold(None, ("protect",), self.why, target=True, snipes=True))
