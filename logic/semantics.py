"""Owns the meaning of a ruleset: IR + one phase of a scenario -> labelled constraints.

This is the one place where effect kinds get their semantics. A phase becomes a
`PhaseModel`: outcome variables with finite domains, equations over them (each labelled
with the sentences it came from), and the outcome atoms as expressions over the same
variables. Roles never appear here by name: an action's meaning comes from the effects,
restrictions and visiting class its sentences declared.

Outcome variables of a night:
  ok:i       action i takes place (not roleblocked, not aimed at an untargetable player,
             its actor alive when its tier comes, and no static restriction broken)
  first:i    for an intercepting action i: which later visitor is "the first" (-1: none)
  semi:i     for a semi-visiting action i: whether it visits (the rules leave it open)
Every other outcome (deaths, roleblocks, visits, results) is an expression over these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import frame
from .expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    Var,
    any_of,
    conj,
    disj,
    eq,
    iff,
    implies,
    label,
    neg,
)
from .ir import (
    Ability,
    Cond,
    Forced,
    Info,
    Intercept,
    Investigate,
    Jail,
    Kill,
    NoConsecutive,
    NoSelfTarget,
    Protect,
    Result,
    Role,
    Roleblock,
    Ruleset,
    VisitClass,
    Why,
    canon,
)

# ----------------------------------------------------------------------------- scenario values


@dataclass(frozen=True)
class Player:
    name: str
    role: Role
    faction: str


@dataclass(frozen=True)
class Act:
    """One action in a phase: `actor` uses `ability` on `targets`."""

    actor: str
    ability: Ability
    targets: tuple[str, ...]
    nightkill: str | None = None  # the faction whose nightkill this is
    why: Why | None = field(default=None, compare=False)  # the case line


@dataclass(frozen=True)
class History:
    """What earlier phases left behind that later sentences refer to."""

    dead: frozenset[str] = frozenset()
    # (player, ability name) -> (night, targets) of its last successful use
    last_success: tuple[tuple[tuple[str, str], tuple[int, tuple[str, ...]]], ...] = ()
    last_checked: tuple[tuple[str, str], ...] = ()  # player -> last player they scanned
    uses: tuple[tuple[tuple[str, str], int], ...] = ()

    def success(self, player: str, ability: str) -> tuple[int, tuple[str, ...]] | None:
        return dict(self.last_success).get((player, ability))

    def checked(self, player: str) -> str | None:
        return dict(self.last_checked).get(player)

    def used(self, player: str, ability: str) -> int:
        return dict(self.uses).get((player, ability), 0)


# ----------------------------------------------------------------------------- outcome atoms


@dataclass(frozen=True, order=True)
class Atom:
    """One observable fact of a phase's outcome."""

    kind: str  # dies, lynched, fails, succeeds, roleblocked, visits, learns
    subject: str
    obj: str = ""

    def __str__(self) -> str:
        match self.kind:
            case "dies" | "lynched":
                return f"{self.subject} {'dies' if self.kind == 'dies' else 'is lynched'}"
            case "fails" | "succeeds":
                return f"{self.subject}'s action {self.kind}"
            case "roleblocked":
                return f"{self.subject} is roleblocked"
            case "visits":
                return f"{self.subject} visits {self.obj}"
            case "learns":
                return f'{self.subject} learns "{self.obj}"'
        return f"{self.subject} {self.kind} {self.obj}".strip()


@dataclass(frozen=True)
class TextSource:
    """A result text an action may produce: fixed, or a list of names."""

    actor: str
    gate: Expr
    text: str | None  # fixed text, or None: join the names whose piece holds
    pieces: tuple[tuple[Expr, str], ...] = ()

    def render(self, holds: list[str]) -> str:
        if self.text is not None:
            return self.text
        return ", ".join(sorted(set(holds))) if holds else "no one"


@dataclass
class PhaseModel:
    """The constraints of one phase, ready for a back end."""

    phase: str  # "night 1", "day 1"
    domains: dict[str, list[int | bool]]
    equations: list[tuple[Expr, Why]]  # each must hold
    definitions: dict[str, Expr]  # var -> the expression it must equal (for explanations)
    atoms: dict[Atom, Expr]  # atoms whose truth is an expression
    texts: list[TextSource]
    acts: tuple[Act, ...]
    notes: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------------- the night


