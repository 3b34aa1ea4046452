"""`ruling solve --suggest`: tonight's targets for the observer's ability, ranked by the
worlds expected to be left (`suggest`), a large game's plain count run beside in a
process of its own (`_beside`, from `APART` role assignments)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace

from logic.commands import may_spawn
from logic.commands.solve.chain import order
from logic.commands.solve.liars import Liars
from logic.commands.solve.nogc import without_gc
from logic.commands.solve.one_by_one import _rank
from logic.commands.solve.priors import prior
from logic.commands.solve.result import SolveResult
from logic.commands.solve.solver import DEFAULT_TIMEOUT, solve
from logic.commands.solve.tips import Suggestion, _swapped
from logic.commands.solve.tonight import _Tonight
from logic.commands.workers import WorkerDied, Workers
from logic.lang.observations import Setup

APART = 1_000_000  # role assignments from which --suggest counts beside, in a process of its own


@without_gc
def suggest(
    setup: Setup,
    liars: Liars = "non-town",
    timeout: float = DEFAULT_TIMEOUT,
    limit: int = 16,
    together: bool = True,
    apart: bool = True,
) -> tuple[SolveResult, list[Suggestion]]:
    """Rank tonight's targets for the observer's ability by the consistent worlds
    expected to be left after the result (fewest first), then by information gain.

    Tonight is night K+1 (K: the last night observed); its deaths are not known yet.
    For each target, Z3 lists the results the ability could give in some consistent
    world (at most `limit`); each result's worlds are counted exactly. With W_x worlds
    after result x and P(x) = W_x / sum W_y (every pair of a consistent world and a
    result it can give equally likely), the gain is the entropy of the result,
    sum P(x) log2(1 / P(x)): the bits the check is expected to tell; the worlds expected
    left are sum P(x) W_x (see `Suggestion`). Targets whose results were not all counted
    in time are listed last, gain unknown.

    The counts of every target and result share one chain and one solver (`_Tonight`);
    `together=False` counts each target's results apart instead, each from scratch
    (`_rank`: the straightforward way, slower, kept to check the shared one against).
    With `apart` (more than one core, and at least `APART` role assignments: a large
    game), a process of its own (`_beside`) runs the plain count (`solve`, which the
    ranking does not need) beside the ranking, and then, when one of the targets is an
    anonymous player, ranks the named targets, over nights that name no anonymous
    player: the anonymous target's nights name it, and their points are many more, so
    that its count alone costs about as much as all the others' over its nights (on
    nine.obs, 4.3 s of some 6: the named targets' take 3.6 s over their own nights,
    chain included). This process still lists every target's results (their order is
    Z3's over its nights), and counts the anonymous target's. Starting the process costs
    a small game more than its count."""
    start = time.perf_counter()
    night = setup.nights + 1
    dead = {f.subject for f in setup.facts if f.kind in ("died", "lynched")}
    anonymous = order(setup)[1]  # interchangeable: the first stands for all of them
    targets = [
        t for t in setup.players if t not in dead and (t not in anonymous or t == anonymous[0])
    ]
    pool = None
    # the named targets, ranked beside the anonymous one (see above)
    beside: list[str] = []
    try:
        if apart and setup.my_role.abilities and prior(setup) >= APART and may_spawn():
            if together and any(t in anonymous for t in targets):
                beside = [t for t in targets if t not in anonymous]
            pool = Workers(1)
            pending = pool.submit(_beside, setup, liars, timeout, beside, limit)
        else:
            base = solve(setup, liars, timeout)
            if base.status != "sat":
                return base, []
        left = timeout - (time.perf_counter() - start)
        if not setup.my_role.abilities:  # no ability: no one to target tonight
            tips: list[Suggestion | None] = []
        elif together:
            tonight = _Tonight(setup, targets, liars, left, limit)
            tips = tonight.rank(apart=beside)
        else:
            tips = [
                _rank(setup, t, night, liars, timeout - (time.perf_counter() - start), limit)
                for t in targets
            ]
        if pool is not None:
            # (the count keeps to its own budget; a process late or dead is waited for no
            # more: its work is done here)
            try:
                base, theirs = pool.result(
                    pending,
                    "the plain count beside",
                    max(0.0, timeout - (time.perf_counter() - start)) + 30,
                )
            except (TimeoutError, WorkerDied):
                left = max(1e-3, timeout - (time.perf_counter() - start))
                base, theirs = _beside(setup, liars, left, beside, limit)
            if base.status != "sat":
                return base, []
            for t, tip in zip(beside, theirs, strict=True):
                tips[targets.index(t)] = tonight.ordered(tip)
    finally:
        if pool is not None:
            pool.stop()
    out: list[Suggestion] = []
    for tip in tips:
        if tip is None:
            continue
        out.append(tip)
        if tip.target in anonymous:
            out += [_swapped(tip, u) for u in anonymous[1:] if u not in dead]
    out.sort(key=lambda x: (x.unknown, x.expected, -x.gain))
    base.seconds = time.perf_counter() - start
    return base, [x if not x.unknown else replace(x, gain=math.nan) for x in out]


@without_gc
def _beside(
    setup: Setup, liars: Liars, timeout: float, targets: Sequence[str], limit: int
) -> tuple[SolveResult, list[Suggestion | None]]:
    """What `suggest` runs in a process of its own: the plain count, then (when it finds
    consistent worlds) the ranking of `targets` (`_Tonight`), within `timeout` in all."""
    start = time.perf_counter()
    base = solve(setup, liars, timeout)
    if base.status != "sat" or not targets:
        return base, [None for _ in targets]
    left = timeout - (time.perf_counter() - start)
    return base, _Tonight(setup, targets, liars, left, limit).rank()
