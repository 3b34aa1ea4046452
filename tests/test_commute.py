"""A commute, as role PMs say it ("Each night you may choose to leave town."): a jail of
oneself (block.py's Jail on its user): no action reaches the commuter that night.
`resolve` shows it; deleting the sentence undoes it; the symbolic chain agrees with
`resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "commute.rules"
RS = load_ruleset(PATH)
SENTENCE = "Each night you may choose to leave town."
PLAYERS = "  players: Ann is Commuter, Bob is Cop, Cid is Townie, Dee is Goon\n"
NIGHT = "  night 1:\n    Ann uses Commute\n    Dee kills Ann\n    Bob targets Ann\n"


def test_no_action_reaches_a_commuter() -> None:
    verdict, atoms = resolved(RS, PLAYERS + NIGHT)
    assert verdict == "determined", verdict
    assert "Ann dies" not in atoms and not any(a.startswith("Bob learns") for a in atoms), atoms


def test_without_the_sentence_the_commuter_stays() -> None:
    text = PATH.read_text()
    assert SENTENCE in text
    rs = parse_ruleset(text.replace(SENTENCE, "You have no special abilities."), str(PATH))
    night = "  night 1:\n    Dee kills Ann\n    Bob targets Ann\n"
    _, atoms = resolved(rs, PLAYERS + night)
    assert "Ann dies" in atoms and 'Bob learns "not Mafia"' in atoms, atoms


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_commutes(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
