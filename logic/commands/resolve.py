"""Owns resolving a scenario: binds a case's names to a ruleset, runs its phases in order
through the semantics and the concrete back end, and collects every outcome the rules
allow, with the sentences behind each atom and a verdict.

Verdicts (one per resolution):
  determined  exactly one outcome satisfies every sentence
  ambiguous   two or more outcomes do, and nothing in the rules chooses between them
  random      two or more outcomes do, and a rule says a fair pick decides (the
              framework's ties, e.g. Natural Action Resolution)
  paradox     no outcome does; the core names the sentences that cannot all hold
  unknown     the solver ran out of time before it could say
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from logic.backends import concrete
from logic.effects import forge, identity, vote
from logic.effects.attack import Kill
from logic.effects.day import is_day
from logic.engine import build_day, build_night, next_history
from logic.lang.case import Case, Line, PhaseBlock
from logic.lang.errors import Loc, RulingError, error_at_word, line_of
from logic.model import frame
from logic.model.expr import Const, Evaluator, Var, eq, explain, labels, unfired, variables
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import Ability, Ruleset, Why, canon
from logic.model.phase import IDENTITY
from logic.model.semantics import (
    Act,
    Atom,
    History,
    PhaseModel,
    Player,
    forced_abilities,
)

VERDICTS = ("determined", "ambiguous", "random", "paradox", "unknown")


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
    draws: tuple[tuple[str, object], ...] = field(default=(), compare=False)  # random picks

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


# ----------------------------------------------------------------------------- binding


class Binder:
    """Turns a case's names into players and acts of the ruleset; bad names are errors."""

    def __init__(self, ruleset: Ruleset, case: Case, text: str | None = None) -> None:
        self.rs = ruleset
        self.case = case
        self.text = text
        self.players: dict[str, Player] = {}  # as the case deals them
        self.canon_names: dict[str, str] = {}
        self.bind_players()
        self.now: dict[str, Player] = dict(self.players)  # as the phase being read finds them

    def at(self, history: History) -> dict[str, Player]:
        """The players as `history` leaves them (changes of role and faction applied);
        the phase read next reads their abilities so."""
        self.now = identities(self.rs, self.players, history)
        return self.now

    def error(
        self,
        message: str,
        why: Why,
        token: str | None = None,
        expected: Iterable[str] = (),
        after: str | None = None,
    ) -> RulingError:
        """An error at `why`'s line, the caret under the whole word `token`."""
        source = (
            line_of(self.text, why.loc.line) if self.text is not None and why.loc.line else why.text
        )
        loc = why.loc if self.text is not None else Loc(why.loc.file, why.loc.line, 1)
        return error_at_word(message, loc, source, token, expected, after)

    def bind_players(self) -> None:
        if not self.case.players:
            raise self.error("this case gives no players (add a 'players:' line)", self.case.why)
        seen_roles: dict[str, str] = {}
        for d in self.case.players:
            role = self.rs.role(d.role)
            faction_only = self.rs.faction(d.role) if role is None else None
            if faction_only is not None and self.rs.vanilla is not None:
                # "Sam is Secret Boss": an alignment without a role
                role = self.rs.role(self.rs.vanilla)
                d = replace(d, faction=d.faction or faction_only)
            if role is None:
                raise self.error(
                    f"{d.role!r} is not a role of {self.rs.name}",
                    d.why,
                    d.role.split()[0],
                    (r.name for r in self.rs.roles),
                )
            faction = role.faction
            options = self.rs.factions_of(role)
            if d.faction is None and len(options) > 1:
                why_ = next((w for c, _, w in self.rs.neutral if canon(c) == canon(faction)), None)
                said = f" ({why_.loc.short})" if why_ is not None else ""
                raise self.error(
                    f"{role.name} may be given to {' or '.join(options)}{said}: write "
                    f"'{d.name} is {role.name} ({options[0]})'",
                    d.why,
                    d.role.split()[0],
                    options,
                )
            if d.faction is not None:
                f = self.rs.faction(d.faction)
                if f is None:
                    raise self.error(
                        f"{d.faction!r} is not a faction of {self.rs.name}",
                        d.why,
                        d.faction,
                        self.rs.factions,
                    )
                faction = f
            never_role = next((w for f, w in self.rs.roleless if canon(f) == canon(faction)), None)
            if (
                never_role is not None
                and self.rs.vanilla
                and canon(role.name) != canon(self.rs.vanilla)
            ):
                raise self.error(
                    f"a player of the {faction} never has a role ({never_role.loc.short}: "
                    f'"{never_role.text}")',
                    d.why,
                    d.role.split()[0],
                )
            key = canon(d.name)
            if key in self.canon_names:
                raise self.error(f"the player {d.name} is listed twice", d.why, d.name)
            vanilla = self.rs.vanilla is not None and canon(role.name) == canon(self.rs.vanilla)
            paired = any(isinstance(t, vote.PairVote) for t in role.traits)  # the Lovers
            again = canon(role.name) in seen_roles and not (vanilla or paired)
            if self.rs.unique_roles is not None and again:
                raise self.error(
                    f"{seen_roles[canon(role.name)]} and {d.name} are both {role.name}, but the "
                    f"ruleset says roles are not duplicated ({self.rs.unique_roles.loc.short})",
                    d.why,
                    d.name,
                )
            never = next((w for r, w in self.rs.never_dealt if canon(r) == canon(role.name)), None)
            if never is not None:
                raise self.error(
                    f"no player is dealt {role.name} at the start ({never.loc.short}: "
                    f'"{never.text}"); a case reaches it through the phase that makes it',
                    d.why,
                    d.role.split()[0],
                )
            seen_roles[canon(role.name)] = d.name
            self.canon_names[key] = d.name
            self.players[d.name] = Player(d.name, role, faction)

    def player(self, name: str, why: Why, after: str | None = None) -> str:
        found = self.canon_names.get(canon(name))
        if found is None:
            raise self.error(
                f"{name!r} is not a player in this case", why, name, self.players, after
            )
        return found

    def once(self, acts: list[Act], actor: str, ability: Ability, phase: str, line: Line) -> None:
        """Refuse a second action of `actor` with `ability` in one phase."""
        earlier = next((a for a in acts if a.actor == actor and a.ability == ability), None)
        if earlier is not None and earlier.why is not None:
            raise self.error(
                f"{actor} already uses {ability.name} in this {phase} "
                f"(line {earlier.why.loc.line}); one action per ability a phase",
                line.why,
                line.actor,
            )

    def ability_for(
        self, actor: str, line: Line, night: int, history: History, day: bool = False
    ) -> Ability:
        """The ability a line uses: among the role's day abilities in a day block, among
        its night abilities in a night block."""
        role = self.now[actor].role
        usable = [a for a in role.abilities if is_day(a) == day]
        if line.ability is not None:
            named = [a for a in usable if canon(a.name) == canon(line.ability)]
            if not named:
                names = sorted({a.name for a in usable}) or ["(none)"]
                when = "day " if day else ""
                raise self.error(
                    f"{role.name} has no {when}ability called {line.ability!r}",
                    line.why,
                    line.ability,
                    names,
                )
            usable = named
        if not usable:
            when = "day" if day else "night"
            other = "night" if day else "day"
            more = (
                f" (its abilities are used by {other}: a '{other} N:' block)"
                if role.abilities
                else ""
            )
            raise self.error(
                f"{actor} is {role.name}, which has no {when} ability to use{more}",
                line.why,
                line.actor,
            )
        available = [a for a in usable if a.frequency.allows(night, history.used(actor, a.name))]
        pick = available or usable
        if len({id(a) for a in pick}) > 1:
            names = sorted({a.name for a in pick})
            raise self.error(
                f"{role.name} has several abilities here; write '{actor} uses ABILITY on ...'",
                line.why,
                line.actor,
                names,
            )
        ability = pick[0]
        if len(line.targets) != ability.targets:
            want = "one target" if ability.targets == 1 else f"{ability.targets} targets"
            raise self.error(
                f"{role.name}'s {ability.name} takes {want}, but this line gives {len(line.targets)}",
                line.why,
                line.verb,
            )
        return ability

    def acts(self, block: PhaseBlock, history: History) -> tuple[Act, ...]:
        out: list[Act] = []
        killers: dict[str, Line] = {}
        decided: list[tuple[str, Line]] = []
        for line in block.lines:
            actor = self.player(line.actor, line.why)
            targets = tuple(self.player(t, line.why, line.verb) for t in line.targets)
            if line.verb == "votes":
                raise self.error("votes belong in a 'day N:' block", line.why, "votes")
            if line.verb == "nothing":
                continue
            if line.verb == "decides":
                decided.append((actor, line))
                continue
            if line.verb == "kills":
                pl = self.now[actor]
                faction = pl.faction
                nk = next((k for k in self.rs.nightkills if k.member(pl.role, faction)), None)
                if nk is not None:
                    if faction in killers:
                        raise self.error(
                            f"only one {faction} player carries out the nightkill "
                            f"(already {killers[faction].actor} on line {killers[faction].why.loc.line})",
                            line.why,
                            line.actor,
                        )
                    killers[faction] = line
                    out.append(Act(actor, nk.ability, targets, nk.faction, line.why))
                    continue
                own = [
                    a
                    for a in self.now[actor].role.abilities
                    if any(isinstance(e, Kill) for e in a.effects)
                ]
                if not own:
                    by_day = any(is_day(a) for a in self.now[actor].role.abilities)
                    raise self.error(
                        f"{actor} is {self.now[actor].role.name} ({faction}), which has no "
                        + (
                            "night kill (its powers are used by day: a 'day N:' block)"
                            if by_day
                            else "kill"
                        ),
                        line.why,
                        line.actor,
                    )
                # (a role's own kill is an ability like any other: once a phase; found
                # by the fuzzer, 2,001 "Rog kills Ann" lines built a night for 12 s)
                self.once(out, actor, own[0], block.kind, line)
                out.append(Act(actor, own[0], targets, None, line.why))
                continue
            night = block.number
            ability = self.ability_for(actor, replace(line, targets=targets), night, history)
            self.once(out, actor, ability, block.kind, line)
            if ability.on_self and not targets:  # "activate": the ability acts on its user
                targets = (actor,)
            out.append(Act(actor, ability, targets, None, line.why))
        for actor, line in decided:
            out = self.decide(out, actor, line)
        return tuple(out)

    def decide(self, acts: list[Act], actor: str, line: Line) -> list[Act]:
        """`X decides "TEXT"`: the decision goes with X's action that leaves one to its
        player (logic/effects/forge.py), which X then takes (with no target, if no line
        gives one)."""
        role = self.players[actor].role
        deciding = [a for a in role.abilities if not is_day(a) and forge.options_of(a)]
        if not deciding:
            raise self.error(
                f"{actor} is {role.name}, whose sentences leave no decision to its player",
                line.why,
                line.actor,
            )
        ability = deciding[0]
        options = forge.options_of(ability)
        text = next((o for o in options if canon(o) == canon(line.text or "")), None)
        if text is None:
            raise self.error(
                f"{role.name} decides one of: {', '.join(options)}",
                line.why,
                f'"{line.text}"',
                [f'"{o}"' for o in options],
            )
        for k, a in enumerate(acts):
            if a.actor == actor and a.ability == ability:
                if a.decision is not None:
                    raise self.error(f"{actor} already decides in this night", line.why, "decides")
                return [*acts[:k], replace(a, decision=text), *acts[k + 1 :]]
        return [*acts, Act(actor, ability, (), None, line.why, decision=text)]

    def votes(
        self, block: PhaseBlock, history: History
    ) -> tuple[dict[str, str | None], dict[str, str], tuple[Act, ...], tuple[str, ...]]:
        """A day's votes, the picks of tie-breaking roles ('Judy targets Bob' / 'Judy uses
        Judgment on Bob' in a day block), the day actions ('Sam uses kill on Bob', 'Sam
        kills Bob', 'Ivy uses discard') and the voters in the order their last votes were
        cast."""
        votes: dict[str, str | None] = {}
        choices: dict[str, str] = {}
        acts: list[Act] = []
        order: list[str] = []
        breakers = {canon(r.name) for r in vote.tie_breaker_roles(self.rs)}
        for line in block.lines:
            actor = self.player(line.actor, line.why)
            targets = tuple(self.player(t, line.why, line.verb) for t in line.targets)
            role = self.now[actor].role
            day_abilities = [a for a in role.abilities if is_day(a)]
            if line.verb in ("targets", "uses", "kills") and day_abilities:
                ability = self.ability_for(
                    actor, replace(line, targets=targets), block.number, history, day=True
                )
                if any(a.actor == actor and a.ability == ability for a in acts):
                    raise self.error(
                        f"{actor} already uses {ability.name} in this day", line.why, line.actor
                    )
                acts.append(Act(actor, ability, targets, None, line.why))
                continue
            if line.verb in ("targets", "uses") and canon(role.name) in breakers:
                if len(targets) != 1:
                    raise self.error("a tie-break names one player", line.why, line.verb)
                choices[actor] = targets[0]
                continue
            if line.verb not in ("votes", "nothing"):
                raise self.error(
                    f"'{line.verb}' is a night action; days have votes and day actions",
                    line.why,
                    line.verb,
                )
            if line.verb == "nothing":
                continue
            votes[actor] = targets[0] if targets else None
            if actor in order:
                order.remove(actor)
            if targets:
                order.append(actor)
        return votes, choices, tuple(acts), tuple(order)


