"""DCTP's Identify defined once (R157): the Identify section's list "Role with action:
Ayumi, Mitsuhiko, Genta." gives the Detective Boys the section's sentences (R36's, moved
from their three lines): deleted, no one identifies, and a case of
casebook/dctp-mini-mafia/identify.case changes (its order names an ability no one has:
refused, noticed)."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "identify.case"


def test_deleting_the_list_changes_its_case() -> None:
    rules = without_on("Ability Identify", "Role with action: Ayumi, Mitsuhiko, Genta.")
    deleting_changes(CASES, "Identify: Ayumi identifies Gin", rules)


def test_the_sentences_stand_once() -> None:
    from dctp_deletions import DCTP

    text = DCTP.read_text(encoding="utf-8")
    assert text.count(" Decide together to Identify one person's role (") == 1
