"""DCTP's FBI Leader's count with disguises (issue 28, item 7; R43 at the end of
casebook/dctp-mini-mafia.rules): "This count includes characters disguised as his
subordinated." (on James's line, after his count: logic/effects/census.py's `CensusWorn`,
which asks the disguise kind through `Kind.wears`). Deleted, a disguise as Jodie no longer
counts (casebook/dctp-mini-mafia/fbi.case). And his hint of a disguise as a subordinate
(`CensusHint`): deleted, he is told nothing."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
FBI = ROOT / "casebook" / "dctp-mini-mafia" / "fbi.case"
WORN = "This count includes characters disguised as his subordinated."
HINT = (
    'If someone is disguised as a subordinate, James will receive a small hint akin to, "You '
    'believe something is strange with your suborinate(s)..."'
)


def test_deleting_the_disguised_count_changes_the_count() -> None:
    title = "FBI Leader: a disguise as Jodie counts in James's count"
    deleting_changes(FBI, title, without_on("James", WORN), refused_counts=False)


def test_a_disguise_as_another_role_never_counted() -> None:
    title = "FBI Leader: a disguise as a role not his subordinate's does not count"
    case, text = case_of(FBI, title)
    rs = parse_ruleset(without_on("James", WORN), str(DCTP))
    assert run_case(rs, case, text).passed


def test_deleting_the_hint_tells_james_nothing() -> None:
    title = "FBI Leader: a disguise as Jodie counts in James's count"
    deleting_changes(FBI, title, without_on("James", HINT), refused_counts=False)
