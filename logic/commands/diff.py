"""Owns `ruling diff OLD NEW`: change-impact analysis between two versions of a ruleset
(a GM's revision, or a ruleset with and without a ruling).

Both versions are built by the one semantics over the same symbolic first night, on the
roles they share (in OLD's order, so role variables mean the same thing on both sides).
The scenario (roles, who acts, targets) and the outcome proper (which actions take
place, the free choices: every outcome variable neither side defines) are shared;
sentence switches and auxiliary names are per side.
Z3 proposes a scenario and outcome that one version allows and the other does not, or
that both allow but see differently; the concrete back end then resolves the scenario
under both versions, and it is reported only if the sets of outcomes really differ.
Each class of acting roles is reported once, at its smallest witness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from logic.backends import symbolic
from logic.backends.symbolic import Encoding, Status
from logic.commands.check import NAMES, Night, OutOfTime, _value, minimal_only, on_time, seatable
from logic.commands.resolve import Resolution, resolve
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.model import frame
from logic.model.expr import FALSE, variables
from logic.model.ir import Ruleset

MAX_MISSES = 200


@dataclass
class Change:
    roles: tuple[str, ...]
    witness: str
    old: Resolution
    new: Resolution


@dataclass
class DiffReport:
    old: Ruleset
    new: Ruleset
    players: int
    changes: list[Change]
    only_old: list[str]
    only_new: list[str]
    queries: int = 0
    unknown: str | None = None
    # scenarios one version deals and the other refuses (a role dealt twice where the new
    # rules say roles are not duplicated): what the refusing version says
    refused: list[str] = field(default_factory=list)


def diff(
    old: Ruleset,
    new: Ruleset,
    players: int = 4,
    timeout: float = symbolic.DEFAULT_TIMEOUT,
    progress: Callable[[str], None] | None = None,
    limit: int = 20,
    deadline: float | None = None,
    title: str = "changed by the revision",
    night: Night | None = None,
    old_off: tuple[str, ...] = (),
) -> DiffReport:
    """Every class of scenario whose outcome differs; `timeout` bounds each query and
    `deadline` (a `time.perf_counter` time) the whole search. `night`, when given, is
    NEW's symbolic night, already built, and OLD is NEW without the sentences whose
    switches are `old_off` (as `ask` compares the rules with and without a ruling): one
    night serves both sides, the switches `old_off` off on OLD's."""
    players = min(seatable(old, players), seatable(new, players))
    names = NAMES[:players]
    common = [r for r in old.roles if new.role(r.name) is not None]
    shared_new = [new.role(r.name) or r for r in common]
    report = DiffReport(
        old,
        new,
        players,
        [],
        sorted(r.name for r in old.roles if new.role(r.name) is None),
        sorted(r.name for r in new.roles if old.role(r.name) is None),
    )
    try:  # (found by the fuzzer: two DCTP nights took 21 s to build with --timeout 0.2)
        if night is not None:
            a = b = night
        else:
            a = Night(old, names, roles=common, deadline=deadline)
            b = Night(new, names, roles=shared_new, deadline=deadline)
        _search(a, b, old, new, report, timeout, progress, limit, deadline, title, old_off)
    except OutOfTime:
        report.unknown = "diff: unknown (the command's --timeout ran out)"
    return report


