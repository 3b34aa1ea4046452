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

import math
from collections.abc import Iterable
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

    @property
    def roles(self) -> int:
        return len(self.factions)

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

    # ------------------------------------------------------------ one role
    def group(
        self, x: np.ndarray, k: int, box: Box, only: int | None = None, by_a: bool = False
    ) -> np.ndarray:
        """The state after role k is handed out (`only`: named player `only` must take
        it; `by_a`: each way weighed by its number of anonymous holders)."""
        sp = self.sp
        axis = self.axis.get(sp.factions[k])
        cap = sp.caps[k]
        layers = {0: x}
        for p in range(sp.named):
            if k not in box[p]:
                if p == only:
                    return self.zeros()
                continue
            new: dict[int, np.ndarray] = {}
            for h, arr in layers.items():
                if p != only:
                    new[h] = new[h] + arr if h in new else arr
                if h < cap:
                    moved = self.take(arr, p, axis)
                    new[h + 1] = new[h + 1] + moved if h + 1 in new else moved
            layers = new
        out = self.zeros()
        for h, arr in layers.items():
            for a in box[sp.named + k]:
                if h + a <= cap and a <= sp.copies(k) and (a or not by_a):
                    moved = self.anon(arr, a, axis)
                    out = out + (moved * a if by_a else moved)
        return out

    def group_t(self, y: np.ndarray, k: int, box: Box) -> np.ndarray:
        """The transpose of `group`: completions before role k from those after it."""
        sp = self.sp
        axis = self.axis.get(sp.factions[k])
        cap = sp.caps[k]
        holders = [p for p in range(sp.named) if k in box[p]]
        top = min(cap, len(holders))
        layers: dict[int, np.ndarray] = {}
        for h in range(top + 1):
            acc = self.zeros()
            for a in box[sp.named + k]:
                if h + a <= cap and a <= sp.copies(k):
                    acc = acc + self.anon_t(y, a, axis)
            layers[h] = acc
        for p in reversed(holders):
            new: dict[int, np.ndarray] = {}
            for h, arr in layers.items():
                acc = arr
                if h + 1 in layers and h < cap:
                    acc = acc + self.take_t(layers[h + 1], p, axis)
                new[h] = acc
            layers = new
        return layers[0]


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
    forward = [prog.zeros()]
    forward[0][(0, 0, *([0] * (len(prog.shape) - 2)))] = 1
    for k in range(sp.roles):
        forward.append(prog.group(forward[-1], k, box))
    out.worlds = int(forward[-1][prog.final])
    if not marginals or not out.worlds:
        return out
    back = [prog.zeros() for _ in range(sp.roles + 1)]
    back[-1][prog.final] = 1
    for k in reversed(range(sp.roles)):
        back[k] = prog.group_t(back[k + 1], k, box)
    for k in range(sp.roles):
        for p in range(sp.named):
            if k in box[p]:
                out.named[p][k] = int((prog.group(forward[k], k, box, only=p) * back[k + 1]).sum())
        if sp.anon and any(box[sp.named + k]):
            total = int((prog.group(forward[k], k, box, by_a=True) * back[k + 1]).sum())
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
