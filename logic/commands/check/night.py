"""Owns the encoded symbolic night (`Night`): its formula, switches and signals, built once;
its copies with renamed outcome variables (self-composition) and its twin with its own
switches (ablation: `told_apart`); classes, blocks, and witnesses written as cases."""

from __future__ import annotations

import contextlib
import copy
import functools
import gc
import hashlib
import pickle
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import Encoding
from logic.commands.check.bounds import on_time
from logic.commands.check.findings import Klass
from logic.commands.check.signals import describe, signals
from logic.effects.identity import BECOMES
from logic.engine import build_symbolic_night, chain
from logic.model.day import day_menus
from logic.model.expr import Evaluator, Var, explain, variables
from logic.model.ir import Role, Ruleset, Why, canon
from logic.model.semantics import PhaseModel, SymbolicNight, night_menus, options_of

_value = symbolic.read


def _pick_of(action: str) -> str:
    """The variable of the ability an action's slot picks ("uses:Ann@n1" -> "ab:Ann@n1"):
    turning the action off frees it (an unused slot's pick is 0)."""
    return action.replace("uses:", "ab:", 1)


def _menu(menus: tuple[tuple[Any, ...], ...], k: int) -> tuple[Any, ...]:
    """The abilities of the `k`-th role of `menus` (none for -1: a role not in the pool)."""
    return menus[k] if 0 <= k < len(menus) else ()


_MODELS: dict[tuple[Any, ...], tuple[SymbolicNight, PhaseModel, list[Ruleset]]] = {}
"""The phases this process built (`_phases`), for one ruleset at a time, with each copy
of the ruleset that used them: kept alive, so no object of theirs leaves its id to
another (a scenario knows roles by id: `SymbolicNight.role_is`)."""


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused inside the block (and resumed after it, if it ran
    before). Building a night allocates millions of objects that live on (expression
    nodes, Z3 terms and the memos of both, nearly none of them in a cycle), and the
    collector walked them again and again as they grew: DCTP's 4-player night took
    16-19 s of CPU with it running, 10.6 s without (issue 26). What refcounting frees is freed
    as before; only cyclic garbage waits for the block's end, and the Z3 terms made are
    the same, with the same ids."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _digest(ruleset: Ruleset) -> str:
    """The ruleset's bytes, hashed, without the lookups it caches on itself once asked
    (`functools.cached_property`: `Ruleset._role_index`). Building a night asks them: the
    digest then changed, `_phases` never found the night it had built, and built it again
    for every `Night` (DCTP's 3-player phases twice a check: 5 s CPU)."""
    plain = copy.copy(ruleset)
    kind = type(ruleset)
    for k in [
        k for k in vars(plain) if isinstance(getattr(kind, k, None), functools.cached_property)
    ]:
        del vars(plain)[k]
    return hashlib.sha1(pickle.dumps(plain)).hexdigest()


def _phases(
    ruleset: Ruleset,
    names: tuple[str, ...],
    roles: list[Role] | None,
    nights: int,
    day: bool,
    deadline: float | None,
) -> tuple[SymbolicNight, PhaseModel]:
    """The scenario and the phase model of a night (chained nights, a day), built once a
    process for a ruleset (its pickled bytes: a part of `check --jobs` gets a copy):
    the parts of a check, each in a Z3 context of its own (`symbolic.fresh`), encode
    the same model again, but no part builds it again. (A model is Python's, the same
    whatever ran before: only its Z3 terms are a context's.)"""
    digest = _digest(ruleset)
    key = (digest, names, None if roles is None else tuple(r.name for r in roles), nights, day)
    if key not in _MODELS:
        if not any(k[0] == digest for k in _MODELS):
            _MODELS.clear()  # (another ruleset's phases are not wanted any more)
        scenario = SymbolicNight(ruleset, names, roles=roles)
        model = (
            chain(ruleset, names, nights, roles, between=lambda: on_time(deadline), last_day=day)
            if nights > 1 or day
            else build_symbolic_night(scenario)
        )
        _MODELS[key] = (scenario, model, [])
    scenario, model, users = _MODELS[key]
    if not any(u is ruleset for u in users):
        users.append(ruleset)
    return scenario, model


