"""DCTP's injured Black Org member and his items (issue 28, item 8; R163 at the end of
casebook/dctp-mini-mafia.rules): "However, he can still regularly kill at night and use items
like black suitcase and bow-tie/watch.", reworded with its subject, read as
logic/effects/heal.py's `InjuredItems` through `Kind.item_use` (items.py's lent bow-tie,
suitcase.py's pretend). RC26 ("Players that are injured may still use items such as the
bow-tie.", R125) says it of every player: deleted together (R163 with its `Source:` line),
the injured member's bow-tie and suitcase actions do not take place; his own slander stays
stopped either way, and an injured townie's bow-tie works by RC26 alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctporg3-injured.case"
RULING = (
    "Source: However, he can still regularly kill at night and use items like black suitcase "
    "and bow-tie/watch.\n"
    "An injured BO can still kill at night and use items like the black suitcase and the "
    "bow-tie.\n"
)


RC26 = "Players that are injured may still use items such as the bow-tie.\n"


def _without(also_rc26: bool = True) -> str:
    text = DCTP.read_text(encoding="utf-8")
    assert RULING in text and RC26 in text
    text = text.replace(RULING, "", 1)
    return text.replace(RC26, "", 1) if also_rc26 else text


@pytest.mark.parametrize(
    "title",
    [
        "Injured items: Gin, injured by Akai's vengeance, interrogates with the bow-tie",
        "Injured items: Gin, injured, pretends with the Black Suitcase",
    ],
)
def test_deleting_the_ruling_stops_the_items(title: str) -> None:
    deleting_changes(CASES, title, _without(), refused_counts=False)


@pytest.mark.parametrize(
    "title",
    [
        "Injured items: Gin, injured, still cannot slander",
        "Injured items: an injured townie's bow-tie works by RC26",
    ],
)
def test_what_the_ruling_does_not_reach(title: str) -> None:
    case, text = case_of(CASES, title)
    for rules in (DCTP.read_text(encoding="utf-8"), _without(also_rc26=False)):
        assert run_case(parse_ruleset(rules, str(DCTP)), case, text).passed