def _search(
    a: Night,
    b: Night,
    old: Ruleset,
    new: Ruleset,
    report: DiffReport,
    timeout: float,
    progress: Callable[[str], None] | None,
    limit: int,
    deadline: float | None,
    title: str,
    old_off: tuple[str, ...],
) -> None:
    """The search of `diff`, its findings added to `report` (`OutOfTime` past the
    deadline while the two versions are encoded)."""
    scenario, free = _shared(a, b)
    shared = scenario | free
    ea = Encoding(a.model, "old", shared)
    eb = Encoding(b.model, "new", shared)
    s = symbolic.Session(timeout, deadline=deadline)
    s.add(*ea.domain_constraints(sorted(v for v in scenario if v in a.model.domains)))
    s.add(*eb.domain_constraints(sorted(v for v in scenario if v not in a.model.domains)))
    in_a = [v for v in sorted(shared) if v in a.model.domains]
    valid = []
    for side, enc, off in ((a, ea, set(old_off)), (b, eb, set())):
        on_time(deadline)
        defs = [enc.term(e) for e, w in side.model.equations if w is frame.DEFINITION]
        on_time(deadline)
        rest = [enc.term(e) for e, w in side.model.equations if w is not frame.DEFINITION]
        outcome = [v for v in _vars(side) if v not in scenario]
        switches = [
            symbolic.negation(enc.var(x)) if x in off else enc.var(x) for x in side.model.switches
        ]
        s.add(*defs, *switches)
        valid.append(symbolic.all_of(*rest, *enc.domain_constraints(outcome)))
    keys = set(a.sig) | set(b.sig)
    differs = symbolic.any_of(
        [ea.term(a.sig.get(k, FALSE)) != eb.term(b.sig.get(k, FALSE)) for k in keys]
    )
    s.add(symbolic.any_of(valid[0] != valid[1], symbolic.all_of(valid[0], valid[1], differs)))
    count = a.acting()
    count = symbolic.substitute_term(count, [(a.enc.var(v), ea.var(v)) for v in in_a])
    floor = misses = 0
    while len(report.changes) < limit:
        (progress or (lambda _: None))(f"diff: {len(report.changes)} change(s) so far")
        r = _check(s, report)
        if r != "sat":
            break
        m = s.model()
        for k in range(floor, m.eval(count, model_completion=True).as_long()):
            r = _check(s, report, count <= k)
            if r == "sat":
                m = s.model()
                break
            floor = k + 1
        env = {v: _value(m, ea.var(v)) for v in sorted(scenario) if v in a.model.domains}
        block = symbolic.any_of([ea.var(v) != symbolic.value(x) for v, x in env.items()])
        try:
            witness, res_old, res_new = _resolved(a, env, title, old, new, everyone=False)
            if _same(res_old, res_new):
                # the players left out of the short witness (who neither act nor are acted
                # on) may be what differs: a player the new rules force to act (a Nosy
                # Neighbor who "must visit each night") is idle in the scenario
                witness, res_old, res_new = _resolved(a, env, title, old, new, everyone=True)
        except RulingError as e:  # one version does not deal this scenario
            report.refused.append(e.message.split("\n")[0])
            s.add(block)
            if len(report.refused) >= limit:
                break
            continue
        if _same(res_old, res_new):
            s.add(block)  # only different free choices: not a change; exclude this scenario
            misses += 1
            if misses > MAX_MISSES:
                report.unknown = (
                    f"diff: stopped after {MAX_MISSES} scenarios that differ only in free choices"
                )
                break
            continue
        klass = a.klass(env)
        s.add(symbolic.substitute(a.block(klass), [(a.enc.var(v), ea.var(v)) for v in in_a]))
        roles = Night.names_of(klass)
        report.changes.append(Change(roles, witness, res_old, res_new))
    report.changes = minimal_only(report.changes, lambda c: c.roles)


def _resolved(
    a: Night, env: dict[str, object], title: str, old: Ruleset, new: Ruleset, everyone: bool
) -> tuple[str, Resolution, Resolution]:
    """The scenario `env` as a case (every player seated, with `everyone`), resolved
    concretely under both versions."""
    witness = a.witness(env, title, [], everyone=everyone)
    (case,) = parse_cases(witness, "<witness>")
    return witness, resolve(old, case, witness), resolve(new, case, witness)


def _same(x: Resolution, y: Resolution) -> bool:
    return {o.atoms for o in x.outcomes()} == {o.atoms for o in y.outcomes()}


def _shared(a: Night, b: Night) -> tuple[set[str], set[str]]:
    """The variables both versions share: the scenario proper and the outcome proper."""
    # Shared: the scenario proper and the outcome proper (the same slots take place or
    # not, make the same free choices), so a nondeterministic night is compared choice
    # by choice. Per side: sentence switches and auxiliary names (tiers, protection),
    # whose definitions may differ between the versions and always hold.
    # (the scenario is every variable of the symbolic scenarios: roles, actions, targets,
    # second targets, open factions, decisions; found by the fuzzer: with only roles,
    # actions and first targets shared, a witness on Turtle's missed its second targets,
    # a KeyError, and its neutral players' factions)
    # The outcome proper is every outcome variable with no definition on either side (and
    # not a sentence's switch, which is per side): which slots take place (ok:, first:,
    # semi:) and the free choices the rules leave open (who is linked, reached, early;
    # Turtle's has many). With those per side, Z3 met scenarios
    # that differed only in choices, each refuted by the concrete back end: a diff on
    # Turtle's stopped after 200 of them (unknown) before it met a real change.
    # (a chain's too: each phase's, named by it, the days' votes and day actions)
    scenario = {
        v
        for n in (a, b)
        for v in (*n.scenario.domains(), *(x for x in n.model.scenario_vars if "@" in x))
        if v in n.model.domains and v not in n.model.switches
    }
    free = {
        v
        for v in a.model.domains
        if v in b.model.domains
        and v not in scenario
        and v not in a.model.switches
        and v not in b.model.switches
        and (
            v.startswith(("ok:", "first:", "semi:"))
            or (v not in a.model.definitions and v not in b.model.definitions)
        )
    }
    return scenario, free


def _vars(n: Night) -> list[str]:
    return sorted(set().union(*(variables(e) for e, _ in n.model.equations)))


def _check(s: symbolic.Session, report: DiffReport, *assumptions: object) -> Status:
    report.queries += 1
    r = s.check(*assumptions)
    if r == "unknown":
        report.unknown = "diff: unknown (a solver query timed out)"
    return r
