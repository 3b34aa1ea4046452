"""DCTP's injured Black Org member and his items (issue 28, item 8; R163 at the end of
casebook/dctp-mini-mafia.rules): "However, he can still regularly kill at night and use items
like black suitcase and bow-tie/watch.", reworded with its subject, read as
logic/effects/heal.py's `InjuredItems` through `Kind.item_use` (items.py's lent bow-tie,
suitcase.py's pretend). Deleted (with its `Source:` line), the injured member's bow-tie and
suitcase actions do not take place; his own slander and an injured townie's bow-tie stay
stopped either way."""

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


def _without() -> str:
    text = DCTP.read_text(encoding="utf-8")
    assert RULING in text
    return text.replace(RULING, "", 1)


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
        "Injured items: an injured townie's bow-tie stays stopped",
    ],
)
def test_what_the_ruling_does_not_reach(title: str) -> None:
    case, text = case_of(CASES, title)
    for rules in (DCTP.read_text(encoding="utf-8"), _without()):
        assert run_case(parse_ruleset(rules, str(DCTP)), case, text).passed
