"""DCTP's Black Suitcase on day 1 (issue 28, item 8; R162 and BS2 at
casebook/dctp-mini-mafia.rules): Anokata's note "During Day 1, it may be given to any member
of the Black Org." read as logic/effects/suitcase.py's `SuitcaseRule.members`: a gift to a
townie on day 1 is the host's open choice (the note against the gift's "to any player (even
himself)"). Deleted, the gift holds: the case that expects `ambiguous` fails; the gifts the
note does not reach (a member's, a townie's on day 2) hold either way."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctporg3-suitcase.case"
NOTE = "During Day 1, it may be given to any member of the Black Org."


def test_deleting_the_note_settles_the_gift_to_a_townie() -> None:
    title = "BS2: the suitcase given to a townie on day 1: the note and the gift disagree"
    deleting_changes(CASES, title, without_on("Anokata", NOTE), refused_counts=False)


@pytest.mark.parametrize(
    "title",
    [
        "BS2: the suitcase given to a member on day 1 holds",
        "BS2: the suitcase given to a townie on day 2 holds",
    ],
)
def test_gifts_the_note_does_not_reach_hold_either_way(title: str) -> None:
    case, text = case_of(CASES, title)
    for rules in (DCTP.read_text(encoding="utf-8"), without_on("Anokata", NOTE)):
        assert run_case(parse_ruleset(rules, str(DCTP)), case, text).passed
