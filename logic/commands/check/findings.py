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


def minimal_only(items: list[T], roles: Callable[[T], tuple[str, ...]]) -> list[T]:
    """Drop every item whose set of roles strictly contains another item's: a class is
    the smallest set of acting roles that shows a finding, its supersets are not new.
    (Which classes a search meets first depends on the solver; this makes it canonical.)"""
    sets = [frozenset(roles(x)) for x in items]
    return [x for x, mine in zip(items, sets, strict=True) if not any(o < mine for o in sets)]
