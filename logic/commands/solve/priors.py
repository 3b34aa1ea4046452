"""The prior: every role assignment the setup allows. Owns its size (`prior`), the
points' space a count ranges over (`space_of`), the roles known for certain
(`root_roles`), a role's cap (`cap_of`), and `fill` (the ways free players can take
roles, which `sampling.draw` weighs its draws by)."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from logic.backends import count
from logic.lang.observations import Setup
from logic.model.ir import canon


def fill(
    caps: Sequence[tuple[str, int]],
    free: int,
    need: dict[str, int],
    anon: int = 0,
    out: frozenset[int] = frozenset(),
) -> int:
    """How many ways `free` distinguishable players can take roles, given each role's
    faction and how many more players may hold it (`caps`), when faction f must get
    exactly `need[f]` of them. The last `anon` of the players may not take the roles
    numbered in `out`. (Cached: sampling asks the same counts many times.)"""
    return _fill(tuple(caps), free, tuple(need.items()), anon, frozenset(out))


@functools.lru_cache(maxsize=65536)
def _fill(
    caps: tuple[tuple[str, int], ...],
    free: int,
    needs: tuple[tuple[str, int], ...],
    anon: int,
    out: frozenset[int],
) -> int:
    """`fill` by exponential generating functions: a role that k players may hold contributes
    sum x^i y^j / (i! j!) over i + j <= k (j = 0 when it is out for the `anon` group)."""
    need = dict(needs)
    named = free - anon
    if named < 0 or any(v < 0 for v in need.values()) or sum(need.values()) != free:
        return 0
    tables = []
    for faction, k in need.items():
        poly: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
        for r, (f, cap) in enumerate(caps):
            if canon(f) != canon(faction) or cap <= 0:
                continue
            new: dict[tuple[int, int], Fraction] = {}
            for (i0, j0), c in poly.items():
                for i in range(min(cap, named - i0, k - i0 - j0) + 1):
                    top = 0 if r in out else min(cap - i, anon - j0, k - i0 - j0 - i)
                    for j in range(top + 1):
                        key = (i0 + i, j0 + j)
                        new[key] = new.get(key, Fraction(0)) + c / (
                            math.factorial(i) * math.factorial(j)
                        )
            poly = new
        tables.append({key: c for key, c in poly.items() if sum(key) == k})
    total: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for table in tables:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (i0, j0), c0 in total.items():
            for (i, j), c in table.items():
                if i0 + i <= named and j0 + j <= anon:
                    key = (i0 + i, j0 + j)
                    nxt[key] = nxt.get(key, Fraction(0)) + c0 * c
        total = nxt
    n = total.get((named, anon), Fraction(0)) * math.factorial(named) * math.factorial(anon)
    assert n.denominator == 1
    return int(n)


def cap_of(setup: Setup) -> int:
    """How many players may hold one role: one when roles are not duplicated."""
    return 1 if setup.ruleset.unique_roles is not None else max(len(setup.players), 1)


def root_roles(setup: Setup) -> dict[str, int]:
    """The kinds (roles, with their faction where it is open) known for certain: the
    observer's own and the flipped ones (a flip that leaves the faction open is a fact)."""
    fixed = {setup.me: setup.me_kind}
    for f in setup.facts:
        if f.kind == "flip":
            ks = setup.kinds_of(f.obj)
            if len(ks) == 1:
                fixed.setdefault(f.subject, ks[0])
    return fixed


def space_of(setup: Setup, root: dict[str, int], named: int, anon: int) -> count.Space:
    """The points' space when the players of `root` hold its kinds: per kind its faction
    and how many more may hold it (the role's cap, shared by its kinds; a count the
    ruleset fixes, such as its town vanilla, as the kind's fewest and most; a role every
    game deals, at least one), and each
    faction's number of the other players."""
    pool = setup.pool
    held = Counter(root.values())
    held_role = Counter(pool[k].role for k in root.values())
    exact = dict(setup.exact)
    fewest = dict(setup.lows)
    family_caps = tuple(setup.cap(r) - held_role[r] for r in range(len(setup.roles)))
    caps, lows = [], []
    for k, x in enumerate(pool):
        hi, lo = family_caps[x.role], max(0, fewest.get(k, 0) - held[k])
        if k in exact:
            lo = exact[k] - held[k]
            hi = min(hi, lo)
        caps.append(hi)
        lows.append(lo)
    need = tuple(
        (canon(f), n - sum(canon(pool[k].faction) == canon(f) for k in root.values()))
        for f, n in setup.counts
    )
    factions = tuple(canon(x.faction) for x in pool)
    if setup.kinds:
        family = tuple(x.role for x in pool)
        return count.Space(
            factions, tuple(caps), named, anon, need, family, family_caps, tuple(lows)
        )
    return count.Space(
        factions, tuple(caps), named, anon, need, lows=tuple(lows) if exact or fewest else ()
    )


def prior(setup: Setup) -> int:
    """Every role assignment the setup allows (the prior's support)."""
    space = space_of(setup, {}, 0, len(setup.players))
    return count.count(space, space.full(), marginals=False).worlds
