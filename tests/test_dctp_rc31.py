"""DCTP's RC31 for a suspended officer (issue 28, item 10; R180 at the end of
casebook/dctp-mini-mafia.rules): "Injured/suspended people do not recieve results on the
phase they're injured/suspended." read as logic/effects/crimes.py's `ResultsWithheld`
(through the frame's `Kind.withholds`, logic/effects/base.py's `withheld`). Deleted, an
officer suspended by his false accusation or his search in vain learns his investigation's
result that night; an officer whose arrest holds learns it either way."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_line

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctpday3-rc31.case"
SENTENCE = "Injured/suspended people do not recieve results on the phase they're injured/suspended."


def test_deleting_the_sentence_tells_the_falsely_accusing_officer() -> None:
    title = "RC31: an officer suspended that night gets no result of his investigation"
    deleting_changes(CASES, title, without_line(SENTENCE), refused_counts=False)


def test_deleting_the_sentence_tells_the_searching_officer() -> None:
    title = "RC31: an officer whose house search finds nothing gets no result that night"
    deleting_changes(CASES, title, without_line(SENTENCE), refused_counts=False)


def test_an_arrest_that_holds_is_told_either_way() -> None:
    case, text = case_of(CASES, "RC31: an officer whose arrest holds gets his result")
    for rules in (DCTP.read_text(encoding="utf-8"), without_line(SENTENCE)):
        assert run_case(parse_ruleset(rules, str(DCTP)), case, text).passed
