"""The composition root: the one place that hands the effect kinds (the list in
logic/effects/registry.py) to the phase frame (logic/model/), which never imports a
kind. Commands build nights, chain phases and move the history through here, so a kind
added to the registry reaches every back end and every command at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from logic.effects.registry import KINDS
from logic.model import chain as chains
from logic.model import day as days
from logic.model import semantics, transition
from logic.model.ir import Ruleset
from logic.model.phase import Act, History, PhaseModel, Player
from logic.model.semantics import SymbolicNight

__all__ = ["KINDS", "build_day", "build_night", "build_symbolic_night", "chain", "next_history"]


def build_night(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    night: int,
    acts: tuple[Act, ...],
    history: History,
) -> PhaseModel:
    """The model of a concrete night (a case's `night N:` block)."""
    return semantics.build_night(ruleset, players, night, acts, history, KINDS)


def build_day(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    day: int,
    votes: Mapping[str, str | None],
    choices: Mapping[str, str],
    history: History,
    acts: Sequence[Act] = (),
    order: Sequence[str] = (),
    steps: Sequence[tuple[str, str | None, int]] | None = None,
) -> PhaseModel:
    """The model of a concrete day (a case's `day N:` block): its actions, the lynch,
    reports, the marks it leaves, the wins (logic/model/day.py's frame); `steps` its vote
    lines in order (voter, target, line), for a kind that reads the day's timeline."""
    return days.build_day(ruleset, players, day, votes, choices, history, KINDS, acts, order, steps)


def build_symbolic_night(scenario: SymbolicNight) -> PhaseModel:
    """The model of a night whose roles, actions and targets are open."""
    return semantics.build_symbolic_night(scenario, KINDS)


def chain(ruleset: Ruleset, players: Any, nights: int, *args: Any, **kw: Any) -> PhaseModel:
    """Nights 1..`nights` (and the days between) as one symbolic model
    (logic/model/chain.py's `chain`, whose arguments it takes)."""
    return chains.chain(ruleset, players, nights, *args, kinds=KINDS, **kw)


def next_history(
    history: History,
    model: PhaseModel,
    env: dict[str, Any],
    outcome: transition.Outcome,
    night: int | None,
    number: int = 0,
    ruleset: Ruleset | None = None,
) -> History:
    """The history after a phase (logic/model/transition.py's `next_history`): the
    frame's state and every kind's lasting states moved on by the phase's outcome."""
    return transition.next_history(history, model, env, outcome, night, number, ruleset, KINDS)
