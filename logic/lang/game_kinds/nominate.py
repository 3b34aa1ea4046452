"""Owns reading nominations, executions and the dead's vote (grammar/game/nominate.lark):
ruleset-level nodes of logic/effects/nominate.py, as facts of kind `KIND_RULE`."""

from __future__ import annotations

from typing import Any

from logic.effects.nominate import DeadVote, ExecutedBy, ExecutedDies, NominatedOnce, Nominates
from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.deal import KIND_RULE
from logic.lang.kinds.traits import Fact


class NominateReading(GameBase):
    def _rule(self, node: Any) -> Fact:
        return Fact(KIND_RULE, node, self.why)

    def nominates(self, children: list[Any]) -> Fact:
        count = next((c for c in children if isinstance(c, int)), 1)
        return self._rule(Nominates(count, self.why))

    def nominated_once(self, _: list[Any]) -> Fact:
        return self._rule(NominatedOnce(1, self.why))

    def executed_by(self, _: list[Any]) -> Fact:
        return self._rule(ExecutedBy(why=self.why))

    def executed_dies(self, _: list[Any]) -> Fact:
        return self._rule(ExecutedDies(self.why))

    def dead_vote(self, _: list[Any]) -> Fact:
        return self._rule(DeadVote(1, self.why))