def forced_completions(
    binder: Binder, night: int, acts: tuple[Act, ...], history: History
) -> list[tuple[tuple[Act, ...], tuple[str, ...], tuple[tuple[str, object], ...]]]:
    """Every way the forced actions left out of the scenario can go, with the notes that
    say what was assumed, and the draws (a random target is a pick the rules make at
    random: "randomly selects a target to kill")."""
    alive = [p for p in binder.players if p not in history.dead]
    choices: list[list[tuple[Act, str, tuple[str, object] | None]]] = []
    for p in alive:
        role = binder.now[p].role
        forced = forced_abilities(role, night, history, p)
        drawn = [
            (ab, next(e for e in ab.effects if isinstance(e, Kill) and e.random))
            for ab in role.abilities
            if any(isinstance(e, Kill) and e.random for e in ab.effects)
            and ab.frequency.allows(night, history.used(p, ab.name))
            and all(ab is not f for f, _ in forced)
        ]
        for ability, why_ in [(a, f.why) for a, f in forced] + [(a, k.why) for a, k in drawn]:
            if any(a.actor == p and a.ability == ability for a in acts):
                continue
            random = any(ability is a for a, _ in drawn)
            options: list[tuple[Act, str, tuple[str, object] | None]] = [
                (
                    Act(p, ability, (t,), None, why_),
                    f"{p}'s {ability.name} ({why_.loc.short}) is drawn at random: {t}"
                    if random
                    else f"{p} must {ability.name} ({why_.loc.short}) and gave no target: assumed {t}",
                    (f"night {night}: {p}", t) if random else None,
                )
                for t in alive
                if t != p
            ]
            if options:
                choices.append(options)
    if not choices:
        return [(acts, (), ())]
    return [
        (
            acts + tuple(c[0] for c in combo),
            tuple(c[1] for c in combo),
            tuple(c[2] for c in combo if c[2] is not None),
        )
        for combo in itertools.product(*choices)
    ]


