"""DCTP's day (issue 28, item 2): the day powers read from the GM's sentences, each a kind
in its own files (logic/effects/<kind>.py, grammar/clause/<kind>.lark,
grammar/lexicon/<kind>.toml, logic/lang/kinds/<kind>.py), on the day frame every ruleset
uses (logic/model/day.py). Each sentence a kind reads changes a case of
casebook/dctp-mini-mafia/day.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
DCTP = ROOT / "casebook" / "dctp-mini-mafia.rules"
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "day.case"

# each sentence a kind of the day reads, and a case of day.case that it decides: with the
# sentence the case passes, without it the case fails (or names an ability no longer there)
DECIDES = [
    (
        " He also can't vote the next day.",
        "A frightened player's vote does not count the next day",
    ),
]


def _without(sentence: str) -> str:
    text = DCTP.read_text(encoding="utf-8")
    for one in sentence.split("\n"):
        assert text.count(one) == 1, one
        text = text.replace(one, "")
    return text


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    cases_text = CASEBOOK.read_text(encoding="utf-8")
    (case,) = [c for c in parse_cases(cases_text, str(CASEBOOK)) if c.title == title]
    assert run_case(load_ruleset(DCTP), case, cases_text).passed
    without = parse_ruleset(_without(sentence), str(DCTP))
    try:
        result = run_case(without, case, cases_text)
    except RulingError:  # the case names an ability the ruleset no longer has
        return
    assert not result.passed, title
