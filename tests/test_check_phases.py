"""A night's phases are built once a process for a ruleset (`check.night._phases`): the
key is the ruleset's bytes less the lookups it caches on itself once asked (building a
night asks `Ruleset.role`, which cached its index on the ruleset and changed the bytes,
so every `Night` built its phases again)."""

from __future__ import annotations

from pathlib import Path

from logic.commands.check.bounds import NAMES
from logic.commands.check.night import Night, _digest
from logic.lang.rules import load_ruleset

BLOCKERS = Path(__file__).parent / "rulesets" / "blockers.rules"


def test_a_night_of_the_same_ruleset_and_players_reuses_its_phases() -> None:
    rs = load_ruleset(BLOCKERS)
    vars(rs).pop("_role_index", None)  # (as DCTP's ruleset is loaded: not asked yet)
    first = Night(rs, NAMES[:3])
    rs.role(rs.roles[0].name)  # (a search asks a role by name: its index is cached)
    again = Night(rs, NAMES[:3])
    assert again.model is first.model
    assert Night(rs, NAMES[:2]).model is not first.model


def test_the_digest_ignores_a_cached_lookup() -> None:
    rs = load_ruleset(BLOCKERS)
    before = _digest(rs)
    assert rs.role(rs.roles[0].name) is rs.roles[0]  # (caches the index on the ruleset)
    assert "_role_index" in vars(rs)
    assert _digest(rs) == before
