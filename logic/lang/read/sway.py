"""Owns reading actions and traits that sway one day's lynch (logic/effects/sway.py): votes
blocked, doubled or substituted, a lynch spared or survived."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.sway import Spare, Substitute, SurviveLynch, VoteBlock, VoteDouble
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _AddTo, _DayAbility, _Note, _Trait
from logic.model.ir import Frequency, NoSelfTarget


@v_args(meta=True)
class SwayReader(Reader):
    """Parse tree -> sentence pieces, for actions and traits that sway one day's lynch. One method per grammar rule."""

    def sway_block(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility("block vote", 1, Frequency.EACH_NIGHT, (VoteBlock(why),), why)
        return (ability, NoSelfTarget(why))  # "another's"

    def sway_double(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility(
            "double vote", 1, Frequency.EACH_NIGHT, (VoteDouble(False, why),), why
        )
        return (ability, NoSelfTarget(why))  # "another's"

    def sway_double_own(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("double vote", 0, Frequency.EACH_NIGHT, (VoteDouble(True, why),), why)

    def sway_substitute(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility("substitute", 1, Frequency.EACH_NIGHT, (Substitute(why),), why)
        return (ability, NoSelfTarget(why))  # "one other alive player"

    def sway_spare(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility("save", 1, Frequency.EACH_NIGHT, (Spare(why),), why)
        return (ability, NoSelfTarget(why))  # "another player"

    def sway_spare_none(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Spare, "none", self._why(meta))

    def sway_survive(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, SurviveLynch(why), why)

    def sway_in_place(self, meta: Meta, children: list[Any]) -> _Note:
        # what a survived attempt gives in the model anyway: no lynch that day (sway.py)
        return _Note(self._why(meta))
