"""Owns moving the history from one phase to the next (`next_history`, the concrete
transition; the chain's symbolic one is logic/model/chain.py's `carry`): the frame's own
state (deaths and revivals, uses, successes, scans, flags, settled questions), then each
effect kind's lasting states, by the kind's own step (`logic/effects/base.Lasting`). The
kinds are handed in (logic/engine.py); this module names none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from logic.effects.base import Kind
from logic.model.ir import Ruleset
from logic.model.phase import Atom, History, PhaseEnd, PhaseModel
from logic.model.why import Why

GAME_LONG = ("parity:", "game:")  # variables whose value holds for the whole game


class Outcome(Protocol):
    """What the transition reads of a phase's outcome (logic/commands/resolve.PhaseOutcome)."""

    @property
    def atoms(self) -> frozenset[Atom]: ...

    def why(self, atom: Atom) -> tuple[Why, ...]: ...


def next_history(
    history: History,
    model: PhaseModel,
    env: dict[str, Any],
    outcome: Outcome,
    night: int | None,
    number: int = 0,
    ruleset: Ruleset | None = None,
    kinds: Sequence[Kind] = (),
) -> History:
    """The state after a phase: the state before, moved on by the phase's outcome: the
    frame's own (deaths and revivals, uses, successes, scans, flags, settled questions),
    then each kind's lasting states by the kind's own concrete step (`Lasting.step`)."""
    died = {a.subject for a in outcome.atoms if a.kind == "dies"}
    revived = {a.subject for a in outcome.atoms if a.kind == "revived"}
    dead = (set(history.dead) - revived) | died
    kind = "night" if night is not None else "day"
    number = night if night is not None else number
    success = dict(history.last_success)
    checked = dict(history.last_checked)
    uses = dict(history.uses)
    aimed = dict(history.aimed)
    for i, act in enumerate(model.acts):
        key = (act.actor, act.ability.name)
        # a night's use is spent when sent; a faction's nightkill is no use of the
        # carrier's own abilities (the Maniac's once-a-game "kill" is not spent by it)
        if (night is not None or env.get(f"ok:{i}")) and not act.nightkill:
            uses[key] = uses.get(key, 0) + 1
        if env.get(f"ok:{i}") and night is not None:
            success[key] = (night, act.targets)
            aimed[key] = (*aimed.get(key, ()), *act.targets)
            if act.ability.verb == "checks" and act.targets:
                checked[act.actor] = act.targets[0]
    flags = set(history.flags) | {(a.subject, a.obj) for a in outcome.atoms if a.kind == "mark"}
    settled = dict(history.settled)
    settled.update((v, env[v]) for v in model.domains if v.startswith(GAME_LONG) and v in env)
    end = PhaseEnd(
        kind,
        number,
        outcome.atoms,
        frozenset(a.kind for a in model.atoms),
        ruleset,
        outcome.why,
    )
    states = dict(history.kinds)
    for k in kinds:
        for lasting in k.lasting:
            states[lasting.name] = lasting.step(history.state(lasting.name, lasting.empty), end)
    return History(
        frozenset(dead),
        tuple(sorted(success.items())),
        tuple(sorted(checked.items())),
        tuple(sorted(uses.items())),
        tuple(sorted(settled.items())),
        frozenset(flags),
        tuple(sorted(states.items())),
        tuple(sorted(aimed.items())),
    )
