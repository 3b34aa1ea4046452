"""Owns resolving a scenario: has a case's names bound to a ruleset (logic/model/binding.py:
which ability a line uses, random victims, decisions, tie-breaks), runs its phases in
order through the semantics and the concrete back end, and collects every outcome the rules
allow, with the sentences behind each atom and a verdict.

Verdicts (one per resolution):
  determined  exactly one outcome satisfies every sentence
  ambiguous   two or more outcomes do, and nothing in the rules chooses between them
  random      two or more outcomes do, and a rule says a fair pick decides (the
              framework's ties, e.g. Natural Action Resolution)
  storyteller two or more outcomes do, and a rule gives the choice to the storyteller
              ("might register as evil": ir.Chooser.STORYTELLER), not to chance alone
  paradox     no outcome does, or a draw of chance has none, in its phase or a later
              one (the draw is one the rules allow, and then the rules cannot all hold);
              the core names the sentences that cannot all hold
  unknown     the solver ran out of time before it could say
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from logic.backends import concrete
from logic.effects import identity
from logic.engine import KINDS, build_day, build_night, next_history
from logic.lang.case import PREP, Case, PhaseBlock, phase_label
from logic.lang.errors import RulingError
from logic.model import frame
from logic.model.binding import Binder, check_phase_order, forced_completions
from logic.model.expr import Const, Evaluator, Var, eq, explain, labels, unfired, variables
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import Ruleset, Why, canon
from logic.model.semantics import (
    Atom,
    History,
    PhaseModel,
    Player,
)

VERDICTS = ("determined", "ambiguous", "random", "storyteller", "paradox", "unknown")


@dataclass(frozen=True)
class PhaseOutcome:
    phase: str
    atoms: frozenset[Atom]
    reasons: tuple[tuple[Atom, tuple[Why, ...]], ...]
    assumptions: tuple[str, ...] = ()
    survivors_at_risk: tuple[tuple[str, tuple[Why, ...]], ...] = ()
    # each survivor at risk: the sentences that could have killed them and did not apply
    spared: tuple[tuple[str, tuple[Why, ...]], ...] = ()

    def why(self, atom: Atom) -> tuple[Why, ...]:
        return dict(self.reasons).get(atom, ())


@dataclass(frozen=True)
class Path:
    """One way the whole scenario can go: an outcome per phase."""

    phases: tuple[PhaseOutcome, ...]
    history: History = field(compare=False)
    alive_before: tuple[frozenset[str], ...] = field(default=(), compare=False)

    def key(self) -> tuple[tuple[str, frozenset[Atom]], ...]:
        return tuple((p.phase, p.atoms) for p in self.phases)


@dataclass
class Paradox:
    phase: str
    core: tuple[Why, ...]
    assumptions: tuple[str, ...] = ()


@dataclass
class Resolution:
    case: Case
    verdict: str
    paths: list[Path]
    paradoxes: list[Paradox]
    players: dict[str, Player]
    differing: list[str]
    timed_out: str | None = None
    case_ruleset: Ruleset = field(default_factory=lambda: Ruleset("", (), ()), compare=False)

    def outcomes(self, phase: str | None = None) -> list[PhaseOutcome]:
        """The distinct outcomes of `phase` (default: the last phase)."""
        out: dict[frozenset[Atom], PhaseOutcome] = {}
        for p in self.paths:
            po = (
                p.phases[-1]
                if phase is None
                else next((x for x in p.phases if x.phase == phase), None)
            )
            if po is not None:
                out.setdefault(po.atoms, po)
        return list(out.values())


# ----------------------------------------------------------------------------- running


def read_outcome(
    model: PhaseModel, env: dict[str, Any], assumptions: tuple[str, ...]
) -> PhaseOutcome:
    """The phase's outcome under `env`: its atoms, each with the sentences behind it, and
    the survivors at risk with what could have killed them."""
    return _Reader(model, env).outcome(assumptions)


class _Reader:
    """A phase's outcome under one model of its equations: the atoms at once (cheap), the
    sentences behind an atom when asked (`why`, the costly part): resolve reads every
    model, but explains only the outcomes it keeps."""

    def __init__(self, model: PhaseModel, env: dict[str, Any]) -> None:
        self.model, self.env = model, env
        value_of = Evaluator(env)  # each shared subtree once, for every atom and text
        self.held = [a for a, e in model.atoms.items() if value_of(e)]
        self.learnt: dict[Atom, list[Any]] = {}  # a text's atom -> the texts that give it
        for src in model.texts:
            if value_of(src.gate):
                holds = [name for cond, name in src.pieces if value_of(cond)]
                self.learnt.setdefault(Atom("learns", src.actor, src.render(holds)), []).append(src)
        self.atoms = frozenset([*self.held, *self.learnt])
        self._why: dict[Atom, tuple[Why, ...]] = {}

    def _explain(self, e: Any) -> list[Why]:
        return explain(e, self.env, self.model.definitions)

    def why(self, atom: Atom) -> tuple[Why, ...]:
        if atom not in self._why:
            out: list[Why] = []
            if atom in self.model.atoms and atom in self.held:
                out = list(self._explain(self.model.atoms[atom]))
            for src in self.learnt.get(atom, ()):
                why = self._explain(src.gate)
                for cond, _ in src.pieces:
                    why.extend(w for w in self._explain(cond) if w not in why)
                out = list(dict.fromkeys((*out, *why)))
            self._why[atom] = tuple(out)
        return self._why[atom]

    def outcome(self, assumptions: tuple[str, ...]) -> PhaseOutcome:
        at_risk: list[tuple[str, tuple[Why, ...]]] = []
        spared: list[tuple[str, tuple[Why, ...]]] = []
        for atom, expr in self.model.atoms.items():
            if atom not in self.atoms and atom.kind == "dies" and labels(expr):
                at_risk.append((atom.subject, tuple(self._explain(expr))))
                spared.append(
                    (atom.subject, tuple(unfired(expr, self.env, self.model.definitions)))
                )
        return PhaseOutcome(
            self.model.phase,
            self.atoms,
            tuple(sorted((a, self.why(a)) for a in self.atoms)),
            assumptions,
            tuple(at_risk),
            tuple(spared),
        )


def _read_vars(model: PhaseModel) -> list[str]:
    """Variables an outcome reads that no equation may mention: random draws, and open
    questions only a result text depends on ("cannot link him to the Mafia": Town or
    Unknown); each takes every value of its domain."""
    read = variables(
        *model.atoms.values(),
        *(t.gate for t in model.texts),
        *(c for t in model.texts for c, _ in t.pieces),
    )
    chosen = [*model.random_vars, *model.storyteller_vars]
    return list(dict.fromkeys([*chosen, *sorted(v for v in read if v in model.domains)]))


def resolve(
    ruleset: Ruleset,
    case: Case,
    text: str | None = None,
    timeout: float = concrete.DEFAULT_TIMEOUT,
    deadline: float | None = None,
) -> Resolution:
    """Every outcome the rules allow for `case`'s phases, with a verdict. `timeout` bounds
    each phase's search, `deadline` (a `time.perf_counter` time) the whole command: a
    phase it has passed is not resolved, and the verdict is unknown."""
    binder = Binder(ruleset, case, text, KINDS)
    check_phase_order(binder, case)
    paths = [Path((), History(), ())]
    # which paths some one sequence of random draws and storyteller's choices reaches
    # (pairs of indices into `paths`): the outcomes are "random" when no draws reach two
    # outcomes, the storyteller's when the draws of chance alone do
    same_draws: set[tuple[int, int]] = {(0, 0)}
    same_chance: set[tuple[int, int]] = {(0, 0)}
    paradoxes: list[Paradox] = []
    # a draw of chance with no outcome: the rules cannot all hold whichever way the host
    # decides what is left to him (the other draws' outcomes are kept beside it)
    undrawn = False
    timed_out: str | None = None
    for block in case.phases:
        left = timeout if deadline is None else min(timeout, deadline - time.perf_counter())
        if left <= 0:
            timed_out = f"{block.label}: unknown (the command's --timeout ran out)"
            break
        # paths that agree on every outcome and on the state carried on are one path
        new_paths: dict[Any, int] = {}
        kept: list[Path] = []
        # per path: this phase's draws -> the paths they lead to
        edges: list[dict[Draws, set[int]]] = []
        chance: list[dict[Draws, set[int]]] = []  # the same, by the draws of chance alone
        for path in paths:
            edges.append({})
            chance.append({})
            history = path.history
            alive = frozenset(p for p in binder.players if p not in history.dead)
            # the binder's draws (a random victim) -> whether some completion has an outcome
            reached: dict[Draws, bool] = {}
            for model, notes, drawn in _models(binder, block, history, ruleset):
                reached.setdefault(drawn, False)
                # an open question of the rules answered in an earlier phase stays answered
                keep = [
                    (eq(Var(v), Const(x)), frame.TAKES_PLACE)
                    for v, x in history.settled
                    if v in model.domains
                ]
                sols = concrete.solve(
                    model.domains, [*model.equations, *keep], left, free=_read_vars(model)
                )
                if sols.status == "unknown":
                    ran_out = (
                        f"timed out after {timeout:g} s"
                        if left >= timeout
                        else "the command's --timeout ran out"
                    )
                    timed_out = f"{block.label}: unknown ({ran_out})"
                if not sols.models:
                    core = concrete.minimal_core(model.domains, model.equations, left)
                    whys: list[Why] = []
                    for expr, why in core or model.equations:
                        for w in [why, *labels(expr)]:
                            if w not in whys:
                                whys.append(w)
                    paradoxes.append(Paradox(block.label, tuple(whys), notes))
                    continue
                reached[drawn] = True
                drawless = _undrawn(model, sols.models, block.label, notes, left)
                for px in drawless if sols.status == "sat" else []:
                    paradoxes.append(px)
                    undrawn = True
                night = block.number if block.kind in ("night", PREP) else None
                for env in sols.models:
                    reader = _Reader(model, env)
                    h = next_history(history, model, env, reader, night, block.number, ruleset)
                    drawn_now = (*drawn, *_chosen(block.label, model.random_vars, env))
                    draws = (*drawn_now, *_chosen(block.label, model.storyteller_vars, env))
                    key = (path.key(), (block.label, reader.atoms), h)
                    if key not in new_paths:
                        new_paths[key] = len(kept)
                        outcome = reader.outcome(notes)
                        kept.append(Path((*path.phases, outcome), h, (*path.alive_before, alive)))
                    edges[-1].setdefault(draws, set()).add(new_paths[key])
                    chance[-1].setdefault(drawn_now, set()).add(new_paths[key])
            undrawn |= any(not ok for d, ok in reached.items() if d)
        undrawn |= bool(kept) and _stranded(same_chance, chance)
        paths = kept
        same_draws = _reached_together(same_draws, edges)
        same_chance = _reached_together(same_chance, chance)
    if timed_out:
        verdict = "unknown"
    elif not paths or undrawn:
        verdict = "paradox"
    else:
        verdict = _verdict(paths, same_draws, same_chance, ruleset)
    return Resolution(
        case, verdict, paths, paradoxes, binder.players, _differing(paths), timed_out, ruleset
    )


Draws = tuple[tuple[str, object], ...]  # a phase's random picks: (name, value)


def _verdict(
    paths: list[Path],
    same_draws: set[tuple[int, int]],
    same_chance: set[tuple[int, int]],
    ruleset: Ruleset,
) -> str:
    """The verdict of the outcomes `paths` (at least one): determined, or why they
    differ."""
    if len({p.key() for p in paths}) == 1:
        return "determined"
    if all(paths[a].key() == paths[b].key() for a, b in same_draws):
        # the outcomes differ only by picks a rule says are random, or the storyteller's
        parted = any(paths[a].key() != paths[b].key() for a, b in same_chance)
        return "storyteller" if parted else "random"
    # "ambiguous", or "random" when a fair pick is the rule
    return FRAMEWORKS[ruleset.framework].ties


def _undrawn(
    model: PhaseModel,
    models: list[dict[str, Any]],
    label: str,
    notes: tuple[str, ...],
    timeout: float,
) -> list[Paradox]:
    """The draws of chance of the phase that the rules allow and that no outcome has: a
    paradox each (the first few), its core found with the draw fixed. A draw the rules
    allow satisfies the equations that read draws alone (a kind's rule of what may be
    drawn: "a living member of the faction"); every other equation is the phase's, which
    a draw must leave some outcome of."""
    names = [v for v in model.random_vars if v in model.domains]
    if not names or not models:
        return []
    own = [(e, w) for e, w in model.equations if variables(e) and variables(e) <= set(names)]
    read = sorted(set(names) & variables(*(e for e, _ in model.equations)))
    if not read:
        return []  # no equation reads a draw: every draw has every outcome's company
    got = {tuple(env[v] for v in read) for env in models}
    allowed = concrete.solve(model.domains, own, timeout, free=read)
    out: list[Paradox] = []
    for env in allowed.models:
        draw = tuple(env[v] for v in read)
        if draw in got:
            continue
        got.add(draw)
        fixed = {**model.domains, **{v: [x] for v, x in zip(read, draw, strict=True)}}
        core = concrete.minimal_core(fixed, model.equations, timeout) or []
        whys: list[Why] = []
        for expr, why in core:
            for w in [why, *labels(expr)]:
                if w not in whys:
                    whys.append(w)
        said = ", ".join(f"{v} = {x}" for v, x in zip(read, draw, strict=True))
        out.append(Paradox(label, tuple(whys), (*notes, f"drawn at random: {said}")))
        if len(out) == 3:
            break
    return out


def _chosen(label: str, names: Sequence[str], env: dict[str, Any]) -> Draws:
    """A phase's picks of the variables `names` in an outcome, named by phase."""
    return tuple((f"{label}: {v}", env.get(v)) for v in names)


