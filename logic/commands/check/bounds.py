"""Owns the bounds and deadlines of a search: the players' names, the small first bound,
how many players a ruleset can seat, and `OutOfTime` when the command's deadline passes."""

from __future__ import annotations

import time

from logic.model.ir import Ruleset

SMALL = 3
"""The first bound of a search that goes up by players (`Checker.sizes`)."""
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")


def seatable(rs: Ruleset, players: int) -> int:
    """The most players a night can seat: no more than the roles, when they are unique."""
    return min(players, len(rs.roles)) if rs.unique_roles is not None else players


class OutOfTime(Exception):
    """The command's deadline passed while a night was being built (`Night`): the search
    that wanted it is `unknown`. (Building chained nights takes seconds: a `--timeout` of
    one second must not wait for them.)"""


def on_time(deadline: float | None) -> None:
    """Raise `OutOfTime` once `deadline` (a `time.perf_counter` time) has passed."""
    if deadline is not None and time.perf_counter() >= deadline:
        raise OutOfTime
