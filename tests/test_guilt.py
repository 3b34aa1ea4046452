"""A kill's guilt, as role PMs say it ("If you kill a member of the Town, you will commit
suicide the following night."): the kill's user dies at the end of the next night when the
player killed was of that faction (logic/effects/guilt.py). `resolve` shows it; a saved
target or a player of another faction leaves no guilt; deleting the sentence undoes it;
the symbolic chain agrees with `resolve` on random two-night games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "guilt.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Vigilante, Bob is Townie, Cid is Doctor, Dee is Goon, Eve is Townie\n"
GUILT = " If you kill a member of the Town, you will commit suicide the following night."
NIGHT2 = "  night 2:\n    Ann kills Dee\n"


def _atoms(body: str, rs: Any = RS) -> set[str]:
    return determined(rs, PLAYERS + body)


def test_a_townie_killed_brings_the_vigilante_down_the_next_night() -> None:
    atoms = _atoms("  night 1:\n    Ann kills Bob\n" + NIGHT2)
    assert {"Bob dies", "Ann dies", "Dee dies"} <= atoms, atoms  # (her shot still lands)


def test_a_mafioso_killed_or_a_saved_townie_leaves_no_guilt() -> None:
    atoms = _atoms("  night 1:\n    Ann kills Dee\n  night 2:\n    Ann kills Eve\n")
    assert "Ann dies" not in atoms, atoms
    saved = _atoms("  night 1:\n    Ann kills Bob\n    Cid targets Bob\n" + NIGHT2)
    assert "Bob dies" not in saved and "Ann dies" not in saved, saved


def test_without_the_sentence_there_is_no_guilt() -> None:
    rs = parse_ruleset(PATH.read_text().replace(GUILT, ""), str(PATH))
    atoms = _atoms("  night 1:\n    Ann kills Bob\n" + NIGHT2, rs)
    assert "Bob dies" in atoms and "Ann dies" not in atoms, atoms


def test_a_faction_the_ruleset_lacks_or_another_time_is_refused() -> None:
    with pytest.raises(RulingError, match="not a faction of this ruleset"):
        parse_ruleset(PATH.read_text().replace("of the Town", "of the Village"), str(PATH))
    with pytest.raises(RulingError, match="whose time is not said"):
        parse_ruleset(PATH.read_text().replace(" the following night.", "."), str(PATH))
    with pytest.raises(RulingError, match="other than the following night"):
        parse_ruleset(PATH.read_text().replace(" the following night.", " that night."), str(PATH))
    with pytest.raises(RulingError, match="kills no one"):  # guilt on a protection
        parse_ruleset(PATH.read_text().replace("shoot a player.", "protect a player."), str(PATH))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_guilt(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS, own_kills=True)))