def check_phase_order(binder: Binder, case: Case) -> None:
    """Phases run in the order given; each appears once and nights (and days) count up."""
    seen: dict[tuple[str, int], PhaseBlock] = {}
    last: dict[str, PhaseBlock] = {}
    for block in case.phases:
        key = (block.kind, block.number)
        if key in seen:
            raise binder.error(
                f"{block.label} appears twice (first on line {seen[key].why.loc.line})",
                block.why,
                block.kind,
            )
        before = last.get(block.kind)
        if before is not None and before.number > block.number:
            raise binder.error(
                f"{block.label} comes after {before.label} (line {before.why.loc.line}); "
                "phases run in the order given",
                block.why,
                block.kind,
            )
        if block.number < 1:
            raise binder.error(
                f"phases are numbered from 1, not {block.number}", block.why, block.kind
            )
        seen[key] = block
        last[block.kind] = block


# ----------------------------------------------------------------------------- running


def read_outcome(
    model: PhaseModel, env: dict[str, Any], assumptions: tuple[str, ...]
) -> PhaseOutcome:
    atoms: set[Atom] = set()
    reasons: dict[Atom, tuple[Why, ...]] = {}
    at_risk: list[tuple[str, tuple[Why, ...]]] = []
    spared: list[tuple[str, tuple[Why, ...]]] = []
    value_of = Evaluator(env)  # each shared subtree once, for every atom and text
    for atom, expr in model.atoms.items():
        value = bool(value_of(expr))
        if value:
            atoms.add(atom)
            reasons[atom] = tuple(explain(expr, env, model.definitions))
        elif atom.kind == "dies" and labels(expr):
            at_risk.append((atom.subject, tuple(explain(expr, env, model.definitions))))
            spared.append((atom.subject, tuple(unfired(expr, env, model.definitions))))
    for src in model.texts:
        if not value_of(src.gate):
            continue
        holds = [name for cond, name in src.pieces if value_of(cond)]
        atom = Atom("learns", src.actor, src.render(holds))
        atoms.add(atom)
        why = explain(src.gate, env, model.definitions)
        for cond, _ in src.pieces:
            why.extend(w for w in explain(cond, env, model.definitions) if w not in why)
        reasons[atom] = tuple(dict.fromkeys((*reasons.get(atom, ()), *why)))
    return PhaseOutcome(
        model.phase,
        frozenset(atoms),
        tuple(sorted(reasons.items())),
        assumptions,
        tuple(at_risk),
        tuple(spared),
    )