class NightBuilder:
    """Builds the PhaseModel of one night from the ruleset and the acts."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: Mapping[str, Player],
        night: int,
        acts: tuple[Act, ...],
        history: History,
    ) -> None:
        self.rs = ruleset
        self.players = players
        self.night = night
        self.acts = acts
        self.history = history
        self.tiers = [self.tier(a) for a in acts]
        self.domains: dict[str, list[int | bool]] = {}
        self.equations: list[tuple[Expr, Why]] = []
        self.definitions: dict[str, Expr] = {}

    # ------------------------------------------------------------ helpers
    def ok(self, i: int) -> Expr:
        return Var(f"ok:{i}")

    def role_of(self, p: str) -> Role:
        return self.players[p].role

    def tier(self, act: Act) -> int:
        """The act's priority tier (lower acts first). No priority list: all simultaneous."""
        if not self.rs.priority:
            return 0
        if act.nightkill is not None:
            return min(p.tier for p in self.rs.priority if p.nightkill_of == act.nightkill)
        role = canon(self.role_of(act.actor).name)
        entries = [p for p in self.rs.priority if p.subject and canon(p.subject) == role]
        targeted_roles = {canon(self.role_of(t).name) for t in act.targets if t in self.players}
        for p in entries:
            if p.iff_targeting and canon(p.iff_targeting) in targeted_roles:
                return p.tier
        plain = [p.tier for p in entries if not p.iff_targeting]
        return min(plain) if plain else 0

    def effects(self, i: int, kind: type[Any]) -> list[Any]:
        return [e for e in self.acts[i].ability.effects if isinstance(e, kind)]

    def visit_class(self, i: int) -> VisitClass:
        return self.acts[i].ability.visit_class or VisitClass.NON

    # ------------------------------------------------------------ static failures
    def static_failure(self, i: int) -> Why | None:
        a = self.acts[i]
        ab = a.ability
        if a.actor in self.history.dead:
            return frame.DEAD_DO_NOT_ACT
        if not ab.frequency.allows(self.night, self.history.used(a.actor, ab.name)):
            return ab.why
        for r in ab.restrictions:
            if isinstance(r, NoSelfTarget) and a.actor in a.targets:
                return r.why
            if isinstance(r, NoConsecutive):
                last = self.history.success(a.actor, ab.name)
                if last and last[0] == self.night - 1 and set(last[1]) & set(a.targets):
                    return r.why
        if a.nightkill is None:
            for j, b in enumerate(self.acts):
                if j != i and b.actor == a.actor and b.nightkill is not None:
                    nk = self.rs.nightkill(b.nightkill)
                    if nk is not None and nk.exclusive is not None:
                        return nk.exclusive
        return None

    # ------------------------------------------------------------ outcome expressions
    def protected(self, p: str) -> Expr:
        return any_of(
            label(self.ok(j), e.why)
            for j, a in enumerate(self.acts)
            if p in a.targets
            for e in self.effects(j, Protect)
        )

    def visits(self, i: int) -> Expr:
        """Whether act i physically visits (for interceptors)."""
        vc = self.visit_class(i)
        if vc is VisitClass.VISITING:
            return TRUE
        if vc is VisitClass.SEMI:
            name = f"semi:{i}"
            self.domains.setdefault(name, [False, True])
            return Var(name)
        return FALSE

    def deaths(self) -> list[tuple[str, int, Expr]]:
        """Every way a player can die tonight: (victim, tier, condition)."""
        out: list[tuple[str, int, Expr]] = []
        for i, a in enumerate(self.acts):
            for e in self.effects(i, Kill):
                for t in a.targets:
                    cond = conj(label(self.ok(i), e.why), neg(self.protected(t)))
                    out.append((t, self.tiers[i], cond))
            for e in self.effects(i, Intercept):
                out.extend(self.intercept(i, e))
        return out

    def intercept(self, i: int, e: Intercept) -> list[tuple[str, int, Expr]]:
        """'The first <faction> player to visit that player after <me> is killed.'"""
        a = self.acts[i]
        cands = [
            j
            for j, w in enumerate(self.acts)
            if j != i
            and set(w.targets) & set(a.targets)
            and canon(self.players[w.actor].faction) == canon(e.faction)
            and self.tiers[j] > self.tiers[i]
            and self.visit_class(j) is not VisitClass.NON
        ]
        var = f"first:{i}"
        self.domains[var] = [-1, *cands]
        first = Var(var)
        cand = {j: conj(self.ok(j), self.visits(j)) for j in cands}
        none_visits = neg(any_of(cand.values()))
        self.equations.append(
            (label(iff(eq(first, Const(-1)), disj(neg(self.ok(i)), none_visits)), e.why), e.why)
        )
        out = []
        for j in cands:
            earlier = [neg(cand[k]) for k in cands if self.tiers[k] < self.tiers[j]]
            self.equations.append(
                (label(implies(eq(first, Const(j)), conj(cand[j], *earlier)), e.why), e.why)
            )
            victim = self.acts[j].actor
            cond = conj(label(self.ok(i), e.why), eq(first, Const(j)), neg(self.protected(victim)))
            out.append((victim, self.tiers[j], cond))
        return out

    def seen(self, vc: VisitClass, checker: Role) -> tuple[bool, Why]:
        """Whether an action of class `vc` shows up on `checker`'s visit checks, and why."""
        lists = [s for s in self.rs.seen_by if s.visit_class is vc]
        if not lists:
            return vc is not VisitClass.NON, frame.SEEN_DEFAULT
        for s in lists:
            if any(canon(r) == canon(checker.name) for r in s.roles):
                return True, s.why
        return False, lists[0].why

    # ------------------------------------------------------------ build
    def build(self) -> PhaseModel:
        acts = self.acts
        deaths = self.deaths()
        for i, a in enumerate(acts):
            var = f"ok:{i}"
            self.domains[var] = [False, True]
            failed = self.static_failure(i)
            if failed is not None:
                definition: Expr = label(FALSE, failed)
            else:
                blocked = any_of(
                    label(self.ok(j), e.why)
                    for j, b in enumerate(acts)
                    if j != i and a.actor in b.targets and self.tiers[j] <= self.tiers[i]
                    for e in self.effects(j, Roleblock)
                )
                jailed = any_of(
                    label(self.ok(j), e.why)
                    for j, b in enumerate(acts)
                    if j != i and set(a.targets) & set(b.targets) and self.tiers[j] <= self.tiers[i]
                    for e in self.effects(j, Jail)
                )
                dead = any_of(c for v, t, c in deaths if v == a.actor and t < self.tiers[i])
                definition = conj(
                    label(TRUE, frame.TAKES_PLACE),
                    neg(label(blocked, frame.ROLEBLOCK)) if blocked != FALSE else TRUE,
                    neg(label(jailed, frame.JAIL)) if jailed != FALSE else TRUE,
                    neg(label(dead, frame.DEAD_DO_NOT_ACT)) if dead != FALSE else TRUE,
                )
            self.definitions[var] = definition
            self.equations.append((iff(Var(var), definition), a.ability.why))

        atoms: dict[Atom, Expr] = {}
        for p in self.players:
            if p not in self.history.dead:
                how = [label(c, frame.KILL) for v, _, c in deaths if v == p]
                atoms[Atom("dies", p)] = any_of(how)
                blocks = [
                    label(self.ok(j), e.why)
                    for j, b in enumerate(acts)
                    if p in b.targets
                    for e in self.effects(j, Roleblock)
                ]
                atoms[Atom("roleblocked", p)] = any_of(blocks)
            mine = [i for i, a in enumerate(acts) if a.actor == p]
            if mine:
                atoms[Atom("fails", p)] = any_of(neg(self.ok(i)) for i in mine)
                atoms[Atom("succeeds", p)] = conj(*(self.ok(i) for i in mine))
        for i, a in enumerate(acts):
            if self.visit_class(i) is VisitClass.VISITING:
                for t in a.targets:
                    key = Atom("visits", a.actor, t)
                    atoms[key] = disj(atoms.get(key, FALSE), label(self.ok(i), a.ability.class_why))
        return PhaseModel(
            phase=f"night {self.night}",
            domains=self.domains,
            equations=self.equations,
            definitions=self.definitions,
            atoms=atoms,
            texts=self.texts(),
            acts=acts,
        )

    def texts(self) -> list[TextSource]:
        out: list[TextSource] = []
        for i, a in enumerate(self.acts):
            checker = self.role_of(a.actor)
            for e in self.effects(i, Investigate):
                out.append(self.investigation(i, a, checker, e))
            for r in self.effects(i, Result):
                gate = self.result_gate(i, a, checker, r)
                out.append(TextSource(a.actor, label(gate, r.why), r.text))
        return out

    def investigation(self, i: int, a: Act, checker: Role, e: Investigate) -> TextSource:
        gate = label(self.ok(i), e.why)
        pieces: list[tuple[Expr, str]] = []
        if e.info is Info.ROLE:
            names = [self.role_of(t).name for t in a.targets]
            return TextSource(a.actor, gate, ", ".join(names))
        for j, w in enumerate(self.acts):
            if j == i:
                continue
            is_seen, why = self.seen(self.visit_class(j), checker)
            if not is_seen:
                continue
            if e.info is Info.VISITS and w.actor in a.targets:
                pieces.extend((label(self.ok(j), why), t) for t in w.targets)
            elif e.info is Info.VISITORS and set(w.targets) & set(a.targets):
                pieces.append((label(self.ok(j), why), w.actor))
            elif e.info is Info.VISITOR_ROLES and set(w.targets) & set(a.targets):
                pieces.append((label(self.ok(j), why), self.role_of(w.actor).name))
        return TextSource(a.actor, gate, None, tuple(pieces))

    def alignment(self, target: str, checker: Role) -> str:
        """The target's faction as `checker` sees it ('Checks as mafia by parity cop')."""
        role = self.role_of(target)
        for ap in role.appears_as:
            if ap.to is None or canon(ap.to) == canon(checker.name):
                return canon(ap.faction)
        return canon(self.players[target].faction)

    def result_gate(self, i: int, a: Act, checker: Role, r: Result) -> Expr:
        match r.cond:
            case Cond.SUCCESSFUL:
                return self.ok(i)
            case Cond.FAILED:
                return neg(self.ok(i))
            case Cond.SAME_AS_LAST | Cond.OPPOSITE_AS_LAST:
                last = self.history.checked(a.actor)
                if last is None or not a.targets:
                    return FALSE
                same = self.alignment(a.targets[0], checker) == self.alignment(last, checker)
                want = r.cond is Cond.SAME_AS_LAST
                return conj(self.ok(i), Const(same == want))
        raise AssertionError(r.cond)


