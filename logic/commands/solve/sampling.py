"""`ruling solve --sample N`: an estimate from N role assignments drawn uniformly from
the prior (`draw`), each decided exactly (`sample`), with a 95% Wilson interval
(`wilson`)."""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter

from logic.backends import count
from logic.commands.solve.liars import Liars, assumptions
from logic.commands.solve.nogc import without_gc
from logic.commands.solve.priors import cap_of, fill, root_roles, space_of
from logic.commands.solve.result import Sample, SolveResult
from logic.commands.solve.solver import DEFAULT_TIMEOUT, Solver, _Timeout
from logic.commands.solve.worlds import EXAMPLES, by_faction
from logic.lang.observations import Setup


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def draw(setup: Setup, rng: random.Random) -> dict[str, int]:
    """A role assignment of the prior with the observer's and the flipped roles, uniformly
    at random (one player at a time, each role weighed by the assignments it leaves)."""
    if setup.kinds or setup.exact or setup.lows:
        return _draw_kinds(setup, rng)
    roles = setup.roles
    cap = cap_of(setup)
    world = root_roles(setup)
    need = {f: n for f, n in setup.counts}
    for k in world.values():
        need[roles[k].faction] -= 1
    rest = [p for p in setup.players if p not in world]
    for i, p in enumerate(rest):
        used = Counter(world.values())
        options, weights = [], []
        for k, r in enumerate(roles):
            if cap - used[k] <= 0 or need[r.faction] <= 0:
                continue
            caps = [(x.faction, cap - used[j] - (j == k)) for j, x in enumerate(roles)]
            w = fill(caps, len(rest) - i - 1, {**need, r.faction: need[r.faction] - 1})
            if w:
                options.append(k)
                weights.append(w)
        k = rng.choices(options, weights)[0]
        world[p] = k
        need[roles[k].faction] -= 1
    return world


def _draw_kinds(setup: Setup, rng: random.Random) -> dict[str, int]:
    """`draw` where roles have kinds (a faction each) or the ruleset fixes a kind's count:
    each kind weighed by the worlds it leaves, counted by `count.py`."""
    world = root_roles(setup)
    rest = [p for p in setup.players if p not in world]
    for i, p in enumerate(rest):
        options, weights = [], []
        for k in range(len(setup.pool)):
            w = _completions(space_of(setup, {**world, p: k}, 0, len(rest) - i - 1))
            if w:
                options.append(k)
                weights.append(w)
        world[p] = rng.choices(options, weights)[0]
    return world


@functools.lru_cache(maxsize=65536)
def _completions(space: count.Space) -> int:
    """The ways the players left (all anonymous in `space`) complete an assignment."""
    return count.count(space, space.full(), marginals=False).worlds


@without_gc
def sample(
    setup: Setup,
    draws: int,
    liars: Liars = "non-town",
    timeout: float = DEFAULT_TIMEOUT,
    seed: int = 0,
) -> SolveResult:
    """An estimate from `draws` role assignments drawn uniformly from the prior (the
    observer's and flipped roles fixed), each decided exactly by Z3. `worlds` and the
    marginals then count the consistent draws; `sample` holds the interval."""
    sv = Solver(setup, liars, timeout)
    c = sv.chain
    support = count.count(c.space, c.space.full(), marginals=False).worlds
    if support == 0:
        # Nothing to draw from (the setup's own facts clash, e.g. "0 Mafia" with a Mafia
        # observer; found by the fuzzer, an IndexError): the exact answer, with the facts
        # that cannot hold together, costs no more than one draw.
        return sv.run()
    rng = random.Random(seed)
    tally: dict[str, Counter[str]] = {p: Counter() for p in setup.players}
    examples: list[dict[str, str]] = []
    hits = unknown = 0
    try:
        for _ in range(draws):
            world = draw(setup, rng)
            roles = {p: world[p] for p in c.free}
            held = Counter(world[p] for p in c.anon)
            present = {name: held[k] > j for (k, j), name in c.copies.items()}
            if sv.check(sv.s, *sv.literals(roles, present)) == "sat":
                hits += 1
                named = {p: setup.pool[k].name for p, k in world.items()}
                if len(examples) < EXAMPLES and named not in examples:
                    examples.append(named)
                for p, name in named.items():
                    tally[p][name] += 1
    except _Timeout:
        unknown = draws - hits
    done = draws - unknown
    low, high = wilson(hits, done)
    return SolveResult(
        setup,
        "sat",
        hits,
        support,
        {p: dict(n) for p, n in tally.items()},
        by_faction(setup, tally),
        examples,
        [],
        liars,
        time.perf_counter() - sv.start,
        sv.queries,
        None,
        assumptions(setup, liars),
        sample=Sample(done, hits, low, high, unknown),
    )
