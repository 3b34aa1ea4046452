"""Owns what a check reports: the kinds of finding, a `Finding`, the `Report` of a run, and
`minimal_only`, which keeps the smallest class of each finding."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from logic.model.ir import Ruleset, Why

KINDS = ("contradiction", "paradox", "ambiguous", "dead rule", "redundant ruling", "gap")

Klass = tuple[tuple[str, str], ...]  # (role, "ability" | "kill") of each acting role


@dataclass
class Finding:
    kind: str
    summary: str
    roles: tuple[str, ...] = ()
    sentences: tuple[Why, ...] = ()
    witness: str | None = None  # a case, ready to paste into a .case file
    differing: tuple[str, ...] = ()
    with_toggled: bool | None = None  # an ambiguity of `ask`'s night with the ruling or without
    # the families of the host's open choices that decide an ambiguity (reported once per
    # such cause: `Ambiguities._ambiguities_at`)
    choices: tuple[str, ...] = ()


@dataclass
class Report:
    ruleset: Ruleset
    players: int
    paradox_players: int
    findings: list[Finding] = field(default_factory=list)
    nights: int = 1
    queries: int = 0
    unknown: list[str] = field(default_factory=list)  # what timed out
    skipped: list[str] = field(default_factory=list)  # what this bound cannot check
    seconds: float = 0.0


T = TypeVar("T")


def common_causes(findings: list[Finding], least: int = 3) -> list[tuple[Why, str, int, int]]:
    """The sentences most findings of one kind cite, most cited first: (sentence, kind,
    how many findings of that kind cite it, how many findings of that kind there are),
    for a sentence cited by at least `least` findings and by at least a quarter of its
    kind's (DCTP's check: 160 of 172 ambiguities are one contradiction of the GM's about
    Special Investigate, met once per pair of roles; the rule writer reads it once)."""
    out: list[tuple[Why, str, int, int]] = []
    for kind in dict.fromkeys(f.kind for f in findings):
        mine = [f for f in findings if f.kind == kind]
        counts: dict[tuple[str, int, int], tuple[Why, int]] = {}
        for f in mine:
            for w in dict.fromkeys(w for w in f.sentences if w.kind != "axiom"):
                key = (w.loc.file, w.loc.line, w.loc.column)
                counts[key] = (w, counts.get(key, (w, 0))[1] + 1)
        for w, n in counts.values():
            if n >= least and 4 * n >= len(mine):
                out.append((w, kind, n, len(mine)))
    return sorted(out, key=lambda x: (-x[2], x[1], x[0].loc.line))


def minimal_only(items: list[T], roles: Callable[[T], tuple[str, ...]]) -> list[T]:
    """Drop every item whose set of roles strictly contains another item's: a class is
    the smallest set of acting roles that shows a finding, its supersets are not new.
    (Which classes a search meets first depends on the solver; this makes it canonical.)"""
    sets = [frozenset(roles(x)) for x in items]
    return [x for x, mine in zip(items, sets, strict=True) if not any(o < mine for o in sets)]
