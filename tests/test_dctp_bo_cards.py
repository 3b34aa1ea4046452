"""DCTP's Black Org cards read on their roles' lines (issue 28, item 8; R102): Chianti's and
Korn's "Night action: Observe OR Stake-out" (R28's OR, logic/effects/either.py) decide the
cases of casebook/dctp-mini-mafia/bo-cards.case; deleted from the line, both abilities
are played the same night."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "bo-cards.case"

DECIDES = [
    (
        "Chianti",
        "Night action: Observe OR Stake-out.",
        "Cards: Chianti observes and stakes out the same night, one is played",
    ),
    (
        "Korn",
        "Night action: Stake-out OR Observe.",
        "Cards: Korn stakes out and observes the same night, one is played",
    ),
]


@pytest.mark.parametrize(("role", "sentence", "title"), DECIDES)
def test_deleting_the_card_line_changes_its_case(role: str, sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without_on(role, sentence), refused_counts=False)
