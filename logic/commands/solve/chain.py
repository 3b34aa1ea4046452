"""The chain: nights 1..K of the observed game (`chain.chain`) over the named players
and one virtual player per role the anonymous players may hold, as Z3 terms (`Chain`),
with one term per fact, the setup's counts and the points' literals; which players
are named and which anonymous (`order`); and what a result text renders (`renders`)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import Encoding, mk_and, mk_eq, mk_not, mk_or
from logic.commands.solve.liars import Liars
from logic.commands.solve.priors import root_roles, space_of
from logic.effects import vote
from logic.engine import chain
from logic.lang.errors import Loc, RulingError
from logic.lang.observations import Fact, Setup
from logic.model import frame
from logic.model.chain import action, qualify, who
from logic.model.expr import FALSE, TRUE, Const, Expr, Not, Var, any_of, conj, eq, implies, neg
from logic.model.ir import Why, canon
from logic.model.semantics import Atom, TextSource


def order(
    setup: Setup, everyone: bool = False, also: Sequence[str] = ()
) -> tuple[list[str], list[str]]:
    """The named players (the observer and the flipped first), and the anonymous ones:
    never named by a fact, a target or a result text, nor in `also` (`everyone`: none
    are)."""
    s = setup
    fixed = [s.me] + [f.subject for f in s.facts if f.kind == "flip"]
    named = (
        fixed
        + [f.obj for f in s.facts if f.subject == s.me and f.obj in s.players]
        + [f.subject for f in s.facts if f.subject]
        + [f.obj for f in s.facts if f.obj in s.players]
    )
    said = [
        x
        for f in s.facts
        if f.kind in ("learn", "says_learned")
        for x in f.obj.split(", ")
        if x in s.players
    ]
    named = list(dict.fromkeys(named + said + list(also) + (list(s.players) if everyone else [])))
    return named, [p for p in s.players if p not in named]


class Chain:
    """Nights 1..K of the observed game (`chain.chain`) over the named players and one
    virtual player per role (copy) the anonymous players may hold, as Z3 terms; one term
    per fact; the setup's counts; and the points' literals."""

    def __init__(
        self,
        setup: Setup,
        liars: Liars = "non-town",
        unseen: frozenset[int] = frozenset(),
        everyone: bool = False,
        bake: bool = True,
        also: Sequence[str] = (),
    ) -> None:
        self.setup = setup
        self.unseen = unseen  # nights whose deaths were not announced yet
        self.rs = setup.ruleset
        self.liars = liars
        self.named, self.anon = order(setup, everyone, also)
        # the observer's and the flipped roles are constants (`bake`), or facts a core
        # can name
        self.root = root_roles(setup) if bake else {}
        self.free = [p for p in self.named if p not in self.root]
        roles = setup.roles
        pool = setup.pool  # the kinds: points give each player one
        self.space = space_of(setup, self.root, len(self.free), len(self.anon))
        # virtual players: (kind, copy) -> name
        self.copies: dict[tuple[int, int], str] = {}
        for k, r in enumerate(pool):
            c = self.space.copies(k)
            for j in range(c):
                self.copies[k, j] = f"[{r.name}]" if c == 1 else f"[{r.name} {j + 1}]"
        self.virtual = {name: k for (k, _), name in self.copies.items()}
        self.players: tuple[str, ...] = (*self.named, *self.virtual)
        self.index = {p: i for i, p in enumerate(self.players)}  # the nights' numbering
        self.dead_before: dict[tuple[str, int], frozenset[str]] = {}
        self._deaths()
        known = [self.dead_before[("night", n)] for n in range(1, setup.nights + 1)]
        fixed = {p: pool[k].role for p, k in {**self.root, **self.virtual}.items()}
        absent = {v: Not(Var(f"present:{v}")) for v in self.virtual}
        self.acts = self._my_acts() if bake else [{} for _ in range(setup.nights)]
        # the days whose votes were seen are played out: the lynch follows from the votes;
        # so are the days with a lynch when the ruleset has days (`chain`'s default), their
        # votes open: what the day changes (records revert) then carries on
        self.voted = sorted({f.phase[1] for f in setup.facts if f.kind == "vote" and f.phase})
        lynches = {f.phase[1] for f in setup.facts if f.kind == "lynched" and f.phase}
        self.days = sorted(set(self.voted) | (lynches if self.rs.lynch is not None else set()))
        model = chain(
            self.rs,
            self.players,
            setup.nights,
            roles,
            known,
            readers=self.readers(),
            fixed=fixed,
            absent=absent,
            acts=self.acts,
            known_days={n: self.dead_before[("day", n)] for n in self.days},
        )
        # the world solver counts every assignment: no symmetry breaking
        model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
        for v in self.virtual:
            model.domains[f"present:{v}"] = [False, True]
        self.model = model
        self.enc = Encoding(model, onehot=[f"role:{p}" for p in self.free])
        self.present = {v: self.enc.var(f"present:{v}") for v in self.virtual}
        self._bits: dict[tuple[str, int], Any] = {}
        self.base: list[Any] = self.enc.equations()
        self.factions = self._fixed_factions()
        self.base += self.factions
        self.base += [symbolic.boolean(s) for s in sorted(model.switches)]
        self.setup_terms = self._setup_terms()
        self.facts: list[tuple[Why, Any]] = self._fact_terms()

    def _my_acts(self) -> list[dict[str, Expr]]:
        """The observer's own actions, night by night, as constants of the nights (when
        the facts state them without contradiction; otherwise they stay facts)."""
        s = self.setup
        me = s.me
        out: list[dict[str, Expr]] = []
        for n in range(1, s.nights + 1):
            mine = [
                f
                for f in s.facts
                if f.phase == ("night", n) and f.kind in ("target", "kill", "nothing")
            ]
            kinds = Counter(f.kind for f in mine)
            known: dict[str, Expr] = {}
            if mine and max(kinds.values()) == 1 and not ("nothing" in kinds and len(kinds) > 1):
                for f in mine:
                    k = self.index[f.obj] if f.obj else 0
                    if f.kind == "target":
                        known[f"uses:{me}"], known[f"tgt:{me}"] = TRUE, Const(k)
                    elif f.kind == "kill" and self.rs.nightkills:
                        known[f"kills:{me}"], known[f"ktgt:{me}"] = TRUE, Const(k)
                if self.rs.nightkills and "kill" not in kinds:
                    known[f"kills:{me}"] = FALSE
                if "target" not in kinds:
                    known[f"uses:{me}"] = FALSE
            out.append(known)
        return out

    def refit(self, setup: Setup) -> Chain:
        """This chain for observations that only add results of its own nights (the
        nights, built already, are kept; the facts are read anew)."""
        if setup is self.setup:
            return self
        other = copy.copy(self)
        other.setup = setup
        other.facts = other._fact_terms()
        return other

    def readers(self) -> set[str]:
        """Players whose results the observations report."""
        return {self.setup.me} | {f.subject for f in self.setup.facts if f.kind == "says_learned"}

    def bit(self, p: str, k: int) -> Any:
        """Free named player p is of kind k (holds its role, in its faction)."""
        got = self._bits.get((p, k))
        if got is None:
            x = self.setup.pool[k]
            got = self.enc.bit(f"role:{p}", x.role)
            if self.setup.kinds and f"fac:{p}" in self.model.domains:
                fac = self.enc.var(f"fac:{p}") == self.rs.factions.index(x.faction)
                got = mk_and([got, fac])
            got = self._bits[p, k] = got
        return got

    def _fixed_factions(self) -> list[Any]:
        """The factions of the players whose kind is known (the observer, the flipped,
        the virtual players), where a role leaves it open."""
        if not self.setup.kinds:
            return []
        out = []
        for p, k in {**self.root, **self.virtual}.items():
            if f"fac:{p}" in self.model.domains:
                f = self.rs.factions.index(self.setup.pool[k].faction)
                out.append(self.enc.var(f"fac:{p}") == f)
        return out

    def kind_term(self, p: str, k: int) -> Expr:
        """p is of kind k, as an expression of the nights."""
        if p in self.root:
            return Const(self.root[p] == k)
        x = self.setup.pool[k]
        held = eq(Var(f"role:{p}"), Const(x.role))
        if self.setup.kinds and f"fac:{p}" in self.model.domains:
            return conj(held, eq(Var(f"fac:{p}"), Const(self.rs.factions.index(x.faction))))
        return held

    # ------------------------------------------------------------ history
    def _deaths(self) -> None:
        dead: set[str] = set()
        for n in range(1, self.setup.nights + 1):
            self.dead_before[("night", n)] = frozenset(dead)
            dead |= {
                f.subject for f in self.setup.facts if f.kind == "died" and f.phase == ("night", n)
            }
            self.dead_before[("day", n)] = frozenset(dead)
            dead |= {
                f.subject for f in self.setup.facts if f.kind == "lynched" and f.phase == ("day", n)
            }

    # ------------------------------------------------------------ setup
    def role_is(self, p: str, role: str) -> Expr:
        """p holds `role` ("ROLE (FACTION)": in that faction)."""
        return any_of(self.kind_term(p, k) for k in self.setup.kinds_of(role))

    def faction_is(self, p: str, faction: str) -> Expr:
        return any_of(
            self.kind_term(p, k)
            for k, x in enumerate(self.setup.pool)
            if canon(x.faction) == canon(faction)
        )

    def _setup_terms(self) -> list[Any]:
        """The points: each free named player holds one role (its one-hot domain, in
        `base`), no role more often than its cap, copies present in order, the anonymous
        players' number, each faction's number; and no one present targets an absent
        virtual player."""
        sp = self.space
        out = self._kind_terms()
        roles = range(sp.roles)
        for k in roles:
            holders = [(self.bit(p, k), 1) for p in self.free]
            holders += [(self.present[self.copies[k, j]], 1) for j in range(sp.copies(k))]
            if holders:
                out.append(symbolic.at_most(holders, sp.caps[k]))
            if sp.low(k):
                out.append(
                    symbolic.at_least(holders, sp.low(k)) if holders else symbolic.value(False)
                )
            for j in range(1, sp.copies(k)):
                out.append(
                    symbolic.implies(
                        self.present[self.copies[k, j]], self.present[self.copies[k, j - 1]]
                    )
                )
        if self.virtual:
            out.append(symbolic.exactly([(x, 1) for x in self.present.values()], sp.anon))
        for faction, n in sp.need:
            members = [
                (self.bit(p, k), 1) for p in self.free for k in roles if sp.factions[k] == faction
            ]
            members += [
                (self.present[v], 1) for v, k in self.virtual.items() if sp.factions[k] == faction
            ]
            out.append(symbolic.exactly(members, n) if members else symbolic.value(n == 0))
        index = self.index
        for n in range(1, self.setup.nights + 1):
            for p in self.players:
                here = self.present.get(p, symbolic.value(True))
                for acts, aim in (("uses", "tgt"), ("kills", "ktgt")):
                    name = qualify(f"{acts}:{p}", n)
                    if name not in self.model.domains:
                        continue
                    act, target = self.enc.var(name), self.enc.var(qualify(f"{aim}:{p}", n))
                    for v, x in self.present.items():
                        aimed = mk_and([act, here, mk_eq(target, symbolic.value(index[v]))])
                        out.append(mk_or([mk_not(aimed), x]))
        return out

    def _kind_terms(self) -> list[Any]:
        """Where a role may be given to players of several factions: each free named
        player is of one kind, and a role's kinds share its cap."""
        sp = self.space
        if not self.setup.kinds:
            return []
        out = [mk_or([self.bit(p, k) for k in range(sp.roles)]) for p in self.free]
        for ks in sp.groups():
            if len(ks) < 2:
                continue
            holders = [(self.bit(p, k), 1) for p in self.free for k in ks]
            holders += [
                (self.present[self.copies[k, j]], 1) for k in ks for j in range(sp.copies(k))
            ]
            if holders:
                out.append(symbolic.at_most(holders, sp.family_cap(ks)))
        return out

    # ------------------------------------------------------------ facts
    def v(self, name: str, night: int) -> Expr:
        """An action variable of `night`, or its value when the nights know it."""
        return action(self.acts, name, night)

    def atom(self, kind: str, p: str, night: int) -> Expr:
        return self.model.atoms.get(Atom(kind, who(p, night)), FALSE)

    def lynch(self, p: str, day: int) -> Expr:
        """p is lynched on `day` (a day whose votes were seen)."""
        return self.model.atoms.get(Atom("lynched", f"{p} (day {day})"), FALSE)

    def vote_var(self, p: str, day: int) -> Var:
        return Var(qualify(f"vote:{p}", day, "d"))

    def _fact_terms(self) -> list[tuple[Why, Any]]:
        s = self.setup
        me = self.kind_term(s.me, s.me_kind)
        out: list[tuple[Why, Any]] = [(s.me_why, self.enc.term(me))]
        for f in s.facts:
            out.append((f.why, self.enc.term(self.fact_expr(f))))
        for n in range(1, s.nights + 1):
            if n in self.unseen:
                continue
            named = {f.subject for f in s.facts if f.kind == "died" and f.phase == ("night", n)}
            quiet = [neg(self.atom("dies", p, n)) for p in self.players if p not in named]
            why = Why(
                Loc(s.setup_why.loc.file, 0, 0),
                f"no one else died on night {n} (every death is announced)",
                "observation",
            )
            out.append((why, self.enc.term(conj(*quiet))))
        for n in self.days:
            loc = Loc(s.setup_why.loc.file, 0, 0)
            if n in self.voted:
                voters = {f.subject for f in s.facts if f.kind == "vote" and f.phase == ("day", n)}
                silent = [
                    eq(self.vote_var(p, n), Const(vote.NO_ONE))
                    for p in self.players
                    if p not in voters
                ]
                why = Why(
                    loc, f"no one else voted on day {n} (every vote is announced)", "observation"
                )
                out.append((why, self.enc.term(conj(*silent))))
            said = {f.subject for f in s.facts if f.kind == "lynched" and f.phase == ("day", n)}
            kept = [neg(self.lynch(p, n)) for p in self.players if p not in said]
            why = Why(
                loc, f"no one else was lynched on day {n} (every death is announced)", "observation"
            )
            out.append((why, self.enc.term(conj(*kept))))
        return out

    def fact_expr(self, f: Fact) -> Expr:
        s = self.setup
        n = f.phase[1] if f.phase else 1
        honest = self.faction_is(f.subject, s.rest) if self.liars == "non-town" else FALSE
        match f.kind:
            case "target" | "kill" | "nothing":
                return self._my_action(f, n)
            case "learn" | "learn_nothing":
                return self._learns(f.subject, f, n)
            case "died":
                return self.atom("dies", f.subject, n)
            case "lynched":
                dead = self.dead_before[("day", n)]
                same_day = [g for g in s.facts if g.kind == "lynched" and g.phase == f.phase]
                known = Const(f.subject not in dead and same_day[0] == f)
                return conj(known, self.lynch(f.subject, n)) if n in self.days else known
            case "no_lynch":
                if n in self.days:
                    return conj(*(neg(self.lynch(p, n)) for p in self.players))
                return Const(not any(g.kind == "lynched" and g.phase == f.phase for g in s.facts))
            case "vote":
                target = self.index[f.obj] if f.obj else vote.NO_ONE
                alive = f.subject not in self.dead_before[("day", n)]
                return conj(Const(alive), eq(self.vote_var(f.subject, n), Const(target)))
            case "flip":
                return self.role_is(f.subject, f.obj)
            case "claims_role":
                return implies(honest, self.role_is(f.subject, f.obj))
            case "says_targeted":
                did = conj(
                    self.v(f"uses:{f.subject}", n),
                    eq(self.v(f"tgt:{f.subject}", n), Const(self.index[f.obj])),
                )
                return implies(honest, did)
            case "says_learned":
                return implies(honest, self._learns(f.subject, f, n))
        raise AssertionError(f.kind)

    def _my_action(self, f: Fact, n: int) -> Expr:
        me = self.setup.me
        stated = {g.kind for g in self.setup.facts if g.phase == f.phase}
        has_kill = bool(self.rs.nightkills)
        if f.kind == "kill" and not has_kill:
            raise RulingError(f"{self.rs.name} has no nightkill", f.why.loc, f.why.text)
        uses, kills = self.v(f"uses:{me}", n), self.v(f"kills:{me}", n)
        k = self.index[f.obj] if f.obj else -1
        match f.kind:
            case "target":
                x = conj(uses, eq(self.v(f"tgt:{me}", n), Const(k)))
                return conj(x, neg(kills)) if has_kill and "kill" not in stated else x
            case "kill":
                x = conj(kills, eq(self.v(f"ktgt:{me}", n), Const(k)))
                return x if "target" in stated else conj(x, neg(uses))
        return conj(neg(uses), neg(kills)) if has_kill else neg(uses)

    def sources(self, p: str, n: int) -> list[TextSource]:
        return [t for t in self.model.texts if t.actor == who(p, n)]

    def _learns(self, p: str, f: Fact, n: int) -> Expr:
        sources = self.sources(p, n)
        kinds = ("learn", "says_learned")
        said = [
            g.obj
            for g in self.setup.facts
            if g.kind in kinds and g.phase == f.phase and g.subject == p
        ]
        if f.kind == "learn_nothing":
            return conj(*(neg(t.gate) for t in sources))
        some = any_of(conj(t.gate, renders(t, f.obj)) for t in sources)
        return conj(some, self.only(p, n, said))

    def only(self, p: str, n: int, texts: Sequence[str]) -> Expr:
        """p's results on night n are among `texts` (none at all when it is empty)."""
        return conj(
            *(implies(t.gate, any_of(renders(t, x) for x in texts)) for t in self.sources(p, n))
        )

    def exactly(self, p: str, n: int, texts: Sequence[str]) -> Expr:
        """p's results on night n are `texts`, each of them and no other (none at all
        when it is empty)."""
        sources = self.sources(p, n)
        each = [any_of(conj(t.gate, renders(t, x)) for t in sources) for x in texts]
        return conj(self.only(p, n, texts), *each)

    def learned(self, m: symbolic.Model, p: str, n: int) -> tuple[str, ...]:
        """p's results on night n in model m."""
        out = set()
        for src in self.sources(p, n):
            if not symbolic.holds(m, self.enc.term(src.gate)):
                continue
            if src.text is not None:
                out.add(src.text)
                continue
            names = sorted(
                {name for cond, name in src.pieces if symbolic.holds(m, self.enc.term(cond))}
            )
            out.add(", ".join(names) if names else "no one")
        return tuple(sorted(out))


def renders(src: TextSource, text: str) -> Expr:
    """Whether `src` gives exactly `text` (a fixed text, or a listing of names)."""
    if src.text is not None:
        return Const(src.text == text)
    has: dict[str, list[Expr]] = {}
    for cond, name in src.pieces:
        has.setdefault(name, []).append(cond)
    wanted = set() if text == "no one" else set(text.split(", "))
    if not wanted <= set(has):
        return FALSE
    return conj(*(any_of(c) if x in wanted else neg(any_of(c)) for x, c in has.items()))