class Night:
    """One symbolic night, encoded once: its formula, its switches, its signals."""

    @_no_cycle_collection()
    def __init__(
        self,
        ruleset: Ruleset,
        names: tuple[str, ...],
        roles: list[Role] | None = None,
        nights: int = 1,
        deadline: float | None = None,
        day: bool = False,
    ) -> None:
        """`deadline`: raise `OutOfTime` between the steps of the build once it passed.
        `day`: the day after the last night too (when the ruleset says how a lynch goes:
        the dead-rule search of day abilities after one night). Built with the cycle
        collector paused (`_no_cycle_collection`)."""
        on_time(deadline)
        self.rs = ruleset
        self.names = names
        self.nights = nights
        # variable suffix of each night: none for a single night, @nK when chained
        chained = nights > 1 or day
        self.suffixes = [f"@n{k}" for k in range(1, nights + 1)] if chained else [""]
        self.scenario, self.model = _phases(ruleset, names, roles, nights, day, deadline)
        # the days the chain holds (day k after night k), by their suffix
        self.days = [
            k
            for k in range(1, nights + 1)
            if any(f"vote:{p}@d{k}" in self.model.domains for p in names)
        ]
        self.enc = Encoding(self.model)
        equations = self.enc.equations(between=lambda: on_time(deadline))
        # Every variable keeps to its domain, named by an equation or not (`equations`;
        # found by the fuzzer: a kill whose target no equation reads, in a witness cut
        # short by the deadline, was aimed at player 32 of 3); an action no equation
        # names (a kill no one in this night can make) is not taken.
        said = self.enc.constrained
        unsaid = [self.enc.var(v) for v in self.action_names() if v not in said]
        self.valid = symbolic.all_of(*equations, *(symbolic.negation(x) for x in unsaid))
        self.sig = signals(self.model)
        self.sig_terms = {}
        for k, (key, e) in enumerate(self.sig.items()):
            if k % 100 == 0:
                on_time(deadline)
            self.sig_terms[key] = self.enc.term(e)
        self.switch = {name: self.enc.var(name) for name in self.model.switches}
        self.copies: dict[str, Encoding] = {}
        self._twice: Any = None
        self._twins: dict[int, Any] = {}
        self._renames: dict[str, list[tuple[Any, Any]]] = {}
        self._copied: dict[tuple[str, Any], list[Any]] = {}  # (`in_copy`)
        self._becomes: dict[str, list[tuple[str, Any]]] | None = None  # (`_held`)

    def copy(self, name: str) -> Encoding:
        """An encoding whose outcome variables are renamed (scenario variables shared)."""
        if name not in self.copies:
            self.copies[name] = Encoding(self.model, name)
        return self.copies[name]

    def renamed(self, term: Any, name: str) -> Any:
        """`term` over copy `name`'s outcome variables: a substitution, done in Z3."""
        return self.renamed_all([term], name)[0]

    def renamed_all(
        self, terms: list[Any], name: str, like: tuple[str, frozenset[str]] | None = None
    ) -> list[Any]:
        """`renamed` for many terms at once: one substitution, so the parts they share
        are renamed once (each signal of a night shares most of the night). `like`
        (copy, variables): those outcome variables are that copy's, not this one's (a
        copy whose actions take place as another's: `Ambiguities._halves`)."""
        key = name if like is None else f"{name}|{like[0]}:{','.join(sorted(like[1]))}"
        if key not in self._renames:
            enc = self.copy(name)
            other, same = (self.copy(like[0]), like[1]) if like is not None else (enc, frozenset())
            scen = set(self.model.scenario_vars)
            self._renames[key] = [
                (self.enc.var(v), other.var(v) if v in same else enc.var(v))
                for v in self.model.domains
                if v not in scen
            ]
        return symbolic.substitute_all(terms, self._renames[key])

    def in_copy(self, name: str, like: tuple[str, frozenset[str]] | None = None) -> list[Any]:
        """The night's formula and its signals (`[valid, *sig_terms]`) in copy `name`
        (`renamed_all`), renamed once: the ambiguity search's parts ask them again for
        each part and each cause met (DCTP's check: 26 substitutions of the whole night,
        a fifth of its 3-player search)."""
        key = (name, like)
        if key not in self._copied:
            self._copied[key] = self.renamed_all([self.valid, *self.sig_terms.values()], name, like)
        return self._copied[key]

    @functools.cached_property
    def reads(self) -> dict[str, frozenset[str]]:
        """The variables each defined variable's definition reads (`strata`'s closures
        ask them for each part of the ambiguity search: walked once a night, where each
        walk of every definition took a fifth of DCTP's 3-player search)."""
        return {v: frozenset(variables(e)) for v, e in self.model.definitions.items()}

    def switches_of(self, why: Why, whole_line: bool = False) -> list[Any]:
        """The switches of sentence `why` (of its whole line, for a ruling)."""
        out = []
        for name, w in self.model.switches.items():
            same_line = w.loc.file == why.loc.file and w.loc.line == why.loc.line
            if same_line and (whole_line or w.loc.column == why.loc.column):
                out.append(self.switch[name])
        return out

    def told_apart(self, off: list[Any], also_off: list[Any] = ()) -> Any:  # type: ignore[assignment]
        """A formula true of a scenario and outcome that the night with the switches `off`
        turned on and with them turned off disagree on: one allows the outcome and the
        other does not, or both allow it and something observable differs. Unsatisfiable
        means the sentences behind `off` change nothing. `also_off` are off in both, every
        other switch is on. Made by one substitution into a formula built once: the night
        twice over one scenario and one outcome, each copy with its own switches (the
        twin's are `on:...@twin`), told apart. (Substituting into the night anew for each
        sentence cost more than its query.)"""
        if self._twice is None:
            pairs = [(x, self._twin(x)) for x in self.switch.values()]
            vb = symbolic.substitute(self.valid, pairs)
            va = self.valid
            diffs = [t != symbolic.substitute(t, pairs) for t in self.sig_terms.values()]
            differ = symbolic.any_of(diffs) if diffs else symbolic.value(False)
            self._twice = symbolic.any_of(va != vb, symbolic.all_of(va, vb, differ))
        gone = {x.get_id() for x in off}
        both = {x.get_id() for x in also_off}
        on, no = symbolic.value(True), symbolic.value(False)
        values = []
        for x in self.switch.values():
            values.append((x, no if x.get_id() in both else on))
            values.append((self._twin(x), no if x.get_id() in both | gone else on))
        return symbolic.substitute(self._twice, values)

    def _twin(self, x: Any) -> Any:
        if x.get_id() not in self._twins:
            self._twins[x.get_id()] = symbolic.boolean(f"{x}@twin")
        return self._twins[x.get_id()]

    def idle_after_first(self) -> list[Any]:
        """Nobody acts on any night after the first (a chained night's first-night search)."""
        return self._idle(self.suffixes[1:])

    def idle_nights(self) -> list[Any]:
        """Nobody acts on any night (a search of what a day alone may do)."""
        return self._idle(self.suffixes)

    def _idle(self, suffixes: list[str]) -> list[Any]:
        """No action taken, nor nightkill, on the nights of `suffixes`."""
        names = [f"{k}:{p}{sfx}" for sfx in suffixes for p in self.names for k in ("uses", "kills")]
        return [symbolic.negation(self.enc.var(v)) for v in names if v in self.model.domains]

    def all_on(self, but: list[Any] = ()) -> list[Any]:  # type: ignore[assignment]
        off = {x.get_id() for x in but}  # by Z3's id: printing the terms cost seconds
        return [x for x in self.switch.values() if x.get_id() not in off]

    def env(self, m: symbolic.Model, enc: Encoding | None = None) -> dict[str, Any]:
        enc = enc or self.enc
        return {v: _value(m, enc.var(v)) for v in self.model.domains}

    def role_of(self, env: dict[str, Any], p: str) -> Role:
        return self.scenario.roles[env[f"role:{p}"]]

    def faction_of(self, env: dict[str, Any], p: str) -> str:
        """p's faction: their role's, or the open one of a neutral role or no role."""
        if f"fac:{p}" in env:
            return self.rs.factions[env[f"fac:{p}"]]
        return self.role_of(env, p).faction

    def klass(self, env: dict[str, Any]) -> Klass:
        """Who acts in a witness, on any night: each acting role, and each faction's
        nightkill (whoever of the faction carries it out)."""
        out = set()
        for p in self.names:
            role = self.role_of(env, p)
            for sfx in self.suffixes:
                if env.get(f"uses:{p}{sfx}"):
                    out.add((role.name, "ability"))
                if env.get(f"kills:{p}{sfx}"):
                    out.add((self.faction_of(env, p), "kill"))
            if any(env.get(f"duse:{p}@d{k}") for k in self.days):
                out.add((role.name, "ability"))
        return tuple(sorted(out))

    def block(self, klass: Klass) -> Any:
        """Exclude every scenario in which the whole class acts (its supersets too)."""
        parts = []
        for name, kind in klass:
            if kind == "kill":
                who = [(self.scenario.faction_is(p, name), f"kills:{p}") for p in self.names]
            else:
                role = self.rs.role(name)
                assert role is not None
                who = [(self.scenario.role_is(p, role), f"uses:{p}") for p in self.names]
            sfxs = self.suffixes
            by_day = [f"@d{k}" for k in self.days]
            parts.append(
                symbolic.any_of(
                    [
                        symbolic.all_of(self.enc.term(c), self.enc.var(v + sfx))
                        for c, v in who
                        for sfx in sfxs
                    ]
                    + [
                        symbolic.all_of(self.enc.term(c), self.enc.var(day_var))
                        for c, v in who
                        if kind != "kill"
                        for sfx in by_day
                        if (day_var := v.replace("uses:", "duse:") + sfx) in self.model.domains
                    ]
                )
            )
        return symbolic.negation(symbolic.all_of(parts)) if parts else symbolic.value(False)

    @staticmethod
    def names_of(klass: Klass) -> tuple[str, ...]:
        """A class for people: roles, and "Mafia nightkill" for a faction's kill."""
        return tuple(dict.fromkeys(f"{n} nightkill" if k == "kill" else n for n, k in klass))

    def action_names(self) -> list[str]:
        """The variable saying each action is taken, over every night."""
        taken = [self.scenario.taken(i) for i in range(len(self.scenario.slots))]
        nights = [t.name + sfx for t in taken if isinstance(t, Var) for sfx in self.suffixes]
        days = [f"duse:{p}@d{k}" for k in self.days for p in self.names]
        return nights + [v for v in days if v in self.model.domains]

    def actions(self) -> list[Any]:
        """Whether each action is taken, over every night (its Boolean)."""
        return [self.enc.var(v) for v in self.action_names()]

    def acting(self) -> Any:
        """The number of actions taken, over every night (a term even when no one can
        act: a sum of nothing was the Python 0, which diff's substitution refused, found
        by the fuzzer)."""
        return symbolic.count(self.actions())

    def witness(
        self,
        env: dict[str, Any],
        title: str,
        expect: list[str],
        everyone: bool = False,
        named: Sequence[str] = (),
    ) -> str:
        """The scenario as a case, with only the players who act or are acted on, and
        those `named` (the players the outcomes differ on: a death moved onto an idle
        player); with `everyone`, all of them (who is left alive decides a victory)."""
        involved: list[str] = [p for p in self.names if p in named]
        blocks: list[str] = []
        held = self._held(env)
        for k, sfx in enumerate(self.suffixes, 1):
            lines: list[str] = []
            menus = night_menus(self.scenario.roles, k)
            for p in self.names:
                if env.get(f"uses:{p}{sfx}"):
                    menu = _menu(menus, held(p, f"night {k}"))
                    pick = env.get(f"ab:{p}{sfx}", 0)
                    ab = menu[pick] if pick < len(menu) else None
                    # a role with several night abilities names the one used
                    verb = f"uses {ab.name} on" if ab is not None and len(menu) > 1 else "targets"
                    options = options_of(ab) if ab is not None else ()
                    chose = env.get(f"decide:{p}{sfx}", -1)
                    decided = bool(options) and 0 <= chose < len(options)
                    if ab is not None and (ab.on_self or ab.targets == 0):
                        # (an action aimed at no one is taken by its decision line alone)
                        if not (decided and ab.targets == 0 and not ab.on_self):
                            lines.append(f"{p} uses {ab.name}")
                        involved.append(p)
                    elif ab is not None and ab.targets == 2:
                        t = self.names[env[f"tgt:{p}{sfx}"]]
                        t2 = self.names[env[f"tgt2:{p}{sfx}"]]
                        lines.append(f"{p} {verb} {t} and {t2}")
                        involved += [p, t, t2]
                    else:
                        t = self.names[env[f"tgt:{p}{sfx}"]]
                        lines.append(f"{p} {verb} {t}")
                        involved += [p, t]
                    if decided:  # the player's decision
                        lines.append(f'{p} decides "{options[chose]}"')
                if env.get(f"kills:{p}{sfx}"):
                    t = self.names[env[f"ktgt:{p}{sfx}"]]
                    lines.append(f"{p} kills {t}")
                    involved += [p, t]
            blocks.append(f"  night {k}:\n" + "".join(f"    {x}\n" for x in lines))
            if k in self.days:
                day, acting = self._day_lines(env, k, held)
                blocks.append(f"  day {k}:\n" + "".join(f"    {x}\n" for x in day))
                involved += acting
        keep = [p for p in self.names if p in involved or everyone] or list(self.names[:1])

        def seat(p: str) -> str:
            role = self.role_of(env, p)
            if len(self.rs.factions_of(role)) > 1:  # a neutral role, or no role
                return f"{p} is {role.name} ({self.faction_of(env, p)})"
            return f"{p} is {role.name}"

        players = ", ".join(seat(p) for p in keep)
        expects = "".join(f"    {x}\n" for x in expect)
        stem = self.rs.source.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".rules")
        tail = f"  expect:\n{expects}" if expect else ""
        return f'case "{title}"\n  ruleset: {stem}\n  players: {players}\n{"".join(blocks)}{tail}'

    def _held(self, env: dict[str, Any]) -> Callable[[str, str], int]:
        """p's role in a phase ("night 2", "day 1") of scenario and outcome `env`, by its
        index: the role dealt, or the latest change of role (a `becomes` atom naming a
        role, identity.py) an earlier phase of the chain made, as the chain's `role_is`
        reads it (-1: a role not in the pool). A witness writes a night's action by the
        role held then: a Morpher who became a Blocker on night 1 blocks on night 2
        (the Morpher's menu wrote 'Ann decides "Leech"' there, which resolved as a
        night of no action: the werewolf pool's --nights 2, issue 26)."""
        if self._becomes is None:
            self._becomes = {}
            for a, e in self.model.atoms.items():
                if a.kind == BECOMES and self.rs.faction(a.obj) is None:
                    self._becomes.setdefault(a.subject, []).append((a.obj, e))
        becomes = self._becomes
        index = {canon(r.name): k for k, r in enumerate(self.scenario.roles)}
        value = Evaluator(env)

        def holds(e: Any) -> bool:
            # (`diff` and `ask` give a scenario alone, not the outcome: a change of role
            # they cannot evaluate is not taken, the role dealt is written, as before)
            try:
                return bool(value(e))
            except KeyError:
                return False

        def held(p: str, phase: str) -> int:
            last = int(phase.rsplit(" ", 1)[1])
            earlier = ["night 0"] + [
                f"{x} {j}" for j in range(1, last + 1) for x in ("night", "day")
            ]
            k = env[f"role:{p}"]
            for name in earlier[: earlier.index(phase)]:
                for role, e in becomes.get(f"{p} ({name})", ()):
                    if holds(e):
                        k = index.get(canon(role), -1)
            return k

        return held

    def _day_lines(
        self, env: dict[str, Any], k: int, held: Callable[[str, str], int]
    ) -> tuple[list[str], list[str]]:
        """Day k of a witness: the day actions (`duse`, `dab`, `dtgt`) and the votes,
        as a case writes them, and the players they name (`held`: a player's role in a
        phase)."""
        lines: list[str] = []
        involved: list[str] = []
        menus = day_menus(self.scenario.roles, k)
        for p in self.names:
            if not env.get(f"duse:{p}@d{k}"):
                continue
            menu = _menu(menus, held(p, f"day {k}"))
            pick = env.get(f"dab:{p}@d{k}", 0)
            ab = menu[pick] if pick < len(menu) else None
            if ab is None:
                continue
            if ab.on_self or ab.targets == 0:
                lines.append(f"{p} uses {ab.name}")
                involved.append(p)
            elif ab.targets == 2:
                t, t2 = (self.names[env[f"{v}:{p}@d{k}"]] for v in ("dtgt", "dtgt2"))
                lines.append(f"{p} uses {ab.name} on {t} and {t2}")
                involved += [p, t, t2]
            else:
                t = self.names[env[f"dtgt:{p}@d{k}"]]
                lines.append(f"{p} uses {ab.name} on {t}")
                involved += [p, t]
        for p in self.names:
            vote = env.get(f"vote:{p}@d{k}", -1)
            if vote is not None and 0 <= vote < len(self.names):
                lines.append(f"{p} votes {self.names[vote]}")
                involved += [p, self.names[vote]]
        return lines, involved

    def differing(
        self, env_a: dict[str, Any], env_b: dict[str, Any]
    ) -> tuple[list[str], list[Why]]:
        out: list[str] = []
        whys: list[Why] = []
        in_a, in_b = Evaluator(env_a), Evaluator(env_b)  # one memo per copy, shared by signals
        for key, e in self.sig.items():
            va, vb = bool(in_a(e)), bool(in_b(e))
            if va != vb:
                out.append(f"{describe(key)}: {'yes' if va else 'no'} / {'yes' if vb else 'no'}")
                for env, value in ((env_a, in_a), (env_b, in_b)):
                    why = explain(e, env, self.model.definitions, value=value)
                    whys.extend(w for w in why if w not in whys)
        return out, whys