def _models(
    binder: Binder, block: PhaseBlock, history: History, ruleset: Ruleset
) -> list[tuple[PhaseModel, tuple[str, ...], Draws]]:
    """The models of the phase `block` after `history`: a night's, one per way its forced
    actions left out can go (with the notes of what was assumed, and the draws), or the
    day's."""
    now = binder.at(history)
    if block.kind == PREP:  # night 0: its own abilities, nothing forced, no kill
        acts = binder.acts(block, history)
        prep = replace(build_night(ruleset, now, 0, acts, history), phase=block.label)
        return [(prep, (), ())]
    if block.kind == "night":
        acts = binder.acts(block, history)
        return [
            (build_night(ruleset, now, block.number, acts_, history), notes, draws)
            for acts_, notes, draws in forced_completions(binder, block.number, acts, history)
        ]
    votes, choices, day_acts, order, steps = binder.votes(block, history)
    day = build_day(ruleset, now, block.number, votes, choices, history, day_acts, order, steps)
    return [(day, (), ())]


def _stranded(pairs: set[tuple[int, int]], edges: list[dict[Draws, set[int]]]) -> bool:
    """A path of the earlier phases has no outcome in this one, and no path the same
    draws of chance reached has one: those draws lead to no outcome (a paradox; a path
    the host's or the storyteller's choices part from one that goes on is one they do
    not choose). `pairs`: the earlier paths one sequence of chance reaches; `edges`:
    per earlier path, this phase's draws of chance -> the paths they lead to."""
    for x, out in enumerate(edges):
        if out:
            continue
        if not any(edges[b if a == x else a] for a, b in pairs if x in (a, b) and a != b):
            return True
    return False


