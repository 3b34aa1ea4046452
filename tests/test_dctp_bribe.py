"""DCTP's Bribe (issue 28, item 8): Pisco's 'One per game, Pisco may "Bribe" the GM with a
suitcase full of cash.' and the GM's sentences about it, read by one kind in its own files
(logic/effects/bribe.py, grammar/clause/bribe.lark, logic/lang/kinds/bribe.py). Each
sentence the kind reads changes a case of casebook/dctp-mini-mafia/bribe.case when it is
deleted (the sentences that say `unhindered` again, deleted together), and fixed games give
the same outcome symbolically (the chain) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "bribe.case"

UNHINDERED = (
    "The Black Org's kill that night cannot be hindered by any means whatsoever, including "
    "an arrest on the killing player.",
    "The kill itself cannot be stopped.",
    "Even if the victim is a traveler and out of the country, the kill will still be a success.",
    "Bribe will still kill a traveler, whether they are in the country or not and will also "
    "kill someone that is arrested.",
)
FOILED = (
    "If a player attempts to protect the victim or discombobulate the killer, their action "
    "will fail as if discombobulated."
)
ABSOLUTE = (
    "Bribe is absolute and cannot be stopped in any way, including discombobulating the one "
    "offering the bribe."
)
ORDER = 'One per game, Pisco may "Bribe" the GM with a suitcase full of cash.'

# each sentence (or group saying one ruling) the kind reads, and a case of bribe.case that
# it decides
DECIDES = [
    ("\n".join(UNHINDERED), "Bribe: the bribed kill of Hakuba abroad goes through"),
    ("\n".join(UNHINDERED), "Bribe: the killer arrested that night still kills"),
    # (the discombobulation of the killer: said again by the Discombobulate section's
    # ruling, R135; the two deleted together change it: tests/test_dctp_blockfails.py)
    (FOILED, "Bribe: Ran's protection of the victim fails, she lives"),
    (ABSOLUTE, "Bribe: a discombobulation of Pisco does not stop the bribe"),
    (ORDER, "Bribe: the bribed kill of Hakuba abroad goes through"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, without_on("Pisco", sentence), sentence == ORDER)


@pytest.mark.parametrize("sentence", UNHINDERED)
def test_each_saying_of_unhindered_alone_changes_nothing(sentence: str) -> None:
    """Deleted alone, a sentence that says `unhindered` again leaves its case as it was."""
    from dctp_deletions import DCTP, case_of

    from logic.commands.casebook import run_case
    from logic.lang.rules import parse_ruleset

    case, text = case_of(CASEBOOK, "Bribe: the bribed kill of Hakuba abroad goes through")
    assert run_case(parse_ruleset(without_on("Pisco", sentence), str(DCTP)), case, text).passed


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "a bribed kill of Hakuba abroad": (
        [("Ann", "Pisco", ""), ("Bob", "Gin", ""), ("Cid", "Hakuba", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("Bribe", ""), "Bob": ("__kill", "Cid")}, {}, {}],
        {},
    ),
    "a discombobulation of the bribed killer": (
        [("Ann", "Pisco", ""), ("Bob", "Gin", ""), ("Cid", "Eisuke", ""), ("Dee", "Agasa", "")],
        [
            {"Ann": ("Bribe", ""), "Bob": ("__kill", "Dee"), "Cid": ("Discombobulate", "Bob")},
            {},
            {},
        ],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
