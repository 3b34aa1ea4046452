"""DCTP's two slanders a night (issue 28, item 8; R164 at the end of
casebook/dctp-mini-mafia.rules): "Gin may slander up to two targets: one Black Org, and one
town." and "He may not slander two Black Org or two town." read by the new kind
logic/effects/spread.py. Deleting the first, a second slander is refused (the case does not
read); deleting the second alone changes nothing (the first's groups say it); deleting both,
the second slander is refused too."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctporg3-slander.case"
UP_TO = " Gin may slander up to two targets: one Black Org, and one town."
APART = " He may not slander two Black Org or two town."
TITLES = [
    "Two slanders: Gin slanders a member and a townie, both interrogations invert",
    "Two slanders: the townie's interrogation inverts too",
    "Two slanders: two townies, which is played is open",
]


def _without(*sentences: str) -> str:
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith("Ability Slander: ")]
    for s in sentences:
        assert s in lines[at], s
        lines[at] = lines[at].replace(s, "")
    return "\n".join(lines)


@pytest.mark.parametrize("title", TITLES)
def test_deleting_the_two_targets_refuses_the_second_slander(title: str) -> None:
    deleting_changes(CASES, title, _without(UP_TO))
    deleting_changes(CASES, title, _without(UP_TO, APART))


def test_the_second_sentence_alone_is_said_again() -> None:
    rules = parse_ruleset(_without(APART), str(DCTP))
    for title in TITLES:
        case, text = case_of(CASES, title)
        assert run_case(rules, case, text).passed, title
