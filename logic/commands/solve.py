"""Owns `ruling solve`: which worlds (role assignments) are consistent with what one
player has seen, counted exactly, and how likely each player is to be each role.

A world is consistent when SOME choice of the other players' legal actions, resolved by
the ruleset's semantics, yields every observation. The nights are the checker's chained
symbolic nights (`chain.chain`: one semantics, roles and actions as variables), told
who died when and building only the results someone reports; Z3 answers every
question about them.

Anonymous players. Players the observations never name are interchangeable, so they
are not modelled one by one: each role they might hold gets a VIRTUAL player who holds
it and is present (alive, able to act and be targeted) exactly when some anonymous
player holds that role (a role that may be held k times gets k copies, present in
order). A POINT fixes the named players' roles and which virtual players are present;
it stands for every world that arranges those roles over the anonymous players, and
`count.py` counts them.

The cover. A loop asks Z3 for a point that no earlier answer covers and decides it:
  - consistent: Z3 gives a witness (the actions; players stay idle where they can). It
    is widened into a policy (a faction's kill, or an action that stops or saves
    someone, is taken by the first player who can, the witness's actor first) and
    substituted into the nights, leaving a formula over the roles and presences: every
    point it holds for is consistent, whatever else is true of it. All those points are
    covered at once (any policy is sound; a good one covers more);
  - inconsistent: a small unsat core of the point's literals ("Bob is not the Doctor",
    "no anonymous player is the Jailer"), shrunk by deletions that Z3 shows sound within
    `PROBE` seconds, is a box of points, all inconsistent.
When no point is left, the consistent worlds are every world less those in the
inconsistent boxes, which are few (measured: 4 or 5 on the casebook's games): their
union is split into disjoint boxes and counted with the marginals (`count.py`). The
queries are many and small: Z3's SAT-based finite-domain solver (QF_FD) answers them
3-4x faster than its default solver here.

Assumptions (stated in the output): every role assignment the setup allows is equally
likely; players of the faction that takes the rest of the table (the uninformed
majority, Town) tell the truth, others may claim anything (`liars="all"`: every claim
may be false); every death is announced; on a day whose votes are given, every vote
is (the lynch then follows from them by the ruleset's day rules, `chain.day`); night N
comes before day N.
"""

from __future__ import annotations

import copy
import functools
import gc
import math
import multiprocessing
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal, ParamSpec, TypeVar, cast

import z3

from logic.backends import count, symbolic
from logic.backends.symbolic import Encoding, mk_and, mk_eq, mk_ite, mk_not, mk_or
from logic.commands import may_spawn
from logic.effects import vote
from logic.effects.investigate import Investigate, Result
from logic.lang.errors import Loc, RulingError
from logic.lang.observations import Fact, Setup
from logic.model import frame
from logic.model.chain import action, chain, qualify, who
from logic.model.expr import FALSE, TRUE, Const, Expr, Not, Var, any_of, conj, eq, implies, neg
from logic.model.ir import Why, canon
from logic.model.semantics import Atom, TextSource

Liars = Literal["non-town", "all"]
DEFAULT_TIMEOUT = 120.0
EXAMPLES = 3
APART = 1_000_000  # role assignments from which --suggest counts beside, in a process of its own
PROBE = 0.02  # seconds for each deletion tried when shrinking a core
LOGIC = "QF_FD"  # Z3's SAT-based solver: 3-4x faster here than the default (measured)
FALSE_TERM = z3.BoolVal(False)


# ----------------------------------------------------------------------------- counting


def fill(
    caps: Sequence[tuple[str, int]],
    free: int,
    need: dict[str, int],
    anon: int = 0,
    out: frozenset[int] = frozenset(),
) -> int:
    """How many ways `free` distinguishable players can take roles, given each role's
    faction and how many more players may hold it (`caps`), when faction f must get
    exactly `need[f]` of them. The last `anon` of the players may not take the roles
    numbered in `out`. (Cached: sampling asks the same counts many times.)"""
    return _fill(tuple(caps), free, tuple(need.items()), anon, frozenset(out))


@functools.lru_cache(maxsize=65536)
def _fill(
    caps: tuple[tuple[str, int], ...],
    free: int,
    needs: tuple[tuple[str, int], ...],
    anon: int,
    out: frozenset[int],
) -> int:
    """`fill` by exponential generating functions: a role that k players may hold contributes
    sum x^i y^j / (i! j!) over i + j <= k (j = 0 when it is out for the `anon` group)."""
    need = dict(needs)
    named = free - anon
    if named < 0 or any(v < 0 for v in need.values()) or sum(need.values()) != free:
        return 0
    tables = []
    for faction, k in need.items():
        poly: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
        for r, (f, cap) in enumerate(caps):
            if canon(f) != canon(faction) or cap <= 0:
                continue
            new: dict[tuple[int, int], Fraction] = {}
            for (i0, j0), c in poly.items():
                for i in range(min(cap, named - i0, k - i0 - j0) + 1):
                    top = 0 if r in out else min(cap - i, anon - j0, k - i0 - j0 - i)
                    for j in range(top + 1):
                        key = (i0 + i, j0 + j)
                        new[key] = new.get(key, Fraction(0)) + c / (
                            math.factorial(i) * math.factorial(j)
                        )
            poly = new
        tables.append({key: c for key, c in poly.items() if sum(key) == k})
    total: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for table in tables:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (i0, j0), c0 in total.items():
            for (i, j), c in table.items():
                if i0 + i <= named and j0 + j <= anon:
                    key = (i0 + i, j0 + j)
                    nxt[key] = nxt.get(key, Fraction(0)) + c0 * c
        total = nxt
    n = total.get((named, anon), Fraction(0)) * math.factorial(named) * math.factorial(anon)
    assert n.denominator == 1
    return int(n)


