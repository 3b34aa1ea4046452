"""The casebook as a test suite: every case passes, and the cases are strong enough that
removing any one role's effect makes at least one of them fail (a mutation test)."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from logic.cli import main
from logic.commands.casebook import run_case
from logic.lang import grammar
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.ir import Role, Ruleset, VisitClass

ROOT = Path(__file__).parent.parent
METADATA = load_ruleset(ROOT / "casebook" / "metadata-mafia.rules")
CASE_FILES = sorted((ROOT / "casebook" / "metadata-mafia").glob("*.case"))


def test_casebook_passes() -> None:
    out = io.StringIO()
    code = main(["casebook", str(ROOT / "casebook")], stdout=out, stderr=io.StringIO())
    last = out.getvalue().strip().splitlines()[-1]
    assert code == 0, out.getvalue()
    passed = int(last.split()[0])
    assert passed >= 30 and last.endswith(" 0 failed"), last


def failures_with(ruleset: Ruleset) -> int:
    failed = 0
    for path in CASE_FILES:
        text = grammar.read_source(path, "case")
        for case in parse_cases(text, str(path)):
            failed += not run_case(ruleset, case, text).passed
    return failed


def without_role_effect(rs: Ruleset, role: Role) -> Ruleset:
    """The ruleset with `role`'s effects removed: no effects, restrictions or visits, and
    no 'checks as'. Its abilities stay, so the cases still bind."""
    stripped = replace(
        role,
        abilities=tuple(
            replace(a, effects=(), restrictions=(), visit_class=VisitClass.NON)
            for a in role.abilities
        ),
        appears_as=(),
    )
    return replace(rs, roles=tuple(stripped if r is role else r for r in rs.roles))


@pytest.mark.parametrize(
    "role", [r for r in METADATA.roles if r.abilities or r.appears_as], ids=lambda r: r.name
)
def test_every_role_is_needed_by_some_case(role: Role) -> None:
    assert failures_with(without_role_effect(METADATA, role)) > 0


def test_the_nightkill_is_needed_by_some_case() -> None:
    rs = replace(
        METADATA,
        nightkills=tuple(
            replace(k, ability=replace(k.ability, effects=())) for k in METADATA.nightkills
        ),
    )
    assert failures_with(rs) > 0


def test_unmodified_ruleset_fails_no_case() -> None:
    """Control for the mutation tests above."""
    assert failures_with(METADATA) == 0
