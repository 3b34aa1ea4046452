"""Owns the clause language's reading of grammar/clause/amplify.lark (words in
grammar/lexicon/amplify.toml), mixed into logic/lang/kinds.Readings: another player's power
enhanced ("This player can enhance the potency of one other player's action for a day or
night-time period."), a day ability named "amplify" whose effect is `Amplify`
(logic/effects/amplify.py); "other": not its user; the forced use ("Thus, the target MUST
use the power in that timeframe, ...": `Amplify.forced`) and the tripled vote ("If a rioter
is targeted, ... their rioting targets gets their vote TRIPLICATED, ...": `Amplify.tripled`),
the notice ("The amplified player gets notified of the extra power.":
`Amplify.notified`) and a spent target ("If the targets power was already spent, nothing
happens and the amplification is wasted.": `Amplify.spent`), said of the ability before it."""

from __future__ import annotations

from typing import Any

from logic.effects.amplify import Amplify
from logic.lang.clause_parts import about
from logic.lang.kinds.traits import Adds
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency, NoSelfTarget, Why


class _Other:
    """'one other player's action': not the user's."""


class AmplifyReading:
    """The methods of amplify.lark's rules."""

    why: Why

    def amp_other(self, _: list[Any]) -> _Other:
        return _Other()

    def amplify(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        day = _DayAbility("amplify", 1, freq, (Amplify(self.why),), self.why)
        rest = (NoSelfTarget(self.why),) if any(isinstance(c, _Other) for c in children) else ()
        return (*about(children, day), *rest)

    def amp_forced(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "forced", self.why),)

    def amp_triple(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "tripled", self.why),)

    def amp_notified(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "notified", self.why),)

    def amp_spent(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "spent", self.why),)
