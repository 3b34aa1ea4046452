"""Owns reading the turn order: numbered steps ('2. Mafia wake up and may together choose one
target to kill.'), what a step's actor may choose and to what end, the casualty report and
the next round."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.attack import Kill, Protect
from logic.effects.records import RecordsCheck, Reverse
from logic.effects.status import Arrest
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Capability, _flatten, _names, _Step
from logic.model.ir import Frequency, NoSelfTarget, Why


def _purpose_effects(purpose: Any, why: Why, random: bool) -> tuple[Any, ...]:
    """The effects of a turn-order step's purpose ("to kill", "to try to save", ...)."""
    match purpose:
        case "kill":
            return (Kill(why, random=random),)
        case "save":
            return (Protect(why),)
        case "sacrifice":
            return (Protect(why, sacrifice=True),)
        case "arrest":
            return (Arrest(why),)
        case "records":
            return (RecordsCheck("", None, None, why),)
        case "reverse":
            return (Reverse(why),)
    raise AssertionError(purpose)


@v_args(meta=True)
class TurnReader(Reader):
    """Parse tree -> sentence pieces, for the turn order. One method per grammar rule."""

    def turn_step(self, meta: Meta, children: list[Any]) -> _Step:
        return _Step(int(children[0]), tuple(_flatten(children[1:])), self._why(meta))

    def wake_step(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role = _names(children)[0]
        sel = next(c for c in children if isinstance(c, dict))
        freq = next((c for c in children if isinstance(c, Frequency)), None)
        effects = _purpose_effects(sel["purpose"], why, sel.get("random", False))
        return _Capability(role, effects, sel["restrictions"], freq, sel["group"], why)

    def selection(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        together = any(isinstance(c, Token) and c.type == "TOGETHER" for c in children)
        purpose = children[-1]
        restr = tuple(c for c in children if isinstance(c, NoSelfTarget))
        return {"purpose": purpose, "group": together, "restrictions": restr}

    def select_reverse(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"purpose": "reverse", "group": False, "restrictions": ()}

    def select_random(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"purpose": children[-1], "group": False, "restrictions": (), "random": True}

    def purpose_kill(self, meta: Meta, children: list[Any]) -> str:
        return "kill"

    def purpose_save(self, meta: Meta, children: list[Any]) -> str:
        return "save"

    def purpose_sacrifice(self, meta: Meta, children: list[Any]) -> str:
        return "sacrifice"

    def purpose_arrest(self, meta: Meta, children: list[Any]) -> str:
        return "arrest"

    def purpose_records(self, meta: Meta, children: list[Any]) -> str:
        return "records"
