"""DCTP's bow-tie (issue 28, item 5): Agasa's "Bow-tie: Can lend it to anyone for a night
except for himself (and it is returned at the end of the night)." and "Someone in
possession of the bow-tie can act if he were Conan and can choose to Interrogate OR
Investigate 3." (logic/effects/items.py's Lend and its `acts_as`, lent through
Kind.lends). Deleting either from Agasa's line leaves the case of
casebook/dctp-mini-mafia/items.case unreadable (Ran holds no Interrogate): noticed."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "items.case"

LEND = (
    "Bow-tie: Can lend it to anyone for a night except for himself (and it is returned at "
    "the end of the night)."
)
ACTS_AS = (
    "Someone in possession of the bow-tie can act if he were Conan and can choose to "
    "Interrogate OR Investigate 3."
)
TITLE = "Bow-tie: Ran, lent it by Agasa, interrogates as Conan the night after"


@pytest.mark.parametrize("sentence", [LEND, ACTS_AS])
def test_deleting_a_sentence_changes_its_case(sentence: str) -> None:
    deleting_changes(CASEBOOK, TITLE, without_on("Agasa", sentence))
