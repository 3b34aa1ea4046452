"""The answer of `ruling solve` (`SolveResult`: the consistent worlds, each player's
roles and factions in them, examples, or the facts that cannot hold together), and an
estimate's interval (`Sample`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from logic.commands.solve.liars import Liars
from logic.lang.observations import Setup
from logic.model.ir import Why

Status = Literal["sat", "unsat", "unknown"]


@dataclass
class SolveResult:
    """A count's answer (`solve`), or an estimate's (`sample`: with `sample` set)."""

    setup: Setup
    status: Status
    worlds: int
    setups: int  # every role assignment the setup allows (the prior's support)
    roles: dict[str, dict[str, int]]  # player -> role -> worlds
    factions: dict[str, dict[str, int]]  # player -> faction -> worlds
    examples: list[dict[str, str]]
    core: list[Why]
    liars: Liars
    seconds: float = 0.0
    queries: int = 0
    unknown: str | None = None
    assumptions: tuple[str, ...] = ()
    witnesses: int = 0  # consistent points whose witness covered a set of points
    boxes: int = 0  # inconsistent boxes
    sample: Sample | None = None
    bounds: tuple[int, int] | None = None  # on a timeout: fewest and most consistent worlds

    def certain(self) -> dict[str, str]:
        """Players whose role (or else faction) is the same in every consistent world."""
        out: dict[str, str] = {}
        if not self.worlds:
            return out
        for p in self.setup.players:
            role = [r for r, n in self.roles[p].items() if n == self.worlds]
            faction = [f for f, n in self.factions[p].items() if n == self.worlds]
            if role:
                out[p] = role[0]
            elif faction:
                out[p] = faction[0]
        return out


@dataclass
class Sample:
    """A Monte Carlo estimate (`--sample N`): N role assignments drawn uniformly from the
    prior, each decided exactly; worlds ~ setups x hits / N with a 95% Wilson interval."""

    drawn: int
    hits: int
    low: float  # the interval of the consistent fraction
    high: float
    unknown: int = 0  # draws whose query ran out of time (left out)
