"""DCTP's kill cycle (issue 28, item 8): "Every member of the Black Org must kill before a
member is allowed a second kill.", read from the GM's sentences by one kind in its own files
(logic/effects/rotation.py, grammar/game/rotation.lark, logic/lang/game_kinds/rotation.py),
with a lasting state (who has killed in the current cycle) carried from night to night.
Each sentence the kind reads changes a case of casebook/dctp-mini-mafia/rotation.case when
it is deleted, and fixed games give the same outcome symbolically (the chain) as
concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "rotation.case"

# each sentence the kind reads (whole-game sentences at the end of the ruleset), and a case
# of rotation.case that it decides
DECIDES = [
    (
        "Every member of the Black Org must kill before a member is allowed a second kill.",
        "Kill cycle: Gin killed on night 1, his second kill on night 2 fails",
    ),
    (
        "The exceptions to this is if a member is unable to kill due to being arrested or "
        "lynched, in which case they are no longer factored in to the kill cycle.",
        "Kill cycle: Vodka lynched, Gin kills again",
    ),
    (
        "The exceptions to this is if a member is unable to kill due to being arrested or "
        "lynched, in which case they are no longer factored in to the kill cycle.",
        "Kill cycle: Vodka arrested, Gin kills again",
    ),
    (
        "Once the cycle has been completed once, a new order may be decided.",
        "Kill cycle: the cycle completed, a new one begins",
    ),
]


def _without(sentence: str) -> str:
    """The ruleset without the sentence's own line at its end (the not-modelled lines that
    quote it are left as they are)."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    assert lines.count(sentence) == 1, sentence
    return "\n".join("" if line == sentence else line for line in lines)


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, _without(sentence), refused_counts=False)


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "Gin kills twice while Vodka has not": (
        [("Ann", "Gin", ""), ("Bob", "Vodka", ""), ("Cid", "Heiji", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("__kill", "Cid")}, {}, {"Ann": ("__kill", "Dee")}],
        {},
    ),
    "Gin, then Vodka": (
        [("Ann", "Gin", ""), ("Bob", "Vodka", ""), ("Cid", "Heiji", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("__kill", "Cid")}, {}, {"Bob": ("__kill", "Dee")}],
        {},
    ),
    "Vodka lynched, Gin kills again": (
        [("Ann", "Gin", ""), ("Bob", "Vodka", ""), ("Cid", "Heiji", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("__kill", "Cid")}, {}, {"Ann": ("__kill", "Dee")}],
        {"Ann": "Bob", "Dee": "Bob"},
    ),
    "a discombobulated kill is no turn": (
        [("Ann", "Gin", ""), ("Bob", "Vodka", ""), ("Cid", "Heiji", ""), ("Dee", "Eisuke", "")],
        [
            {"Ann": ("__kill", "Cid"), "Dee": ("Discombobulate", "Ann")},
            {},
            {"Ann": ("__kill", "Cid")},
        ],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
