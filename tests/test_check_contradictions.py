"""The contradiction search's one query and the paradox search's blocks (issue 26): what
they cost in Z3's work (the same on any load), and that they still answer as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from logic.backends import symbolic
from logic.commands.check import Checker
from logic.commands.check import paradoxes as paradoxes_mod
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
WEREWOLF_PATH = ROOT / "casebook" / "werewolf-pool.rules"
METADATA_PATH = ROOT / "casebook" / "metadata-mafia.rules"


def test_the_contradiction_query_is_cheap_on_a_large_night() -> None:
    """The werewolf pool's 3-player night (its whole pool of roles): Z3's incremental SMT
    solver spent 6.6 M units on the one query (19.4 M at 4 players, 25 M at 5); bit-blasted
    afresh it takes about 0.2 M. The answer is the same: no contradiction."""
    c = Checker(load_ruleset(WEREWOLF_PATH), players=3)
    c.night  # noqa: B018 (built first: its building is not the query's work)
    before = symbolic.spent()
    found = [f for f in c.contradictions() if f.summary.startswith("no scenario")]
    assert found == []
    assert symbolic.spent() - before < 2_000_000


def test_a_night_no_scenario_satisfies_is_still_a_contradiction() -> None:
    """The query's solver still says unsat under the sentences' switches (assumptions),
    and the finding cites the minimal core: a night that requires one sentence off while
    every switch is on has that sentence alone as its contradiction."""
    c = Checker(load_ruleset(METADATA_PATH), players=3)
    n = c.night
    name, flag = next(iter(n.switch.items()))
    n.valid = symbolic.all_of(n.valid, symbolic.negation(flag))
    found = [f for f in c.contradictions() if f.summary.startswith("no scenario")]
    assert len(found) == 1
    assert found[0].sentences == (n.model.switches[name],)


def test_the_paradox_search_adds_its_blocks_simplified(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each outcome the candidate solver is told to exclude is simplified once when it is
    made (the outcome's values fold most equations away), not at each of the later rounds
    that bit-blast every block again."""
    added: list[tuple[Any, Any]] = []  # (each block made, and what the solver was given)
    add = paradoxes_mod._Candidates.add

    def record(self: Any, term: Any) -> None:
        add(self, term)
        added.append((term, self.terms[-1]))

    monkeypatch.setattr(paradoxes_mod._Candidates, "add", record)
    c = Checker(load_ruleset(METADATA_PATH), players=3, paradox_players=3)
    list(c.paradox_findings())
    assert len(added) > 5
    assert all(given.eq(symbolic.simplify(made)) for made, given in added)
    assert any(not given.eq(made) for made, given in added)  # (simplifying changes them)
