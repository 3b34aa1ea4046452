"""Owns the clause language's readings of grammar/clause/exchange.lark (words in
grammar/lexicon/exchange.toml), mixed into logic/lang/kinds.Readings: powers that change
hands (logic/effects/exchange.py):

- two players' powers swapped ("This player may swap the powers of any two other
  players."): a night ability naming two players, `SwapPowers` ("living": both alive);
- a player's power stolen ("This player may steal the power of another live player.", "...
  of a dead player."): a night ability, `TakePower`; by day ("Once per game, during the
  day, the Scavenger may steal the power of a dead player."): `TakePowerByDay`; "another":
  not its user;
- "Power use status is preserved.": `UsesKept`, an effect of the ability before it;
- "That player's power status returns to what it was just before death." (after a
  revival): `PowersBack`, an effect of the revival before it.

The abilities are named "swap" and "steal", so that a use of them is never counted as a
use of a power taken (the frame counts uses by an ability's name)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.exchange import (
    PowersBack,
    SwapPowers,
    SwapPowersByDay,
    TakePower,
    TakePowerByDay,
    UsesKept,
)
from logic.lang.clause_parts import about, subject_of
from logic.lang.kinds.powers import Whom
from logic.lang.read.pieces import _AbilityStart, _DayAbility
from logic.model.ir import Frequency, NoSelfTarget, Why


def _frequency(children: list[Any]) -> Frequency:
    freqs = [c for c in children if isinstance(c, Frequency)]
    return next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)


class ExchangeReading:
    """The methods of exchange.lark's rules."""

    why: Why

    def ex_pair(self, children: list[Any]) -> bool:
        """Whether the two players must be alive ("two other living players")."""
        return any(isinstance(c, Token) and c.type == "ALIVE" for c in children)

    def swap_powers(self, children: list[Any]) -> tuple[Any, ...]:
        alive = next(c for c in children if isinstance(c, bool))
        start = _AbilityStart(
            "targets", _frequency(children), self.why, subject_of(children), 2, "swap"
        )
        return (start, SwapPowers(alive, self.why))

    def swap_powers_day(self, children: list[Any]) -> tuple[Any, ...]:
        alive = next(c for c in children if isinstance(c, bool))
        effect = SwapPowersByDay(alive, self.why)
        day = _DayAbility("swap", 2, _frequency(children), (effect,), self.why)
        return about(children, day)

    def take_power(self, children: list[Any]) -> tuple[Any, ...]:
        whom = next(c for c in children if isinstance(c, Whom))
        start = _AbilityStart(
            "targets", _frequency(children), self.why, subject_of(children), 1, "steal"
        )
        rest = (NoSelfTarget(self.why),) if whom.other else ()
        return (start, TakePower(whom.dead, self.why), *rest)

    def take_power_day(self, children: list[Any]) -> tuple[Any, ...]:
        whom = next(c for c in children if isinstance(c, Whom))
        day = _DayAbility(
            "steal", 1, _frequency(children), (TakePowerByDay(whom.dead, self.why),), self.why
        )
        rest = (NoSelfTarget(self.why),) if whom.other else ()
        return (*about(children, day), *rest)

    def uses_kept(self, _: list[Any]) -> tuple[Any, ...]:
        return (UsesKept(self.why),)

    def powers_back(self, _: list[Any]) -> tuple[Any, ...]:
        return (PowersBack(self.why),)
