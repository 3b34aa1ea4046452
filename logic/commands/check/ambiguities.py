"""Owns the ambiguity search: a scenario with two outcomes (self-composition: two copies of
the outcome variables over one scenario, asked to differ in what anyone sees)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import Model, Session
from logic.commands.check.findings import Finding, Klass
from logic.commands.check.night import Night, _pick_of, _value
from logic.commands.check.search import Search
from logic.commands.check.strata import family, parts, second_count, second_parts


def _about_wins(differing: list[str]) -> bool:
    """The outcomes differ in who wins (or whether the game goes on): every player of the
    scenario counts, idle or not."""
    return any(d.split(":", 1)[0].endswith((" wins", "goes on")) for d in differing)


def _named(names: Sequence[str], differing: list[str]) -> list[str]:
    """The players the differing atoms name ("Ann (night 2) dies: no / yes"): the
    witness seats them, idle or not (the Mayor's death moved onto an idle Soldier)."""
    words = {w for d in differing for w in re.findall(r"\w+", d.split(":", 1)[0])}
    return [p for p in names if p in words]


class Ambiguities(Search):
    """The ambiguity search of a check."""

    def ambiguities(self, toggled: list[Any] = ()) -> Iterator[Finding]:  # type: ignore[assignment]
        """Self-composition. A scenario with two outcomes is found by one solver over two
        copies of the night (these queries are the hard ones), and its class (the roles
        acting) is blocked, which removes its supersets;
        the search ends when no scenario with two outcomes is left. It goes up by players
        (`sizes`: the classes a small night shows are blocked in the larger ones, which
        search only for what needs more players) and, within a night, by the number of
        actions: so the witness of each class has the fewest actions, and the classes
        reported are the smallest (`minimal_only` drops a class met before a smaller one
        inside it). A part's model is then asked of the whole query with its scenario
        fixed (`_Whole.settle`): an action the ambiguity does not need is taken off,
        since a smaller scenario ruled out by a part, or by a cause blocked, may still
        be ambiguous.

        `toggled` switches (a ruling's, for `ask`) are one open choice, all on or all
        off: one search then covers the night with them and without them (each finding
        says which in `with_toggled`), and its last query proves both sides have no
        class left at once."""
        found: list[tuple[Klass, bool | None]] = []  # (class, with the toggled switches)
        # (the families of open choices met deciding an ambiguity: `_cause`; not for `ask`,
        # whose answer lists each class a ruling settles)
        causes: list[tuple[str, ...]] | None = None if toggled else []
        side = symbolic.boolean("with:toggled")
        sizes = self.sizes()
        for size in sizes:
            night = self.night_at(size)
            yield from self._ambiguities_at(night, toggled, side, found, size < sizes[-1], causes)

    def _ambiguities_at(
        self,
        n: Night,
        toggled: list[Any],
        side: Any,
        found: list[tuple[Klass, bool | None]],
        deepen: bool,
        causes: list[tuple[str, ...]] | None = None,
    ) -> Iterator[Finding]:
        """The search in night `n`, every class in `found` (from smaller nights) blocked.
        It asks the query's parts in turn (`strata.parts`: two halves in a small night,
        finer parts at the bound), each in a solver of its own, and blocks each class
        met in all.

        `causes` (a list, for `check`): an ambiguity decided by an open choice of the
        host is reported once per cause: the families of open choices (`strata.family`)
        that must differ for the outcomes to, in its scenario (`_cause`), then blocked
        (the copies agree on one of its families) in every part, here and in the larger
        nights: another scenario where that choice alone decides is the same finding
        again (DCTP's `past:now`, for some 150 pairs of roles, in the second half, where
        the same actions take place; its `detention:on`, whether an action on the
        detained player takes place, with 36 roles' actions in the first half), and is
        not listed. An ambiguity no open choice decides (a cycle of the rules' own) has
        no cause: its class alone is blocked."""
        common = [*n.all_on(but=toggled), *(x == side for x in toggled), *self.in_share(n)]
        common += [
            symbolic.implies(side == on, n.block(k)) if toggled else n.block(k) for k, on in found
        ]
        names = self._primary_names(n)
        choices = [v for v in names if not v.startswith("ok:")]
        # (a cause of one family met in a smaller night: the copies share its choices)
        alone = {c[0] for c in causes or () if len(c) == 1}
        agreed = frozenset(v for v in choices if family(v, n.names) in alone)
        halves, second = self._halves(n, names, common, agreed, causes, deepen)
        added: list[Any] = []  # (what every half was given since: bounds, classes blocked)
        actions = n.actions()
        where = f"ambiguity search ({len(n.names)} players)"
        # (one scenario's questions: its smallest witness, its cause; built when first met)
        whole = _Whole(self, n, names, [*n.all_on(but=toggled), *(x == side for x in toggled)])
        # A small night goes up by the number of actions (most classes are met there, and
        # a bound on actions prunes each query); the night at the bound, which has few
        # classes left to meet, asks without one first and then looks for fewer.
        bounds = range(1, len(actions) + 1) if deepen else [None]
        for bound in bounds:
            # (each bound is an assumption, not a push and pop: what the solver learned
            # under one bound holds under the next)
            under: list[Any] = []
            if bound is not None:
                under = [symbolic.boolean(f"actions<={bound}")]
                at_most = symbolic.at_most([(x, 1) for x in actions], bound)
                added.append(symbolic.implies(under[0], at_most))
                for search in halves:
                    search.add(added[-1])
            # (a class met in one part is blocked in all: one that had none left has none.
            # A cause of one family met in a part of the second half builds its parts
            # again: the search starts over at the first of them, or it would miss the
            # pairs the new first part has and the old did not)
            k = 0
            while k < len(halves):
                search = halves[k]
                while True:
                    self.progress(f"{where} ({self.report.queries} queries)")
                    r = self.check(search, where, *under)
                    if r == "unknown":
                        return
                    if r == "unsat":
                        k += 1
                        break
                    m = self._fewest(search, n, actions) if bound is None else search.model()
                    on = _value(m, side) if toggled else None
                    # (the witness's actions are all needed, and its cause: `_Whole.settle`)
                    m, cause = whole.settle(
                        m, side if toggled else None, k in second, agreed, causes
                    )
                    env_a, env_b = n.env(m, n.copy("a")), n.env(m, n.copy("b"))
                    klass = n.klass(env_a)
                    # (a smaller scenario whose cause was met before: the same finding
                    # again, not listed; its class is blocked all the same)
                    again_met = bool(cause) and cause in (causes or ())
                    if cause and causes is not None and not again_met:
                        causes.append(cause)
                    added.append(self._block(n, klass, side, on, toggled, halves))
                    found.append((klass, on))
                    grown = agreed | {v for v in choices if family(v, n.names) in cause[:1]}
                    again = len(cause) == 1 and bool(second) and grown != agreed
                    if cause and not again_met:  # (no part meets this cause again)
                        self._block_cause(n, choices, cause, halves, second)
                    if again:
                        agreed = grown
                        given = [*common, *added]
                        halves[second.start :] = self._again(
                            n, names, agreed, given, causes, deepen
                        )
                        search = halves[k]
                    if not again_met:
                        yield self._finding(n, env_a, env_b, klass, on, cause)
                    if again and k > second.start:
                        k = second.start
                        break

    def _block_cause(
        self,
        n: Night,
        choices: list[str],
        cause: tuple[str, ...],
        halves: list[Session],
        second: range,
    ) -> None:
        """Cause `cause` blocked in every part of the first half, and in the second's when
        it has several families (one family: the second half is built again with the
        copies sharing its choices, `_again`)."""
        for j, search in enumerate(halves):
            if j not in second or len(cause) > 1:
                search.add(self._cause_block(n, choices, cause))

    def _block(
        self, n: Night, klass: Klass, side: Any, on: Any, toggled: list[Any], halves: list[Session]
    ) -> Any:
        """Class `klass` blocked in every part (on its side of the `toggled` switches)."""
        blocked = symbolic.implies(side == on, n.block(klass)) if toggled else n.block(klass)
        for search in halves:
            search.add(blocked)
        return blocked

    def _halves(
        self,
        n: Night,
        names: list[str],
        common: list[Any],
        agreed: frozenset[str],
        causes: list[tuple[str, ...]] | None,
        deepen: bool,
    ) -> tuple[list[Session], range]:
        """The parts of the query (`strata.parts`; a small night's second half cut by
        layers of signals too: `strata.second_count`), each in a solver of its own given
        `common`, and which of them are the second half's (when the night has open
        choices left and `causes` is a list: the causes of several families blocked
        there; every cause in the others). A search going up by actions runs many queries on one solver, which Z3's
        incremental SAT solver does faster; a single hard query, bit-blasted afresh."""
        choices = [v for v in names if not v.startswith("ok:")]
        halves = []
        for half in parts(n, names, fine=not deepen, agreed=agreed, layered=deepen):
            search = self.session("QF_FD" if deepen else "blast")
            search.add(*half, *common)
            halves.append(search)
        left = len(agreed) < len(choices) and causes is not None
        count = second_count(n, deepen)
        second = range(len(halves) - count, len(halves)) if left else range(0)
        for k in range(len(halves)):
            # (the first half: every cause met, of one family or more, blocked; the
            # second: those of several, the copies sharing the others' choices)
            mine = [c for c in causes or () if c and (k not in second or len(c) > 1)]
            halves[k].add(*(self._cause_block(n, choices, c) for c in mine))
        return halves, second

    def _again(
        self,
        n: Night,
        names: list[str],
        agreed: frozenset[str],
        given: list[Any],
        causes: list[tuple[str, ...]] | None,
        deepen: bool,
    ) -> list[Session]:
        """The second half's parts again, each in a solver of its own, after a cause of
        one family was met: their copies share that family's choices and what they
        define (cheaper than the same with equations); `given`: what every half was
        given, with the causes of several families blocked."""
        choices = [v for v in names if not v.startswith("ok:")]
        out = []
        for part in second_parts(n, names, agreed, layered=deepen):
            search = self.session("QF_FD" if deepen else "blast")
            search.add(*part, *given)
            search.add(*(self._cause_block(n, choices, c) for c in causes or () if len(c) > 1))
            out.append(search)
        return out

    def _finding(
        self,
        n: Night,
        env_a: dict[str, Any],
        env_b: dict[str, Any],
        klass: Klass,
        on: bool | None,
        cause: tuple[str, ...],
    ) -> Finding:
        """The finding of a scenario with two outcomes (copies a and b)."""
        differing, whys = n.differing(env_a, env_b)
        title = " + ".join(Night.names_of(klass))
        return Finding(
            "ambiguous",
            f"{title}: the rules allow two outcomes",
            Night.names_of(klass),
            self.sentences(klass, whys),
            n.witness(
                env_a,
                f"ambiguous: {title}",
                ["ambiguous"],
                _about_wins(differing),
                _named(n.names, differing),
            ),
            tuple(differing),
            with_toggled=on,
            choices=cause,
        )

    def _cause(
        self, search: Session, n: Night, m: Model, choices: list[str], first: bool = False
    ) -> tuple[str, ...]:
        """The families of open choices (`strata.family`) that decide the ambiguity of
        model `m`: those its two copies differ in, less each one that, made equal in
        both copies with the scenario fixed, still leaves two outcomes (one query each,
        of one scenario: quick). A query that ends `unknown` keeps its family (the cause
        is then larger, and blocks less). In the second half (the same actions take
        place) some choice must differ, so one family left is the cause unasked; in the
        `first` half (the actions that take place differ: `search` is given so) it is
        asked too, and none may be left (a cycle of the rules' own: no cause)."""
        a, b = n.copy("a"), n.copy("b")

        def fam(v: str) -> str:
            return family(v, n.names)

        differ = [v for v in choices if not symbolic.holds(m, a.var(v) == b.var(v))]
        left = list(dict.fromkeys(fam(v) for v in differ))
        if len(left) < (1 if first else 2):
            return tuple(left)
        scen = sorted(n.model.scenario_vars)
        fixed = [n.enc.var(v) == symbolic.evaluate(m, n.enc.var(v)) for v in scen]
        equal: list[Any] = []
        for f in list(left):
            same = [a.var(v) == b.var(v) for v in choices if fam(v) == f]
            search.push()
            search.add(*fixed, *equal, *same)
            r = self.trial(search)
            search.pop()
            if r == "sat":
                left.remove(f)
                equal += same
        return tuple(left)

    def _cause_block(self, n: Night, choices: list[str], cause: tuple[str, ...]) -> Any:
        """No two outcomes that differ in every family of `cause` (copies a and b agree
        on one of them: each of its choices the same)."""
        a, b = n.copy("a"), n.copy("b")
        return symbolic.any_of(
            [
                symbolic.all_of(*(a.var(v) == b.var(v) for v in choices if family(v, n.names) == f))
                for f in cause
            ]
        )

    def _fewest(self, search: Session, n: Night, actions: list[Any]) -> Model:
        """The model of `search`, or one with fewer actions while there is one with the
        same players' roles and factions (its seats: fixed, they leave a small query; the
        same question over every seating of the night at the bound ran over its budget
        on Turtle and cost as much as the search). The class found is then the smallest
        of its seating, not always of the night: a smaller class met later drops it
        (`minimal_only`), and the search still ends only when no class is left, so the
        classes reported are the same. These queries only make a witness smaller: one
        that ends `unknown` leaves it as it is, and is no unknown of the search."""

        def taken(m: Model) -> int:
            return sum(1 for x in actions if symbolic.holds(m, x))

        m = search.model()
        seats = [
            n.enc.var(v) == symbolic.evaluate(m, n.enc.var(v))
            for v in sorted(n.model.scenario_vars)
            if v.startswith(("role:", "fac:"))
        ]
        k = taken(m)
        while k > 1:
            search.push()
            search.add(*seats, symbolic.at_most([(x, 1) for x in actions], k - 1))
            r = self.trial(search)
            if r == "sat":
                m = search.model()
                k = taken(m)
            search.pop()
            if r != "sat":
                break
        return m

    def _primary_names(self, n: Night) -> list[str]:
        """The outcome proper: each outcome variable that is not defined by the others
        (ok:i, which the night's equations define in a cycle, is one), whose values fix
        every other outcome variable (the paradox search substitutes the definitions the
        same way)."""
        scen = set(n.model.scenario_vars)
        return [
            v
            for v in sorted(n.model.domains)
            if v not in scen and (v not in n.model.definitions or v.startswith("ok:"))
        ]

    def _primaries(self, n: Night) -> tuple[list[Any], list[Any]]:
        """The outcome proper in copy a and copy b (`_primary_names`)."""
        names = self._primary_names(n)
        a, b = n.copy("a"), n.copy("b")
        return [a.var(v) for v in names], [b.var(v) for v in names]

    def _pairs(self, n: Night) -> list[tuple[Any, Any]]:
        """Each observable signal in copy a and copy b."""
        terms = list(n.sig_terms.values())
        return list(zip(n.renamed_all(terms, "a"), n.renamed_all(terms, "b"), strict=True))


class _Whole:
    """The whole ambiguity query of night `n` (no parts, no class or cause blocked), asked
    of one scenario at a time (quick): is it ambiguous at all once an action is off, and
    what decides it. The search's parts and blocks say only where a pair of outcomes is
    new: a witness's actions are needed or not by this question, which is the one a
    reader asks of it (`ruling resolve`). A cause blocked made a witness keep an action
    that the ambiguity did not need, only its cause (Turtle's 3-player night: 'Cid kills
    Ann' beside a Monk, a Traitor and a Redirector of the Mafia, whose ambiguity without
    the kill needed the 'winner' choice too, a cause already reported; issue 26)."""

    def __init__(self, search: Ambiguities, n: Night, names: list[str], base: list[Any]) -> None:
        self.search = search
        self.n = n
        self.base = base  # (the switches on, the toggled ones as one)
        self.oks = [v for v in names if v.startswith("ok:")]
        self.choices = [v for v in names if not v.startswith("ok:")]
        self._session: Session | None = None

    def session(self) -> Session:
        """Copies a and b of the night over one scenario, differing in what anyone sees
        (built when first asked)."""
        if self._session is None:
            n = self.n
            in_a = n.in_copy("a")
            in_b = n.in_copy("b")
            differ = [x != y for x, y in zip(in_a[1:], in_b[1:], strict=True) if not x.eq(y)]
            self._session = self.search.session("QF_FD")
            self._session.add(*self.base, in_a[0], in_b[0], symbolic.any_of(differ))
        return self._session

    def fixed(self, m: Model, but: set[str] = frozenset()) -> list[Any]:  # type: ignore[assignment]
        """Model `m`'s scenario, but for the variables `but`."""
        var = self.n.enc.var
        return [
            var(v) == symbolic.evaluate(m, var(v))
            for v in sorted(self.n.model.scenario_vars)
            if v not in but
        ]

    def settle(
        self,
        m: Model,
        side: Any,
        second: bool,
        agreed: frozenset[str],
        causes: list[tuple[str, ...]] | None,
    ) -> tuple[Model, tuple[str, ...]]:
        """Model `m` of a part, its scenario with no action the ambiguity does not need
        (`smallest`), and its cause (`Ambiguities._cause`, when `causes` is a list): of
        `m` itself when no action was taken off (a part's pair: of the first half, whose
        copies agree on one family of each cause met, or of the second, which agree on
        the `agreed` choices and on one family of each cause of several); of a pair of
        outcomes of the smaller scenario otherwise: one that differs in the actions that
        take place with every cause met blocked if it has one, else one that differs so
        (its cause may be one met before), else one the blocked second half has, else
        one it does not (its cause covers one met before: the class is new, smaller than
        the one met, and is listed unless its cause is one met before exactly, the same
        finding again: Turtle's 5-player night met four classes of 'early' with a fifth
        role whose action it did not need, now one class, not listed). A pair whose
        actions that take place differ has a cause too when an open choice decides
        which do (DCTP's `detention:on`: whether an action on the detained player takes
        place, met with 36 roles' actions, one class each, before it was one finding)."""
        s, n = self.session(), self.n
        a, b = n.copy("a"), n.copy("b")
        also = [] if side is None else [side == symbolic.evaluate(m, side)]
        small = self.smallest(m, also)
        if causes is None:
            return (m if small is None else small), ()
        same_ok = [a.var(v) == b.var(v) for v in self.oks]
        blocked = [
            *same_ok,
            *(a.var(v) == b.var(v) for v in sorted(agreed)),
            *(self.search._cause_block(n, self.choices, c) for c in causes if len(c) > 1),
        ]
        first = [symbolic.any_of([x != y for x, y in zip(*self._oks(), strict=True)])]
        if small is None:  # (`m` is a pair of a part: of the blocked first or second half)
            given = [*self.fixed(m), *also, *(blocked if second else first)]
            return m, self._cause_in(m, given, first=not second)
        fixed = [*self.fixed(small), *also]
        # (the first half with every cause met blocked: a new cause, if it has one)
        new = [*first, *(self.search._cause_block(n, self.choices, c) for c in causes if c)]
        for given in (new, first, blocked, same_ok):
            s.push()
            s.add(*fixed, *given)
            r = self.search.trial(s)
            got = s.model() if r == "sat" else None
            s.pop()
            if got is not None:
                asked = given is new or given is first  # (a pair of the first half)
                return got, self._cause_in(got, [*fixed, *given], first=asked)
        return small, ()  # (a query ended unknown: no cause found, none blocked)

    def _oks(self) -> tuple[list[Any], list[Any]]:
        a, b = self.n.copy("a"), self.n.copy("b")
        return [a.var(v) for v in self.oks], [b.var(v) for v in self.oks]

    def _cause_in(self, m: Model, given: list[Any], first: bool = False) -> tuple[str, ...]:
        """`Ambiguities._cause` of model `m`, the session given `given` (`first`: a pair
        whose actions that take place differ)."""
        s = self.session()
        s.push()
        s.add(*given)
        try:
            return self.search._cause(s, self.n, m, self.choices, first)
        finally:
            s.pop()

    def smallest(self, m: Model, also: list[Any]) -> Model | None:
        """A model of a scenario of `m` less actions, none of which can be taken off
        with the scenario still ambiguous (the scenario fixed but for that action and
        its slot's pick: one query each, quick), or None when every action of `m` is
        needed. A query that ends `unknown` keeps its action, and is no unknown of the
        search (`trial`)."""
        s, n = self.session(), self.n
        out = None
        again = True
        while again:
            again = False
            for name in n.action_names():
                x = n.enc.var(name)
                if not symbolic.holds(m, x):
                    continue
                s.push()
                s.add(symbolic.negation(x), *self.fixed(m, {name, _pick_of(name)}), *also)
                r = self.search.trial(s)
                if r == "sat":
                    m = out = s.model()
                    again = True
                s.pop()
        return out
