"""DCTP's Detect (issue 28, items 9-10; R29): Okiya's "Can detect if one certain role is in
the game per night." and the GM's sentences about the disguises it meets, read by one kind
in its own files (logic/effects/detect.py, grammar/clause/detect.lark,
logic/lang/kinds/detect.py). Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/detect.case when it is deleted from Okiya's line (Police Detect's
from Uehara's): the ability's
cases no longer read; without a disguise's sentence, what the Detect makes of it is the
host's choice (ambiguous)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "detect.case"

ABILITY = "Can detect if one certain role is in the game per night."
OWN = "If Vermouth is in the game and he Detects Vermouth, he’ll get a True."
SAME = "Same for Kid."
WORN = "If he asks for his/her disguised role, then he'll get a False."

CLASS = "Allows Uehara to detect other police roles."
POOL = (
    "In the experimental ruleset, these roles are: Megure, Shiratori, Satou, Takagi, Chiba, "
    "Nakamori, Yumi, and Yamato."
)
THROUGH = "Police Detect differs from normal Detect in that it does NOT detect through disguises."

DECIDES = [
    (ABILITY, "Detect: a character not dealt - False", True),
    (OWN, "Detect, the GM's example: 'Vermouth is in the game' - True", False),
    (SAME, "Detect: Kid disguised as Eri is found as Kid", False),
    (WORN, "Detect, the GM's example: 'Ran is in the game' - False", False),
]

UEHARA = [
    (CLASS, "Police Detect: Megure in the game - true", True),
    (POOL, "Police Detect: asked for Gin, no police role, Uehara learns nothing", False),
    (THROUGH, "Police Detect, the GM's example: Vermouth-Megure, no Megure - true", False),
]


@pytest.mark.parametrize(("sentence", "title", "refused"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str, refused: bool) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, without_on("Ability Detect", sentence), refused)


def test_the_sections_list_gives_bourbon_detect() -> None:
    """(R66) "Role with action: Bourbon, Okiya." gives Bourbon Detect (his card names it
    too: deleted alone, the list changes nothing; both, his case's line is refused)."""
    title = "Detect: Bourbon detects Heiji in the game - True"
    lines = without_on("Ability Detect", "Role with action: Bourbon, Okiya.").split("\n")
    assert any(line.startswith("Ability Detect: Can detect") for line in lines)
    (at,) = [k for k, line in enumerate(lines) if line.startswith("Bourbon: ")]
    lines[at] = lines[at].replace(" Night action: Detect, Special Investigate 1.", "")
    deleting_changes(CASEBOOK, title, "\n".join(lines), True)


@pytest.mark.parametrize(("sentence", "title", "refused"), UEHARA)
def test_deleting_a_police_detect_sentence_changes_its_case(
    sentence: str, title: str, refused: bool
) -> None:
    deleting_changes(CASEBOOK, title, without_on("Uehara", sentence), refused)
