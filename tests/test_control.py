"""A one-way redirect, as role PMs say it ("Each night you may choose a player and
redirect their action to a target of your choice."): logic/effects/redirect.py's
`Redirect(one_way=True)`, the first player's own action lands on the second; actions
aimed at either player stay where they were aimed. `resolve` shows it; the deletion of
the sentence undoes it; the symbolic chain agrees with `resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "control.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Cop, Bob is Witch, Cid is Townie, Dee is Goon, Eve is Doctor\n"
SENTENCE = (
    "Witch: Each night you may choose a player and redirect their action to a target of "
    "your choice."
)


def _atoms(body: str, rs: Any = RS) -> set[str]:
    verdict, atoms = resolved(rs, PLAYERS + body)
    assert verdict == "determined", verdict
    return atoms


def test_a_controlled_check_lands_on_the_witchs_choice() -> None:
    got = _atoms("  night 1:\n    Bob targets Ann and Dee\n    Ann targets Cid\n")
    assert 'Ann learns "Mafia"' in got, got


def test_a_controlled_protection_moves_and_the_kill_lands() -> None:
    body = "  night 1:\n    Bob targets Eve and Dee\n    Eve targets Cid\n    Dee kills Cid\n"
    got = _atoms(body)
    assert "Cid dies" in got, got


def test_actions_aimed_at_the_controlled_player_stay() -> None:
    body = "  night 1:\n    Bob targets Eve and Cid\n    Dee kills Eve\n"
    got = _atoms(body)
    assert "Eve dies" in got and "Cid dies" not in got, got


def test_without_the_sentence_the_witch_has_no_action() -> None:
    text = PATH.read_text().replace(SENTENCE, "Witch: You have no special abilities.")
    rs = parse_ruleset(text, str(PATH))
    got = _atoms("  night 1:\n    Ann targets Cid\n", rs)
    assert 'Ann learns "not Mafia"' in got, got
    assert SENTENCE in PATH.read_text()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_control(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