def cap_of(setup: Setup) -> int:
    """How many players may hold one role: one when roles are not duplicated."""
    return 1 if setup.ruleset.unique_roles is not None else max(len(setup.players), 1)


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


def root_roles(setup: Setup) -> dict[str, int]:
    """The kinds (roles, with their faction where it is open) known for certain: the
    observer's own and the flipped ones (a flip that leaves the faction open is a fact)."""
    fixed = {setup.me: setup.me_kind}
    for f in setup.facts:
        if f.kind == "flip":
            ks = setup.kinds_of(f.obj)
            if len(ks) == 1:
                fixed.setdefault(f.subject, ks[0])
    return fixed


def space_of(setup: Setup, root: dict[str, int], named: int, anon: int) -> count.Space:
    """The points' space when the players of `root` hold its kinds: per kind its faction
    and how many more may hold it (the role's cap, shared by its kinds; a count the
    ruleset fixes, such as its town vanilla, as the kind's fewest and most), and each
    faction's number of the other players."""
    pool = setup.pool
    held = Counter(root.values())
    held_role = Counter(pool[k].role for k in root.values())
    exact = dict(setup.exact)
    family_caps = tuple(setup.cap(r) - held_role[r] for r in range(len(setup.roles)))
    caps, lows = [], []
    for k, x in enumerate(pool):
        hi, lo = family_caps[x.role], 0
        if k in exact:
            lo = exact[k] - held[k]
            hi = min(hi, lo)
        caps.append(hi)
        lows.append(lo)
    need = tuple(
        (canon(f), n - sum(canon(pool[k].faction) == canon(f) for k in root.values()))
        for f, n in setup.counts
    )
    factions = tuple(canon(x.faction) for x in pool)
    if setup.kinds:
        family = tuple(x.role for x in pool)
        return count.Space(
            factions, tuple(caps), named, anon, need, family, family_caps, tuple(lows)
        )
    return count.Space(factions, tuple(caps), named, anon, need, lows=tuple(lows) if exact else ())


def prior(setup: Setup) -> int:
    """Every role assignment the setup allows (the prior's support)."""
    space = space_of(setup, {}, 0, len(setup.players))
    return count.count(space, space.full(), marginals=False).worlds


