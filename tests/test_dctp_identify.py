"""DCTP's Identify (issue 28, item 2): the Detective Boys' day ability that learns one
player's role, and its chance of failure when others who hold it are hindered, the kind
logic/effects/identify.py (grammar/clause/identify.lark, the base lexicon,
logic/lang/kinds/identify.py), with the day's new hook `day_hinders` (frighten.py, heal.py).
Each sentence it reads changes a case of casebook/dctp-mini-mafia/identify.case when it is
deleted (from every Detective Boy's line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "identify.case"

IDENTIFY = (
    " Decide together to Identify one person's role (Akonyl is Sonoko, Callid is Eisuke, "
    "mangaluva is Bourbon)."
)
CHANCE = (
    " If one of the Detective Boys is prevented from using his day ability (for example by "
    "Tequila), the Identification could either succeed or fail, depending on the number of "
    "undisturbed Detective Boys."
)

DECIDES = [
    (CHANCE, "Identify: one of three Detective Boys frightened, the identification may fail"),
    (CHANCE, "Identify: one of two Detective Boys frightened, the identification may fail"),
    # the ability's first sentence, and the one that adds to it
    (f"{IDENTIFY}\n{CHANCE}", "Identify: Ayumi identifies Gin"),
    # Tequila's: the frightened Detective Boy is the one hindered
    (
        " The Frightened player can't use his ability the next day.",
        "Identify: one of three Detective Boys frightened, the identification may fail",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


# (players, each phase's actions: night 1, day 1, night 2; the day's votes): a chained
# symbolic day (`check --nights`, the world solver) gives what resolve gives
GAMES = {
    "an identification": (
        [("Ann", "Ayumi", ""), ("Bob", "Gin", ""), ("Cid", "Ran", "")],
        [{}, {"Ann": ("Identify", "Bob")}, {}],
        {"Ann": "Bob", "Bob": "Ann", "Cid": "Bob"},
    ),
    "an identification with a Detective Boy frightened": (
        [("Ann", "Ayumi", ""), ("Bob", "Mitsuhiko", ""), ("Cid", "Tequila", "")],
        [{"Cid": ("Frighten", "Bob")}, {"Ann": ("Identify", "Cid")}, {}],
        {"Ann": "Cid", "Bob": "Cid", "Cid": "Ann"},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]


POLICE = ROOT / "casebook" / "dctp-mini-mafia" / "police-identify.case"
P_ABILITY = "Allows Uehara to identify other players for police roles."
P_TRUE = 'If PhoenixTears were Megure, the result would be "true".'
P_THROUGH = (
    "Police Identify differs from normal Identify in that it does NOT identify through disguises."
)

# each sentence of Police Identify (its section, R150, and the pool on Uehara's line), and a
# case of police-identify.case
POLICE_DECIDES = [
    (f"{P_ABILITY}\n{P_TRUE}\n{P_THROUGH}", "Police Identify: Bob is Megure, true"),
    (P_TRUE, "Police Identify: Bob is Megure, true"),
    (P_THROUGH, "Police Identify: Vermouth disguised as Megure is true for Megure"),
    (  # the pool her line names for Police Detect
        "In the experimental ruleset, these roles are: Megure, Shiratori, Satou, Takagi, "
        "Chiba, Nakamori, Yumi, and Yamato.",
        "Police Identify: a role outside the police roles gets no answer",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), POLICE_DECIDES)
def test_deleting_a_police_identify_sentence_changes_its_case(sentence: str, title: str) -> None:
    """The pool on Uehara's line; the others in the Police Identify section (R150)."""
    line = "Uehara" if sentence.startswith("In the experimental") else "Ability Police Identify"
    deleting_changes(POLICE, title, without_on(line, sentence))
