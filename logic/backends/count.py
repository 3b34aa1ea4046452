"""Owns exact counting for the world solver: how many role assignments (worlds) lie in
a box of points, and in how many of them each player holds each role.

A point fixes the role of each free named player and, for each role, how many
anonymous players hold it. The anonymous players are interchangeable, so a point with
counts a_k stands for m! / prod_k a_k! worlds (its multiset of roles arranged over the
m anonymous players). A box gives each free named player a set of roles and each role a
set of anonymous counts; a point is in it when every coordinate is.

`count` is a dynamic program over the roles in pool order. Its state says which named
players have a role, how many anonymous players do, and how many players each counted
faction has; it is held in numpy arrays of Python integers (counts stay exact), run
forward for the count and backward for the marginals. The setup's constraints are the
program's: each named player holds one role, a role has at most its cap of holders,
m anonymous players, and each faction its number of players. `disjoint` splits a union
of boxes into disjoint boxes, so the union's count is a sum.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

Box = tuple[frozenset[int], ...]
"""Per free named player the roles it may hold, then per role the anonymous counts."""


@dataclass(frozen=True)
class Space:
    """What the points range over."""

    factions: tuple[str, ...]  # each role's faction
    caps: tuple[int, ...]  # how many more players may hold each role
    named: int  # free named players
    anon: int  # anonymous players (m)
    need: tuple[tuple[str, int], ...]  # each faction's players among the free ones
    # kinds of one role in several factions (consecutive): each kind's family, and each
    # family's cap on its holders (empty: every kind its own family, capped by `caps`)
    family: tuple[int, ...] = ()
    family_caps: tuple[int, ...] = ()
    lows: tuple[int, ...] = ()  # each kind's fewest holders (empty: none)

    @property
    def roles(self) -> int:
        """How many kinds (roles, each in a faction it may be given to) there are."""
        return len(self.factions)

    def low(self, k: int) -> int:
        return self.lows[k] if self.lows else 0

    def groups(self) -> list[list[int]]:
        """The kinds, family by family."""
        if not self.family:
            return [[k] for k in range(self.roles)]
        out: dict[int, list[int]] = {}
        for k, f in enumerate(self.family):
            out.setdefault(f, []).append(k)
        return list(out.values())

    def family_cap(self, ks: Sequence[int]) -> int:
        if not self.family:
            return max(self.caps[k] for k in ks)
        return self.family_caps[self.family[ks[0]]]

    def copies(self, k: int) -> int:
        """How many anonymous players may hold role k."""
        return min(self.caps[k], self.anon)

    def full(self) -> Box:
        """Every point."""
        every = frozenset(range(self.roles))
        return (every,) * self.named + tuple(
            frozenset(range(self.copies(k) + 1)) for k in range(self.roles)
        )


@dataclass
class Count:
    """Worlds in a box, and per player and role the worlds where that player holds it
    (`anon`: where one given anonymous player does; they are all alike)."""

    worlds: int = 0
    named: list[list[int]] = field(default_factory=list)  # [player][role]
    anon: list[int] = field(default_factory=list)  # [role]

    def add(self, other: Count, sign: int = 1) -> None:
        self.worlds += sign * other.worlds
        for mine, theirs in zip(self.named, other.named, strict=True):
            for k, n in enumerate(theirs):
                mine[k] += sign * n
        for k, n in enumerate(other.anon):
            self.anon[k] += sign * n


def empty(space: Space) -> Count:
    return Count(0, [[0] * space.roles for _ in range(space.named)], [0] * space.roles)


class _Program:
    """The dynamic program for one space: array shapes and index tables."""

    def __init__(self, space: Space) -> None:
        self.sp = space
        n, m = space.named, space.anon
        needs = list(space.need)
        counted = needs[:-1]  # the last faction takes whoever is left
        self.axis = {f: 2 + i for i, (f, _) in enumerate(counted)}
        self.shape = (1 << n, m + 1, *(k + 1 for _, k in counted))
        masks = np.arange(1 << n)
        self.src = [masks[(masks >> p) & 1 == 0] for p in range(n)]
        self.dst = [s | (1 << p) for p, s in enumerate(self.src)]
        self.final = (
            (1 << n) - 1,
            m,
            *(k for _, k in counted),
        )
        self.binom = {
            a: np.array([math.comb(t + a, a) for t in range(m + 1)], dtype=object)
            for a in range(m + 1)
        }
        self.feasible = sum(k for _, k in needs) == n + m and all(k >= 0 for _, k in needs)

    def zeros(self, rows: int | None = None) -> np.ndarray:
        shape = self.shape if rows is None else (rows, *self.shape[1:])
        return np.zeros(shape, dtype=object)

    # ------------------------------------------------------------ moves
    def _shift(self, x: np.ndarray, axis: int | None, s: int, back: bool = False) -> np.ndarray:
        """x moved s places along a faction axis (forward: up; back: down), zero-filled."""
        if axis is None or s == 0:
            return x
        size = x.shape[axis]
        out = np.zeros_like(x)
        if s >= size:
            return out
        lo = [slice(None)] * x.ndim
        hi = [slice(None)] * x.ndim
        lo[axis] = slice(0, size - s)
        hi[axis] = slice(s, size)
        if back:
            out[tuple(lo)] = x[tuple(hi)]
        else:
            out[tuple(hi)] = x[tuple(lo)]
        return out

    def take(self, x: np.ndarray, p: int, axis: int | None) -> np.ndarray:
        """Named player p takes the role (forward)."""
        out = self.zeros()
        out[self.dst[p]] = self._shift(x[self.src[p]], axis, 1)
        return out

    def take_t(self, y: np.ndarray, p: int, axis: int | None) -> np.ndarray:
        out = self.zeros()
        out[self.src[p]] = self._shift(y[self.dst[p]], axis, 1, back=True)
        return out

    def anon(self, x: np.ndarray, a: int, axis: int | None) -> np.ndarray:
        """a anonymous players take the role: C(t + a, a) arrangements among the t + a."""
        if a == 0:
            return x
        m = self.sp.anon
        out = self.zeros()
        if a > m:
            return out
        w = self.binom[a][: m + 1 - a].reshape((1, -1) + (1,) * (x.ndim - 2))
        out[:, a:] = x[:, : m + 1 - a] * w
        return self._shift(out, axis, a)

    def anon_t(self, y: np.ndarray, a: int, axis: int | None) -> np.ndarray:
        if a == 0:
            return y
        m = self.sp.anon
        out = self.zeros()
        if a > m:
            return out
        y = self._shift(y, axis, a, back=True)
        w = self.binom[a][: m + 1 - a].reshape((1, -1) + (1,) * (y.ndim - 2))
        out[:, : m + 1 - a] = y[:, a:] * w
        return out

    # ------------------------------------------------------------ one family
    def group(
        self,
        x: np.ndarray,
        ks: Sequence[int],
        box: Box,
        only: tuple[int, int] | None = None,
        by_a: int | None = None,
    ) -> np.ndarray:
        """The state after the kinds `ks` (one family: a role, in each faction it may be
        given to) are handed out (`only`: named player only[0] must take kind only[1];
        `by_a`: each way weighed by its number of anonymous holders of kind `by_a`)."""
        sp = self.sp
        axes = [self.axis.get(sp.factions[k]) for k in ks]
        cap = sp.family_cap(ks)
        layers: dict[tuple[int, ...], np.ndarray] = {(0,) * len(ks): x}
        for p in range(sp.named):
            opts = [j for j, k in enumerate(ks) if k in box[p]]
            forced = only is not None and only[0] == p
            if forced:
                assert only is not None
                opts = [j for j in opts if ks[j] == only[1]]
                if not opts:
                    return self.zeros()
            elif not opts:
                continue
            new: dict[tuple[int, ...], np.ndarray] = {}
            for h, arr in layers.items():
                if not forced:
                    new[h] = new[h] + arr if h in new else arr
                if sum(h) >= cap:
                    continue
                for j in opts:
                    if h[j] >= sp.caps[ks[j]]:
                        continue
                    h2 = (*h[:j], h[j] + 1, *h[j + 1 :])
                    moved = self.take(arr, p, axes[j])
                    new[h2] = new[h2] + moved if h2 in new else moved
            layers = new
        out = self.zeros()
        for h, arr in layers.items():
            for a in self._anon_counts(ks, h, box, cap):
                w = 1
                if by_a is not None:
                    w = a[ks.index(by_a)]
                    if not w:
                        continue
                moved = arr
                for j, n in enumerate(a):
                    moved = self.anon(moved, n, axes[j])
                out = out + (moved * w if w != 1 else moved)
        return out

    def _anon_counts(
        self, ks: Sequence[int], h: tuple[int, ...], box: Box, cap: int
    ) -> list[tuple[int, ...]]:
        """The anonymous holders of each kind of a family, given `h` named holders: within
        the box, each kind's bounds, the family's cap and the copies."""
        sp = self.sp
        out = []
        for a in itertools.product(*(sorted(box[sp.named + k]) for k in ks)):
            if sum(h) + sum(a) > cap:
                continue
            if all(
                a[j] <= sp.copies(k) and sp.low(k) <= h[j] + a[j] <= sp.caps[k]
                for j, k in enumerate(ks)
            ):
                out.append(a)
        return out

    def group_t(self, y: np.ndarray, ks: Sequence[int], box: Box) -> np.ndarray:
        """The transpose of `group`: completions before the family from those after it."""
        sp = self.sp
        axes = [self.axis.get(sp.factions[k]) for k in ks]
        cap = sp.family_cap(ks)
        holders = [p for p in range(sp.named) if any(k in box[p] for k in ks)]
        most = [min(sp.caps[k], sum(1 for p in holders if k in box[p]), cap) for k in ks]
        layers: dict[tuple[int, ...], np.ndarray] = {}
        for h in itertools.product(*(range(n + 1) for n in most)):
            if sum(h) > min(cap, len(holders)):
                continue
            acc = self.zeros()
            for a in self._anon_counts(ks, h, box, cap):
                t = y
                for j in reversed(range(len(ks))):
                    t = self.anon_t(t, a[j], axes[j])
                acc = acc + t
            layers[h] = acc
        for p in reversed(holders):
            new: dict[tuple[int, ...], np.ndarray] = {}
            for h, arr in layers.items():
                acc = arr
                if sum(h) < cap:
                    for j, k in enumerate(ks):
                        h2 = (*h[:j], h[j] + 1, *h[j + 1 :])
                        if k in box[p] and h[j] < sp.caps[k] and h2 in layers:
                            acc = acc + self.take_t(layers[h2], p, axes[j])
                new[h] = acc
            layers = new
        return layers[(0,) * len(ks)]


_PROGRAMS: dict[Space, _Program] = {}


def _program(space: Space) -> _Program:
    prog = _PROGRAMS.get(space)
    if prog is None:
        if len(_PROGRAMS) > 64:
            _PROGRAMS.clear()
        prog = _PROGRAMS[space] = _Program(space)
    return prog


def count(space: Space, box: Box, marginals: bool = True) -> Count:
    """The worlds of the points in `box`, and (with `marginals`) per player and role."""
    out = empty(space)
    prog = _program(space)
    if not prog.feasible or any(not d for d in box):
        return out
    sp = space
    fams = sp.groups()
    forward = [prog.zeros()]
    forward[0][(0, 0, *([0] * (len(prog.shape) - 2)))] = 1
    for ks in fams:
        forward.append(prog.group(forward[-1], ks, box))
    out.worlds = int(forward[-1][prog.final])
    if not marginals or not out.worlds:
        return out
    back = [prog.zeros() for _ in range(len(fams) + 1)]
    back[-1][prog.final] = 1
    for i in reversed(range(len(fams))):
        back[i] = prog.group_t(back[i + 1], fams[i], box)
    for i, ks in enumerate(fams):
        for k in ks:
            for p in range(sp.named):
                if k in box[p]:
                    got = prog.group(forward[i], ks, box, only=(p, k))
                    out.named[p][k] = int((got * back[i + 1]).sum())
            if sp.anon and any(box[sp.named + k]):
                got = prog.group(forward[i], ks, box, by_a=k)
                total = int((got * back[i + 1]).sum())
                assert total % sp.anon == 0
                out.anon[k] = total // sp.anon
    return out


def count_union(space: Space, boxes: Iterable[Box]) -> Count:
    """The worlds in the union of `boxes` (split into disjoint boxes first)."""
    out = empty(space)
    for b in disjoint(boxes):
        out.add(count(space, b))
    return out


# ----------------------------------------------------------------------------- boxes


def subtract(b: Box, a: Box) -> list[Box]:
    """b without a, as disjoint boxes."""
    if any(not (x & y) for x, y in zip(a, b, strict=True)):
        return [b]
    out = []
    cur = list(b)
    for i, dom in enumerate(a):
        rest = cur[i] - dom
        if rest:
            piece = list(cur)
            piece[i] = rest
            out.append(tuple(piece))
        cur[i] = cur[i] & dom
    return out


def disjoint(boxes: Iterable[Box]) -> list[Box]:
    """Disjoint boxes with the same union."""
    out: list[Box] = []
    for b in boxes:
        if any(not d for d in b):
            continue
        pieces = [b]
        for a in out:
            pieces = [q for piece in pieces for q in subtract(piece, a)]
            if not pieces:
                break
        out.extend(pieces)
    return out
