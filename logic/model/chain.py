"""Owns chaining symbolic nights into one model, for `ruling check --nights N`.

Night k is built by the one semantics (`semantics.SymbolicNight`) and its variables are
renamed `v@nK`, except the roles (`role:P`, the same all game) and the sentence switches
(`on:...`, one per sentence). What a night reads of earlier ones is an expression over
their variables, through the scenario's hooks:
  dead_before(p)   p died on some earlier night (that night's `dies` atom)
  repeats(i, ab)   slot i aims where its ability took place the night before
  last_checked(p)  whom p last scanned: the latest earlier night whose check took place
Day k, after night k, is built by the one day frame (logic/model/day.py's
`SymbolicDay`: open votes and day-action slots, renamed `v@dK`), reading what the
phases before carried (marks given the night before, arrests, records, changes of role).
The result is one `PhaseModel` whose atoms and texts name their phase ("Ann (night 2)",
"Ann (day 1)"), so the checker's queries run on it unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from logic.effects.base import Kind
from logic.model.day import SymbolicDay, build_symbolic_day
from logic.model.expr import (
    FALSE,
    Const,
    Expr,
    Var,
    any_of,
    conj,
    disj,
    eq,
    neg,
    rename,
)
from logic.model.ir import Ability, Role, Ruleset, Why
from logic.model.phase import ChainEnd
from logic.model.semantics import (
    Atom,
    Carried,
    Checked,
    Earlier,
    History,
    NightBuilder,
    PhaseModel,
    SymbolicNight,
    TextSource,
)

SHARED = ("role:", "on:", "present:", "parity:", "game:", "fac:")  # one value for the whole game


def qualify(name: str, night: int, phase: str = "n") -> str:
    """A night's (`phase` "n") or a day's ("d") own name for variable `name`; roles and
    switches are shared, and a name that already names its phase stays."""
    if name.startswith(SHARED) or "@n" in name or "@d" in name:
        return name
    return f"{name}@{phase}{night}"


def action(known: Sequence[Mapping[str, Expr]], name: str, night: int) -> Expr:
    """An action variable of `night` ("uses:Ann"), or its value where `known[night-1]`
    gives one."""
    return known[night - 1].get(name) or Var(qualify(name, night))


def who(name: str, night: int) -> str:
    return f"{name} (night {night})"


def chain(
    ruleset: Ruleset,
    players: Sequence[str],
    nights: int,
    roles: Sequence[Role] | None = None,
    known_dead: Sequence[frozenset[str]] | None = None,
    readers: Collection[str] | None = None,
    fixed: Mapping[str, int] | None = None,
    absent: Mapping[str, Expr] | None = None,
    acts: Sequence[Mapping[str, Expr]] | None = None,
    days: bool | None = None,
    known_days: Mapping[int, frozenset[str]] | None = None,
    between: Callable[[], None] | None = None,
    last_day: bool = False,
    *,
    kinds: Sequence[Kind],
    prep: bool = False,
) -> PhaseModel:
    """Nights 1..`nights` as one model. `known_dead[k-1]`, when given, says who is dead
    before night k (the world solver knows the deaths: a smaller formula); otherwise
    deaths are the earlier nights' `dies` atoms. `readers` limits whose results are built.
    `fixed` gives players a known role (an index), `absent` says when a player is not
    in the game at all (the world solver's virtual players), and `acts[k-1]` the action
    variables known on night k ("uses:Ann" -> TRUE: the observer's own actions).
    `known_days` (with `known_dead`) builds day k, after night k, for each k it holds,
    with the players it gives dead when the day starts (the days the world solver plays
    out: votes seen, or a lynch); its `vote:P` and `choice:P` stay open, to be told by
    facts.
    `last_day` (with days) ends the chain with the day after its last night (`check`'s
    search of day abilities after one night).
    `between` is called before each night (and its day) is built: a caller's deadline,
    which may raise. `kinds` are the effect kinds the nights ask (logic/engine.py).
    `prep` begins the chain with the prep phase (night 0: the prep actions alone, nothing
    forced, no kill; its atoms "Ann (night 0)"), as a case's `prep:` block.
    """
    known = [dict(a) for a in acts] if acts is not None else [{} for _ in range(nights)]
    carried = Carried()  # flags and the kinds' lasting states, carried from phase to phase
    # a day between nights, when the ruleset says how the lynch goes (deaths known to the
    # world solver already include the lynches)
    with_days = days if days is not None else (ruleset.lynch is not None and known_dead is None)
    out = _Chained({p: [] for p in players})

    def dead(p: str) -> Expr:
        return any_of(out.deaths[p])

    earlier_nights: list[tuple[int, SymbolicNight]] = []
    earlier_days: list[tuple[int, SymbolicDay]] = []

    def sent(p: str, ability: str) -> list[Expr]:
        """Per earlier night, whether p sent the ability named `ability` (a use of a
        once-a-game ability, or of a role's budget, is spent when sent)."""
        return [rename(sc.sent_that(p, ability), _namer(j)) for j, sc in earlier_nights]

    def used_by_day(p: str, ability: str) -> list[Expr]:
        """Per earlier day, whether p used the day ability named `ability`."""
        return [rename(d.used_that(p, ability), _day_namer(j)) for j, d in earlier_days]

    def spent(p: str, ability: str) -> list[Expr]:
        """Per earlier phase, night or day, whether p spent a use of the ability named
        `ability`: one name is one budget by night and by day, as the concrete history
        counts it (`History.used`: the werewolf pool's Hunter, Leech, Blocker, Swapper)."""
        return sent(p, ability) + used_by_day(p, ability)

    aimed, took_last = _uses_before(earlier_nights)
    if prep:
        sc0 = SymbolicNight(ruleset, players, night=0, roles=roles, dead=dead, carried=carried)
        m0 = NightBuilder(sc0, kinds).build("prep")
        carried = carry(carried, out.add_night(m0, 0), "night", 0, ruleset, kinds)
    for k in range(1, nights + 1):
        if between is not None:
            between()
        repeats, checked = _hooks(known, k)
        sc = SymbolicNight(
            ruleset,
            players,
            night=k,
            history=History(dead=known_dead[k - 1]) if known_dead is not None else None,
            roles=roles,
            earlier=repeats,
            checked=checked,
            dead=dead if known_dead is None else _known(known_dead[k - 1], absent),
            readers=readers,
            fixed=fixed,
            acts=known[k - 1],
            carried=carried,
            sent=spent,
            aimed=aimed,
            took_last=took_last,
        )
        m = NightBuilder(sc, kinds).build(f"night {k}")
        earlier_nights.append((k, sc))
        carried = carry(carried, out.add_night(m, k), "night", k, ruleset, kinds)
        day_dead = (known_days or {}).get(k)
        if (with_days and (k < nights or last_day)) or day_dead is not None:  # day k, after night k
            dead_now = _known(day_dead, absent, True) or dead
            dm, dsc = build_symbolic_day(sc, k, dead_now, carried, kinds, sent=spent)
            earlier_days.append((k, dsc))
            carried = carry(carried, out.add_day(dm, k, readers), "day", k, ruleset, kinds)
    return out.model(nights)


def _uses_before(
    earlier_nights: list[tuple[int, SymbolicNight]],
) -> tuple[Callable[[str, str], list[tuple[Expr, str]]], Callable[[str, str], Expr]]:
    """What a night reads of the uses of an ability on the earlier nights of the chain (the
    list grows as the chain is built): per earlier night and player q, whether p's ability
    named N took place on q ("heal yourself only once"), and whether it took place the
    night before ("cannot use your ability on consecutive nights")."""

    def aimed(p: str, ability: str) -> list[tuple[Expr, str]]:
        return [
            (rename(sc.aimed_that(p, ability, q), _namer(j)), q)
            for j, sc in earlier_nights
            for q in sc.players
        ]

    def took_last(p: str, ability: str) -> Expr:
        if not earlier_nights:
            return FALSE
        j, sc = earlier_nights[-1]
        return rename(sc.took_that(p, ability), _namer(j))

    return aimed, took_last


def _namer(night: int) -> Callable[[str], str]:
    """Night `night`'s own names for its variables (`qualify`)."""
    return lambda v: qualify(v, night)


def _day_namer(day: int) -> Callable[[str], str]:
    """Day `day`'s own names for its variables."""
    return lambda v: qualify(v, day, "d")


def _hooks(known: Sequence[Mapping[str, Expr]], k: int) -> tuple[Earlier, Checked]:
    """What night k reads of earlier nights: whether slot i aims where its ability took
    place the night before (`repeats`), and whom p last scanned (`checked`)."""
    prev = k - 1

    def repeats(sc: SymbolicNight, i: int, ability: Ability) -> Expr:
        if prev < 1:
            return FALSE
        s = sc.slots[i]
        tvar = "tgt" if s.kind == "ability" else "ktgt"
        took_place = Var(qualify(f"ok:{i}", prev))
        same = eq(sc.target_var(i), action(known, f"{tvar}:{s.actor}", prev))
        return conj(took_place, same)

    def checked(sc: SymbolicNight, p: str) -> list[tuple[Expr, str]]:
        out: list[tuple[Expr, str]] = []
        i = next(j for j, s in enumerate(sc.slots) if s.actor == p and s.kind == "ability")
        scans = {j: conj(Var(qualify(f"ok:{i}", j)), checks_on(sc, p, j)) for j in range(1, k)}
        for j, scanned in scans.items():
            later = [neg(scans[m]) for m in range(j + 1, k)]
            for q in sc.players:
                hit = eq(action(known, f"tgt:{p}", j), Const(sc.index(q)))
                out.append((conj(scanned, hit, *later), q))
        return out

    return repeats, checked


@dataclass
class _Chained:
    """The chain's model as it grows, phase by phase: each phase's variables renamed to
    name it, its atoms and texts naming it, the deaths so far per player."""

    deaths: dict[str, list[Expr]]
    domains: dict[str, list[object]] = field(default_factory=dict)
    equations: list[tuple[Expr, Why]] = field(default_factory=list)
    definitions: dict[str, Expr] = field(default_factory=dict)
    atoms: dict[Atom, Expr] = field(default_factory=dict)
    texts: list[TextSource] = field(default_factory=list)
    scenario: list[str] = field(default_factory=list)
    storyteller: list[str] = field(default_factory=list)  # the storyteller's choices
    switches: dict[str, Why] = field(default_factory=dict)
    slots: list[tuple[str, str]] = field(default_factory=list)

    def add_night(self, m: PhaseModel, k: int) -> list[tuple[Atom, Expr]]:
        """Adds night k's model; returns its atoms over its renamed variables."""
        memo: dict[int, tuple[Expr, Expr]] = {}  # keeps the night's shared subtrees shared

        def ren(e: Expr) -> Expr:
            return rename(e, lambda v: qualify(v, k), memo)

        for name, d in m.domains.items():
            self.domains[qualify(name, k)] = d
        self.equations += [(ren(e), w) for e, w in m.equations]
        self.definitions.update({qualify(name, k): ren(e) for name, e in m.definitions.items()})
        atoms = [(atom, ren(e)) for atom, e in m.atoms.items()]
        for atom, e in atoms:
            self.atoms[Atom(atom.kind, who(atom.subject, k), atom.obj)] = e
            if atom.kind == "dies":
                self.deaths[atom.subject].append(e)
        self.texts += [
            TextSource(
                who(t.actor, k), ren(t.gate), t.text, tuple((ren(c), n) for c, n in t.pieces), t.why
            )
            for t in m.texts
        ]
        self.scenario += [qualify(name, k) for name in m.scenario_vars]
        self.storyteller += [qualify(name, k) for name in m.storyteller_vars]
        self.switches.update(m.switches)
        self.slots += [(qualify(name, k), actor) for name, actor in m.slot_vars]
        return atoms

    def add_day(
        self, dm: PhaseModel, k: int, readers: Collection[str] | None
    ) -> list[tuple[Atom, Expr]]:
        """Adds day k's model (after night k); returns its atoms over its renamed variables."""
        memo: dict[int, tuple[Expr, Expr]] = {}

        def ren(e: Expr) -> Expr:
            return rename(e, lambda v: qualify(v, k, "d"), memo)

        for name, dom in dm.domains.items():
            self.domains[qualify(name, k, "d")] = dom
        self.equations += [(ren(e), w) for e, w in dm.equations]
        self.definitions.update({qualify(n, k, "d"): ren(e) for n, e in dm.definitions.items()})
        atoms = [(atom, ren(e)) for atom, e in dm.atoms.items()]
        for atom, e in atoms:  # a revival by day ends the deaths before it (the day's
            if atom.kind == "revived":  # `alive_after`: not dead before, or revived)
                self.deaths[atom.subject] = [conj(any_of(self.deaths[atom.subject]), neg(e))]
        for atom, e in atoms:
            self.atoms[Atom(atom.kind, f"{atom.subject} (day {k})", atom.obj)] = e
            if atom.kind == "dies":
                self.deaths[atom.subject].append(e)
        self.texts += [
            TextSource(
                f"{s.actor} (day {k})",
                ren(s.gate),
                s.text,
                tuple((ren(c), n) for c, n in s.pieces),
                s.why,
            )
            for s in dm.texts
            if readers is None or s.actor in readers
        ]
        self.scenario += [qualify(name, k, "d") for name in dm.scenario_vars]
        self.storyteller += [qualify(name, k, "d") for name in dm.storyteller_vars]
        self.switches.update(dm.switches)
        return atoms

    def model(self, nights: int) -> PhaseModel:
        """The chain as one model."""
        return PhaseModel(
            phase=f"nights 1-{nights}",
            domains=self.domains,
            equations=self.equations,
            definitions=self.definitions,
            atoms=self.atoms,
            texts=self.texts,
            scenario_vars=tuple(dict.fromkeys(self.scenario)),
            switches=self.switches,
            slot_vars=tuple(self.slots),
            storyteller_vars=tuple(self.storyteller),
        )


def carry(
    carried: Carried,
    atoms: Sequence[tuple[Atom, Expr]],
    kind: str,
    number: int,
    ruleset: Ruleset,
    kinds: Sequence[Kind],
) -> Carried:
    """What a chain carries past a phase (`kind` "night" or "day", its `atoms` over its
    renamed variables): the frame's flags, and each kind's lasting states, moved by the
    kind's own symbolic step (`Lasting.chain`)."""
    marks = dict(carried.marks)
    for a, e in atoms:  # a flag once given holds for good (as `next_history`'s flags)
        if a.kind == "mark":
            key = (a.subject, a.obj)
            marks[key] = disj(marks[key], e) if key in marks else e
    end = ChainEnd(kind, number, tuple(atoms), ruleset)
    states = dict(carried.kinds)
    for k in kinds:
        for lasting in k.lasting:
            before = states.get(lasting.name)
            if before is None:
                before = lasting.view(lasting.empty, number)
            states[lasting.name] = lasting.chain(before, end)
    return Carried(marks, states)


def _known(
    dead: frozenset[str] | None, absent: Mapping[str, Expr] | None, always: bool = False
) -> Callable[[str], Expr] | None:
    if dead is None or not (absent or always):
        return None
    gone: Mapping[str, Expr] = absent or {}
    return lambda p: disj(Const(p in dead), gone.get(p, FALSE))


def checks_on(sc: SymbolicNight, p: str, night: int) -> Expr:
    """p's role has a checking ability on `night` (so a scan took place when it acted)."""
    return any_of(
        sc.role_is(p, r)
        for r in sc.roles
        if any(a.verb == "checks" and a.frequency.allows(night, 0) for a in r.abilities)
    )
