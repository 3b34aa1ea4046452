"""DCTP's Blame (issue 28, item 8): Anokata's "May opt to blame a townie for committing a
crime on the same night." and the GM's sentences about it, read by one kind in its own
files (logic/effects/blame.py, grammar/clause/blame.lark, logic/lang/kinds/blame.py), through
two hooks the investigations of actions ask every kind (`Kind.pretends`, `Kind.unseen`:
logic/effects/inquiry.py). Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/blame.case when it is deleted (the two that say `seen`, deleted
together)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "blame.case"

SEEN = (
    'Any investigations for the blamed action will come back as "true", and the townie may '
    "be arrested for the blamed action as well.",
    "Blamed actions count as a crime.",
)
HIDDEN = '"Blame" itself may not be investigated and will come back as a false.'
ORDER = "May opt to blame a townie for committing a crime on the same night."

DECIDES = [
    ("\n".join(SEEN), "Blame: Heiji blamed for Anokata's kill, investigated as true"),
    ("\n".join(SEEN), "Blame: a blamed slander is seen by a stake-out"),
    ("\n".join(SEEN), "Blame: the blamed townie is arrested for the blamed kill"),
    (HIDDEN, "Blame: the blame itself is not investigated"),
    (HIDDEN, "Blame: a blamed slander is seen by a stake-out"),
    (ORDER, "Blame: Heiji blamed for Anokata's kill, investigated as true"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, without_on("Anokata", sentence), sentence == ORDER)


@pytest.mark.parametrize("sentence", SEEN)
def test_each_saying_of_seen_alone_changes_nothing(sentence: str) -> None:
    """Deleted alone, either sentence that says `seen` leaves its case as it was."""
    title = "Blame: the blamed townie is arrested for the blamed kill"
    case, text = case_of(CASEBOOK, title)
    assert run_case(parse_ruleset(without_on("Anokata", sentence), str(DCTP)), case, text).passed


# (no fixed game against the chain: its harness, tests/test_day_chain.py, fixes one
# target an action, and the blame names two)
