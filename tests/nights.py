"""Brute force's concrete nights, each built and solved once for every history that agrees
with it on what the build read.

Brute force (tests/test_solve.py's `brute`) carries every history an action profile
leaves, and histories that differ only in what no later night reads (the night and
targets of an ability's last success, the targets it aimed at, a use counted against an
unlimited ability...) each rebuilt the same night: the BYOND Sheriff's observations built
6,480 nights for one world where the histories that reach night 2 differ 30 ways.

`Nights.resolve` builds a night from a `Traced` copy of the history, which records every
read the build makes of it: each field read whole (`h.dead`, `h.flags`, the dataclass's
own `__eq__` and `__hash__`...) and, finer, each answer of the accessors the phase frame
and the effect kinds ask (`h.used(p, ability)`, `h.success(p, ability)`,
`h.aimed_at(p, ability)`, `h.checked(p)`, `h.state(name)`). A later history gets the
same night (the model, its solutions, their outcomes) when it gives the same answer to
every one of those reads: the build is a function of the ruleset, the world, the night,
the actions and the answers it read, so it would have built the same model from it. The
histories are still carried apart: the night's successor state is `next_history` of each
one's own history. A read of the copy after its build raises (`Sealed`), so a model
that kept the history to read later can never hand one history's answers to another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from logic import engine
from logic.backends import concrete
from logic.commands.resolve import PhaseOutcome, read_outcome
from logic.model.ir import Ruleset
from logic.model.phase import Act, History, PhaseModel, Player

FIELDS = frozenset(f.name for f in fields(History))

# a read: ("field", name, ()) or ("call", accessor, its arguments)
Read = tuple[str, str, tuple[Any, ...]]
Reads = tuple[tuple[Read, Any], ...]  # a build's reads, each with its answer


class Sealed(AssertionError):
    """A history's copy read after the night it was built for (`Traced.seal`)."""


def answer(h: History, read: Read) -> Any:
    """What `h` answers to `read`."""
    how, name, args = read
    if how == "field":
        return getattr(h, name)
    accessor: Callable[..., Any] = getattr(History, name)
    return accessor(h, *args)


class Traced(History):
    """A copy of a history that records what is read of it until sealed."""

    _plain: History
    _log: list[tuple[Read, Any]] | None

    @classmethod
    def of(cls, h: History) -> Traced:
        t = object.__new__(cls)
        for name in FIELDS:
            object.__setattr__(t, name, getattr(h, name))
        object.__setattr__(t, "_plain", h)
        object.__setattr__(t, "_log", [])
        return t

    def _note(self, read: Read, value: Any) -> Any:
        log = object.__getattribute__(self, "_log")
        if log is None:
            raise Sealed(f"a history read after its night was built: {read}")
        log.append((read, value))
        return value

    def __getattribute__(self, name: str) -> Any:
        if name in FIELDS:
            value = object.__getattribute__(self, name)
            return object.__getattribute__(self, "_note")(("field", name, ()), value)
        if name == "__dict__":  # (every field at once: each read whole)
            note = object.__getattribute__(self, "_note")
            for f in sorted(FIELDS):
                note(("field", f, ()), object.__getattribute__(self, f))
        return object.__getattribute__(self, name)

    def seal(self) -> Reads:
        """The reads made so far with their answers; any later read raises `Sealed`."""
        log = object.__getattribute__(self, "_log")
        assert log is not None
        object.__setattr__(self, "_log", None)
        return tuple(log)

    # the accessors, each read recorded with its arguments (answered by the plain copy:
    # its fields are not read whole)
    def _ask(self, name: str, *args: Any) -> Any:
        plain = object.__getattribute__(self, "_plain")
        value = getattr(History, name)(plain, *args)
        return object.__getattribute__(self, "_note")(("call", name, args), value)

    def state(self, name: str, empty: Any = ()) -> Any:
        return self._ask("state", name, empty)

    def success(self, player: str, ability: str) -> tuple[int, tuple[str, ...]] | None:
        got: tuple[int, tuple[str, ...]] | None = self._ask("success", player, ability)
        return got

    def checked(self, player: str) -> str | None:
        got: str | None = self._ask("checked", player)
        return got

    def used(self, player: str, ability: str) -> int:
        got: int = self._ask("used", player, ability)
        return got

    def aimed_at(self, player: str, ability: str) -> tuple[str, ...]:
        got: tuple[str, ...] = self._ask("aimed_at", player, ability)
        return got


@dataclass
class Night:
    """A night built and solved: its model and each solution with its outcome."""

    model: PhaseModel
    outcomes: list[tuple[dict[str, Any], PhaseOutcome]]


class Nights:
    """The concrete nights of one world under one ruleset, each built once for every
    history that answers its build's reads alike."""

    def __init__(self, rs: Ruleset, world: dict[str, Player]) -> None:
        self.rs, self.world = rs, world
        self.seen: dict[tuple[int, tuple[Act, ...]], list[tuple[Reads, Night]]] = {}
        self.built = self.reused = 0

    def resolve(self, n: int, acts: tuple[Act, ...], h: History) -> Night:
        kept = self.seen.setdefault((n, acts), [])
        for reads, night in kept:
            if all(answer(h, r) == v for r, v in reads):
                self.reused += 1
                return night
        traced = Traced.of(h)
        model = engine.build_night(self.rs, self.world, n, acts, traced)
        reads = traced.seal()
        sols = concrete.solve(model.domains, model.equations, timeout=60)
        assert sols.status != "unknown"
        night = Night(model, [(env, read_outcome(model, env, ())) for env in sols.models])
        kept.append((reads, night))
        self.built += 1
        return night
