"""`logic/backends/count.py`: the dynamic program's world counts and marginals against plain
enumeration of role assignments, on random small spaces and boxes; and the disjoint
splitting of a union of boxes."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logic.backends.count import Box, Space, count, count_union, disjoint


def enumerate_worlds(space: Space, box: Box) -> tuple[int, list[list[int]], list[int]]:
    """Every assignment of roles to the named players and to m distinguishable anonymous
    players that the box and the setup allow."""
    n, m, r = space.named, space.anon, space.roles
    need = dict(space.need)
    worlds = 0
    named = [[0] * r for _ in range(n)]
    anon = [0] * r
    for combo in itertools.product(range(r), repeat=n + m):
        if any(combo[p] not in box[p] for p in range(n)):
            continue
        held = Counter(combo)
        if any(held[k] > space.caps[k] for k in held):
            continue
        a = Counter(combo[n:])
        if any(a[k] not in box[n + k] for k in range(r)):
            continue
        factions = Counter(space.factions[k] for k in combo)
        if any(factions[f] != c for f, c in need.items()):
            continue
        worlds += 1
        for p in range(n):
            named[p][combo[p]] += 1
        if m:
            anon[combo[n]] += 1
    return worlds, named, anon


def some(draw: Any, d: frozenset[int]) -> frozenset[int]:
    """A domain of a random box: all of `d` half the time, else a nonempty part of it."""
    if not d or draw(st.booleans()):
        return d
    return frozenset(draw(st.sets(st.sampled_from(sorted(d)), min_size=1)))


@st.composite
def spaces(draw: Any) -> tuple[Space, Box]:
    r = draw(st.integers(2, 5))
    factions = ("M", "T", *(draw(st.sampled_from("TM")) for _ in range(r - 2)))
    caps = tuple(draw(st.integers(1, 3)) for _ in range(r))
    n = draw(st.integers(0, 3))
    m = draw(st.integers(0, 3))
    mafia = draw(st.integers(0, min(2, n + m)))
    space = Space(factions, caps, n, m, (("M", mafia), ("T", n + m - mafia)))
    return space, tuple(some(draw, d) for d in space.full())


@settings(max_examples=300, deadline=None)
@given(spaces())
def test_count_matches_enumeration(case: tuple[Space, Box]) -> None:
    space, box = case
    worlds, named, anon = enumerate_worlds(space, box)
    got = count(space, box)
    assert got.worlds == worlds
    if worlds:
        assert got.named == named
        assert got.anon == anon


def test_unique_roles_give_permutations() -> None:
    """Four players, roles not duplicated, one of three Mafia roles and three of four
    Town roles: every permutation of every such choice."""
    space = Space(("T", "T", "T", "T", "M", "M", "M"), (1,) * 7, 0, 4, (("M", 1), ("T", 3)))
    assert count(space, space.full()).worlds == 3 * 4 * 24


@pytest.mark.slow  # 150 random unions against enumeration (a long cross-check)
@settings(max_examples=150, deadline=None)
@given(spaces(), st.data())
def test_union_of_boxes_is_counted_once(first: tuple[Space, Box], data: Any) -> None:
    """Overlapping boxes of one space: the disjoint pieces cover the union once."""
    space, box = first
    full = space.full()
    boxes = [box]
    for _ in range(data.draw(st.integers(1, 4))):
        boxes.append(tuple(some(data.draw, d) for d in full))
    pieces = disjoint(boxes)
    for a, b in itertools.combinations(pieces, 2):
        assert any(not (x & y) for x, y in zip(a, b, strict=True))
    want = 0
    n, m = space.named, space.anon
    for combo in itertools.product(range(space.roles), repeat=n + m):
        a = Counter(combo[n:])
        point = [combo[p] for p in range(n)] + [a[k] for k in range(space.roles)]
        if not any(all(v in d for v, d in zip(point, b, strict=True)) for b in boxes):
            continue
        held = Counter(combo)
        if any(held[k] > space.caps[k] for k in held):
            continue
        if Counter(space.factions[k] for k in combo) != Counter({f: c for f, c in space.need if c}):
            continue
        want += 1
    assert count_union(space, boxes).worlds == want


def test_the_generated_cases_are_not_all_empty() -> None:
    """The random spaces above do reach nonzero counts (so the comparisons bite)."""
    seen = []

    @settings(max_examples=200, deadline=None, database=None)
    @given(spaces())
    def probe(case: tuple[Space, Box]) -> None:
        seen.append(enumerate_worlds(*case)[0])

    probe()
    assert sum(1 for w in seen if w) > 40
