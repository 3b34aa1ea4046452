"""A checker's sanity, as open setups' role PMs say it ("You will always receive a result
of Town.", "Your investigations always return Mafia.", "Your results are inverted."):
logic/effects/sanity.py's `Sanity`, bending what the holder's records checks show.
`resolve` shows each; deleting the sentence gives the true result back; the symbolic
chain agrees with `resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "sanity.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Naive Cop, Bob is Paranoid Cop, Cid is Insane Cop, Dee is Goon, Eve is Townie\n"
SENTENCES = (
    " You will always receive a result of Town.",
    " Your investigations always return Mafia.",
    " Your results are inverted.",
)


def _learnt(body: str, rs: Any = RS) -> set[str]:
    verdict, atoms = resolved(rs, PLAYERS + body)
    assert verdict == "determined", verdict
    return {a for a in atoms if " learns " in a}


def test_each_checker_of_the_mafioso() -> None:
    got = _learnt("  night 1:\n    Ann targets Dee\n    Bob targets Dee\n    Cid targets Dee\n")
    assert got == {'Ann learns "not Mafia"', 'Bob learns "Mafia"', 'Cid learns "not Mafia"'}


def test_each_checker_of_a_townie() -> None:
    got = _learnt("  night 1:\n    Ann targets Eve\n    Bob targets Eve\n    Cid targets Eve\n")
    assert got == {'Ann learns "not Mafia"', 'Bob learns "Mafia"', 'Cid learns "Mafia"'}


@pytest.mark.parametrize("k", range(3))
def test_without_its_sentence_a_checker_learns_the_truth(k: int) -> None:
    text = PATH.read_text()
    assert SENTENCES[k] in text
    rs = parse_ruleset(text.replace(SENTENCES[k], ""), str(PATH))
    night = "  night 1:\n    Ann targets Dee\n    Bob targets Eve\n    Cid targets Dee\n"
    truth = ['Ann learns "Mafia"', 'Bob learns "not Mafia"', 'Cid learns "Mafia"']
    bent = ['Ann learns "not Mafia"', 'Bob learns "Mafia"', 'Cid learns "not Mafia"']
    assert _learnt(night, rs) == {truth[k], *(b for j, b in enumerate(bent) if j != k)}


def test_a_faction_check_shows_the_sanitys_faction() -> None:
    players = "  players: Ann is Sheriff, Dee is Goon, Eve is Townie\n"
    verdict, atoms = resolved(RS, players + "  night 1:\n    Ann targets Eve\n")
    assert verdict == "determined" and 'Ann learns "Mafia"' in atoms, atoms
    text = PATH.read_text().replace("Mafia. Your investigations always return Mafia.", "Mafia.")
    rs = parse_ruleset(text, str(PATH))
    verdict, atoms = resolved(rs, players + "  night 1:\n    Ann targets Eve\n")
    assert 'Ann learns "Town"' in atoms, atoms


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_sanity(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
