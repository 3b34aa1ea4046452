"""DCTP's Betrayal (issue 28, item 8): Kir's "She randomly gets to know one activity of the
BO that was done on that night.", the list of what it reports and "..., but it can be
discombobulated.", read by one kind in its own files (logic/effects/betrayal.py,
grammar/clause/betrayal.lark, logic/lang/kinds/betrayal.py). Each sentence the kind reads
changes a case of casebook/dctp-mini-mafia/betrayal.case when it is deleted, and fixed
games give the same outcome symbolically (the chain) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "betrayal.case"

# each sentence the kind reads (on Kir's line, and quoted by the not-modelled lines that
# keep the source's Betrayal section), and a case of betrayal.case that it decides
DECIDES = [
    (
        "She randomly gets to know one activity of the BO that was done on that night.",
        "Betrayal: the Black Org's one activity, Gin's kill",
    ),
    (
        "She randomly gets to know one activity of the BO that was done on that night.",
        "Betrayal: two activities, one drawn",
    ),
    (
        "Kir doesn't need to PM the GM to use this action, but it can be discombobulated.",
        "Betrayal: Kir discombobulated learns nothing",
    ),
    (
        "Killing/Sniping: A BO (Gin etc.) killed on that night or a sniper sniped someone etc.",
        "Betrayal: the Black Org's one activity, Gin's kill",
    ),
    (
        "Slander: Gin used slander on that night (doesn't know on who).",
        "Betrayal: Gin's slander",
    ),
    ("Investigate: Gin investigated someone.", "Betrayal: Gin's investigation"),
    (
        "Discombobulate: Knows that Vodka discombobulated on that night (not knowing who the "
        "target was).",
        "Betrayal: Vodka's discombobulation",
    ),
    (
        "Frighten: Knows that Tequila frightened someone (not on who).",
        "Betrayal: Tequila's frightening",
    ),
    ("Bribe: Knows that Pisco bribed the GM.", "Betrayal: Pisco's bribe"),
    (
        "Steal: Knows that Akemi stole from someone (not who and what item was stolen).",
        "Betrayal: Akemi's theft",
    ),
    (
        "Observe: Knows that Chianti used Observe (not on who).",
        "Betrayal: Chianti's observation",
    ),
    (
        "Stake-out: Knows that Korn used Stake-out (not on who).",
        "Betrayal: Korn's stake-out",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without_on("Kir", sentence), refused_counts=False)


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "Kir learns Gin's kill": (
        [("Ann", "Kir", ""), ("Bob", "Gin", ""), ("Cid", "Heiji", ""), ("Dee", "Agasa", "")],
        [{"Bob": ("__kill", "Cid")}, {}, {"Bob": ("Slander", "Dee")}],
        {},
    ),
    "Kir discombobulated": (
        [("Ann", "Kir", ""), ("Bob", "Gin", ""), ("Cid", "Eisuke", ""), ("Dee", "Agasa", "")],
        [{"Bob": ("__kill", "Dee"), "Cid": ("Discombobulate", "Ann")}, {}, {}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
