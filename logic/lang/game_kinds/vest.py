"""Owns reading the Explosive Vest, said of the whole game (grammar/game/vest.lark;
logic/effects/vest.py): the strap a faction's members have instead of their kill
(`VestGrant`), the police officers' defuse (`DefuseGrant`) and their order (`VestOrder`),
and the GM's rulings about them (`VestRule`, one tag a sentence)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.crimes import Crimes
from logic.effects.vest import DefuseGrant, VestGrant, VestOrder, VestRule
from logic.lang.game_kinds.base import GameBase
from logic.lang.lexicon import lexicon
from logic.lang.read.pieces import _Healing


def _tokens(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


def _quoted(children: list[Any]) -> str:
    return _tokens(children, "STRING")[-1][1:-1]


class VestReading(GameBase):
    def vs_grant(self, children: list[Any]) -> _Healing:
        faction = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        verb = next(str(c).lower() for c in children if isinstance(c, Token) and c.type == "STRAP")
        return _Healing(VestGrant(faction, verb, self.why))

    def vs_defuse(self, children: list[Any]) -> _Healing:
        verb = next(c for c in children if isinstance(c, Token) and c.type == "DEFUSE")
        return _Healing(
            DefuseGrant("defuse" if str(verb).lower() != "disarm" else "disarm", self.why)
        )

    def vs_order(self, children: list[Any]) -> _Healing:
        return _Healing(VestOrder(tuple(_tokens(children, "ROLENAME")), self.why))

    def _vest_rule(self, tag: str, text: str = "", example: str = "") -> _Healing:
        return _Healing(VestRule(tag, self.why, text, example))

    def vs_once(self, children: list[Any]) -> _Healing:
        return self._vest_rule("once")

    def vs_spent(self, children: list[Any]) -> _Healing:
        return self._vest_rule("spent")

    def vs_alone(self, children: list[Any]) -> _Healing:
        return self._vest_rule("alone")

    def vs_dies(self, children: list[Any]) -> _Healing:
        return self._vest_rule("dies")

    def vs_self(self, children: list[Any]) -> _Healing:
        return self._vest_rule("self")

    def vs_vote(self, children: list[Any]) -> _Healing:
        return self._vest_rule("vote")

    def vs_defuser_told(self, children: list[Any]) -> _Healing:
        return self._vest_rule("defuser told", _quoted(children))

    def vs_planter_told(self, children: list[Any]) -> _Healing:
        return self._vest_rule("planter told")

    def vs_first(self, children: list[Any]) -> _Healing:
        return self._vest_rule("first")

    def vs_arrest(self, children: list[Any]) -> _Healing:
        return self._vest_rule("arrest")

    def vs_unseen(self, children: list[Any]) -> _Healing:
        return self._vest_rule("unseen")

    def vs_turn(self, children: list[Any]) -> _Healing:
        return self._vest_rule("turn")

    def vs_stoppable(self, children: list[Any]) -> _Healing:
        return self._vest_rule("stoppable")

    def vs_named_first(self, children: list[Any]) -> _Healing:
        roles = tuple(_tokens(children, "ROLENAME"))
        return _Healing(VestRule("named first", self.why, roles=roles))

    def vs_crime(self, children: list[Any]) -> _Healing:
        """'Strapping someone with the bomb is considered a crime.': the strap's verb, a
        crime of the crimes kind's list (by its lemma: "Strapping" is "strap")."""
        token = next(c for c in children if isinstance(c, Token) and c.type == "STRAP")
        said = str(token).lower()
        lemma = min((w for w in lexicon().words_of("STRAP") if said.startswith(w)), key=len)
        return _Healing(Crimes((lemma,), self.why))

    def vs_form(self, children: list[Any]) -> _Healing:
        example = _tokens(children, "NAME")[0]
        return self._vest_rule("form", _quoted(children), example)
