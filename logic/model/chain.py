"""Owns chaining symbolic nights into one model, for `ruling check --nights N`.

Night k is built by the one semantics (`semantics.SymbolicNight`) and its variables are
renamed `v@nK`, except the roles (`role:P`, the same all game) and the sentence switches
(`on:...`, one per sentence). What a night reads of earlier ones is an expression over
their variables, through the scenario's hooks:
  dead_before(p)   p died on some earlier night (that night's `dies` atom)
  repeats(i, ab)   slot i aims where its ability took place the night before
  last_checked(p)  whom p last scanned: the latest earlier night whose check took place
The result is one `PhaseModel` whose atoms and texts name their night ("Ann (night 2)"),
so the checker's queries run on it unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from logic.model.expr import FALSE, Const, Expr, Var, any_of, conj, disj, eq, neg, rename
from logic.model.ir import Ability, Role, Ruleset
from logic.model.semantics import Atom, History, NightBuilder, PhaseModel, SymbolicNight, TextSource

SHARED = ("role:", "on:", "present:")


def qualify(name: str, night: int) -> str:
    """A night's own name for variable `name`; roles and switches are shared."""
    if name.startswith(SHARED) or "@n" in name:
        return name
    return f"{name}@n{night}"


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
) -> PhaseModel:
    """Nights 1..`nights` as one model. `known_dead[k-1]`, when given, says who is dead
    before night k (the world solver knows the deaths: a smaller formula); otherwise
    deaths are the earlier nights' `dies` atoms. `readers` limits whose results are built.
    `fixed` gives players a known role (an index), `absent` says when a player is not
    in the game at all (the world solver's virtual players), and `acts[k-1]` the action
    variables known on night k ("uses:Ann" -> TRUE: the observer's own actions).
    """
    known = [dict(a) for a in acts] if acts is not None else [{} for _ in range(nights)]

    def act(name: str, night: int) -> Expr:
        return action(known, name, night)

    deaths: dict[str, list[Expr]] = {p: [] for p in players}
    domains: dict[str, list[object]] = {}
    equations = []
    definitions: dict[str, Expr] = {}
    atoms: dict[Atom, Expr] = {}
    texts: list[TextSource] = []
    scenario: list[str] = []
    switches = {}
    slots: list[tuple[str, str]] = []
    for k in range(1, nights + 1):
        prev = k - 1

        def dead(p: str) -> Expr:
            return any_of(deaths[p])

        def repeats(sc: SymbolicNight, i: int, ability: Ability, prev: int = prev) -> Expr:
            if prev < 1:
                return FALSE
            s = sc.slots[i]
            tvar = "tgt" if s.kind == "ability" else "ktgt"
            took_place = Var(qualify(f"ok:{i}", prev))
            same = eq(sc.target_var(i), act(f"{tvar}:{s.actor}", prev))
            return conj(took_place, same)

        def checked(sc: SymbolicNight, p: str, k: int = k) -> list[tuple[Expr, str]]:
            out: list[tuple[Expr, str]] = []
            i = next(j for j, s in enumerate(sc.slots) if s.actor == p and s.kind == "ability")
            scans = {j: conj(Var(qualify(f"ok:{i}", j)), checks_on(sc, p, j)) for j in range(1, k)}
            for j, scanned in scans.items():
                later = [neg(scans[m]) for m in range(j + 1, k)]
                for q in sc.players:
                    hit = eq(act(f"tgt:{p}", j), Const(sc.index(q)))
                    out.append((conj(scanned, hit, *later), q))
            return out

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
        )
        m = NightBuilder(sc).build(f"night {k}")

        memo: dict[int, tuple[Expr, Expr]] = {}  # keeps the night's shared subtrees shared

        def ren(e: Expr, k: int = k, memo: dict[int, tuple[Expr, Expr]] = memo) -> Expr:
            return rename(e, lambda v: qualify(v, k), memo)

        for name, d in m.domains.items():
            domains[qualify(name, k)] = d
        equations += [(ren(e), w) for e, w in m.equations]
        definitions.update({qualify(name, k): ren(e) for name, e in m.definitions.items()})
        for atom, e in m.atoms.items():
            atoms[Atom(atom.kind, who(atom.subject, k), atom.obj)] = ren(e)
            if atom.kind == "dies":
                deaths[atom.subject].append(ren(e))
        texts += [
            TextSource(
                who(t.actor, k), ren(t.gate), t.text, tuple((ren(c), n) for c, n in t.pieces), t.why
            )
            for t in m.texts
        ]
        scenario += [qualify(name, k) for name in m.scenario_vars]
        switches.update(m.switches)
        slots += [(qualify(name, k), actor) for name, actor in m.slot_vars]
    return PhaseModel(
        phase=f"nights 1-{nights}",
        domains=domains,
        equations=equations,
        definitions=definitions,
        atoms=atoms,
        texts=texts,
        scenario_vars=tuple(dict.fromkeys(scenario)),
        switches=switches,
        slot_vars=tuple(slots),
    )


def _known(dead: frozenset[str], absent: Mapping[str, Expr] | None) -> Callable[[str], Expr] | None:
    if not absent:
        return None
    return lambda p: disj(Const(p in dead), absent.get(p, FALSE))


def checks_on(sc: SymbolicNight, p: str, night: int) -> Expr:
    """p's role has a checking ability on `night` (so a scan took place when it acted)."""
    return any_of(
        sc.role_is(p, r)
        for r in sc.roles
        if any(a.verb == "checks" and a.frequency.allows(night, 0) for a in r.abilities)
    )
