"""The garbage collector kept off while a count runs (`without_gc`)."""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def without_gc(f: Callable[P, R]) -> Callable[P, R]:
    """Run f with Python's cyclic garbage collector off (as it was, after). Building the
    nights makes some 10^5 long-lived expression nodes and Z3 handles, and the
    collector, triggered by the allocations, traced them over and over: measured, a
    third of the 9-player, 3-night count. What f leaves as garbage is collected by the
    next collection after it, at a cost of some 30 MB held meanwhile (15 players)."""

    @functools.wraps(f)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        was = gc.isenabled()
        gc.disable()
        try:
            return f(*args, **kwargs)
        finally:
            if was:
                gc.enable()

    return run
