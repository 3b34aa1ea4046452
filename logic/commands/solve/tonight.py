"""Every target's results tonight, counted in one pass over one chain and one solver
(`_Tonight`): what `suggest` ranks by."""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from logic.backends import count, symbolic
from logic.commands.solve.chain import Chain, order
from logic.commands.solve.liars import Liars
from logic.commands.solve.policy import FALSE_TERM
from logic.commands.solve.solver import LOGIC, Solver, _Timeout
from logic.commands.solve.tips import Suggestion, _tip
from logic.effects.investigate import Investigate
from logic.lang.errors import Loc
from logic.lang.observations import Fact, Setup
from logic.model.chain import qualify
from logic.model.ir import Why

Pair = tuple[str, tuple[str, ...]]  # a target and a result


class _Tonight:
    """Every target's results tonight, counted in one pass over one chain.

    The chain has nights 1..K+1 with the observer's action tonight left open (the first
    anonymous target, if any, named), so one solver serves every target: "I target t"
    and "I learn x" are guarded terms its queries assume. Each (target, result) pair
    has its own finder (its points not covered yet) and boxes, and is decided as a
    count is (`Solver`), with two kinds of sharing, both sound:
      - a witness found for one pair is widened into a policy (`Policies.policy`, which
        here also keeps its idle players idle whatever their role: a point where
        someone else holds a role that must act is covered by the same witness) and then
        taken with each target in turn in place of its own, the observer's action being
        the only one that names it: the points where that policy gives result x are
        covered for (t, x), for every pair still open. (Being roleblocked, the observer
        learns nothing whoever they aimed at: one witness covers that for all targets.)
      - an inconsistent point is refuted, if it can be, without the result or without
        the target too: that box then holds for every pair of the target, or every pair.
    A pair's count is then every point less its boxes, as `Solver.result` counts."""

    def __init__(
        self, setup: Setup, targets: Sequence[str], liars: Liars, left: float, limit: int
    ) -> None:
        self.setup = setup
        self.targets = list(targets)
        self.limit = limit
        self.night = night = setup.nights + 1
        self.me = me = setup.me
        tonight = replace(setup, nights=night)
        lists = any(
            isinstance(e, Investigate) for ab in setup.my_role.abilities for e in ab.effects
        )
        anonymous = order(setup)[1]
        also = [t for t in targets if t in anonymous]
        self.left = left
        self.start = time.perf_counter()
        c = Chain(tonight, liars, frozenset({night}), lists, also=also)
        budget = left - (time.perf_counter() - self.start)  # the chain's build counts
        self.sv = sv = Solver(tonight, liars, budget, unseen=frozenset({night}), chain=c)
        self.c = c
        self.defs = sv.definitions()
        # the observer's action tonight: its variables, and their values aiming at t
        self.mine = [
            (c.enc.var(v), v.split(":")[0])
            for v in (qualify(f"{a}:{me}", night) for a in ("uses", "tgt", "kills"))
            if v in c.model.domains
        ]
        self.aim: dict[str, Any] = {}
        for t in targets:
            why = Why(Loc("<suggest>", 0, 0), f"night {night}: I target {t}")
            term = c.enc.term(c.fact_expr(Fact("target", ("night", night), me, t, why)))
            guard = symbolic.boolean(f"__target:{t}")
            sv.s.add(symbolic.implies(guard, term))
            self.aim[t] = (guard, sv.inline(term, self.defs))
        self.results: dict[tuple[str, ...], tuple[Any, Any, Any]] = {}  # guard, term, inlined
        self.listed: dict[str, list[tuple[str, ...]]] = {}  # each target's results

    def result(self, got: tuple[str, ...]) -> tuple[Any, Any, Any]:
        """Result `got`'s guard, term, and term with the definitions inlined."""
        if got not in self.results:
            c, sv = self.c, self.sv
            term = c.enc.term(c.exactly(self.me, self.night, got))
            guard = symbolic.boolean(f"__result{len(self.results)}")
            sv.s.add(symbolic.implies(guard, term))
            self.results[got] = (guard, term, sv.inline(term, self.defs))
        return self.results[got]

    def at(self, t: str) -> list[tuple[Any, Any]]:
        """The observer's action tonight as aimed at t (ability used on t, no kill)."""
        values = {
            "uses": symbolic.value(True),
            "tgt": symbolic.value(self.c.index[t]),
            "kills": symbolic.value(False),
        }
        return [(x, values[kind]) for x, kind in self.mine]

    def rank(self, apart: Collection[str] = ()) -> list[Suggestion | None]:
        """Each target's suggestion (None: the observer cannot target them tonight), in
        the order of `targets`; those not finished in time are unknown. The targets
        `apart` (counted elsewhere: `ordered` then lists their results as here) have
        their results listed, not counted: None."""
        sv = self.sv
        listed = self.listed
        out: list[Suggestion | None] = []
        for t in self.targets:
            try:
                listed[t] = self.outcomes(t)
            except _Timeout:
                return [Suggestion(u, [], math.nan, True) for u in self.targets]
        self.find: dict[Pair, symbolic.Session] = {}
        self.boxes: dict[Pair, list[count.Box]] = {}
        for t in self.targets:
            if t in apart:
                continue
            for got in listed[t]:
                f = symbolic.Session(self.left, LOGIC, sv.deadline)
                f.add(*sv.points)
                self.find[t, got] = f
                self.boxes[t, got] = []
        self.open = set(self.find)
        sp = self.c.space
        total = count.count(sp, sp.full(), marginals=False).worlds
        for i, t in enumerate(self.targets):
            if not listed[t] or t in apart:
                out.append(None)
                continue
            try:
                self.cover(t, listed[t])
            except _Timeout:
                done = [
                    (g, self.worlds(total, (t, g))) for g in listed[t] if (t, g) not in self.open
                ]
                out.append(Suggestion(t, done, math.nan, True))
                rest = self.targets[i + 1 :]
                return out + [
                    None if u in apart else Suggestion(u, [], math.nan, True) for u in rest
                ]
            out.append(_tip(t, [(g, self.worlds(total, (t, g))) for g in listed[t]]))
        return out

    def ordered(self, tip: Suggestion | None) -> Suggestion | None:
        """A suggestion counted elsewhere (`rank`'s `apart`) with its results in the
        order listed here (Z3's order, which differs from one chain to another; the
        counts and figures do not)."""
        if tip is None or tip.unknown:
            return tip
        here = self.listed.get(tip.target, [])
        counted = dict(tip.outcomes)
        if set(here) != set(counted):
            return tip
        return replace(tip, outcomes=[(got, counted[got]) for got in here])

    def worlds(self, total: int, pair: Pair) -> int:
        """The consistent worlds of a covered pair: every world less its boxes'."""
        sp = self.c.space
        bad = sum(
            count.count(sp, b, marginals=False).worlds for b in count.disjoint(self.boxes[pair])
        )
        return total - bad

    def outcomes(self, t: str) -> list[tuple[str, ...]]:
        """The results the observer's ability could give on t tonight (at most `limit`)."""
        sv, c = self.sv, self.c
        sv.assume = [self.aim[t][0]]
        got: list[tuple[str, ...]] = []
        blocks: list[Any] = []
        while len(got) < self.limit and sv.check(sv.s, *blocks) == "sat":
            x = c.learned(sv.s.model(), self.me, self.night)
            got.append(x)
            blocks.append(symbolic.negation(self.result(x)[1]))
        sv.assume = []
        return got

    def cover(self, t: str, results: Sequence[tuple[str, ...]]) -> None:
        """Decide t's pairs' points, a point of each open pair in turn, until every
        point is covered (the witnesses cover the other targets' pairs as well)."""
        sv = self.sv
        while True:
            mine = [(t, got) for got in results if (t, got) in self.open]
            if not mine:
                return
            for pair in mine:
                sv.assume = [self.aim[t][0], self.result(pair[1])[0]]
                if sv.check(self.find[pair]) != "sat":
                    self.open.discard(pair)
                    continue
                roles, present = sv.point(self.find[pair].model())
                witness = sv.decide(roles, present)
                if witness is None:
                    self.refute(pair, roles, present)
                else:
                    self.learn(witness, roles, present)
            sv.assume = []

    def refute(self, pair: Pair, roles: dict[str, int], present: dict[str, bool]) -> None:
        """Box an inconsistent point: for every pair when it is inconsistent whatever the
        observer does tonight, for the target's pairs when it is whatever they learn."""
        sv = self.sv
        t, got = pair
        lits = sv.literals(roles, present)
        whose: list[Pair] = [pair]
        for assume, pairs in (
            ([], list(self.find)),
            ([self.aim[t][0]], [p for p in self.find if p[0] == t]),
        ):
            sv.assume = assume
            if sv.check(sv.s, *lits) == "unsat":
                whose = pairs
                break
        else:
            sv.assume = [self.aim[t][0], self.result(got)[0]]
        core = sv.shrink(lits)
        box = sv.box(core)
        block = symbolic.negation(symbolic.all_of(core)) if core else FALSE_TERM
        for p in whose:
            self.boxes[p].append(box)
            if p in self.open:
                self.find[p].add(block)
        sv.assume = [self.aim[t][0], self.result(got)[0]]

    def learn(
        self, witness: dict[str, Any], roles: dict[str, int], present: dict[str, bool]
    ) -> None:
        """Cover, for every open pair, the points the witness's policy explains with the
        observer aiming at that pair's target."""
        sv, c = self.sv, self.c
        world = sv.world(roles, present)
        mine = {x.get_id() for x, _ in self.mine}
        policy = sv.policies.policy(witness, {**world, **c.virtual}, idle=True)
        pairs = [(v, x) for v, x in sv.policies.pairs(policy) if v.get_id() not in mine]
        nights = symbolic.simplify(symbolic.substitute(sv.body(), pairs))
        gives: dict[tuple[str, ...], Any] = {}
        for t in self.targets:
            todo = [got for (u, got) in self.find if u == t and (u, got) in self.open]
            if not todo:
                continue
            at = self.at(t)
            base = symbolic.simplify(
                symbolic.substitute(symbolic.all_of(nights, self.aim[t][1]), at)
            )
            if symbolic.is_false(base):
                continue
            for got in todo:
                if got not in gives:
                    gives[got] = symbolic.substitute(self.result(got)[2], pairs)
                term = symbolic.simplify(symbolic.all_of(base, symbolic.substitute(gives[got], at)))
                if not symbolic.is_false(term):
                    self.find[t, got].add(symbolic.negation(term))
