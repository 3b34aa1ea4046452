"""DCTP's Analyze defined once (R156): the Analyze section's list "Roles with action:
Kogorou." gives him the section's sentences (R37's, moved from his line): deleted, he has
no Analyze, and a case of casebook/dctp-mini-mafia/analyze.case changes (its order names
an ability he no longer has: refused, noticed)."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
ANALYZE = ROOT / "casebook" / "dctp-mini-mafia" / "analyze.case"


def test_deleting_the_list_changes_its_case() -> None:
    title = "Analyze: the drunk night's interrogation of Gin, analyzed sober, is BO"
    rules = without_on("Ability Analyze", "Roles with action: Kogorou.")
    deleting_changes(ANALYZE, title, rules)
