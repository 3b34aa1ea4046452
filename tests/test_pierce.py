"""A kill nothing named stops, as role PMs say it ("Your kill cannot be stopped by
protection or roleblocks."): attack.py's `Pierce` (no protection saves its target, an
action's or the target's own) and block.py's `Unblocked` (a roleblock on its user does not
stop it). `resolve` shows each; deleting the sentence undoes both; the symbolic chain
agrees with `resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined, resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "pierce.rules"
RS = load_ruleset(PATH)
PLAYERS = (
    "  players: Ann is Doctor, Bob is Strongman, Cid is Escort, Dee is Bulletproof, Eve is Goon\n"
)
SENTENCE = " Your kill cannot be stopped by protection or roleblocks."


def _atoms(body: str, rs: Any = RS) -> set[str]:
    return determined(rs, PLAYERS + body)


def test_a_protected_target_dies() -> None:
    assert "Cid dies" in _atoms("  night 1:\n    Ann targets Cid\n    Bob targets Cid\n")


def test_a_night_immune_target_dies() -> None:
    assert "Dee dies" in _atoms("  night 1:\n    Bob targets Dee\n")


def test_a_roleblocked_strongman_still_kills() -> None:
    assert "Ann dies" in _atoms("  night 1:\n    Cid targets Bob\n    Bob targets Ann\n")


def test_the_factions_kill_carried_out_by_a_holder_is_not_stopped() -> None:
    body = "  players: Ann is Doctor, Bob is Bruiser, Cid is Goon, Dee is Bulletproof\n"
    night = "  night 1:\n    Ann targets Dee\n    {} kills Dee\n"
    verdict, atoms = resolved(RS, body + night.format("Bob"))
    assert verdict == "determined" and "Dee dies" in atoms, atoms
    verdict, atoms = resolved(RS, body + night.format("Cid"))  # a Goon's: stopped
    assert verdict == "determined" and "Dee dies" not in atoms, atoms


def test_without_the_sentence_protection_and_roleblocks_stop_the_kill() -> None:
    text = PATH.read_text()
    assert SENTENCE in text
    rs = parse_ruleset(text.replace(SENTENCE, ""), str(PATH))
    assert "Cid dies" not in _atoms("  night 1:\n    Ann targets Cid\n    Bob targets Cid\n", rs)
    assert "Dee dies" not in _atoms("  night 1:\n    Bob targets Dee\n", rs)
    assert "Ann dies" not in _atoms("  night 1:\n    Cid targets Bob\n    Bob targets Ann\n", rs)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_piercing_kills(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS, own_kills=True)))