def identities(rs: Ruleset, players: Mapping[str, Player], history: History) -> dict[str, Player]:
    """The players with the changes of role and faction `history` records."""
    out = dict(players)
    for p, role_name, faction in history.state(IDENTITY):
        pl = out[p]
        role = rs.role(role_name) if role_name is not None else None
        out[p] = Player(p, role or pl.role, faction or pl.faction)
    return out


def _read_vars(model: PhaseModel) -> list[str]:
    """Variables an outcome reads that no equation may mention: random draws, and open
    questions only a result text depends on ("cannot link him to the Mafia": Town or
    Unknown); each takes every value of its domain."""
    read = variables(
        *model.atoms.values(),
        *(t.gate for t in model.texts),
        *(c for t in model.texts for c, _ in t.pieces),
    )
    return list(dict.fromkeys([*model.random_vars, *sorted(v for v in read if v in model.domains)]))


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
    binder = Binder(ruleset, case, text)
    check_phase_order(binder, case)
    paths = [Path((), History(), ())]
    paradoxes: list[Paradox] = []
    timed_out: str | None = None
    for block in case.phases:
        left = timeout if deadline is None else min(timeout, deadline - time.perf_counter())
        if left <= 0:
            timed_out = f"{block.label}: unknown (the command's --timeout ran out)"
            break
        new_paths: dict[Any, Path] = {}
        for path in paths:
            history = path.history
            alive = frozenset(p for p in binder.players if p not in history.dead)
            now = binder.at(history)
            if block.kind == "night":
                acts = binder.acts(block, history)
                scenarios = forced_completions(binder, block.number, acts, history)
                models = [
                    (
                        build_night(ruleset, now, block.number, acts_, history),
                        notes,
                        draws_,
                    )
                    for acts_, notes, draws_ in scenarios
                ]
            else:
                votes, choices, day_acts, order = binder.votes(block, history)
                day_model = build_day(
                    ruleset, now, block.number, votes, choices, history, day_acts, order
                )
                models = [(day_model, (), ())]
            for model, notes, drawn in models:
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
                for env in sols.models:
                    outcome = read_outcome(model, env, notes)
                    night = block.number if block.kind == "night" else None
                    h = next_history(history, model, env, outcome, night, block.number, ruleset)
                    draws = (
                        *path.draws,
                        *drawn,
                        *((f"{block.label}: {v}", env.get(v)) for v in model.random_vars),
                    )
                    new = Path((*path.phases, outcome), h, (*path.alive_before, alive), draws)
                    new_paths.setdefault((new.key(), h, draws), new)
        paths = list(new_paths.values())
    distinct = {p.key() for p in paths}
    if timed_out:
        verdict = "unknown"
    elif not paths:
        verdict = "paradox"
    elif len(distinct) == 1:
        verdict = "determined"
    elif _only_random(paths):
        verdict = "random"  # the outcomes differ only by picks a rule says are random
    else:
        verdict = FRAMEWORKS[
            ruleset.framework
        ].ties  # "ambiguous", or "random" when a fair pick is the rule
    return Resolution(
        case, verdict, paths, paradoxes, binder.players, _differing(paths), timed_out, ruleset
    )


def _only_random(paths: list[Path]) -> bool:
    """Whether every random draw leads to one outcome: then the outcomes differ only
    by what the rules say is random."""
    by_draw: dict[tuple[tuple[str, object], ...], set[Any]] = {}
    for p in paths:
        by_draw.setdefault(p.draws, set()).add(p.key())
    return len(by_draw) > 1 and all(len(keys) == 1 for keys in by_draw.values())


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
    if exp.kind in ("ambiguous", "paradox", "random"):
        holds = res.verdict == exp.kind
        return holds != exp.negated, f"the verdict is {res.verdict}"
    if not res.paths:
        return False, f"the verdict is {res.verdict}: no outcome to check"
    phase_label = f"{exp.phase[0]} {exp.phase[1]}" if exp.phase else None
    values: list[bool] = []
    for path in res.paths:
        if not path.phases:
            raise RulingError(
                "this case has no night or day, so nothing to expect: write its phases "
                "(`night 1:`, `day 1:`) before `expect:`",
                exp.why.loc,
            )
        idx = len(path.phases) - 1
        if phase_label is not None:
            found = [i for i, p in enumerate(path.phases) if p.phase == phase_label]
            if not found:
                raise RulingError(f"this case has no {phase_label}", exp.why.loc)
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
