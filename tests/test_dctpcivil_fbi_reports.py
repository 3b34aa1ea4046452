"""DCTP's FBI Leader reports (issue 28 item 7, R151): James's line "After each night, James
will receive two results from his subordinates chosen at random (...)." and "In the case of
Kir, James will receive only one of her actions (...), chosen at random.", read by
logic/effects/relay.py (`Relayed`, `RelayOne`, through the night's new hook `Kind.relays`);
his subordinates are the roles his count names (census.py). Each sentence, deleted from
James's line, changes a case of casebook/dctp-mini-mafia/dctpcivil-fbi-reports.case; the
chained symbolic night gives what resolve gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "dctpcivil-fbi-reports.case"
REPORTS = (
    "After each night, James will receive two results from his subordinates chosen at random "
    "(the number of reports he gets relies on the number of subordinates in the game, but he "
    "may not receive more than two)."
)
KIR = (
    "In the case of Kir, James will receive only one of her actions (Betrayal, Investigation, "
    "or Special Investigation), chosen at random."
)
COUNT = (
    "At the onset of the round, the FBI Leader is given notice of how many of his subordinated "
    "(Jodie, Akai, Camel, Kir) are in the game."
)

DECIDES = [
    (REPORTS, "R151: Jodie's age-observe is reported to James"),
    (REPORTS, "R151: three subordinates, two reports drawn"),
    (KIR, "R151: Kir's two results, one reported"),
    # his subordinates are the roles his count names
    (COUNT, "R151: Jodie's age-observe is reported to James"),
]


def test_the_cases_pass() -> None:
    from logic.commands.casebook import run_case
    from logic.lang.case import parse_cases
    from logic.lang.rules import load_ruleset

    rules = load_ruleset(DCTP)
    text = CASES.read_text(encoding="utf-8")
    for case in parse_cases(text, str(CASES)):
        assert run_case(rules, case, text).passed, case.title


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASES, title, without_on("James", sentence))


def test_the_count_two_caps_the_reports() -> None:
    """'two' read as three: the three subordinates are all reported (determined)."""
    from logic.commands.casebook import run_case
    from logic.lang.rules import parse_ruleset

    case, text = case_of(CASES, "R151: three subordinates, two reports drawn")
    lines = DCTP.read_text(encoding="utf-8")
    three = lines.replace("James will receive two results", "James will receive three results")
    assert three != lines
    assert not run_case(parse_ruleset(three, str(DCTP)), case, text).passed


# (players, each phase's actions: night 1, day 1, night 2; the day's votes): a chained
# symbolic night (`check --nights`, the world solver) gives what resolve gives
GAMES = {
    "Jodie's observation reported": (
        [("Ann", "James", ""), ("Bob", "Jodie", ""), ("Cid", "Gin", "")],
        [{"Bob": ("Observe", "Cid")}, {}, {"Bob": ("Observe", "Ann")}],
        {"Ann": "Cid", "Bob": "Cid", "Cid": "Ann"},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