# ----------------------------------------------------------------------------- the chain


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
        self.base += [z3.Bool(s) for s in sorted(model.switches)]
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
                out.append(z3.PbLe(holders, sp.caps[k]))
            if sp.low(k):
                out.append(z3.PbGe(holders, sp.low(k)) if holders else z3.BoolVal(False))
            for j in range(1, sp.copies(k)):
                out.append(
                    z3.Implies(self.present[self.copies[k, j]], self.present[self.copies[k, j - 1]])
                )
        if self.virtual:
            out.append(z3.PbEq([(x, 1) for x in self.present.values()], sp.anon))
        for faction, n in sp.need:
            members = [
                (self.bit(p, k), 1) for p in self.free for k in roles if sp.factions[k] == faction
            ]
            members += [
                (self.present[v], 1) for v, k in self.virtual.items() if sp.factions[k] == faction
            ]
            out.append(z3.PbEq(members, n) if members else z3.BoolVal(n == 0))
        index = self.index
        for n in range(1, self.setup.nights + 1):
            for p in self.players:
                here = self.present.get(p, z3.BoolVal(True))
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
                out.append(z3.PbLe(holders, sp.family_cap(ks)))
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

    def learned(self, m: z3.ModelRef, p: str, n: int) -> tuple[str, ...]:
        """p's results on night n in model m."""
        out = set()
        for src in self.sources(p, n):
            if not z3.is_true(m.eval(self.enc.term(src.gate), model_completion=True)):
                continue
            if src.text is not None:
                out.add(src.text)
                continue
            names = sorted(
                {
                    name
                    for cond, name in src.pieces
                    if z3.is_true(m.eval(self.enc.term(cond), model_completion=True))
                }
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


# ----------------------------------------------------------------------------- results


@dataclass
class SolveResult:
    setup: Setup
    status: Literal["sat", "unsat", "unknown"]
    worlds: int
    setups: int  # every role assignment the setup allows (the prior's support)
    roles: dict[str, dict[str, int]]  # player -> role -> worlds
    factions: dict[str, dict[str, int]]  # player -> faction -> worlds
    examples: list[dict[str, str]]
    core: list[Why]
    liars: Liars
    seconds: float = 0.0
    queries: int = 0
    unknown: str | None = None
    assumptions: tuple[str, ...] = ()
    witnesses: int = 0  # consistent points whose witness covered a set of points
    boxes: int = 0  # inconsistent boxes
    sample: Sample | None = None
    bounds: tuple[int, int] | None = None  # on a timeout: fewest and most consistent worlds

    def certain(self) -> dict[str, str]:
        """Players whose role (or else faction) is the same in every consistent world."""
        out: dict[str, str] = {}
        if not self.worlds:
            return out
        for p in self.setup.players:
            role = [r for r, n in self.roles[p].items() if n == self.worlds]
            faction = [f for f, n in self.factions[p].items() if n == self.worlds]
            if role:
                out[p] = role[0]
            elif faction:
                out[p] = faction[0]
        return out


@dataclass
class Sample:
    """A Monte Carlo estimate (`--sample N`): N role assignments drawn uniformly from the
    prior, each decided exactly; worlds ~ setups x hits / N with a 95% Wilson interval."""

    drawn: int
    hits: int
    low: float  # the interval of the consistent fraction
    high: float
    unknown: int = 0  # draws whose query ran out of time (left out)


ASSUMPTIONS = (
    "every role assignment the setup allows is equally likely a priori (uniform prior)",
    "every death is announced: a player not said to die on a night survived it",
    "night N comes before day N",
)


def assumptions(setup: Setup, liars: Liars) -> tuple[str, ...]:
    votes = (
        "every vote is announced: on a day whose votes are given, a player not said to vote cast none",
    )
    return (
        ASSUMPTIONS
        + (votes if any(f.kind == "vote" for f in setup.facts) else ())
        + (
            (f"players of the {setup.rest} faction tell the truth; others may claim anything",)
            if liars == "non-town"
            else ("any claim may be false",)
        )
    )


def by_faction(setup: Setup, tally: dict[str, Counter[str]]) -> dict[str, dict[str, int]]:
    """Per player, the worlds (or draws) in which they are of each faction."""
    faction_of = {x.name: x.faction for x in setup.pool}
    out: dict[str, dict[str, int]] = {}
    for p, roles in tally.items():
        out[p] = {}
        for r, n in roles.items():
            out[p][faction_of[r]] = out[p].get(faction_of[r], 0) + n
    return out


class _Timeout(Exception):
    pass


# ----------------------------------------------------------------------------- the cover


@dataclass
class Cover:
    """What the loop has shown: consistent points (with the worlds they stand for) and
    boxes of inconsistent points."""

    witnesses: list[dict[str, int]] = field(default_factory=list)  # player -> role index
    boxes: list[count.Box] = field(default_factory=list)


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
        self.chain = c = chain.refit(setup) if chain else Chain(setup, liars, unseen, everyone)
        self.queries = 0
        self.s = symbolic.make_solver(timeout, LOGIC)
        self.s.add(*c.base, *c.setup_terms, *(t for _, t in c.facts))
        self.points = [
            *c.enc.domain_constraints([f"role:{p}" for p in c.free]),
            *c.setup_terms,
            *c.factions,
        ]
        self.find = symbolic.make_solver(timeout, LOGIC)  # the points not covered yet
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
        self.forced = {
            n: [
                k
                for k, x in enumerate(setup.pool)
                if any(
                    ab.frequency.allows(n, 0) and ab.forced is not None
                    for ab in setup.roles[x.role].abilities
                )
            ]
            for n in range(1, setup.nights + 1)
        }
        # 'p does nothing on night n' (an action they must take aims at themselves, who
        # are always there to be aimed at), one Boolean per player, night and slot
        self.idle: dict[tuple[str, int, str], Any] = {}
        index = c.index
        for p in (*c.free, *c.virtual):
            for n in range(1, setup.nights + 1):
                uses, kills = qualify(f"uses:{p}", n), qualify(f"kills:{p}", n)
                if uses in c.model.domains:
                    x = self.idle[p, n, "ability"] = z3.Bool(f"idle:{p}@{n}")
                    forced = self.forced_term(p, n)
                    aim = c.enc.var(qualify(f"tgt:{p}", n))
                    self.s.add(z3.Implies(x, c.enc.var(uses) == forced))
                    self.s.add(z3.Implies(z3.And(x, forced), aim == index[p]))
                if kills in c.model.domains:
                    x = self.idle[p, n, "kill"] = z3.Bool(f"idle-kill:{p}@{n}")
                    self.s.add(z3.Implies(x, z3.Not(c.enc.var(kills))))
        # each player's slots, per night: their 'takes place' variables
        self.slot: dict[tuple[str, int, str], str] = {}
        seen: Counter[tuple[str, str]] = Counter()
        for name, actor in c.model.slot_vars:
            night = name.rsplit("@n", 1)[1]
            kind = "kill" if seen[actor, night] else "ability"  # the ability, then the kill
            seen[actor, night] += 1
            self.slot[actor, int(night), kind] = name

    # ------------------------------------------------------------ helpers
    def left(self) -> float:
        return self.timeout - (time.perf_counter() - self.start)

    def check(self, s: z3.Solver, *assumptions: Any) -> str:
        left = self.left()
        if left <= 0:
            raise _Timeout
        s.set("timeout", max(1, int(left * 1000)))
        self.queries += 1
        if s is self.s:
            assumptions = (*self.assume, *assumptions)
        r = symbolic.check(s, assumptions)
        if r == "unknown":
            raise _Timeout
        return r

    def forced_term(self, p: str, n: int) -> Any:
        c = self.chain
        if p in c.virtual:
            return z3.BoolVal(c.virtual[p] in self.forced[n])
        return mk_or([c.bit(p, k) for k in self.forced[n]])

    # ------------------------------------------------------------ points
    def point(self, m: z3.ModelRef) -> tuple[dict[str, int], dict[str, bool]]:
        """The point of model m: the free named players' roles, the virtual presences."""
        c = self.chain
        roles = {p: self.kind_in(m, p) for p in c.free}
        present = {v: z3.is_true(m.eval(x, model_completion=True)) for v, x in c.present.items()}
        return roles, present

    def kind_in(self, m: z3.ModelRef, p: str) -> int:
        """Free named player p's kind in model m."""
        c = self.chain
        for k in range(len(self.setup.pool)):
            if z3.is_true(m.eval(c.bit(p, k), model_completion=True)):
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
        return [x for x in out if not z3.is_false(x) and not z3.is_true(x)]

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
        self.find.add(z3.Not(self.covered(witness, {**world, **self.chain.virtual})))

    def refute(self, roles: dict[str, int], present: dict[str, bool]) -> None:
        """Cover the box of a small unsat core of an inconsistent point."""
        core = self.shrink(self.literals(roles, present))
        self.done.boxes.append(self.box(core))
        self.find.add(z3.Not(z3.And(core)) if core else z3.BoolVal(False))

    def shrink(self, lits: list[Any]) -> list[Any]:
        """A small unsat core of an inconsistent point's literals: Z3's core, shrunk by
        deleting one literal at a time. Showing that a deletion leaves an inconsistent
        box is cheap, while finding the consistent point that refutes it is not: each
        deletion gets `PROBE` seconds, and a literal whose deletion is not shown sound
        by then stays (the core is then still sound, only less general)."""
        if self.check(self.s, *lits) != "unsat":
            raise AssertionError("a point inconsistent with its idle players is consistent")
        core = self._core(lits)
        i = 0
        while i < len(core):
            trial = core[:i] + core[i + 1 :]
            if self.probe(self.s, trial) == "unsat":
                core = self._core(trial)
            else:
                i += 1
        return core

    def probe(self, s: z3.Solver, lits: list[Any]) -> str:
        """A check bounded by `PROBE` seconds: `unknown` when it runs out."""
        limit = min(PROBE, self.left())
        if limit <= 0:
            raise _Timeout
        s.set("timeout", max(1, int(limit * 1000)))
        self.queries += 1
        return symbolic.check(s, [*self.assume, *lits] if s is self.s else lits)

    def _core(self, lits: list[Any]) -> list[Any]:
        said = {x.get_id() for x in self.s.unsat_core()}
        return [x for x in lits if x.get_id() in said]

    def body(self) -> Any:
        """The nights and the facts as one term, definitions inlined, every sentence on:
        what a witness is substituted into."""
        if self._body is None:
            c = self.chain
            defs = self.definitions()
            facts = z3.And(*(t for _, t in c.facts))
            shared = getattr(c, "inlined", None)  # the nights, inlined once for every count
            if shared is None:
                self._body = self.inline(z3.And(*c.base, facts), defs)
            else:
                if not shared:
                    shared.append(self.inline(z3.And(*c.base), defs))
                self._body = z3.And(shared[0], self.inline(facts, defs))
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
        on = z3.BoolVal(True)
        return symbolic.substitute(term, [(z3.Bool(x), on) for x in c.model.switches])

    def covered(self, witness: dict[str, Any], world: dict[str, int]) -> Any:
        """Every point the witness explains: the nights and facts with the actions fixed
        by its policy (`policy`), a formula over roles and presences."""
        policy = self.policy(witness, world)  # (kept until the substitution is made: Z3
        # reuses the ids of terms let go, and the order of its terms steers its search)
        pairs = self.pairs(policy)
        return z3.simplify(symbolic.substitute(self.body(), pairs))

    def policy(
        self, witness: dict[str, Any], world: dict[str, int], idle: bool = False
    ) -> dict[str, Any]:
        """The witness as a policy: each variable's term over the roles and presences
        (`pairs` makes them pairs to substitute). The witness is widened first:
        an action is taken, on the same target, by the first player who can (the
        witness's actor first): for a faction's kill, its first member; for an ability
        that stops or saves someone, the first player with an ability of (at least)
        the same effects. So a witness also covers the points where its actors are
        others. With `idle`, a free named player the witness keeps idle (`decide`) is
        idle whatever their role (`idle_policy`): a role that must act aims at its
        holder, whoever that is. Any policy is sound: a point it satisfies is
        consistent."""
        c = self.chain
        subs = dict(witness)
        kept = self.idle_policy(witness, world, subs) if idle else set()
        busy = {
            (y, n)
            for (y, n, kind) in self.slot
            if kind == "ability"
            and z3.is_true(witness[qualify(f"uses:{y}", n)])
            and (y, n) not in kept
        }
        for (x, n, kind), ok in self.slot.items():
            acts, aim = ("kills", "ktgt") if kind == "kill" else ("uses", "tgt")
            if x == self.setup.me or not z3.is_true(witness[qualify(f"{acts}:{x}", n)]):
                continue
            if (x, n) in kept and kind == "ability":
                continue
            if kind == "kill":  # the faction's members
                faction = canon(self.setup.pool[world[x]].faction)
                able = frozenset(
                    k for k, r in enumerate(self.setup.pool) if canon(r.faction) == faction
                )
            else:  # the roles that can do what x did
                found = self.able(n, world[x])
                if found is None:
                    continue
                able = found
            dead = c.dead_before[("night", n)]
            others = [
                y
                for y in c.players
                if y not in (x, self.setup.me) and y not in dead and (y, n) not in busy
            ]
            earlier: Any = FALSE_TERM
            for y in [x, *others]:
                if (y, n, kind) not in self.slot:
                    continue
                able_y = self.holds(y, able)
                take = mk_and([able_y, mk_not(earlier)])
                acted, target = qualify(f"{acts}:{y}", n), qualify(f"{aim}:{y}", n)
                slot = self.slot[y, n, kind]
                aimed = witness[qualify(f"{aim}:{x}", n)]
                if y != x and kind == "ability" and (y, n) in kept:
                    # else the player's idle action, whatever their role
                    subs[acted] = mk_or([take, subs[acted]])
                    subs[target] = mk_ite(take, aimed, subs[target])
                    subs[slot] = mk_ite(take, witness[ok], subs[slot])
                else:
                    subs[acted] = take
                    subs[target] = mk_ite(take, aimed, witness[target])
                    # the action takes place as the witness's did (an action not taken
                    # fails)
                    subs[slot] = mk_and([take, witness[ok]])
                earlier = mk_or([earlier, able_y])
        return subs

    def idle_policy(
        self, witness: dict[str, Any], world: dict[str, int], subs: dict[str, Any]
    ) -> set[tuple[str, int]]:
        """Widen the idle actions of the witness's free named players into `subs`: a
        player the witness keeps idle on a night (acting only as their role must, on
        themselves) is idle whatever their role: they act, on themselves, exactly when
        the role they hold must (`forced_term`); such an action is guessed to take
        place as the witness's did, or, where the witness's player did not act, when
        they are alive (a wrong guess only covers fewer points). The (player, night)
        pairs so widened."""
        c = self.chain
        out: set[tuple[str, int]] = set()
        for (y, n, kind), slot in self.slot.items():
            if kind != "ability" or y not in c.free:
                continue
            acted, target = qualify(f"uses:{y}", n), qualify(f"tgt:{y}", n)
            forced = world[y] in self.forced[n]
            if z3.is_true(witness[acted]) != forced:
                continue
            me = symbolic.value(c.index[y])
            if forced and not witness[target].eq(me):
                continue
            must = self.forced_term(y, n)
            takes = witness[slot] if forced else z3.BoolVal(y not in c.dead_before[("night", n)])
            subs[acted] = must
            subs[target] = mk_ite(must, me, witness[target])
            subs[slot] = mk_and([must, takes])
            out.add((y, n))
        return out

    def pairs(self, policy: dict[str, Any]) -> list[tuple[Any, Any]]:
        """A policy's terms for the nights' variables, as pairs to substitute."""
        c = self.chain
        return [(c.enc.var(v), t) for v, t in policy.items() if v in c.model.domains]

    def able(self, n: int, role: int) -> frozenset[int] | None:
        """The kinds with an ability on night n whose effects include those of kind
        `role`'s (None when its ability only informs: nothing to stand in for)."""
        pool = self.setup.pool

        def kinds(r: int) -> list[frozenset[str]]:
            return [
                frozenset(
                    type(e).__name__ for e in ab.effects if not isinstance(e, Investigate | Result)
                )
                for ab in self.setup.roles[pool[r].role].abilities
                if ab.frequency.allows(n, 0)
            ]

        mine = [k for k in kinds(role) if k]
        if not mine:
            return None
        return frozenset(r for r in range(len(pool)) if any(k >= mine[0] for k in kinds(r)))

    def holds(self, p: str, roles: frozenset[int]) -> Any:
        """Whether p is (present and) of one of `roles`, over the point's variables."""
        c = self.chain
        if p in c.virtual:
            return c.present[p] if c.virtual[p] in roles else FALSE_TERM
        if p in c.root:
            return z3.BoolVal(c.root[p] in roles)
        return mk_or([c.bit(p, k) for k in sorted(roles)])

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
        status: Literal["sat", "unsat", "unknown"] = "sat"
        try:
            self.cover()
        except _Timeout:
            status, unknown = "unknown", f"unknown (timed out after {self.timeout:g} s)"
        return self.result(status, self.done, unknown)

    def result(
        self,
        status: Literal["sat", "unsat", "unknown"],
        done: Cover,
        unknown: str | None = None,
    ) -> SolveResult:
        c = self.chain
        sp = c.space
        setup = self.setup
        total = count.count(sp, sp.full())
        bad = count.count_union(sp, done.boxes)
        good = count.empty(sp)
        good.add(total)
        good.add(bad, -1)
        bounds = None
        if status == "unknown":
            low = sum(
                self.weight(w)
                for w in {tuple(sorted(w.items())): w for w in done.witnesses}.values()
            )
            bounds = (low, good.worlds)
            unknown = (
                f"{unknown}; between {low:,} and {good.worlds:,}: {low:,} worlds shown "
                f"consistent and {bad.worlds:,} ruled out before then, of the "
                f"{total.worlds:,} with your role and the flipped roles (try --sample N "
                "for an estimate)"
            )
        elif good.worlds == 0:
            status = "unsat"
        tally: dict[str, Counter[str]] = {p: Counter() for p in setup.players}
        if status == "sat":
            pool = setup.pool
            for p, k in c.root.items():
                tally[p][pool[k].name] = good.worlds
            for i, p in enumerate(c.free):
                for k, n in enumerate(good.named[i]):
                    if n:
                        tally[p][pool[k].name] = n
            for p in c.anon:
                for k, n in enumerate(good.anon):
                    if n:
                        tally[p][pool[k].name] = n
        examples: list[dict[str, str]] = []
        for w in done.witnesses:
            named = {p: setup.pool[w[p]].name for p in setup.players}
            if named not in examples:
                examples.append(named)
            if len(examples) == EXAMPLES:
                break
        return SolveResult(
            setup,
            status,
            good.worlds if status == "sat" else 0,
            prior(setup),
            {p: dict(n) for p, n in tally.items()} if status == "sat" else {},
            by_faction(setup, tally) if status == "sat" else {},
            examples if status == "sat" else [],
            self.core() if status == "unsat" else [],
            self.liars,
            time.perf_counter() - self.start,
            self.queries,
            unknown,
            assumptions(setup, self.liars),
            len(done.witnesses),
            len(done.boxes),
            bounds=bounds,
        )

    def weight(self, world: dict[str, int]) -> int:
        """The worlds a point stands for (its anonymous roles arranged)."""
        held = Counter(world[p] for p in self.chain.anon)
        n = math.factorial(len(self.chain.anon))
        for a in held.values():
            n //= math.factorial(a)
        return n

    # ------------------------------------------------------------ cores
    def core(self) -> list[Why]:
        """A minimal set of facts (and the setup) that cannot hold together. The
        observer's and the flipped roles are facts here, so the core can name them."""
        c = Chain(self.setup, self.liars, self.chain.unseen, bake=False)
        s = symbolic.make_solver(max(1.0, self.left()))
        s.add(*c.base)
        items: list[tuple[Why, Any]] = [(self.setup.setup_why, z3.And(*c.setup_terms)), *c.facts]
        flags = []
        for k, (_, term) in enumerate(items):
            f = z3.Bool(f"__fact{k}")
            s.add(z3.Implies(f, term))
            flags.append(f)
        if symbolic.status_of(s.check(*flags)) != "unsat":
            return []
        core = {x.get_id() for x in s.unsat_core()}
        kept = [k for k, f in enumerate(flags) if f.get_id() in core]
        i = 0
        while i < len(kept):
            trial = kept[:i] + kept[i + 1 :]
            r = symbolic.status_of(s.check(*[flags[k] for k in trial]))
            if r == "unsat":
                kept = trial
            elif r == "sat":
                i += 1
            else:
                break
        return [items[k][0] for k in kept]


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


@without_gc
def solve(setup: Setup, liars: Liars = "non-town", timeout: float = DEFAULT_TIMEOUT) -> SolveResult:
    """Every consistent world, counted exactly (or `unknown` when the budget runs out)."""
    return Solver(setup, liars, timeout).run()


# ----------------------------------------------------------------------------- sampling


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def draw(setup: Setup, rng: random.Random) -> dict[str, int]:
    """A role assignment of the prior with the observer's and the flipped roles, uniformly
    at random (one player at a time, each role weighed by the assignments it leaves)."""
    if setup.kinds or setup.exact:
        return _draw_kinds(setup, rng)
    roles = setup.roles
    cap = cap_of(setup)
    world = root_roles(setup)
    need = {f: n for f, n in setup.counts}
    for k in world.values():
        need[roles[k].faction] -= 1
    rest = [p for p in setup.players if p not in world]
    for i, p in enumerate(rest):
        used = Counter(world.values())
        options, weights = [], []
        for k, r in enumerate(roles):
            if cap - used[k] <= 0 or need[r.faction] <= 0:
                continue
            caps = [(x.faction, cap - used[j] - (j == k)) for j, x in enumerate(roles)]
            w = fill(caps, len(rest) - i - 1, {**need, r.faction: need[r.faction] - 1})
            if w:
                options.append(k)
                weights.append(w)
        k = rng.choices(options, weights)[0]
        world[p] = k
        need[roles[k].faction] -= 1
    return world


def _draw_kinds(setup: Setup, rng: random.Random) -> dict[str, int]:
    """`draw` where roles have kinds (a faction each) or the ruleset fixes a kind's count:
    each kind weighed by the worlds it leaves, counted by `count.py`."""
    world = root_roles(setup)
    rest = [p for p in setup.players if p not in world]
    for i, p in enumerate(rest):
        options, weights = [], []
        for k in range(len(setup.pool)):
            w = _completions(space_of(setup, {**world, p: k}, 0, len(rest) - i - 1))
            if w:
                options.append(k)
                weights.append(w)
        world[p] = rng.choices(options, weights)[0]
    return world


@functools.lru_cache(maxsize=65536)
def _completions(space: count.Space) -> int:
    """The ways the players left (all anonymous in `space`) complete an assignment."""
    return count.count(space, space.full(), marginals=False).worlds


@without_gc
def sample(
    setup: Setup,
    draws: int,
    liars: Liars = "non-town",
    timeout: float = DEFAULT_TIMEOUT,
    seed: int = 0,
) -> SolveResult:
    """An estimate from `draws` role assignments drawn uniformly from the prior (the
    observer's and flipped roles fixed), each decided exactly by Z3. `worlds` and the
    marginals then count the consistent draws; `sample` holds the interval."""
    sv = Solver(setup, liars, timeout)
    c = sv.chain
    support = count.count(c.space, c.space.full(), marginals=False).worlds
    if support == 0:
        # Nothing to draw from (the setup's own facts clash, e.g. "0 Mafia" with a Mafia
        # observer; found by the fuzzer, an IndexError): the exact answer, with the facts
        # that cannot hold together, costs no more than one draw.
        return sv.run()
    rng = random.Random(seed)
    tally: dict[str, Counter[str]] = {p: Counter() for p in setup.players}
    examples: list[dict[str, str]] = []
    hits = unknown = 0
    try:
        for _ in range(draws):
            world = draw(setup, rng)
            roles = {p: world[p] for p in c.free}
            held = Counter(world[p] for p in c.anon)
            present = {name: held[k] > j for (k, j), name in c.copies.items()}
            if sv.check(sv.s, *sv.literals(roles, present)) == "sat":
                hits += 1
                named = {p: setup.pool[k].name for p, k in world.items()}
                if len(examples) < EXAMPLES and named not in examples:
                    examples.append(named)
                for p, name in named.items():
                    tally[p][name] += 1
    except _Timeout:
        unknown = draws - hits
    done = draws - unknown
    low, high = wilson(hits, done)
    return SolveResult(
        setup,
        "sat",
        hits,
        support,
        {p: dict(n) for p, n in tally.items()},
        by_faction(setup, tally),
        examples,
        [],
        liars,
        time.perf_counter() - sv.start,
        sv.queries,
        None,
        assumptions(setup, liars),
        sample=Sample(done, hits, low, high, unknown),
    )


# ----------------------------------------------------------------------------- suggestions


@dataclass
class Suggestion:
    """One target for the observer's ability tonight: the results it could give, the
    consistent worlds after each, the worlds expected to be left, and the expected
    information gain in bits.

    The worlds after a result are those in which tonight's check CAN give it. A world can
    give more than one result: the result depends on what the other players do tonight
    (someone may roleblock or jail the observer, who then learns nothing) and on any step
    the rules leave random or open. So the counts can add up to more than the consistent
    worlds (nine.obs: every world gives "even" or "odd", and 696,600 of its 1,027,200
    can also give nothing). Both measures take every pair of a consistent world and a
    result it can give as equally likely: P(x) = W_x / sum W_y."""

    target: str
    outcomes: list[tuple[tuple[str, ...], int]]
    gain: float
    unknown: bool = False  # the time ran out before every result was counted
    expected: float = math.nan  # consistent worlds expected left: sum P(x) W_x

    @property
    def pairs(self) -> int:
        """The sum of the per-result counts: (world, result it can give) pairs."""
        return sum(w for _, w in self.outcomes)


@without_gc
def suggest(
    setup: Setup,
    liars: Liars = "non-town",
    timeout: float = DEFAULT_TIMEOUT,
    limit: int = 16,
    together: bool = True,
    apart: bool = True,
) -> tuple[SolveResult, list[Suggestion]]:
    """Rank tonight's targets for the observer's ability by the consistent worlds
    expected to be left after the result (fewest first), then by information gain.

    Tonight is night K+1 (K: the last night observed); its deaths are not known yet.
    For each target, Z3 lists the results the ability could give in some consistent
    world (at most `limit`); each result's worlds are counted exactly. With W_x worlds
    after result x and P(x) = W_x / sum W_y (every pair of a consistent world and a
    result it can give equally likely), the gain is the entropy of the result,
    sum P(x) log2(1 / P(x)): the bits the check is expected to tell; the worlds expected
    left are sum P(x) W_x (see `Suggestion`). Targets whose results were not all counted
    in time are listed last, gain unknown.

    The counts of every target and result share one chain and one solver (`_Tonight`);
    `together=False` counts each target's results apart instead, each from scratch
    (`_rank`: the straightforward way, slower, kept to check the shared one against).
    With `apart` (more than one core, and at least `APART` role assignments: a large
    game), a process of its own (`_beside`) runs the plain count (`solve`, which the
    ranking does not need) beside the ranking, and then, when one of the targets is an
    anonymous player, ranks the named targets, over nights that name no anonymous
    player: the anonymous target's nights name it, and their points are many more, so
    that its count alone costs about as much as all the others' over its nights (on
    nine.obs, 4.3 s of some 6: the named targets' take 3.6 s over their own nights,
    chain included). This process still lists every target's results (their order is
    Z3's over its nights), and counts the anonymous target's. Starting the process costs
    a small game more than its count."""
    start = time.perf_counter()
    night = setup.nights + 1
    dead = {f.subject for f in setup.facts if f.kind in ("died", "lynched")}
    anonymous = order(setup)[1]  # interchangeable: the first stands for all of them
    targets = [
        t for t in setup.players if t not in dead and (t not in anonymous or t == anonymous[0])
    ]
    pool = None
    # the named targets, ranked beside the anonymous one (see above)
    beside: list[str] = []
    try:
        if apart and setup.my_role.abilities and prior(setup) >= APART and may_spawn():
            if together and any(t in anonymous for t in targets):
                beside = [t for t in targets if t not in anonymous]
            pool = multiprocessing.get_context("spawn").Pool(1)
            pending = pool.apply_async(_beside, (setup, liars, timeout, beside, limit))
        else:
            base = solve(setup, liars, timeout)
            if base.status != "sat":
                return base, []
        left = timeout - (time.perf_counter() - start)
        if not setup.my_role.abilities:  # no ability: no one to target tonight
            tips: list[Suggestion | None] = []
        elif together:
            tonight = _Tonight(setup, targets, liars, left, limit)
            tips = tonight.rank(apart=beside)
        else:
            tips = [
                _rank(setup, t, night, liars, timeout - (time.perf_counter() - start), limit)
                for t in targets
            ]
        if pool is not None:
            try:  # (the count keeps to its own budget; a lost process is waited for no more)
                base, theirs = pending.get(
                    timeout=max(0.0, timeout - (time.perf_counter() - start)) + 30
                )
            except multiprocessing.TimeoutError:
                left = max(1e-3, timeout - (time.perf_counter() - start))
                base, theirs = _beside(setup, liars, left, beside, limit)
            if base.status != "sat":
                return base, []
            for t, tip in zip(beside, theirs, strict=True):
                tips[targets.index(t)] = tonight.ordered(tip)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    out: list[Suggestion] = []
    for tip in tips:
        if tip is None:
            continue
        out.append(tip)
        if tip.target in anonymous:
            out += [_swapped(tip, u) for u in anonymous[1:] if u not in dead]
    out.sort(key=lambda x: (x.unknown, x.expected, -x.gain))
    base.seconds = time.perf_counter() - start
    return base, [x if not x.unknown else replace(x, gain=math.nan) for x in out]


@without_gc
def _beside(
    setup: Setup, liars: Liars, timeout: float, targets: Sequence[str], limit: int
) -> tuple[SolveResult, list[Suggestion | None]]:
    """What `suggest` runs in a process of its own: the plain count, then (when it finds
    consistent worlds) the ranking of `targets` (`_Tonight`), within `timeout` in all."""
    start = time.perf_counter()
    base = solve(setup, liars, timeout)
    if base.status != "sat" or not targets:
        return base, [None for _ in targets]
    left = timeout - (time.perf_counter() - start)
    return base, _Tonight(setup, targets, liars, left, limit).rank()


def _swapped(tip: Suggestion, u: str) -> Suggestion:
    """`tip` (for an anonymous player) for the anonymous player `u`: the two are
    interchangeable, so a result naming one names the other (a Tracker's "Dee" for
    target Dee is "Eve" for target Eve)."""
    a = tip.target
    names = re.compile(rf"\b({re.escape(a)}|{re.escape(u)})\b")

    def swap(text: str) -> str:
        return names.sub(lambda m: u if m.group(1) == a else a, text)

    return replace(
        tip, target=u, outcomes=[(tuple(swap(x) for x in got), w) for got, w in tip.outcomes]
    )


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
            blocks.append(z3.Not(sv.chain.enc.term(sv.chain.exactly(me, night, got))))
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


def _tip(t: str, counted: list[tuple[tuple[str, ...], int]]) -> Suggestion:
    """Target t with each result's worlds: the gain and the worlds expected left (summed
    in the order of the counts, not of the results as listed: the same counts give the
    same figures, to the last bit, whatever order Z3 listed the results in)."""
    counts = sorted(w for _, w in counted)
    total = sum(counts)
    entropy = math.log2(max(total, 1)) - sum(w / total * math.log2(w) for w in counts if w)
    left = sum(w * w for w in counts) / total if total else 0.0
    return Suggestion(t, counted, entropy, expected=left)


Pair = tuple[str, tuple[str, ...]]  # a target and a result


class _Tonight:
    """Every target's results tonight, counted in one pass over one chain.

    The chain has nights 1..K+1 with the observer's action tonight left open (the first
    anonymous target, if any, named), so one solver serves every target: "I target t"
    and "I learn x" are guarded terms its queries assume. Each (target, result) pair
    has its own finder (its points not covered yet) and boxes, and is decided as a
    count is (`Solver`), with two kinds of sharing, both sound:
      - a witness found for one pair is widened into a policy (`Solver.policy`, which
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
            guard = z3.Bool(f"__target:{t}")
            sv.s.add(z3.Implies(guard, term))
            self.aim[t] = (guard, sv.inline(term, self.defs))
        self.results: dict[tuple[str, ...], tuple[Any, Any, Any]] = {}  # guard, term, inlined
        self.listed: dict[str, list[tuple[str, ...]]] = {}  # each target's results

    def result(self, got: tuple[str, ...]) -> tuple[Any, Any, Any]:
        """Result `got`'s guard, term, and term with the definitions inlined."""
        if got not in self.results:
            c, sv = self.c, self.sv
            term = c.enc.term(c.exactly(self.me, self.night, got))
            guard = z3.Bool(f"__result{len(self.results)}")
            sv.s.add(z3.Implies(guard, term))
            self.results[got] = (guard, term, sv.inline(term, self.defs))
        return self.results[got]

    def at(self, t: str) -> list[tuple[Any, Any]]:
        """The observer's action tonight as aimed at t (ability used on t, no kill)."""
        values = {
            "uses": z3.BoolVal(True),
            "tgt": symbolic.value(self.c.index[t]),
            "kills": z3.BoolVal(False),
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
        self.find: dict[Pair, z3.Solver] = {}
        self.boxes: dict[Pair, list[count.Box]] = {}
        for t in self.targets:
            if t in apart:
                continue
            for got in listed[t]:
                f = symbolic.make_solver(self.left, LOGIC)
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
            blocks.append(z3.Not(self.result(x)[1]))
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
        block = z3.Not(z3.And(core)) if core else FALSE_TERM
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
        policy = sv.policy(witness, {**world, **c.virtual}, idle=True)
        pairs = [(v, x) for v, x in sv.pairs(policy) if v.get_id() not in mine]
        nights = z3.simplify(symbolic.substitute(sv.body(), pairs))
        gives: dict[tuple[str, ...], Any] = {}
        for t in self.targets:
            todo = [got for (u, got) in self.find if u == t and (u, got) in self.open]
            if not todo:
                continue
            at = self.at(t)
            base = z3.simplify(symbolic.substitute(z3.And(nights, self.aim[t][1]), at))
            if z3.is_false(base):
                continue
            for got in todo:
                if got not in gives:
                    gives[got] = symbolic.substitute(self.result(got)[2], pairs)
                term = z3.simplify(z3.And(base, symbolic.substitute(gives[got], at)))
                if not z3.is_false(term):
                    self.find[t, got].add(z3.Not(term))