def _reached_together(
    pairs: set[tuple[int, int]], edges: list[dict[Draws, set[int]]]
) -> set[tuple[int, int]]:
    """The pairs of the phase's paths that one sequence of draws reaches: from a pair of
    the paths before it that one sequence reaches, the paths the same draws of the phase
    lead to (`edges[i]`: path i's draws -> the paths they lead to)."""
    return {
        (min(a, b), max(a, b))
        for x, y in pairs
        for d, e in _agreeing(edges[x], edges[y])
        for a in edges[x][d]
        for b in edges[y][e]
    }


def _agreeing(
    one: dict[Draws, set[int]], other: dict[Draws, set[int]]
) -> list[tuple[Draws, Draws]]:
    """The pairs of draws of two paths that one sequence of draws can make: they agree on
    every pick both make. A pick one path makes and the other does not (a host's open
    choice led only one of them to a draw) is no difference: the path that does not draw
    reaches its outcome whatever is drawn, so it meets each of the other's draws (an
    outcome the host chooses is not a draw of chance: `ambiguous`, not `random`)."""
    if len({frozenset(_picks(d)) for d in [*one, *other]}) == 1:
        # both make the same picks (the common case): the same draws
        theirs = {frozenset(_picks(e).items()): e for e in other}
        pairs = ((d, theirs.get(frozenset(_picks(d).items()))) for d in one)
        return [(d, e) for d, e in pairs if e is not None]
    return [(d, e) for d in one for e in other if _agree(_picks(d), _picks(e))]


