"""DCTP's Follow and the cards' scent (issue 28, item 2): a role trait read from each role's
line ("Scent: Yes.", "Scent: No (no matter the disguise).") and the day check that reads it
(Haibara's "As a result she will get either: "Has a scent" or "Has no scent"."), the kind
logic/effects/scent.py (grammar/clause/scent.lark, grammar/lexicon/scent.toml,
logic/lang/kinds/scent.py). Each sentence it reads changes a case of
casebook/dctp-mini-mafia/follow.case when it is deleted from its role's line."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "follow.case"

FOLLOW = (
    "She may accompany anyone during the day and the accompanied will learn that someone "
    "accompanied/followed them."
)
RESULT = 'As a result she will get either: "Has a scent" or "Has no scent".'

# (the role whose line says it, the sentence, a case of follow.case it decides)
DECIDES = [
    ("Gin", "Scent: Yes.", "Follow: Haibara follows Gin, who has a scent"),
    ("Megure", "Scent: No.", "Follow: Haibara follows Megure, who has no scent"),
    ("Akemi", "Scent: No.", "Follow: Akemi, of the Black Org, has no scent"),
    ("Okiya", "Scent: Yes.", "Follow: Okiya, of the Town, has a scent"),
    (
        "Vermouth",
        "Scent: Yes (no matter the disguise).",
        "Follow: Vermouth disguised as Satou keeps her scent",
    ),
    ("Kid", "Scent: No (no matter the disguise).", "Follow: Kid disguised as Akai has no scent"),
    ("Haibara", RESULT, "Follow: Haibara follows Gin, who has a scent"),
    # the ability's first sentence, and the one that adds to it
    ("Haibara", f"{FOLLOW}\n{RESULT}", "Follow: Haibara follows Megure, who has no scent"),
]


@pytest.mark.parametrize(("role", "sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(role: str, sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without_on(role, sentence))


def test_the_chain_agrees_with_resolve() -> None:
    """A chained symbolic day (`check --nights`, the world solver) gives what resolve gives."""
    from test_day_chain import RULESETS, _compare

    game = (
        [("Ann", "Haibara", ""), ("Bob", "Gin", ""), ("Cid", "Ran", "")],
        [{}, {"Ann": ("Accompany", "Bob")}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Bob"},
    )
    _compare(RULESETS["dctp-mini-mafia"], game)  # type: ignore[arg-type]
