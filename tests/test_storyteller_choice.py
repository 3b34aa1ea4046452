"""The storyteller's choice, the third kind of choice (ir.Chooser): neither left open by
the rules (`ambiguous`, a finding of `check`) nor a draw of chance (`random`), but the
game host's on purpose ("You might register as Town."). `resolve` says `storyteller`,
`check` finds no ambiguity in it, and `solve` treats it as existential: a world is
consistent if some choice of the storyteller explains what was seen. The same choice
left to the host (HOST) is an ambiguity: the kind of choice, not the variable, decides.

Over tests/rulesets/registration.rules: a Cop's alignment check, a Godfather who "might
register as Town", a Consigliere who registers as Town always."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from logic.commands.casebook import run_case
from logic.commands.check import Checker
from logic.commands.solve import solve
from logic.effects.registration import RegistersAs
from logic.lang.case import parse_cases
from logic.lang.observations import bind, parse_observations
from logic.lang.rules import load_ruleset
from logic.model.ir import Chooser, Ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "tests" / "rulesets" / "registration.rules"
OBS = ROOT / "tests" / "rulesets" / "registration" / "cop.obs"

CASES = """
case "the storyteller chooses what the Godfather shows"
  ruleset: registration
  players: Ann is Cop, Bob is Godfather, Cid is Townie
  night 1:
    Ann targets Bob
  expect:
    storyteller
    not ambiguous

case "a registration with no modal always holds"
  ruleset: registration
  players: Ann is Cop, Bob is Consigliere, Cid is Townie
  night 1:
    Ann targets Bob
  expect:
    Ann learns "Town"

case "a Goon shows what he is"
  ruleset: registration
  players: Ann is Cop, Bob is Goon, Cid is Townie
  night 1:
    Ann targets Bob
  expect:
    Ann learns "Mafia"
"""


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset(RULES)


def _chosen_by(rs: Ruleset, by: Chooser | None) -> Ruleset:
    """The ruleset with the Godfather's registration chosen by `by`."""
    roles = tuple(
        replace(r, traits=tuple(replace(t, by=by) for t in r.traits))
        if any(isinstance(t, RegistersAs) for t in r.traits) and r.name == "Godfather"
        else r
        for r in rs.roles
    )
    return replace(rs, roles=roles)


@pytest.mark.parametrize("case", parse_cases(CASES, "storyteller.case"), ids=lambda c: c.title)
def test_resolve(rs: Ruleset, case: object) -> None:
    result = run_case(rs, case, CASES)  # type: ignore[arg-type]
    assert result.passed, result


def test_the_same_choice_left_to_the_host_is_ambiguous(rs: Ruleset) -> None:
    (case,) = parse_cases(CASES, "storyteller.case")[:1]
    host = run_case(_chosen_by(rs, Chooser.HOST), case, CASES)
    assert not host.passed  # ambiguous, not the storyteller's


def test_check_finds_no_ambiguity_in_the_storytellers_choice(rs: Ruleset) -> None:
    found = Checker(rs, players=3, timeout=60).run(("ambiguous",)).findings
    assert found == []
    host = Checker(_chosen_by(rs, Chooser.HOST), players=3, timeout=60).run(("ambiguous",))
    assert any(f.witness and "is Godfather" in f.witness for f in host.findings)


def test_solve_is_existential_over_the_storytellers_choices(rs: Ruleset) -> None:
    """Ann's Cop learns "Town" of Bob: Bob is the Townie, or the Godfather shown as Town
    by the storyteller's choice; without the Godfather's sentence only the first."""
    text = OBS.read_text(encoding="utf-8")
    obs = parse_observations(text, str(OBS))
    got = solve(bind(rs, obs, text))
    assert got.worlds == 2 and got.roles["Bob"] == {"Godfather": 1, "Townie": 1}
    # the Godfather always shown as Town: the same two worlds, no choice needed
    assert solve(bind(_chosen_by(rs, None), obs, text)).worlds == 2
    # the Godfather's sentence deleted: only Bob the Townie
    without = replace(
        rs,
        roles=tuple(replace(r, traits=()) if r.name == "Godfather" else r for r in rs.roles),
    )
    assert solve(bind(without, obs, text)).worlds == 1
