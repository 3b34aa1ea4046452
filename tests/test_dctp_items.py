"""DCTP's items and inventories (issue 28, item 5): the cards' "Items: ..." and Steal, read
from the GM's sentences by one kind in its own files (logic/effects/items.py,
grammar/clause/items.lark, grammar/lexicon/items.toml, logic/lang/kinds/items.py), with a
lasting state (what each player has lost or gained) carried from night to night. Each
sentence the kind reads changes a case of casebook/dctp-mini-mafia/items.case when it is
deleted, and a few fixed games give the same outcome symbolically (the chain) as
concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "items.case"

WATCH_ORDERS = " Watch Protection >\n Watch protection >\nWatch protection > "

# each sentence the kind reads, and a case of items.case that it decides: with the sentence
# the case passes, without it the case fails (or names an ability no longer there)
DECIDES = [
    (
        " Can steal one item from one person per night.",
        "Steal: Kid steals Kogorou's one item and learns it",
    ),
    (  # Kogorou's card and the GM's list say the same (either alone gives the Alcohol)
        " Items: Alcohol.\nAlcohol can be stolen from Gin, Vermouth, Bourbon, Pisco, Irish, "
        "Vodka, Calvados, Chianti, Korn, Tequila, Sherry, Shiratori, Yumi, James, Akai, Jodie, "
        "Kir, Heiji, Kogorou, Okiya and Haibara.",
        "Steal: Kid steals Kogorou's one item and learns it",
    ),
    (" Items: Car-keys, Panties.", "Steal: Kujou's card alone says what she holds"),
    (
        " An already stolen item will be gone from a player’s inventory and can't be stolen again.",
        "Steal: a stolen item is gone, a second theft finds nothing",
    ),
    (
        " Items stolen will NOT be added to the thief’s inventory.",
        "Steal: a stolen item is not the thief's",
    ),
    (  # with the Rule Clarifications' RC8, whose second clause says it again (R126)
        ' If a player gets stolen from by 2 or more different thieves, all thieves will "get the same item."'
        "\nIf a player is stolen from twice in one phase, the thieves are made aware that they "
        'were not the only thief that night and, most importantly, all thieves "receive" the '
        "same item.",
        "Steal: two thieves on one player both get the same item",
    ),
    (
        " The player who was stolen from will get a notification on the item that he lost.",
        "Steal: the player stolen from learns the item he lost",
    ),
    (
        " Watch: Can also lend the watch to anyone for one night except for himself (and it is "
        "returned at the end of the night).",
        "Watch: the holder survives the Black Org's kill the night after",
    ),
    (  # (the Order of Healing section's says it again, on Agasa's line: R144)
        " The wristwatch protects the holder from attacks the night they are in possession of "
        "it.\n If someone possessing the watch is attacked, they are protected.",
        "Watch: the holder survives the Black Org's kill the night after",
    ),
    (  # (the Order of Healing section's says it again, on Agasa's line: R144)
        " If sniped, the target will survive, but the watch will be destroyed and can't be used "
        "anymore.\n If someone possessing the watch is attacked by a sniper, they will survive "
        "but the watch will break and become unusable for the remainder of the game.",
        "Watch: a sniped holder survives, and the watch is broken",
    ),
    (  # the Steal section's "Everyone involved gets the info, ..." says it too (R140)
        " The target is also presented with a notice stating just how many thieves targeted "
        "them that night.\n Everyone involved gets the info, that glasses were stolen and that 2 "
        "(or more) thiefs wanted this item.",
        "Steal: the player stolen from by two thieves learns there were two",
    ),
    (
        "Panties can be stolen from Vermouth, Chianti, Akemi, Sherry, Satou, Yumi, Jodie, Kir, "
        "Haibara, Kazuha, Ran, Kobayashi, Eri, Sonoko, Asami, Ayumi and Yukiko.",
        "I1: Haibara's card has no Panties, the GM's list of stealable items does: open",
    ),
    (
        " Items: School book, Alcohol.",  # (Haibara's card: the list alone is not open)
        "I1: Haibara's card has no Panties, the GM's list of stealable items does: open",
    ),
    (  # the order of healing's item, and the abilities' sections' orders that say it again
        # (R143: "Bone Breaker > Watch protection > ...", "Watch protection > Protect > ...")
        WATCH_ORDERS,
        "Watch Protection > Protection: Ran protecting the watch's holder is not injured",
    ),
    (
        WATCH_ORDERS,
        "Watch Protection > Protection: a sniped holder protected by Ran, the watch breaks "
        "and Ran lives",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


def test_stealing_is_a_crime_because_the_list_of_crimes_says_so() -> None:
    """ "List of abilities that constitute crimes: ..., Frightening, Stealing." ("Steal —
    Stealing" names the ability): without "Stealing", a theft is not on record."""
    title = "Steal: two thieves of one item are both on record, each can be arrested"
    cases_text = CASEBOOK.read_text(encoding="utf-8")
    (case,) = [c for c in parse_cases(cases_text, str(CASEBOOK)) if c.title == title]
    text = DCTP.read_text(encoding="utf-8")
    assert run_case(load_ruleset(DCTP), case, cases_text).passed
    assert text.count("Frightening, Stealing.") == 1
    rules = parse_ruleset(text.replace("Frightening, Stealing.", "Frightening."), str(DCTP))
    assert not run_case(rules, case, cases_text).passed


# ----------------------------------------------------------------------------- the chain

# (players, each phase's actions: night 1, day 1, night 2; the day's votes): the chained
# symbolic nights (`check --nights`, the world solver) give what resolve gives, the
# inventory carried from night 1 over the day to night 2
GAMES = {
    "a theft, then a second from the same player": (
        [("Ann", "Kid", ""), ("Bob", "Kogorou", ""), ("Cid", "Gin", "")],
        [{"Ann": ("Steal", "Bob")}, {}, {"Ann": ("Steal", "Bob")}],
        {"Ann": "Cid", "Bob": "Cid"},
    ),
    "two thieves on one player of four items": (
        [("Ann", "Kid", ""), ("Bob", "Gin", ""), ("Cid", "Akemi", "")],
        [{"Ann": ("Steal", "Bob"), "Cid": ("Steal", "Bob")}, {}, {"Ann": ("Steal", "Bob")}],
        {"Ann": "Cid"},
    ),
    "a theft from the thief": (
        [("Ann", "Kid", ""), ("Bob", "Kogorou", ""), ("Cid", "Akemi", "")],
        [{"Ann": ("Steal", "Bob")}, {}, {"Cid": ("Steal", "Ann")}],
        {"Ann": "Cid", "Bob": "Cid"},
    ),
    "the watch lent by day saves its holder the night after": (
        [("Ann", "Gin", ""), ("Bob", "Megure", ""), ("Dee", "Agasa", "")],
        [{}, {"Dee": ("Watch", "Bob")}, {"Ann": ("__kill", "Bob")}],
        {},
    ),
    "the watch lent to another, the kill kills": (
        [("Ann", "Gin", ""), ("Bob", "Megure", ""), ("Dee", "Agasa", "")],
        [{}, {"Dee": ("Watch", "Ann")}, {"Ann": ("__kill", "Bob")}],
        {},
    ),
    "a snipe of the watch's holder breaks it": (
        [("Ann", "Chianti", ""), ("Bob", "Megure", ""), ("Dee", "Agasa", "")],
        [{}, {"Dee": ("Watch", "Bob")}, {"Ann": ("__kill", "Bob")}],
        {},
    ),
    "the watch's holder protected by Ran as well": (
        [("Ann", "Chianti", ""), ("Bob", "Megure", ""), ("Cid", "Ran", ""), ("Dee", "Agasa", "")],
        [{}, {"Dee": ("Watch", "Bob")}, {"Ann": ("__kill", "Bob"), "Cid": ("Protect", "Bob")}],
        {},
    ),
    "a tricked thief takes nothing": (
        [("Ann", "Kid", ""), ("Bob", "Kogorou", ""), ("Cid", "Eisuke", "")],
        [
            {"Ann": ("Steal", "Bob"), "Cid": ("Discombobulate", "Ann")},
            {},
            {"Ann": ("Steal", "Bob")},
        ],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
