"""DCTP's Disguise section on scent (issue 28, item 4): "Disguiser does NOT assume the scent
of their disguise." (the scent kind's ScentKept, logic/effects/scent.py, read by
grammar/game/disguise.lark) and the disguisers' cards' "(no matter the disguise)" each say
that Follow reads the scent of the role dealt; deleted together, which card a disguised
player's scent is read from is the host's open choice (the source is then silent)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "follow.case"

KEPT = "Disguiser does NOT assume the scent of their disguise."
CARDS = " (no matter the disguise)"  # Vermouth's, Irish's, Kid's and Yukiko's cards
CASES = [
    "Follow: Vermouth disguised as Satou keeps her scent",
    "Follow: Kid disguised as Akai has no scent",
]


@pytest.mark.parametrize("title", CASES)
def test_deleting_the_sentence_and_the_cards_changes_the_case(title: str) -> None:
    deleting_changes(CASEBOOK, title, without(f"{KEPT}\n{CARDS}"))


@pytest.mark.parametrize("title", CASES)
def test_the_sentence_or_the_cards_alone_say_it(title: str) -> None:
    """Either says it: deleted alone, each leaves the case as it was."""
    case, cases_text = case_of(CASEBOOK, title)
    for one in (KEPT, CARDS):
        assert run_case(parse_ruleset(without(one), str(DCTP)), case, cases_text).passed, one


def test_unsaid_the_scent_of_a_disguise_is_open() -> None:
    """Both deleted, Vermouth disguised as Satou ("Scent: No.") may be read either way."""
    from logic.commands.resolve import resolve

    case, cases_text = case_of(CASEBOOK, CASES[0])
    res = resolve(parse_ruleset(without(f"{KEPT}\n{CARDS}"), str(DCTP)), case, cases_text)
    learnt = {
        a.obj
        for p in res.paths
        for ph in p.phases
        for a in ph.atoms
        if a.kind == "learns" and a.subject == "Ann"
    }
    assert res.verdict == "ambiguous"
    assert learnt == {"Has a scent", "Has no scent"}
