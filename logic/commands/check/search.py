"""Owns what every search of a check shares (`Search`, the base of `Checker`): its bounds
and nights, its part of the work (`share`), its deadline, its queries and their unknowns,
the sentences a finding cites, and a minimal core of sentences in a fixed scenario."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import Session, Status
from logic.commands.check.bounds import NAMES, SMALL, seatable
from logic.commands.check.findings import Klass, Report
from logic.commands.check.night import Night
from logic.model.ir import Role, Ruleset, Why, canon


class Search:
    """The state and helpers of the searches of `ruling check` for one ruleset at one bound."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int = 5,
        timeout: float = symbolic.DEFAULT_TIMEOUT,
        progress: Callable[[str], None] | None = None,
        paradox_players: int = 4,
        nights: int = 1,
        deadline: float | None = None,
        roles: list[Role] | None = None,
        share: tuple[int, int] = (0, 1),
        day: bool = False,
    ) -> None:
        """`timeout` bounds each query, `deadline` (a `time.perf_counter` time) the whole
        run: a query past it is `unknown` at once. `roles` limits the pool the symbolic
        nights deal from (default: every role of the ruleset). `share` (i, k) makes this
        checker search part i of k (`parts.py`: `check --jobs`): the scenarios whose first
        player's role is i modulo k, and every k-th sentence of the dead rules and
        redundant rulings (each part builds its own nights: `parts.run_part`). `day`: each
        night is followed by its day (a ruling about the day: `ask`), when the ruleset
        says how a lynch goes."""
        if not 0 <= share[0] < share[1]:
            raise ValueError(f"share must be a part i of k, not {share}")
        self.share = share
        self.pool = roles
        if not 2 <= players <= len(NAMES):
            raise ValueError(f"players must be between 2 and {len(NAMES)}")
        self.rs = ruleset
        self.timeout = timeout
        self.deadline = deadline
        self.progress = progress or (lambda _: None)
        requested = players
        players = seatable(ruleset, players)
        self.report = Report(ruleset, players, min(players, paradox_players))
        if players < requested:
            self.report.skipped.append(
                f"{requested} players: the ruleset has {len(ruleset.roles)} roles and does not "
                f"duplicate them, so nights were checked with {players}"
            )
        self.nights = nights
        self.report.nights = nights
        self.players = players
        self.requested = requested  # (a process of its own seats them again: `seatable`)
        self._nights: dict[int, Night] = {}
        self._days: dict[int, Night] = {}  # (one night and the day after: `day_at`)
        self.day = day

    @property
    def night(self) -> Night:
        """The symbolic night at the bound (built when first wanted, before the deadline,
        or `OutOfTime`)."""
        return self.night_at(self.players)

    def night_at(self, players: int) -> Night:
        """The symbolic night with `players` players (each built once)."""
        players = min(players, self.players)
        if self.day:
            return self.day_at(players)
        if players not in self._nights:
            self._nights[players] = Night(
                self.rs, NAMES[:players], self.pool, self.nights, self.deadline
            )
        return self._nights[players]

    def day_at(self, players: int) -> Night:
        """The symbolic night with `players` players and the day after it (chained nights
        have their days already: that night), built once. Only for a ruleset that says
        how a lynch goes: a chain has no day without one."""
        if self.nights > 1 and not self.day:
            return self.night_at(players)
        players = min(players, self.players)
        if players not in self._days:
            self._days[players] = Night(
                self.rs, NAMES[:players], self.pool, self.nights, self.deadline, day=True
            )
        return self._days[players]

    def sizes(self) -> list[int]:
        """The bounds a search goes through, smallest first. A scenario of three players
        is one of five with two more who do nothing, so whatever the small night shows
        holds at the bound too, and its queries are many times quicker: a search meets
        most findings there, and the night at the bound is left to prove what needs more
        players (or that nothing does)."""
        top = self.players
        return sorted({min(SMALL, top), top})

    # ------------------------------------------------------------ helpers
    def mine(self, item: int) -> bool:
        """Whether the `item`-th sentence a search goes through is this part's (`share`)."""
        return item % self.share[1] == self.share[0]

    def in_share(self, n: Night) -> list[Any]:
        """This part's scenarios of night `n` (`share`): those whose first player's role
        is i modulo k. Players are listed in role order (the symmetry breaking of
        `SymbolicNight.constraints`), so that role is the smallest one dealt; every
        scenario is in exactly one part."""
        i, k = self.share
        if k == 1:
            return []
        v = f"role:{n.names[0]}"
        if v not in n.model.domains:  # (a fixed role: the first part takes every scenario)
            return [symbolic.value(i == 0)]
        return [symbolic.remainder(n.enc.var(v), k) == i]

    def out_of_time(self) -> bool:
        """Has the whole run's deadline passed? (Work before a query is skipped then.)"""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def session(self, logic: str | None = None) -> Session:
        """A solver session for a query of this search: each check within `timeout` and
        before the whole run's deadline (`symbolic.make_solver`'s `logic`), limited by
        its work (Z3's rlimit), not the wall clock: a verdict does not depend on the
        machine's load."""
        return Session(self.timeout, logic, deadline=self.deadline, deterministic=True)

    def check(self, s: Session, what: str, *assumptions: Any) -> Status:
        """A query of session `s` (counted; an unknown is reported, with why)."""
        self.report.queries += 1
        r = s.check(*assumptions)
        if r == "unknown":
            over = self.deadline is not None and time.perf_counter() >= self.deadline
            self.report.unknown.append(f"{what}: unknown ({self.why_unknown(s, over)})")
        return r

    def trial(self, s: Session, *assumptions: Any) -> Status:
        """A query that only makes something already found smaller (a witness's actions):
        counted, but an `unknown` is not reported, since it leaves what was found as it
        was and the search as complete as before."""
        self.report.queries += 1
        return s.check(*assumptions)

    def why_unknown(self, s: Session, over: bool = False) -> str:
        """Why a query ended `unknown`: the command's deadline, its budget of work (about
        `timeout` seconds of an idle machine), or the wall-clock safety net."""
        if over:
            return "the command's --timeout ran out"
        why = s.reason()
        if why == "over its budget of work":
            return f"over its budget of work, about {self.timeout:g} s of an idle machine"
        if why == "out of time":
            return f"out of time after {symbolic.cap(self.timeout):g} s of the wall clock"
        return why

    def sentences(self, klass: Klass, whys: list[Why] | None = None) -> tuple[Why, ...]:
        """The sentences a finding involves: those of its acting roles (and the nightkill
        when it acts), their priority entries, and the engine axioms cited."""
        names = {canon(r) for r, _ in klass}
        kills = any(k == "kill" for _, k in klass)
        pool = list(whys or ())
        if whys is None:
            for r, _ in klass:
                role = self.rs.role(r)
                for ab in role.abilities if role else ():
                    pool.extend(e.why for e in (*ab.effects, *ab.restrictions))
            if kills:
                pool.extend(k.why for k in self.rs.nightkills)
        out: list[Why] = []
        for w in pool:
            head = canon(w.text.split(":", 1)[0])
            if (
                w.kind == "axiom" or head in names or (kills and "nightkill" in w.text.lower())
            ) and w not in out:
                out.append(w)
        for p in self.rs.priority:
            if (
                (p.subject and canon(p.subject) in names) or (kills and p.nightkill_of)
            ) and p.why not in out:
                out.append(p.why)
        return tuple(out)

    def _fix(self, n: Night, env: dict[str, Any]) -> list[Any]:
        return [n.enc.var(v) == symbolic.value(x) for v, x in env.items()]

    def core_at(self, n: Night, env: dict[str, Any]) -> tuple[Why, ...]:
        """The sentences that cannot all hold in one fixed scenario (a minimal core over
        the sentence switches)."""
        s = self.session()
        s.add(n.valid, *self._fix(n, {k: v for k, v in env.items() if not k.startswith("on:")}))
        flags = list(n.switch.values())
        if self.check(s, "core", *flags) != "unsat":
            return ()

        def probe(trial: list[Any]) -> Status:  # (the switches left out are off)
            rest = [symbolic.negation(f) for f in flags if not any(f.eq(t) for t in trial)]
            return self.trial(s, *trial, *rest)  # (an unknown keeps that sentence)

        core = symbolic.shrink(s.core(flags), probe)
        names = {str(f) for f in core}
        return tuple(w for name, w in n.model.switches.items() if name in names)