def _picks(d: Draws) -> dict[str, object]:
    """The picks a sequence of draws makes, by name (a pick with no value is none)."""
    return {name: x for name, x in d if x is not None}


def _agree(mine: dict[str, object], theirs: dict[str, object]) -> bool:
    return all(mine.get(name, x) == x for name, x in theirs.items())


def _differing(paths: list[Path]) -> list[str]:
    """Atoms that hold in some outcomes and not in others, by phase."""
    if len(paths) < 2:
        return []
    out: list[str] = []
    n = max(len(p.phases) for p in paths)
    for k in range(n):
        sets = [p.phases[k].atoms for p in paths if len(p.phases) > k]
        union = frozenset().union(*sets)
        common = frozenset.intersection(*sets)
        phase = next(p.phases[k].phase for p in paths if len(p.phases) > k)
        out.extend(f"{phase}: {a}" for a in sorted(union - common))
    return out


# ----------------------------------------------------------------------------- expectations


def check_expectation(res: Resolution, exp: Any) -> tuple[bool, str]:
    """Whether expectation `exp` holds, and what the rules gave (for the failure line)."""
    if exp.kind in ("ambiguous", "paradox", "random", "storyteller"):
        holds = res.verdict == exp.kind
        return holds != exp.negated, f"the verdict is {res.verdict}"
    if not res.paths:
        return False, f"the verdict is {res.verdict}: no outcome to check"
    label_ = phase_label(*exp.phase) if exp.phase else None
    values: list[bool] = []
    for path in res.paths:
        if not path.phases:
            raise RulingError(
                "this case has no night or day, so nothing to expect: write its phases "
                "(`night 1:`, `day 1:`) before `expect:`",
                exp.why.loc,
            )
        idx = len(path.phases) - 1
        if label_ is not None:
            found = [i for i, p in enumerate(path.phases) if p.phase == label_]
            if not found:
                raise RulingError(f"this case has no {label_}", exp.why.loc)
            idx = found[0]
        values.append(_atom_holds(res, path, idx, exp))
    ok = not any(values) if exp.negated else all(values)
    if ok:
        return True, ""
    n_true = sum(values)
    if len(values) == 1:
        gave = "it does not hold" if not exp.negated else "it holds"
    else:
        gave = f"it holds in {n_true} of {len(values)} outcomes"
    return False, gave


