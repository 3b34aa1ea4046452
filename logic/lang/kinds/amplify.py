"""Owns the clause language's reading of grammar/clause/amplify.lark (words in
grammar/lexicon/amplify.toml), mixed into logic/lang/kinds.Readings: another player's power
enhanced ("This player can enhance the potency of one other player's action for a day or
night-time period."), a day ability named "amplify" whose effect is `Amplify`
(logic/effects/amplify.py); "other": not its user; the forced use ("Thus, the target MUST
use the power in that timeframe, ...": `Amplify.forced`) and the tripled vote ("If a rioter
is targeted, ... their rioting targets gets their vote TRIPLICATED, ...": `Amplify.tripled`),
the notice ("The amplified player gets notified of the extra power.":
`Amplify.notified`) and a spent target ("If the targets power was already spent, nothing
happens and the amplification is wasted.": `Amplify.spent`), said of the ability before it.
"for a day or night-time period" gives a night ability of the same name too (one use for
both), whose effect is `AmplifyNight`; the examples of a night amplification ("For
example, a seer will get a double scan that night, guard gets double protection that
night, the hunter gets two kills (...)", each a role and its power doubled) say that it
gives a second use that night (`AmplifyNight.twice`)."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from logic.effects.amplify import Amplify, AmplifyNight
from logic.lang.clause_parts import about, subject_of
from logic.lang.kinds.traits import Adds
from logic.lang.read.pieces import _AbilityStart, _DayAbility
from logic.model.ir import Frequency, NoSelfTarget, Why


def _tokens(children: list[Any]) -> list[Any]:
    """The tokens of a rule's children, those of its subtrees too (its adjuncts')."""
    out: list[Any] = []
    for c in children:
        if isinstance(c, Tree):
            out.extend(c.scan_values(lambda v: isinstance(v, Token)))
        elif isinstance(c, Token):
            out.append(c)
        elif isinstance(c, (list, tuple)):
            out.extend(_tokens(list(c)))
    return out


class _Other:
    """'one other player's action': not the user's."""


class AmplifyReading:
    """The methods of amplify.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def amp_other(self, _: list[Any]) -> _Other:
        return _Other()

    def amplify(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        other = any(isinstance(c, _Other) for c in children)
        rest = (NoSelfTarget(self.why),) if other else ()
        day = _DayAbility("amplify", 1, freq, (Amplify(self.why),), self.why, restrictions=rest)
        if not any(isinstance(c, Token) and c.type == "NIGHT" for c in _tokens(children)):
            return about(children, day)
        night = _AbilityStart("targets", freq, self.why, subject_of(children), 1, "amplify")
        return (*about(children, day), night, AmplifyNight(self.why), *rest)

    def amp_twice(self, children: list[Any]) -> tuple[Any, ...]:
        """The examples of a night amplification: each a role and its power doubled ("a
        double scan", "two kills")."""
        counts = [str(c).lower() for c in children if isinstance(c, Token) and c.type == "NUMBER"]
        if any(n not in ("two", "2") for n in counts):
            raise self._no_reading("an amplified power is used twice: 'two' or 'double'")
        return (Adds(AmplifyNight, "twice", self.why),)

    def amp_forced(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "forced", self.why),)

    def amp_triple(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "tripled", self.why),)

    def amp_notified(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "notified", self.why),)

    def amp_spent(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Amplify, "spent", self.why),)
