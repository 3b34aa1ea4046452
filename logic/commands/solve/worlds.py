"""What the cover showed (`Cover`: consistent points and boxes of inconsistent ones),
counted: the consistent worlds, every world less the boxes' (`consistent`; bounds on
them when the time ran out), each player's roles in them (`marginals`) and factions
(`by_faction`): the probabilities; and the examples shown (`examples`)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from logic.backends import count
from logic.commands.solve.chain import Chain
from logic.commands.solve.result import Status
from logic.lang.observations import Setup

EXAMPLES = 3


@dataclass
class Cover:
    """What the loop has shown: consistent points (with the worlds they stand for) and
    boxes of inconsistent points."""

    witnesses: list[dict[str, int]] = field(default_factory=list)  # player -> role index
    boxes: list[count.Box] = field(default_factory=list)


def by_faction(setup: Setup, tally: dict[str, Counter[str]]) -> dict[str, dict[str, int]]:
    """Per player, the worlds (or draws) in which they are of each faction."""
    faction_of = {x.name: x.faction for x in setup.pool}
    out: dict[str, dict[str, int]] = {}
    for p, roles in tally.items():
        out[p] = {}
        for r, n in roles.items():
            out[p][faction_of[r]] = out[p].get(faction_of[r], 0) + n
    return out


def consistent(
    c: Chain, status: Status, done: Cover, unknown: str | None = None
) -> tuple[Status, count.Count, tuple[int, int] | None, str | None]:
    """The consistent worlds, as the cover over `c` left them (`done`): every world less
    those in its inconsistent boxes, with the marginals (`unsat` when none is left). When
    the time ran out (`unknown`), also the fewest and most there may be, and `unknown`
    saying so."""
    sp = c.space
    total = count.count(sp, sp.full())
    bad = count.count_union(sp, done.boxes)
    good = count.empty(sp)
    good.add(total)
    good.add(bad, -1)
    bounds = None
    if status == "unknown":
        low = sum(
            weight(c, w) for w in {tuple(sorted(w.items())): w for w in done.witnesses}.values()
        )
        bounds = (low, good.worlds)
        unknown = (
            f"{unknown}; between {low:,} and {good.worlds:,}: {low:,} worlds shown "
            f"consistent and {bad.worlds:,} ruled out before then, of the "
            f"{total.worlds:,} with your role and the flipped roles (try --sample N "
            "for an estimate)"
        )
    elif good.worlds == 0:
        status = "unsat"
    return status, good, bounds, unknown


def weight(c: Chain, world: dict[str, int]) -> int:
    """The worlds a point stands for (its anonymous roles arranged)."""
    held = Counter(world[p] for p in c.anon)
    n = math.factorial(len(c.anon))
    for a in held.values():
        n //= math.factorial(a)
    return n


def marginals(setup: Setup, c: Chain, good: count.Count) -> dict[str, Counter[str]]:
    """Per player, the consistent worlds (`good`, counted over `c`) in which they hold each
    role."""
    tally: dict[str, Counter[str]] = {p: Counter() for p in setup.players}
    pool = setup.pool
    for p, k in c.root.items():
        tally[p][pool[k].name] = good.worlds
    for i, p in enumerate(c.free):
        for k, n in enumerate(good.named[i]):
            if n:
                tally[p][pool[k].name] = n
    for p in c.anon:
        for k, n in enumerate(good.anon):
            if n:
                tally[p][pool[k].name] = n
    return tally


def examples(setup: Setup, witnesses: list[dict[str, int]]) -> list[dict[str, str]]:
    """The first few (`EXAMPLES`) different worlds of the witnesses, by role name."""
    out: list[dict[str, str]] = []
    for w in witnesses:
        named = {p: setup.pool[w[p]].name for p in setup.players}
        if named not in out:
            out.append(named)
        if len(out) == EXAMPLES:
            break
    return out
