"""One count (`Solver`, `solve`): the chain in a Z3 solver (a `symbolic.Session`) and
the cover's loop, which decides points until every point is covered: a consistent point
by its witness, widened into a policy (`policy.py`), an inconsistent one by the box of a
small unsat core (`symbolic.shrink`); and the count's time budget (`DEFAULT_TIMEOUT`;
`_Timeout`, the session's `OutOfTime`, when it runs out)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, cast

from logic.backends import count, symbolic
from logic.backends.symbolic import mk_not
from logic.commands.solve.chain import Chain
from logic.commands.solve.liars import Liars, assumptions
from logic.commands.solve.nogc import without_gc
from logic.commands.solve.policy import Policies
from logic.commands.solve.priors import prior
from logic.commands.solve.result import SolveResult, Status
from logic.commands.solve.unsat import unsat_core
from logic.commands.solve.worlds import Cover, by_faction, consistent, examples, marginals
from logic.lang.observations import Setup
from logic.model.chain import qualify
from logic.model.expr import Const

DEFAULT_TIMEOUT = 120.0
PROBE = 0.02  # seconds for each deletion tried when shrinking a core
LOGIC = "QF_FD"  # Z3's SAT-based solver: 3-4x faster here than the default (measured)


_Timeout = symbolic.OutOfTime  # the count's budget ran out (tests raise it too)


class Solver:
    """One count: the chain in a Z3 solver (`s`: nights, setup and facts), the finder
    (`find`: the setup, less every point covered so far), and the loop."""

    def __init__(
        self,
        setup: Setup,
        liars: Liars = "non-town",
        timeout: float = DEFAULT_TIMEOUT,
        unseen: frozenset[int] = frozenset(),
        everyone: bool = False,
        chain: Chain | None = None,
    ):
        self.setup = setup
        self.liars = liars
        self.timeout = timeout
        self.start = time.perf_counter()
        c = chain.refit(setup) if chain else Chain(setup, liars, unseen, everyone)
        # (`policies` before `chain`: a solver let go lets go of its attributes in this
        # order, and so of the chain's Z3 terms at `chain`, after its own; Z3 reuses the
        # ids of terms let go, and the order of its terms steers its search)
        self.policies = Policies(setup, c)
        self.chain = c
        self.queries = 0
        self.deadline = self.start + timeout
        self.s = symbolic.Session(timeout, LOGIC, self.deadline)
        self.s.add(*c.base, *c.setup_terms, *(t for _, t in c.facts))
        self.points = [
            *c.enc.domain_constraints([f"role:{p}" for p in c.free]),
            *c.setup_terms,
            *c.factions,
        ]
        self.find = symbolic.Session(timeout, LOGIC, self.deadline)  # the points not covered yet
        self.find.add(*self.points)
        # literals every query of `s` assumes (a count of one of several results that
        # share `s`: the guard of that result)
        self.assume: list[Any] = []
        self.done = Cover()
        self._body: Any = None
        self.witness_vars = [
            v
            for v in c.model.domains
            if not v.startswith(("role:", "on:", "present:", "fac:"))
            and (v not in c.model.definitions or v.startswith("ok:"))
        ]
        # 'p does nothing on night n' (an action they must take aims at themselves, who
        # are always there to be aimed at), one Boolean per player, night and slot
        self.idle: dict[tuple[str, int, str], Any] = {}
        index = c.index
        for p in (*c.free, *c.virtual):
            for n in range(1, setup.nights + 1):
                uses, kills = qualify(f"uses:{p}", n), qualify(f"kills:{p}", n)
                if uses in c.model.domains:
                    x = self.idle[p, n, "ability"] = symbolic.boolean(f"idle:{p}@{n}")
                    forced = self.policies.forced_term(p, n)
                    aim = c.enc.var(qualify(f"tgt:{p}", n))
                    self.s.add(symbolic.implies(x, c.enc.var(uses) == forced))
                    self.s.add(symbolic.implies(symbolic.all_of(x, forced), aim == index[p]))
                if kills in c.model.domains:
                    x = self.idle[p, n, "kill"] = symbolic.boolean(f"idle-kill:{p}@{n}")
                    self.s.add(symbolic.implies(x, symbolic.negation(c.enc.var(kills))))

    # ------------------------------------------------------------ helpers
    def left(self) -> float:
        return self.timeout - (time.perf_counter() - self.start)

    def check(self, s: symbolic.Session, *assumptions: Any) -> symbolic.Status:
        """A query of `s` (of `self.s`: with `assume`) within the time left; `_Timeout`
        when it is out."""
        if self.left() <= 0:
            raise _Timeout
        self.queries += 1
        if s is self.s:
            assumptions = (*self.assume, *assumptions)
        r = s.check(*assumptions)
        if r == "unknown":
            raise _Timeout
        return r

    # ------------------------------------------------------------ points
    def point(self, m: symbolic.Model) -> tuple[dict[str, int], dict[str, bool]]:
        """The point of model m: the free named players' roles, the virtual presences."""
        c = self.chain
        roles = {p: self.kind_in(m, p) for p in c.free}
        present = {v: symbolic.holds(m, x) for v, x in c.present.items()}
        return roles, present

    def kind_in(self, m: symbolic.Model, p: str) -> int:
        """Free named player p's kind in model m."""
        c = self.chain
        for k in range(len(self.setup.pool)):
            if symbolic.holds(m, c.bit(p, k)):
                return k
        raise AssertionError(f"{p} is of no kind")

    def literals(self, roles: dict[str, int], present: dict[str, bool]) -> list[Any]:
        """The point as literals an unsat core can pick from: 'p does not hold k' for
        every other role k, and each virtual player present or absent."""
        c = self.chain
        out = [
            mk_not(c.bit(p, k))
            for p in c.free
            for k in range(len(self.setup.pool))
            if k != roles[p]
        ]
        out += [x if present[v] else mk_not(x) for v, x in c.present.items()]
        return [x for x in out if not symbolic.is_false(x) and not symbolic.is_true(x)]

    def box(self, core: Sequence[Any]) -> count.Box:
        """The box of points an unsat core over `literals` describes."""
        c = self.chain
        sp = c.space
        said = {x.get_id() for x in core}  # Z3 shares equal terms: one id each
        out = [
            frozenset(k for k in range(sp.roles) if mk_not(c.bit(p, k)).get_id() not in said)
            for p in c.free
        ]
        for k in range(sp.roles):
            lo, hi = 0, sp.copies(k)
            for j in range(sp.copies(k)):
                x = c.present[c.copies[k, j]]
                if x.get_id() in said:
                    lo = max(lo, j + 1)
                if mk_not(x).get_id() in said:
                    hi = min(hi, j)
            out.append(frozenset(range(lo, hi + 1)))
        return tuple(out)

    def world(self, roles: dict[str, int], present: dict[str, bool]) -> dict[str, int]:
        """A world of the point: the anonymous players take its roles in order."""
        c = self.chain
        held = sorted(c.virtual[v] for v, x in present.items() if x)
        return {**c.root, **roles, **dict(zip(c.anon, held, strict=True))}

    # ------------------------------------------------------------ deciding a point
    def decide(self, roles: dict[str, int], present: dict[str, bool]) -> dict[str, Any] | None:
        """A witness for the point (the values of every action variable), players kept
        idle where they can be; None when the point is inconsistent."""
        c = self.chain
        lits = self.literals(roles, present)
        # the absent do nothing; the others as little as they can
        hard = [x for (p, _, _), x in self.idle.items() if not present.get(p, True)]
        idle = [x for (p, _, _), x in self.idle.items() if present.get(p, True)]
        while True:
            if self.check(self.s, *lits, *hard, *idle) == "sat":
                m = self.s.model()
                out = {v: m.eval(c.enc.var(v), model_completion=True) for v in self.witness_vars}
                for n, known in enumerate(c.acts, 1):  # the observer's actions, known
                    for v, x in known.items():
                        out[qualify(v, n)] = symbolic.value(cast(Const, x).value)  # type: ignore[arg-type]
                return out
            stuck = self._core(idle)
            if not stuck:
                return None
            # one at a time: the fewer act, the more points a witness covers
            idle = [x for x in idle if x.get_id() != stuck[0].get_id()]

    def learn(
        self, witness: dict[str, Any], roles: dict[str, int], present: dict[str, bool]
    ) -> None:
        """Cover every point the witness explains."""
        world = self.world(roles, present)
        self.done.witnesses.append(world)
        self.find.add(symbolic.negation(self.covered(witness, {**world, **self.chain.virtual})))

    def refute(self, roles: dict[str, int], present: dict[str, bool]) -> None:
        """Cover the box of a small unsat core of an inconsistent point."""
        core = self.shrink(self.literals(roles, present))
        self.done.boxes.append(self.box(core))
        self.find.add(symbolic.negation(symbolic.all_of(core)) if core else symbolic.value(False))

    def shrink(self, lits: list[Any]) -> list[Any]:
        """A small unsat core of an inconsistent point's literals: Z3's core, shrunk by
        deleting one literal at a time. Showing that a deletion leaves an inconsistent
        box is cheap, while finding the consistent point that refutes it is not: each
        deletion gets `PROBE` seconds, and a literal whose deletion is not shown sound
        by then stays (the core is then still sound, only less general)."""
        if self.check(self.s, *lits) != "unsat":
            raise AssertionError("a point inconsistent with its idle players is consistent")
        return symbolic.shrink(self._core(lits), lambda t: self.probe(self.s, t), self._core)

    def probe(self, s: symbolic.Session, lits: list[Any]) -> symbolic.Status:
        """A check bounded by `PROBE` seconds: `unknown` when it runs out."""
        if min(PROBE, self.left()) <= 0:
            raise _Timeout
        self.queries += 1
        return s.check(*([*self.assume, *lits] if s is self.s else lits), limit=PROBE)

    def _core(self, lits: list[Any]) -> list[Any]:
        return self.s.core(lits)

    def body(self) -> Any:
        """The nights and the facts as one term, definitions inlined, every sentence on:
        what a witness is substituted into."""
        if self._body is None:
            c = self.chain
            defs = self.definitions()
            facts = symbolic.all_of(*(t for _, t in c.facts))
            shared = getattr(c, "inlined", None)  # the nights, inlined once for every count
            if shared is None:
                self._body = self.inline(symbolic.all_of(*c.base, facts), defs)
            else:
                if not shared:
                    shared.append(self.inline(symbolic.all_of(*c.base), defs))
                self._body = symbolic.all_of(shared[0], self.inline(facts, defs))
            # (the definitions' terms are let go, as Z3 then reuses their ids: the order
            # of its terms steers its search, and so the witnesses, the examples shown)
        return self._body

    def definitions(self) -> list[tuple[Any, Any]]:
        """Each defined variable of the nights and its definition, as Z3 terms."""
        c = self.chain
        return [
            (c.enc.var(v), c.enc.term(d))
            for v, d in c.model.definitions.items()
            if not v.startswith("ok:")
        ]

    def inline(self, term: Any, defs: list[tuple[Any, Any]]) -> Any:
        """`term` with the nights' definitions (`definitions`) inlined and every
        sentence on."""
        c = self.chain
        for _ in range(10):  # definitions may refer to definitions
            new = symbolic.substitute(term, defs)
            if new.eq(term):
                break
            term = new
        on = symbolic.value(True)
        return symbolic.substitute(term, [(symbolic.boolean(x), on) for x in c.model.switches])

    def covered(self, witness: dict[str, Any], world: dict[str, int]) -> Any:
        """Every point the witness explains: the nights and facts with the actions fixed
        by its policy (`Policies.policy`), a formula over roles and presences."""
        # (the policy is kept until the substitution is made: Z3 reuses the ids of terms
        # let go, and the order of its terms steers its search)
        policy = self.policies.policy(witness, world)
        pairs = self.policies.pairs(policy)
        return symbolic.simplify(symbolic.substitute(self.body(), pairs))

    # ------------------------------------------------------------ the loop
    def cover(self) -> None:
        """Decide points until every point is covered (raises _Timeout when the time
        runs out; `self.done` then holds what was shown)."""
        while self.check(self.find) == "sat":
            roles, present = self.point(self.find.model())
            witness = self.decide(roles, present)
            if witness is None:
                self.refute(roles, present)
            else:
                self.learn(witness, roles, present)

    def run(self) -> SolveResult:
        unknown = None
        status: Status = "sat"
        try:
            self.cover()
        except _Timeout:
            status, unknown = "unknown", f"unknown (timed out after {self.timeout:g} s)"
        return self.result(status, self.done, unknown)

    def result(self, status: Status, done: Cover, unknown: str | None = None) -> SolveResult:
        """The answer from what the cover showed (`done`): the consistent worlds counted,
        with the marginals and examples (`sat`), the facts that cannot hold together
        (`unsat`), or bounds (`unknown`)."""
        setup = self.setup
        status, good, bounds, unknown = consistent(self.chain, status, done, unknown)
        sat = status == "sat"
        tally = marginals(setup, self.chain, good) if sat else {}
        core = (
            unsat_core(setup, self.liars, self.chain.unseen, self.left) if status == "unsat" else []
        )
        return SolveResult(
            setup,
            status,
            good.worlds if sat else 0,
            prior(setup),
            {p: dict(n) for p, n in tally.items()},
            by_faction(setup, tally),
            examples(setup, done.witnesses) if sat else [],
            core,
            self.liars,
            time.perf_counter() - self.start,
            self.queries,
            unknown,
            assumptions(setup, self.liars),
            len(done.witnesses),
            len(done.boxes),
            bounds=bounds,
        )


@without_gc
def solve(setup: Setup, liars: Liars = "non-town", timeout: float = DEFAULT_TIMEOUT) -> SolveResult:
    """Every consistent world, counted exactly (or `unknown` when the budget runs out)."""
    return Solver(setup, liars, timeout).run()
