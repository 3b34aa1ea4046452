"""Why no world is consistent (`unsat_core`): a minimal set of the facts (and the setup)
that cannot hold together, which `ruling solve` names when it finds no world."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from logic.backends import symbolic
from logic.commands.solve.chain import Chain
from logic.commands.solve.liars import Liars
from logic.lang.observations import Setup
from logic.model.ir import Why


def unsat_core(
    setup: Setup, liars: Liars, unseen: frozenset[int], left: Callable[[], float]
) -> list[Why]:
    """A minimal set of facts (and the setup) that cannot hold together, within the time
    `left()` gives once the nights are built (at least a second). The observer's and the
    flipped roles are facts here, so the core can name them."""
    c = Chain(setup, liars, unseen, bake=False)
    s = symbolic.Session(max(1.0, left()))
    s.add(*c.base)
    items: list[tuple[Why, Any]] = [(setup.setup_why, symbolic.all_of(*c.setup_terms)), *c.facts]
    flags = []
    for k, (_, term) in enumerate(items):
        f = symbolic.boolean(f"__fact{k}")
        s.add(symbolic.implies(f, term))
        flags.append(f)
    _, kept = s.minimal_core(flags)
    return [items[k][0] for k in kept]
