"""DCTP's frightened player told (issue 28, item 2; R165 at the end of
casebook/dctp-mini-mafia.rules): "If he used a Day action, then the GM will PM him that his
actions failed." read as logic/effects/frighten.py's `FrightTold`. Deleted, the frightened
player whose day protection failed is told nothing; a frightened player who used no day
action is told nothing either way."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_line

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctporg3-frighten.case"
SENTENCE = "If he used a Day action, then the GM will PM him that his actions failed."


def _without() -> str:
    return without_line(SENTENCE)


def test_deleting_the_sentence_tells_nothing() -> None:
    title = "Frightened: Ran's day protection fails and she is told"
    deleting_changes(CASES, title, _without(), refused_counts=False)


def test_no_day_action_nothing_told_either_way() -> None:
    case, text = case_of(CASES, "Frightened: no day action used, nothing told")
    for rules in (DCTP.read_text(encoding="utf-8"), _without()):
        assert run_case(parse_ruleset(rules, str(DCTP)), case, text).passed
