"""DCTP's day (issue 28, item 2): the day powers read from the GM's sentences, each a kind
in its own files (logic/effects/<kind>.py, grammar/clause/<kind>.lark,
grammar/lexicon/<kind>.toml, logic/lang/kinds/<kind>.py), on the day frame every ruleset
uses (logic/model/day.py). Each sentence a kind reads changes a case of
casebook/dctp-mini-mafia/day.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without

from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "day.case"

# each sentence a kind of the day reads, and a case of day.case that it decides: with the
# sentence the case passes, without it the case fails (or names an ability no longer there)
DECIDES = [
    (  # the ability's first sentence, and the one that adds to it
        " The Frightened player can't use his ability the next day.\n He also can't vote the next day.",
        "A frightened Eri's Voice of Reason fails the next day",
    ),
    (
        " He also can't vote the next day.",
        "A frightened player's vote does not count the next day",
    ),
    (  # on Eri's line and on Kobayashi's
        " Can stop the lynching once per game.",
        "Voice of Reason: Eri stops the lynching, no one is lynched",
    ),
    (
        " If one of the Protected people is going to get lynched, he will jump in and stop the lynching.",
        "Ran's day protection of the player the votes pick: no one is lynched",
    ),
    (
        " The target will have his/her lynching votes reduced by 1 for that day.",
        "Accompany: Kazuha takes one vote from Ann, the lynch is a tie",
    ),
    (" She can't accompany herself.", "Kazuha cannot accompany herself"),
    (  # the ability's first sentence, and the ones that add to it
        " She may accompany anyone during the day and the accompanied will learn that "
        "someone accompanied/followed them.\n The target will have his/her lynching votes "
        "reduced by 1 for that day.\n She can't accompany herself.",
        "Accompany: Kazuha takes one vote from Ann, the lynch is a tie",
    ),
    (
        " Voice of Accusation makes Kujou's vote count as an extra vote.",
        "Voice of Accusation decides the lynch",
    ),
    (
        " Voice of Accusation may only be used when Kujou is voting to lynch somebody she has "
        "Cross-Examined previously.",
        "Voice of Accusation on a player Kujou never cross-examined fails",
    ),
    (
        " When Kujou votes during a lynching, she may use Voice of Accusation.\n Voice of "
        "Accusation makes Kujou's vote count as an extra vote.\n Voice of Accusation may only "
        "be used when Kujou is voting to lynch somebody she has Cross-Examined previously.",
        "Voice of Accusation decides the lynch",
    ),
    (  # on Chianti's line and on Korn's
        ' When they get lynched, the target of their own lynching vote will become "injured".',
        "Revenge: the lynched Chianti's vote injures Bob, whose night action then fails",
    ),
    (
        " If Akai gets lynched, he'll kill the person he voted for too.",
        "Vengeance: the lynched Akai kills the player he voted for",
    ),
    (
        "If the person who got the most lynch votes is also arrested that same phase, there "
        "will be no lynch.",
        "The most voted player arrested that day: no lynch",
    ),
    (
        "If two people recieve the same number of lynch votes in a day phase and one of those "
        "two people is arrested or APTXed, the other will be lynched.",
        "Two tied for the most, one arrested that day: the other is lynched",
    ),
    (  # the GM says it twice
        "Arrest can't be frightened.\nFrighten is not capable of stopping an arrest.",
        "A frightened officer still arrests by day",
    ),
    (
        "Police that attempt to arrest someone and are unsuccessful will be suspended for two "
        "phases following the arrest attempt.",
        "A false accusation by day suspends the officer for the night after",
    ),
    (
        "The action and/or vote of a successfully arrested player will not go thorough and "
        "will fail.",
        "A day arrest for the night-1 murder: the murderer's vote does not count, Bob has the most",
    ),
    (
        "Any and all actions on arrested players will fail with the exception of Lawsuit to "
        "free them.",
        "A day protection of a player arrested that day fails",
    ),
    (  # on the police's lines
        " Can arrest any player at Night or Day, except for themselves.",
        "Arrested by day, the killer's kill the next night fails",
    ),
    (
        " Note: If Ran successfully protects, she will become injured.",
        "Ran injured by her night protection cannot protect by day",
    ),
    (
        "During each day any BO member may attempt to poison another player (BO or Townie) by "
        "sending a PM with that players name and identity to the GM.",
        "APTX: Gin names Bob's role, Bob dies",
    ),
    (
        "The actions and the votes of the victim doesn't count and the target dies.",
        "APTX: Gin names Bob's role, Bob dies",
    ),
    ("Same for APTX.", "APTX on the most voted player: no lynch"),
    (
        " The same phase and the phase afterwards, the target will be protected from APTX "
        "poisoning.",
        "Charm: the Health Charm stops Gin's APTX the same day",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


# ----------------------------------------------------------------------------- the chain

# (players, each phase's actions: night 1, day 1, night 2; the day's votes): a chained
# symbolic day (`check --nights`, the world solver) gives what resolve gives
GAMES = {
    "frighten and vengeance": (
        [("Ann", "Akai", ""), ("Bob", "Tequila", ""), ("Cid", "Ran", "")],
        [{"Bob": ("Frighten", "Ann")}, {}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "vengeance": (
        [("Ann", "Akai", ""), ("Bob", "Tequila", ""), ("Cid", "Ran", "")],
        [{}, {}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "revenge, then the injured officer's night": (
        [("Ann", "Chianti", ""), ("Bob", "Megure", ""), ("Cid", "Ran", "")],
        [{}, {}, {"Bob": ("House Search", "Cid")}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "voice of reason": (
        [("Ann", "Gin", ""), ("Bob", "Eri", ""), ("Cid", "Ran", "")],
        [{}, {"Bob": ("stop", "")}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "day protection": (
        [("Ann", "Gin", ""), ("Bob", "Eri", ""), ("Cid", "Ran", "")],
        [{}, {"Cid": ("Protect", "Ann")}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "accompany": (
        [("Ann", "Gin", ""), ("Bob", "Kazuha", ""), ("Cid", "Ran", "")],
        [{}, {"Bob": ("Accompany", "Ann")}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "voice of accusation": (
        [("Ann", "Gin", ""), ("Bob", "Kujou", ""), ("Cid", "Ran", "")],
        [{"Bob": ("Cross-examine", "Ann")}, {"Bob": ("Voice of Accusation", "")}, {}],
        {"Ann": "Cid", "Bob": "Ann", "Cid": "Bob"},
    ),
    "a day arrest, then the night in custody": (
        [("Ann", "Gin", ""), ("Bob", "Megure", ""), ("Cid", "Ran", "")],
        [
            {"Ann": ("__kill", "Cid")},
            {"Bob": ("Arrest", "Ann", "night 1")},
            {"Ann": ("__kill", "Bob")},
        ],
        {"Ann": "Bob", "Bob": "Ann"},
    ),
    "a false accusation by day, then the suspended officer's night": (
        [("Ann", "Gin", ""), ("Bob", "Megure", ""), ("Cid", "Ran", "")],
        [{}, {"Bob": ("Arrest", "Cid", "night 1")}, {"Bob": ("House Search", "Ann")}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Ann"},
    ),
    "an injured Ran's day protection": (
        [("Ann", "Gin", ""), ("Cid", "Ran", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("__kill", "Dee"), "Cid": ("Protect", "Dee")}, {"Cid": ("Protect", "Ann")}, {}],
        {"Dee": "Ann", "Cid": "Ann"},
    ),
    "a poisoning by day": (
        [("Ann", "Gin", ""), ("Bob", "Satou", ""), ("Cid", "Ran", "")],
        [{}, {"Ann": ("poison", "Bob", "Satou")}, {}],
        {"Cid": "Bob", "Ann": "Cid"},
    ),
    "a poisoning by day that names the wrong role": (
        [("Ann", "Gin", ""), ("Bob", "Satou", ""), ("Cid", "Ran", "")],
        [{}, {"Ann": ("poison", "Bob", "Ran")}, {}],
        {"Cid": "Bob", "Ann": "Cid", "Bob": "Ann"},
    ),
    "a charm against a poisoning": (
        [("Ann", "Gin", ""), ("Bob", "Satou", ""), ("Cid", "Kazuha", "")],
        [{}, {"Ann": ("poison", "Bob", "Satou"), "Cid": ("Charm", "Bob")}, {}],
        {"Cid": "Bob", "Ann": "Cid"},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        # DCTP's own wording, and other GMs' for the same power: "frighten" is a verb any
        # ability may have, and "can't use his ability the next day" an effect any target may
        # suffer (grammar/clause/frighten.lark over the base `ability` and `effect`)
        "Night action: Frighten. The Frightened player can't use his ability the next day.",
        "You may frighten one player each night. The frightened player cannot use their"
        " ability the next day.",
        "Each night, you may frighten a player.",
        "Each night, choose a player. That player cannot act the following day.",
    ],
)
def test_a_frightening_in_other_words(text: str) -> None:
    rs = parse_ruleset(f"Ruleset: X\nPossible Town Roles\nScarer: {text}\n", "x.rules")
    role = rs.role("Scarer")
    assert role is not None
    (ability,) = role.abilities
    assert [type(e).__name__ for e in ability.effects] == ["Frighten"]
    assert ability.targets == 1


def test_tonight_is_the_night_a_sentence_speaks_of() -> None:
    """ "tonight" is the base language's word ("cannot be killed tonight"), not only the
    Clocktower fragment's."""
    rs = parse_ruleset(
        "Ruleset: X\nPossible Town Roles\nGhoul: Each night, you may protect a player."
        " The protected player cannot be killed tonight.\n",
        "x.rules",
    )
    role = rs.role("Ghoul")
    assert role is not None
    assert [type(e).__name__ for e in role.abilities[0].effects] == ["Protect"]
