"""DCTP's leader's orders (issue 28, item 8): "Can order killings." (the Black Org Leader
status) and the Black Org Hierarchy's sentences that the order is final, read by one kind
in its own files (logic/effects/orders.py, grammar/clause/orders.lark,
logic/lang/kinds/orders.py). Each sentence changes a case of
casebook/dctp-mini-mafia/orders.case when it is deleted from Anokata's line (the two that
say the order is final, deleted together: each alone changes nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "orders.case"

ORDER = "Can order killings."
FINAL = (
    "The leader has the final say on who to designate as the night kill target and may give "
    "the order as such.",
    "No one can override this order.",
)

DECIDES = [
    (ORDER, "Orders: Gin kills as ordered"),
    ("\n".join(FINAL), "Orders: a kill on another target than ordered fails"),
    ("\n".join(FINAL), "Orders: another member than the one ordered does not kill"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, without_on("Anokata", sentence), sentence == ORDER)


@pytest.mark.parametrize("sentence", FINAL)
def test_each_saying_of_final_alone_changes_nothing(sentence: str) -> None:
    case, text = case_of(CASEBOOK, "Orders: a kill on another target than ordered fails")
    assert run_case(parse_ruleset(without_on("Anokata", sentence), str(DCTP)), case, text).passed
