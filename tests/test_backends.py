"""Two back ends, one answer: on random concrete nights of every casebook ruleset,
python-constraint (logic/backends/concrete.py) and Z3 (logic/backends/symbolic.py) must find exactly the
same models of the same labelled equations, hence the same outcomes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logic.backends import concrete, symbolic
from logic.commands.resolve import read_outcome
from logic.engine import build_night
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.binding import Binder
from logic.model.ir import Ruleset
from logic.model.semantics import History

ROOT = Path(__file__).parent.parent
RULESETS = {
    "metadata-mafia": load_ruleset(ROOT / "casebook" / "metadata-mafia.rules"),
    "blockers": load_ruleset(ROOT / "tests" / "rulesets" / "blockers.rules"),
}
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


@st.composite
def nights(draw: Any, rs: Ruleset) -> str:
    """A random first night as case text: distinct roles when the ruleset says so,
    every player with an ability maybe using it, one faction member maybe killing."""
    n = draw(st.integers(min_value=2, max_value=7))
    names = NAMES[:n]
    if rs.unique_roles is not None:
        roles = draw(st.permutations(rs.roles))[:n]
    else:
        roles = [draw(st.sampled_from(rs.roles)) for _ in names]
    lines = []
    for name, role in zip(names, roles, strict=False):
        ab = [a for a in role.abilities if a.frequency.allows(1, 0) and a.verb != "kills"]
        if ab and draw(st.booleans()):
            lines.append(f"{name} targets {draw(st.sampled_from(names))}")
    killers = [nm for nm, r in zip(names, roles, strict=False) if rs.nightkill(r.faction)]
    if killers and draw(st.booleans()):
        lines.append(f"{draw(st.sampled_from(killers))} kills {draw(st.sampled_from(names))}")
    players = ", ".join(f"{nm} is {r.name}" for nm, r in zip(names, roles, strict=False))
    body = "\n".join(f"    {x}" for x in lines)
    return f'case "random"\n  players: {players}\n  night 1:\n{body}\n'


def _compare(rs: Ruleset, text: str) -> None:
    (case,) = parse_cases(text, "random.case")
    binder = Binder(rs, case, text)
    acts = binder.acts(case.phases[0], History())
    model = build_night(rs, binder.players, 1, acts, History())
    pc = concrete.solve(model.domains, model.equations, timeout=30)
    z = symbolic.all_models(model, timeout=30)
    assert pc.status != "unknown" and z.status != "unknown"
    key = sorted(model.domains)

    def canon(models: list[dict[str, Any]]) -> set[tuple[Any, ...]]:
        return {tuple(m[k] for k in key) for m in models}

    assert canon(pc.models) == canon(z.models), text
    outs_pc = {read_outcome(model, m, ()).atoms for m in pc.models}
    outs_z3 = {read_outcome(model, m, ()).atoms for m in z.models}
    assert outs_pc == outs_z3, text


@pytest.mark.slow  # 300 random nights through both back ends (a long cross-check)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_backends_agree_on_metadata_mafia(data: Any) -> None:
    rs = RULESETS["metadata-mafia"]
    _compare(rs, data.draw(nights(rs)))


@pytest.mark.slow  # 300 random nights through both back ends (a long cross-check)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_backends_agree_on_blockers(data: Any) -> None:
    rs = RULESETS["blockers"]
    _compare(rs, data.draw(nights(rs)))


def test_backends_agree_on_a_paradox() -> None:
    """Both back ends find no model for an odd cycle of roleblocks, and the Z3 core and
    the python-constraint core name the same sentences."""
    rs = RULESETS["blockers"]
    text = (
        'case "cycle"\n players: Ann is Blocker, Bob is Blocker, Cid is Blocker\n'
        " night 1:\n  Ann targets Bob\n  Bob targets Cid\n  Cid targets Ann\n"
    )
    (case,) = parse_cases(text, "cycle.case")
    binder = Binder(rs, case, text)
    acts = binder.acts(case.phases[0], History())
    model = build_night(rs, binder.players, 1, acts, History())
    assert concrete.solve(model.domains, model.equations).status == "unsat"
    status, core = symbolic.core_of(model, model.equations)
    assert status == "unsat"
    pc_core = concrete.minimal_core(model.domains, model.equations)
    assert pc_core is not None
    assert {w for _, w in core} == {w for _, w in pc_core}
    assert len(core) == 3


def test_a_shared_subtree_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """compile_expr builds one closure per distinct node: a formula whose subtrees are
    shared (a day's votes and deaths are) is a DAG, and compiled as a tree it grows
    exponentially (one Turtle's day: 256,000 calls, a second, past --timeout 0.3)."""
    from logic.model import expr as ex

    calls = 0
    real = ex._compile

    def counted(x: ex.Expr, comp: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(x, comp)

    monkeypatch.setattr(ex, "_compile", counted)
    node: ex.Expr = ex.Var("a")
    for _ in range(30):  # 2**30 paths from the root to the leaf
        node = ex.And((node, ex.Not(node)))
    f = ex.compile_expr(node)
    assert calls == 1 + 2 * 30
    assert f({"a": True}) == ex.evaluate(node, {"a": True})
