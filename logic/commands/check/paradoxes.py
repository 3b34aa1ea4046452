"""Owns the paradox search: a scenario with no consistent outcome (exists-forall, answered
by CEGAR), and the least outcome a round of it blocks."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import Session, Status
from logic.commands.check.bounds import NAMES, SMALL
from logic.commands.check.findings import Finding, Klass
from logic.commands.check.night import Night, _pick_of, _value
from logic.commands.check.search import Search
from logic.model.expr import variables


class Paradoxes(Search):
    """The paradox search of a check."""

    def paradoxes(
        self,
        night: Night | None = None,
        extra: Callable[[Night], list[Any]] | None = None,
        blocked: list[Klass] = (),  # type: ignore[assignment]
        budget: Budget | None = None,
    ) -> Iterator[tuple[dict[str, Any], Klass]]:
        """Scenarios with no consistent outcome: exists-forall, answered by CEGAR. A
        candidate scenario comes from the outer solver; if some outcome fits it, every
        scenario that outcome fits is excluded; if none does, it is a paradox (shrunk to
        the fewest actions that keep it one). The classes `blocked` (met in a smaller
        night) are excluded from the start; `budget` (default: three queries' work from
        now) bounds the search."""
        n = night or Night(
            self.rs, NAMES[: self.report.paradox_players], self.pool, deadline=self.deadline
        )
        scen = set(n.model.scenario_vars)
        outer: list[Any] = [*n.enc.domain_constraints(sorted(scen)), *n.all_on()]
        inner: list[Any] = []
        for expr, _ in n.model.equations:
            (outer if variables(expr) <= scen else inner).append(n.enc.term(expr))
        outcome_vars = sorted(set(n.model.domains) - scen)
        inner += n.enc.domain_constraints(outcome_vars)
        defined = [v for v in outcome_vars if v in n.model.definitions and not v.startswith("ok:")]
        primary = [v for v in outcome_vars if v not in defined]
        aux = [(n.enc.var(v), n.enc.term(n.model.definitions[v])) for v in defined]
        if extra is not None:
            outer += extra(n)
        outer += self.in_share(n)
        candidates = _Candidates(self, [*outer, *(n.block(k) for k in blocked)])
        fits = self.session()
        fits.add(*inner)
        legal = self.session()
        legal.add(*outer)
        # Auxiliary names (protected:q) are replaced by their definitions, so only the
        # outcome proper (ok, first, semi) is fixed by a block, which reaches more scenarios.
        # (A definition may name other defined variables: substituted until none is left,
        # or the block would leave them free, and exclude nothing the candidate solver
        # could not escape by choosing them: it proposed one scenario hundreds of times.)

        def undefined(t: Any) -> Any:
            for _ in range(len(aux) + 1):
                then, t = t, symbolic.substitute(t, aux)
                if t.eq(then):
                    break
            return t

        body = undefined(symbolic.all_of(inner))
        # The equations naming each open outcome variable (not ok:i): a reading left open
        # (reach, early, ...) or a value the equations only bound (the winner).
        eqs_of: dict[str, list[Any]] = {}
        opened = [v for v in primary if not v.startswith("ok:")]
        for expr, _ in n.model.equations:
            names = variables(expr)
            if names <= scen:
                continue
            term = None
            for v in opened:
                if v in names:
                    term = term if term is not None else undefined(n.enc.term(expr))
                    eqs_of.setdefault(v, []).append(term)
        budget = budget or Budget.of(self.timeout)
        for _ in range(20):
            while True:
                over = budget.over()
                if over:
                    self.report.unknown.append(
                        f"paradox search ({len(n.names)} players): unknown ({over})"
                    )
                    return
                self.progress(f"paradox search ({self.report.queries} queries)")
                if candidates.check() != "sat":
                    return
                m = candidates.model
                env = {v: _value(m, n.enc.var(v)) for v in sorted(scen)}
                r = self.check(fits, "paradox search", *self._fix(n, env))
                if r == "unknown":
                    return
                if r == "unsat":
                    break
                o = fits.model()
                # Exclude every scenario this outcome fits (`body`: the outcome proper),
                # its open variables each the least value the scenario allows
                # (`least_outcome`: not fixed, or each winner and reading of the outcome
                # needed a round of its own).
                vals = {v: symbolic.evaluate(o, n.enc.var(v)) for v in primary}
                sub = least_outcome(n, primary, eqs_of, env, vals)
                candidates.add(symbolic.negation(symbolic.substitute(body, sub)))
            env = self._shrink(n, env, legal, fits)
            klass = n.klass(env)
            candidates.add(n.block(klass))
            yield env, klass

    def _shrink(
        self, n: Night, env: dict[str, Any], legal: Session, fits: Session
    ) -> dict[str, Any]:
        """Turn actions off one by one while the scenario stays legal and a paradox (each
        query a `trial`: one that ends unknown keeps that action)."""
        for var in n.action_names():  # (every night's: "uses:Ann@n1" over chained nights)
            if not env.get(var):
                continue
            trial = dict(env)
            trial[var] = False
            trial.pop(_pick_of(var), None)  # (an unused slot's pick is 0: it follows)
            fixed = self._fix(
                n, {k: v for k, v in trial.items() if not k.startswith(("tier:", "protected:"))}
            )
            if self.trial(legal, *fixed) != "sat":
                continue
            full = {v: _value(legal.model(), n.enc.var(v)) for v in env}
            if self.trial(fits, *self._fix(n, full)) == "unsat":
                env = full
        return env

    def paradox_findings(self) -> Iterator[Finding]:
        """Paradoxes at `paradox_players`. One night: with 3 players first, then at the
        bound with the classes met blocked (a paradox of 3 players is one of 4 with an
        idle player; the small night's search ends where the larger one may not), both
        within one budget. Over chained nights, twice: at that bound with
        every night after the first idle (so every paradox of a first night is found, as
        `check` finds it alone), then with one player fewer and every night open (the
        search over every night at the full bound does not end in minutes: a scenario
        per outcome of two nights)."""
        top = self.report.paradox_players
        searches: list[tuple[int, Callable[[Night], list[Any]] | None]] = [(top, None)]
        if self.nights > 1:
            searches = [(top, Night.idle_after_first)]
            if top > 2:
                searches.append((top - 1, None))
                self.report.skipped.append(
                    f"paradoxes that need more than one night: searched with {top - 1} players "
                    f"(the first night alone with {top})"
                )
        else:  # (one night: up by players, as the ambiguity search: `sizes`)
            searches = [(p, None) for p in sorted({min(SMALL, top), top})]
        seen: set[tuple[str, ...]] = set()
        met: list[Klass] = []  # (one night: the classes of a smaller night, blocked)
        # (one night's searches share the work of one, three queries' worth, besides the
        # building of their nights)
        budget: Budget | None = None
        for players, extra in searches:
            unknown = len(self.report.unknown)
            start = time.perf_counter()
            n = Night(self.rs, NAMES[:players], self.pool, self.nights, self.deadline)
            if self.nights == 1:
                built = time.perf_counter() - start
                budget = Budget.of(self.timeout) if budget is None else budget.later(built)
            for f in self._paradoxes_of(n, extra, budget, met if self.nights == 1 else None):
                if f.roles not in seen:
                    seen.add(f.roles)
                    yield f
            if self.nights == 1 and len(self.report.unknown) > unknown:
                return  # (the larger night's search would have less time than this one had)

    def _paradoxes_of(
        self,
        n: Night,
        extra: Callable[[Night], list[Any]] | None,
        budget: Budget | None = None,
        met: list[Klass] | None = None,
    ) -> Iterator[Finding]:
        """The paradoxes of night `n` as findings; the classes in `met` (of a smaller
        night) are blocked in it, and those it meets added."""
        for env, klass in self.paradoxes(n, extra, list(met or ()), budget):
            if met is not None:
                met.append(klass)
            title = " + ".join(Night.names_of(klass))
            core = self.core_at(n, env)
            yield Finding(
                "paradox",
                f"{title}: no outcome is consistent",
                Night.names_of(klass),
                core or self.sentences(klass),
                n.witness(env, f"paradox: {title}", ["paradox"]),
            )


@dataclass(frozen=True)
class Budget:
    """A search's budget of many queries: Z3's work (`symbolic.spent`, the same on any
    load) up to `work`, and the wall clock up to `wall` only as a safety net."""

    work: int
    wall: float
    seconds: float  # (what it is worth on an idle machine, for the report)

    @staticmethod
    def of(timeout: float, queries: int = 3) -> Budget:
        """`queries` queries' worth of work from now (each `timeout` seconds' worth)."""
        seconds = queries * timeout
        return Budget(
            symbolic.spent() + symbolic.work(seconds),
            time.perf_counter() + symbolic.cap(seconds),
            seconds,
        )

    def later(self, seconds: float) -> Budget:
        """The same work, and `seconds` more of the wall clock (a night's building)."""
        return Budget(self.work, self.wall + seconds, self.seconds)

    def over(self) -> str:
        """Why the search must stop ("" while it may go on)."""
        if symbolic.spent() > self.work:
            return f"over its budget of work, about {self.seconds:g} s of an idle machine"
        if time.perf_counter() > self.wall:
            return f"out of time after {symbolic.cap(self.seconds):g} s of the wall clock"
        return ""


class _Candidates:
    """The paradox search's outer solver (the candidate scenarios). Its query grows with
    each block, a copy of the night: once one takes over `SLOW` seconds' work, its assertions
    go to a solver that bit-blasts them afresh at each check, several times quicker
    there than Z3's incremental solver, which carries what it learnt of every block
    (Turtle's 3-player night, 46 rounds: 75 -> 20 s CPU); before, the incremental
    solver's many quick queries are quicker (Metadata's 97 rounds: 0.6 s, 4.6 s
    bit-blasting each)."""

    SLOW = 0.5

    def __init__(self, search: Search, terms: list[Any]) -> None:
        self.search = search
        self.terms = list(terms)
        self.solver = search.session()
        self.solver.add(*self.terms)
        self.blasting = False
        self.model: Any = None

    def add(self, term: Any) -> None:
        """Exclude what `term` says (a block), simplified once here: an outcome's values
        fold most of the night's equations away, and the bit-blasting solver would
        simplify every block again at every later round (the werewolf pool's paradox
        search: 77.7 -> 67.3 s CPU, issue 26)."""
        term = symbolic.simplify(term)
        self.terms.append(term)
        self.solver.add(term)

    def check(self) -> Status:
        """A candidate (then in `model`), none left, or unknown; a slow query moves the
        next ones to the bit-blasting solver."""
        start = symbolic.spent()
        r = self.search.check(self.solver, "paradox search")
        if r == "sat":
            self.model = self.solver.model()
        if not self.blasting and symbolic.spent() - start > symbolic.work(self.SLOW):
            self.blasting = True
            self.solver = self.search.session("blast")
            self.solver.add(*self.terms)
        return r


def least_outcome(
    n: Night,
    primary: list[str],
    eqs_of: dict[str, list[Any]],
    env: dict[str, Any],
    vals: dict[str, Any],
) -> list[tuple[Any, Any]]:
    """The outcome a paradox search's block fixes, from outcome `vals` (Z3 values) that
    fits scenario `env`: each ok:i as in `vals`, and each other variable named by
    equations (`eqs_of`: a reading left open, a winner) as a function of the scenario, the
    least value its equations allow given the other variables' values. The block
    Not(valid(s, outcome(s))) excludes only scenarios with an outcome (no paradox is
    lost), and excludes `env`: `vals` is first lowered to the least such outcome at `env`
    (a variable lowered while its equations still hold, the others unchanged, until none
    can be), where the function gives `vals` back. (Fixing each such variable made a
    block of each winner and each reading: BYOND's search took 109 rounds, 31 so.)"""
    at = [(n.enc.var(v), symbolic.value(x)) for v, x in env.items()]
    # Each equation at the scenario, once (one substitution for them all, simplified):
    # what is left names outcome variables only, and is small. (Substituting the
    # scenario into each equation for each value tried was half the search's time.)
    unique = list({e.get_id(): e for es in eqs_of.values() for e in es}.values())
    here = dict(
        zip(
            (e.get_id() for e in unique),
            (symbolic.simplify(t) for t in symbolic.substitute_all(unique, at)),
            strict=True,
        )
    )

    def allowed(x: str, d: Any) -> bool:
        pr = [(n.enc.var(w), d if w == x else vals[w]) for w in primary]
        return all(
            symbolic.is_true(symbolic.simplify(symbolic.substitute(here[e.get_id()], pr)))
            for e in eqs_of[x]
        )

    lowered = True
    while lowered:
        lowered = False
        for x in eqs_of:
            for d in sorted(n.model.domains[x]):
                dv = symbolic.value(d)
                if symbolic.is_true(symbolic.simplify(dv == vals[x])):
                    break
                if allowed(x, dv):
                    vals[x], lowered = dv, True
                    break
    sub = []
    for v in primary:
        if v not in eqs_of:
            sub.append((n.enc.var(v), vals[v]))
            continue
        dom = sorted(n.model.domains[v])
        others = [(n.enc.var(w), vals[w]) for w in primary if w != v]
        term = symbolic.value(dom[-1])
        for d in reversed(dom[:-1]):
            dv = symbolic.value(d)
            holds = symbolic.substitute(symbolic.mk_and(eqs_of[v]), [*others, (n.enc.var(v), dv)])
            term = symbolic.mk_ite(holds, dv, term)
        sub.append((n.enc.var(v), term))
    return sub
