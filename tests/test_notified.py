"""A protector told that their target was attacked, as role PMs say it ("You will be
notified if your target was attacked."): attack.py's Protect `notifies`. `resolve` tells
the Doctor when the target was attacked (saved or not), and not otherwise; deleting the
sentence takes the notice away; the symbolic chain agrees with `resolve` on random
two-night games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import load_ruleset, parse_ruleset
from logic.report import ruleset_lines

PATH = Path(__file__).parent / "rulesets" / "notified.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Doctor, Bob is Townie, Cid is Goon, Dee is Townie\n"
TOLD = 'Ann learns "your target was attacked"'
SENTENCE = " You will be notified if your target was attacked."


def test_the_doctor_is_told_when_the_target_was_attacked() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Ann targets Bob\n    Cid kills Bob\n")
    assert TOLD in atoms and "Bob dies" not in atoms, atoms


def test_no_attack_no_notice() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Ann targets Bob\n    Cid kills Dee\n")
    assert TOLD not in atoms and "Dee dies" in atoms, atoms


def test_without_the_sentence_there_is_no_notice() -> None:
    rs = parse_ruleset(PATH.read_text().replace(SENTENCE, ""), str(PATH))
    atoms = determined(rs, PLAYERS + "  night 1:\n    Ann targets Bob\n    Cid kills Bob\n")
    assert TOLD not in atoms and "Bob dies" not in atoms, atoms


@pytest.mark.parametrize(
    "said",
    [
        " If your target is attacked, you will be notified.",
        " If you heal a player who is attacked, you will be told that your target was attacked.",
    ],
)
def test_other_wordings_mean_the_same(said: str) -> None:
    rs = parse_ruleset(PATH.read_text().replace(SENTENCE, said), str(PATH))
    assert _meaning(rs) == _meaning(RS)


def _meaning(rs: Any) -> list[str]:
    return [line.split("   [")[0] for line in ruleset_lines(rs)]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_the_notice(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
