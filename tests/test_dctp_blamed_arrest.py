"""DCTP's arrests for a blamed action (issue 28, item 1; R160 at the end of
casebook/dctp-mini-mafia.rules): "The BO can't arrest someone for a blamed action in any
way." and the notes of Vermouth's and Irish's cards, read as logic/effects/crimes.py's
`NoBlamedArrest` over the record's actions a blame pinned (`inquiry.pinned`, the lasting
`PINNED`). The Black Org's sentence and a card's note say the same of Vermouth (and of
Irish): deleted together, the case they decide changes; deleted alone, nothing does (said
again: no other member of the Black Org can arrest, Calvados's "Can't cover: ..., Arrest")."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "dctporg3-blamed.case"

BO = "The BO can't arrest someone for a blamed action in any way."
VERMOUTH = "Vermouth may not arrest someone for a blamed action for any reason."
IRISH = "Irish may not arrest someone for a blamed action for any reason."

VERMOUTH_CASES = [
    "Blamed arrest: Vermouth as Shiratori cannot arrest Conan for Anokata's blamed kill",
    "Blamed arrest: Vermouth's arrest for a blamed kill suspends her",
    "Blamed arrest: Vermouth's house search does not arrest Conan for a blamed kill",
]
IRISH_CASE = "Blamed arrest: Irish as Shiratori cannot arrest Conan for Anokata's blamed kill"


def _only(sentence: str) -> str:
    """DCTP without the one line at its end that is `sentence` (the cards' twins elsewhere
    are in not-modelled lines or comments: left)."""
    text = DCTP.read_text(encoding="utf-8")
    assert f"\n{sentence}\n" in text, sentence
    return text.replace(f"\n{sentence}\n", "\n", 1)


@pytest.mark.parametrize("title", VERMOUTH_CASES)
def test_the_bar_on_vermouth_decides(title: str) -> None:
    rules = _only(BO)
    rules = rules.replace(f"\n{VERMOUTH}\n", "\n", 1)
    deleting_changes(CASES, title, rules, refused_counts=False)


def test_the_bar_on_irish_decides() -> None:
    rules = _only(BO).replace(f"\n{IRISH}\n", "\n", 1)
    deleting_changes(CASES, IRISH_CASE, rules, refused_counts=False)


@pytest.mark.parametrize("sentence", [BO, VERMOUTH, IRISH])
def test_each_sentence_alone_is_said_again(sentence: str) -> None:
    """Deleted alone, a sentence changes no case of the file: the other says it too."""
    rules = parse_ruleset(_only(sentence), str(DCTP))
    for title in [*VERMOUTH_CASES, IRISH_CASE]:
        case, text = case_of(CASES, title)
        assert run_case(rules, case, text).passed, (sentence, title)


def test_a_town_officer_and_a_real_crime_are_not_barred() -> None:
    """The bar is of the Black Org's arrests, and of blamed actions only: Satou arrests for
    the blamed kill; Vermouth arrests Gin for a slander he took himself."""
    for title in (
        "Blamed arrest: Satou arrests Conan for Anokata's blamed kill",
        "Blamed arrest: Vermouth as Shiratori arrests Gin for his own slander",
    ):
        case, text = case_of(CASES, title)
        assert run_case(load_ruleset(DCTP), case, text).passed
