"""A role's own victory beside the game's, as role PMs say it (logic/model/win.py's
SIDE): "Your goal is to get yourself lynched." (the Jester wins when lynched, and the game
goes on), "You win if you are alive at the end of the game." (the Survivor wins with
whoever ends the game, if alive) and "You win with the Mafia." (the Witch, a neutral, wins
when the Mafia does). `resolve` shows them; deleting the sentence takes the
victory away; the symbolic chain agrees with `resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined, resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "victories.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Jester, Bob is Townie, Cid is Goon, Dee is Townie, Eve is Survivor\n"
LYNCH_ANN = "  day 1:\n    Bob votes Ann\n    Cid votes Ann\n    Dee votes Ann\n"
LYNCH_CID = "  day 1:\n    Bob votes Cid\n    Ann votes Cid\n    Dee votes Cid\n"


def _atoms(body: str, rs: Any = RS) -> set[str]:
    return determined(rs, PLAYERS + body)


def test_the_jester_lynched_wins_and_the_game_goes_on() -> None:
    atoms = _atoms(LYNCH_ANN)
    assert {"Ann is lynched", "Jester wins", "the game goes on"} <= atoms, atoms


def test_the_survivor_wins_with_the_town_if_alive() -> None:
    atoms = _atoms(LYNCH_CID)
    assert {"Town wins", "Survivor wins"} <= atoms, atoms
    assert "Jester wins" not in atoms
    atoms = _atoms("  night 1:\n    Cid kills Eve\n" + LYNCH_CID)
    assert "Town wins" in atoms and "Survivor wins" not in atoms, atoms


def test_no_survivor_victory_while_the_game_goes_on() -> None:
    atoms = _atoms("  night 1:\n    Cid kills Ann\n")
    assert "the game goes on" in atoms and "Survivor wins" not in atoms, atoms


def test_without_its_sentence_the_role_has_no_victory() -> None:
    text = PATH.read_text().replace(" Your goal is to get yourself lynched.", "")
    text = text.replace(
        "Survivor: You win if you are alive at the end of the game.",
        "Survivor: You have no special abilities.",
    )
    rs = parse_ruleset(text, str(PATH))
    assert "Jester wins" not in _atoms(LYNCH_ANN, rs)
    assert "Survivor wins" not in _atoms(LYNCH_CID, rs)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_side_victories(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))


def test_a_role_lines_victory_counts_the_group_it_names() -> None:
    """'You win when the Mafia outnumbers the Town.' on a Mafia role's line: the Mafia are
    counted (two of them against one townie), not the role's holders (one)."""
    players = "  players: Ann is Townie, Bob is Consigliere, Cid is Goon, Dee is Townie\n"
    verdict, atoms = resolved(RS, players + "  night 1:\n    Cid kills Ann\n")
    assert verdict == "determined"
    assert {"Mafia wins", "Consigliere wins"} <= atoms or "Consigliere wins" in atoms, atoms
    verdict, atoms = resolved(RS, players + "  night 1:\n    Cid kills Bob\n")
    assert "Consigliere wins" not in atoms, atoms


WITCH = "  players: Ann is Witch, Bob is Townie, Cid is Goon, Dee is Townie\n"


def test_a_role_that_wins_with_a_faction_wins_when_it_does() -> None:
    """'You win with the Mafia.': the Witch (no member of the Mafia) wins when the Mafia
    does (one Goon against one townie after the night), not with the Town; without the
    sentence she does not win."""
    night = "  night 1:\n    Cid kills Bob\n"
    verdict, atoms = resolved(RS, WITCH + night)
    assert verdict == "determined" and {"Mafia wins", "Witch wins"} <= atoms, atoms
    lynch = "  day 1:\n    Ann votes Cid\n    Bob votes Cid\n    Dee votes Cid\n"
    verdict, atoms = resolved(RS, WITCH + lynch)
    assert "Town wins" in atoms and "Witch wins" not in atoms, atoms
    text = PATH.read_text().replace(" You win with the Mafia.", "")
    verdict, atoms = resolved(parse_ruleset(text, str(PATH)), WITCH + night)
    assert "Mafia wins" in atoms and "Witch wins" not in atoms, atoms
