"""A role's own victory by its death ("You win if you die.", the Tanner's): logic/model/
win.py's `dies`, beside the game's. It holds in the phase the holder dies, by night or by
the lynch; deleting the sentence takes the victory away; the symbolic chain agrees with
`resolve` on random games."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import parse_ruleset

TEXT = """Ruleset: Death wish
The Town wins when all members of the Mafia are dead.
The Mafia wins when they equal or outnumber the Town.
Possible Town Roles
Townie: You have no special abilities.
Possible Neutral Roles
Tanner: You have no special abilities. You only win if you are killed.
Possible Mafia Roles
Goon: You have no special abilities.
The Mafia may kill one player each night.
"""
RS = parse_ruleset(TEXT, "death.rules")
PLAYERS = "  players: Ann is Tanner, Bob is Townie, Cid is Goon, Dee is Townie, Eve is Townie\n"


def test_the_tanner_killed_at_night_wins_and_the_game_goes_on() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Cid kills Ann\n")
    assert {"Ann dies", "Tanner wins", "the game goes on"} <= atoms, atoms


def test_the_tanner_lynched_wins_too() -> None:
    lynch = "  day 1:\n    Bob votes Ann\n    Cid votes Ann\n    Dee votes Ann\n"
    atoms = determined(RS, PLAYERS + lynch)
    assert "Tanner wins" in atoms, atoms


def test_no_victory_while_the_tanner_lives() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Cid kills Bob\n")
    assert "Tanner wins" not in atoms, atoms


def test_without_its_sentence_the_death_wins_nothing() -> None:
    rs = parse_ruleset(TEXT.replace(" You only win if you are killed.", ""), "death.rules")
    atoms = determined(rs, PLAYERS + "  night 1:\n    Cid kills Ann\n")
    assert "Ann dies" in atoms and "Tanner wins" not in atoms, atoms


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_a_death_victory(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
