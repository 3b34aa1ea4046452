"""Suggestions counted one target at a time, each result from scratch (`_rank`): the
straightforward way, slower than `_Tonight`'s shared count and kept to check it
against (`suggest(together=False)`)."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

from logic.backends import symbolic
from logic.commands.solve.chain import Chain
from logic.commands.solve.liars import Liars
from logic.commands.solve.solver import Solver, _Timeout
from logic.commands.solve.tips import Suggestion, _tip
from logic.effects.investigate import Investigate
from logic.lang.errors import Loc
from logic.lang.observations import Fact, Setup
from logic.model.ir import Why


class _Inlined(Chain):
    """A chain whose nights, with their definitions inlined (`Solver.body`), are kept for
    every count over it: the counts of one target's results share them."""

    inlined: list[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.inlined = []  # shared by the chain's refits (a shallow copy keeps the list)


def _rank(
    setup: Setup, t: str, night: int, liars: Liars, left: float, limit: int
) -> Suggestion | None:
    """Target t tonight: its possible results and the worlds after each (None when the
    observer cannot target t tonight). When the observer's results list names, every
    player is named while the results are listed (a result naming an anonymous player
    names them; the count after it then has them named)."""
    me = setup.me
    why = Why(Loc("<suggest>", 0, 0), f"night {night}: I target {t}")
    tonight = replace(setup, facts=(*setup.facts, Fact("target", ("night", night), me, t, why)))
    tonight = replace(tonight, nights=night)
    if left <= 0:
        return Suggestion(t, [], math.nan, True)
    start = time.perf_counter()
    lists = any(isinstance(e, Investigate) for ab in setup.my_role.abilities for e in ab.effects)
    nights = _Inlined(tonight, liars, frozenset({night}), lists)
    sv = Solver(tonight, liars, left, unseen=frozenset({night}), everyone=lists, chain=nights)
    outcomes: list[tuple[str, ...]] = []
    blocks: list[Any] = []
    try:
        while len(outcomes) < limit and sv.check(sv.s, *blocks) == "sat":
            got = sv.chain.learned(sv.s.model(), me, night)
            outcomes.append(got)
            blocks.append(symbolic.negation(sv.chain.enc.term(sv.chain.exactly(me, night, got))))
    except _Timeout:
        return Suggestion(t, [], math.nan, True)
    if not outcomes:
        return None
    counted: list[tuple[tuple[str, ...], int]] = []
    for got in outcomes:
        facts = [
            Fact("learn", ("night", night), me, x, Why(Loc("<suggest>", 0, 0), f'I learn "{x}"'))
            for x in got
        ] or [Fact("learn_nothing", ("night", night), me, "", Why(Loc("<suggest>", 0, 0), ""))]
        budget = left - (time.perf_counter() - start)
        if budget <= 0:
            return Suggestion(t, counted, math.nan, True)
        after = replace(tonight, facts=(*tonight.facts, *facts))
        # fixed result texts name no one new: the nights built for listing them serve
        res = Solver(
            after, liars, budget, unseen=frozenset({night}), chain=None if lists else nights
        ).run()
        if res.status == "unknown":
            return Suggestion(t, counted, math.nan, True)
        counted.append((got, res.worlds))
    return _tip(t, counted)
