"""Owns reading the APTX capsules, said of the whole game (grammar/game/capsules.lark;
logic/effects/capsules.py): how many the faction holds (`CapCount`), that they are the
faction's (`CapShared`), a success that keeps its capsule (`CapKept`), a failure that loses
it (`CapLost`), a confiscation (`CapConfiscated`), a capsule lost to a charm
(`CapShieldLost`), the capsule handed on (`CapHanded`) and used by its new holder
(`CapHolder`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.capsules import (
    CapConfiscated,
    CapCount,
    CapHanded,
    CapHolder,
    CapKept,
    CapLost,
    CapShared,
    CapShieldLost,
)
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing


def _tokens(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


class CapsulesReading(GameBase):
    """The methods of game/capsules.lark's rules."""

    def cap_shared(self, children: list[Any]) -> _Healing:
        return _Healing(CapShared(_tokens(children, "NAME")[0], self.why))

    def cap_count(self, children: list[Any]) -> _Healing:
        numbers = [int(n) for n in _tokens(children, "NUMERAL")]
        faction = _tokens(children, "NAME")[1]  # "1 APTX per BO": the capsule, the faction
        most = numbers[1] if len(numbers) > 1 else None
        return _Healing(CapCount(numbers[0], faction, most, self.why))

    def cap_kept(self, children: list[Any]) -> _Healing:
        return _Healing(CapKept(self.why))

    def cap_lost(self, children: list[Any]) -> _Healing:
        return _Healing(CapLost(self.why))

    def cap_confiscated(self, children: list[Any]) -> _Healing:
        return _Healing(CapConfiscated(self.why))

    def cap_handed(self, children: list[Any]) -> _Healing:
        return _Healing(CapHanded(tuple(_tokens(children, "ROLENAME")), self.why))

    def cap_holder(self, children: list[Any]) -> _Healing:
        return _Healing(CapHolder(self.why))

    def cap_shield(self, children: list[Any]) -> str:
        return _tokens(children, "NAME")[0]

    def cap_shield_lost(self, children: list[Any]) -> _Healing:
        shield = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return _Healing(CapShieldLost(shield, self.why))
