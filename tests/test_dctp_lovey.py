"""DCTP's Lovey-Dovey (issue 28): the Lovers section's "Lovers can protect each other with
the ability Lovey-Dovey." and the Lovey-Dovey section's sentences, read by one kind
(logic/effects/lovey.py, grammar/game/lovey.lark, logic/lang/game_kinds/lovey.py). Each
sentence changes a case of casebook/dctp-mini-mafia/lovey.case when it is deleted (a case
the deletion leaves unreadable, its ability gone, counts as noticed); the two sentences
that say one use a phase for the pair change nothing alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "lovey.case"

LENDS = "Lovers can protect each other with the ability Lovey-Dovey."
BY_DAY = "The lover can protect the other lover during day or night."
HINDERS = "This protect will hinder lynching, killing, sniping and even APTX."
ONE = ("Just one lover can use protect.", "They can't protect each other in the same phase.")
ONCE = "You can only protect once per Day/Night."
REST = (
    "If it successfully hinders a lynching, killing, sniping, or poisoning, the lovers lose "
    "this ability for 2 phases."
)

DECIDES = [
    (LENDS, "Lovey-Dovey: Cid protects his lover Bob from Gin's kill"),
    (LENDS, "Lovey-Dovey: on another than his lover, it fails"),
    (BY_DAY, "Lovey-Dovey: by day, Bob's lynch is stopped"),
    (HINDERS, "Lovey-Dovey: by day, Bob's lynch is stopped"),
    (HINDERS, "Lovey-Dovey: by day, Gin's APTX of Bob does not land"),
    ("\n".join(ONE), "Lovey-Dovey: both lovers send it the same night, which goes is open (R96)"),
    (ONCE, "Lovey-Dovey: used on night 1, not on day 1"),
    (REST, "Lovey-Dovey: a save on night 1 rests it for day 1 and night 2"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence), sentence in (LENDS, BY_DAY))


@pytest.mark.parametrize("sentence", ONE)
def test_each_saying_of_one_use_a_phase_alone_changes_nothing(sentence: str) -> None:
    title = "Lovey-Dovey: both lovers send it the same night, which goes is open (R96)"
    case, cases_text = case_of(CASEBOOK, title)
    assert run_case(parse_ruleset(without(sentence), str(DCTP)), case, cases_text).passed