def _atom_holds(res: Resolution, path: Path, idx: int, exp: Any) -> bool:
    outcome = path.phases[idx]
    names = {canon(p): p for p in res.players}

    def who(name: str) -> str:
        if canon(name) not in names:
            raise RulingError(f"{name!r} is not a player in this case", exp.why.loc)
        return names[canon(name)]

    atoms = outcome.atoms
    match exp.kind:
        case "dies":
            return Atom("dies", who(exp.subject)) in atoms
        case "survives":
            p = who(exp.subject)
            alive = (
                path.alive_before[idx] if idx < len(path.alive_before) else frozenset(res.players)
            )
            return p in alive and Atom("dies", p) not in atoms
        case "lynched":
            return Atom("lynched", who(exp.subject)) in atoms
        case "revealed":
            return Atom("revealed", who(exp.subject)) in atoms
        case "no_lynch":
            return not any(a.kind == "lynched" for a in atoms)
        case "fails" | "succeeds" | "roleblocked":
            return Atom(exp.kind, who(exp.subject)) in atoms
        case "visits":
            return Atom("visits", who(exp.subject), who(exp.obj)) in atoms
        case "learns":
            return Atom("learns", who(exp.subject), exp.obj) in atoms
        case "goes_on":
            return _has_wins(res, exp) and Atom("goes on", "") in atoms
        case "wins":
            _has_wins(res, exp)
            key = canon(exp.subject)
            won = {canon(a.subject) for a in atoms if a.kind == "wins"}
            if key in names:  # a player wins with their faction or role
                pl = _player_at(res, path, idx, names[key])
                return bool(won & {canon(pl.role.name), canon(pl.faction)})
            return _group(res, exp) in won
        case "is_role":
            pl = _player_at(res, path, idx, who(exp.subject))
            return _group(res, exp, exp.obj) in (canon(pl.role.name), canon(pl.faction))
    raise AssertionError(exp.kind)


def _player_at(res: Resolution, path: Path, idx: int, p: str) -> Player:
    """p's role and faction at the end of phase idx (after changes of identity)."""
    pl = res.players[p]
    role, faction = pl.role, pl.faction
    for outcome in path.phases[: idx + 1]:
        for a in sorted(outcome.atoms):
            if a.kind == identity.BECOMES and a.subject == p:
                if res.case_ruleset.faction(a.obj) is not None:
                    faction = a.obj
                else:
                    role = res.case_ruleset.role(a.obj) or role
    return Player(p, role, faction)


def _has_wins(res: Resolution, exp: Any) -> bool:
    if not res.case_ruleset.victories:
        raise RulingError(
            f"{res.case_ruleset.name} states no win conditions", exp.why.loc, exp.why.text
        )
    return True


def _group(res: Resolution, exp: Any, name: str | None = None) -> str:
    """A faction or role named in an expectation, canonical; unknown names are errors."""
    rs = res.case_ruleset
    name = exp.subject if name is None else name
    faction = rs.faction(name)
    if faction is not None:
        return canon(faction)
    role = rs.role(name)
    if role is not None:
        return canon(role.name)
    raise RulingError(
        f"{name!r} is not a player, faction or role of this case", exp.why.loc, exp.why.text
    )
