"""DCTP's cards' "Prep. action: Amor", "Prep. action: Friendship" and "Prep. Action:
Disguise" (R154): "Prep." is an abbreviation (logic/lang/prose.py: the sentence goes on), so
each card line is one sentence, read on its role's line as "Prep action: NAME." was
(grammar/clause.lark's prep_name, disguise.lark's dg_prep). Each, deleted from its role's
line, changes a case; the source's card line splits no more."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
BOOK = ROOT / "casebook" / "dctp-mini-mafia"

DECIDES = [
    ("Yumi", "Prep. action: Amor.", "prep.case", "Lovers: a heal does not save a suicidal lover"),
    (
        "Sonoko",
        "Prep. action: Friendship.",
        "prep.case",
        "Friendship: Sonoko befriends one of those she lists, drawn at random",
    ),
    (
        "Kid",
        "Prep. Action: Disguise.",
        "disguise.case",
        "Age-Observe: Kid disguised as Megure is an adult",
    ),
]


@pytest.mark.parametrize(("role", "sentence", "book", "title"), DECIDES)
def test_deleting_a_prep_card_line_changes_its_case(
    role: str, sentence: str, book: str, title: str
) -> None:
    deleting_changes(BOOK / book, title, without_on(role, sentence))


def test_prep_is_an_abbreviation() -> None:
    from logic.lang.prose import split_sentences

    assert split_sentences("Prep. action: Amor") == ["Prep. action: Amor"]
    assert split_sentences("Prep. Phase action: Choose Costumes") == [
        "Prep. Phase action: Choose Costumes"
    ]