def build_night(
    ruleset: Ruleset,
    players: Mapping[str, Player],
    night: int,
    acts: tuple[Act, ...],
    history: History,
) -> PhaseModel:
    return NightBuilder(ruleset, players, night, acts, history).build()


def build_day(
    players: Mapping[str, Player], day: int, votes: Mapping[str, str | None], history: History
) -> PhaseModel:
    """A day: plurality lynch (frame axiom) over the votes of living players."""
    tally: dict[str, int] = {}
    for voter, target in votes.items():
        if voter in history.dead or target is None:
            continue
        tally[target] = tally.get(target, 0) + 1
    top = max(tally.values(), default=0)
    leaders = [p for p, n in tally.items() if n == top]
    winner = leaders[0] if len(leaders) == 1 else None
    names = sorted(p for p in players if p not in history.dead)
    var = "lynch"
    domains: dict[str, list[int | bool]] = {var: list(range(-1, len(names)))}
    atoms: dict[Atom, Expr] = {}
    equations: list[tuple[Expr, Why]] = []
    for k, p in enumerate(names):
        chosen = eq(Var(var), Const(k))
        equations.append((label(iff(chosen, Const(p == winner)), frame.PLURALITY), frame.PLURALITY))
        atoms[Atom("lynched", p)] = label(chosen, frame.PLURALITY)
        atoms[Atom("dies", p)] = label(chosen, frame.PLURALITY)
    return PhaseModel(
        phase=f"day {day}",
        domains=domains,
        equations=equations,
        definitions={},
        atoms=atoms,
        texts=[],
        acts=(),
    )


def forced_abilities(
    role: Role, night: int, history: History, player: str
) -> list[tuple[Ability, Forced]]:
    """Abilities the player must use tonight ('Must visit each night')."""
    out = []
    for ab in role.abilities:
        f = ab.forced
        if f is not None and ab.frequency.allows(night, history.used(player, ab.name)):
            out.append((ab, f))
    return out
