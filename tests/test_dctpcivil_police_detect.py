"""DCTP's Police Detect answer (R155): Uehara's line's "If Megure were in the game, Uehara
would receive "true"." (logic/effects/detect.py's `Detect.yes`): her Police Detect answers
"true" (and "false", never said: as Police Identify's, ID4); deleted, the kind's "True" and
"False" (casebook/dctp-mini-mafia/detect.case's Police Detect cases change)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "detect.case"
TRUE = 'If Megure were in the game, Uehara would receive "true".'


@pytest.mark.parametrize(
    "title",
    [
        "Police Detect: Megure in the game - true",
        "Police Detect: Shiratori not dealt - false",
        "Police Detect, the GM's example: Vermouth-Megure, no Megure - true",
    ],
)
def test_deleting_the_answer_changes_its_case(title: str) -> None:
    deleting_changes(CASES, title, without_on("Uehara", TRUE), refused_counts=False)
