"""DCTP's Betrayal (issue 28, item 8): Kir's "She randomly gets to know one activity of the
BO that was done on that night.", the list of what it reports and "..., but it can be
discombobulated.", read by one kind in its own files (logic/effects/betrayal.py,
grammar/clause/betrayal.lark, logic/lang/kinds/betrayal.py). Each sentence the kind reads
changes a case of casebook/dctp-mini-mafia/betrayal.case when it is deleted, and fixed
games give the same outcome symbolically (the chain) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

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
    ("Erase: Pisco erased someone.", "Betrayal: Pisco's kill and erase, one drawn"),
    (
        "Detect: Get's to know that Bourbon used Detect (but doesn't know what).",
        "Betrayal: Bourbon's detect",
    ),
    (
        "Covered abilities: DOESN'T get to know what ability Calvados covered and used.",
        "Betrayal: Calvados's covered slander is not reported",
    ),
    (
        "Disguised abilities: DOESN'T get to know what Irish or Vermouth did with their disguise.",
        "Betrayal: Vermouth's investigation as Satou is not reported",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without_on("Kir", sentence), refused_counts=False)


# the reworded sentence, and its Source: line (which goes with it)
IDENTITY = (
    "Source: Will get to know the identity of the role that was erased and will be also "
    "given the Will if there is one.\n"
    "Ruling: Kir will get to know the identity of the role that was erased."
)


def _told(rules: str) -> set[frozenset[str]]:
    """What Kir (Ann) learns in each outcome of the case of the erase drawn."""
    case, text = case_of(CASEBOOK, "Betrayal: the erase drawn tells the erased role")
    res = run_case(parse_ruleset(rules, str(DCTP)), case, text).resolution
    return {
        frozenset(a.obj for a in o.atoms if a.kind == "learns" and a.subject == "Ann")
        for o in res.outcomes()
    }


def test_the_erase_drawn_tells_the_erased_role_and_deleting_it_tells_nothing() -> None:
    """(R61) The erased role is told with the erase drawn, never with the kill; deleted
    (the reworded sentence at the end of the ruleset), the erase drawn tells nothing more."""
    assert _told(DCTP.read_text(encoding="utf-8")) == {
        frozenset({"Pisco: Erase", "Agasa"}),
        frozenset({"Pisco: Killing"}),
    }
    assert _told(without(IDENTITY)) == {
        frozenset({"Pisco: Erase"}),
        frozenset({"Pisco: Killing"}),
    }


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "Kir learns Gin's kill": (
        [("Ann", "Kir", ""), ("Bob", "Gin", ""), ("Cid", "Heiji", ""), ("Dee", "Agasa", "")],
        [{"Bob": ("__kill", "Cid")}, {}, {"Bob": ("Slander", "Dee")}],
        {},
    ),
    "Kir learns Pisco's erase of Gin's victim and the erased role": (
        [("Ann", "Kir", ""), ("Bob", "Pisco", ""), ("Cid", "Gin", ""), ("Dee", "Agasa", "")],
        [{"Cid": ("__kill", "Dee"), "Bob": ("Erase", "")}, {}, {}],
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
