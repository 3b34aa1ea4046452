"""A frame, as role PMs say it ("Choose someone to frame each night. If they are
investigated, they will appear to be Mafia."): logic/effects/records.py's `Frame`, the
target's record shows guilty to that night's checks, whatever the role's own status,
and only that night. `resolve` shows it; the symbolic chain agrees with it on random
games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "frame.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Cop, Bob is Framer, Cid is Townie, Dee is Godfather, Eve is Sheriff\n"


def _learnt(body: str, rs: Any = RS) -> set[str]:
    verdict, atoms = resolved(rs, PLAYERS + body)
    assert verdict == "determined", verdict
    return {a for a in atoms if " learns " in a}


def test_a_framed_player_shows_as_mafia_to_every_check_that_night() -> None:
    got = _learnt("  night 1:\n    Bob targets Cid\n    Ann targets Cid\n    Eve targets Cid\n")
    assert {'Ann learns "Mafia"', 'Eve learns "Mafia"'} <= got, got


def test_unframed_the_record_is_the_roles_own() -> None:
    got = _learnt("  night 1:\n    Ann targets Cid\n    Eve targets Dee\n")
    assert {'Ann learns "not Mafia"', 'Eve learns "not Mafia"'} <= got, got


def test_a_frame_outweighs_an_innocent_record_and_lasts_one_night() -> None:
    body = "  night 1:\n    Bob targets Dee\n    Ann targets Dee\n  night 2:\n    Ann targets Dee\n"
    verdict, atoms = resolved(RS, PLAYERS + body)
    assert verdict == "determined"
    assert 'Ann learns "Mafia" on night 1' in atoms or 'Ann learns "Mafia"' in atoms, atoms
    assert any(a.startswith('Ann learns "not Mafia"') for a in atoms), atoms


def test_without_the_frame_sentence_the_framer_only_targets() -> None:
    text = PATH.read_text().replace(
        "Framer: Choose someone to frame each night. If they are investigated, they will appear to be Mafia.",
        "Framer: Choose someone each night.",
    )
    rs = parse_ruleset(text, str(PATH))
    got = _learnt("  night 1:\n    Bob targets Cid\n    Ann targets Cid\n", rs)
    assert 'Ann learns "not Mafia"' in got, got


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_frames(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
