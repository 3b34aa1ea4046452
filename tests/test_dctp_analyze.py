"""DCTP's Analyze and Follow-Up (issue 28, item 2): two day checks of the record of past
phases (logic/effects/crimes.py's `DEEDS`), each a kind of its own: Kogorou's analysis of his
past interrogations once sober (logic/effects/analyze.py) and the police's follow-up of a
stake-out (logic/effects/followup.py), with their grammar, lexicon and readings. Each
sentence they read changes a case of casebook/dctp-mini-mafia/analyze.case or
followup.case when it is deleted from its role's line."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without, without_on

ROOT = Path(__file__).parent.parent
ANALYZE = ROOT / "casebook" / "dctp-mini-mafia" / "analyze.case"
FOLLOWUP = ROOT / "casebook" / "dctp-mini-mafia" / "followup.case"

ABILITY = (
    "After the player gets Sober, he can analyze his Interrogations during the Day (even the "
    "one before he got Sober)."
)
CORRECT = (
    "He gets the correct answer with the Analysis, whether the result was wrong because of "
    "being Drunk or because it was Slandered."
)
FOLLOW_UP = (
    "Can use Follow-Up during each day phase to SI actions that happened to someone they "
    "staked out the previous night."
)

# (the case file, the role whose line says it, the sentence, a case it decides)
DECIDES = [
    (  # (the Analyze section at the end, R156)
        ANALYZE,
        "Ability Analyze",
        CORRECT,
        "Analyze: the drunk night's interrogation of Gin, analyzed sober, is BO",
    ),
    (  # the ability's first sentence, and the one that adds to it
        ANALYZE,
        "Ability Analyze",
        f"{ABILITY}\n{CORRECT}",
        "Analyze: a slandered interrogation, analyzed, is the card's result",
    ),
    (  # his sobering (said twice on his line): still drunk, he cannot analyze
        ANALYZE,
        "Kogorou",
        "The player becomes sober the phase after Eri, Ran, Conan, or Shinichi dies.\n"
        "Kogorou becomes sober the phase after Eri, Ran, Conan, or Shinichi dies "
        "(discounting disguised roles).",
        "Analyze: the drunk night's interrogation of Gin, analyzed sober, is BO",
    ),
    (  # his drunkenness: sober from the start, he analyzes
        ANALYZE,
        "Kogorou",
        "Always begins the game drunk.",
        "Analyze: a drunk Kogorou cannot analyze",
    ),
    (
        FOLLOWUP,
        "Takagi",
        FOLLOW_UP,
        "Follow-Up: Takagi finds that Gin slandered the player he staked out",
    ),
    (FOLLOWUP, "Chiba", FOLLOW_UP, "Follow-Up: no stake-out the night before, no follow-up"),
]


@pytest.mark.parametrize(("case_file", "role", "sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(
    case_file: Path, role: str, sentence: str, title: str
) -> None:
    deleting_changes(case_file, title, without_on(role, sentence))


def test_deleting_the_stake_out_it_follows_up_changes_its_case() -> None:
    """The stake-out's sentence, said once in its section (R30) and given by the cards and
    the section's list to Takagi among others: without it, nothing is followed up."""
    deleting_changes(
        FOLLOWUP,
        "Follow-Up: Takagi finds that Gin slandered the player he staked out",
        without("The policeman learns of all actions performed to a player that night."),
    )


# (players, each phase's actions: night 1, day 1, night 2; the day's votes): a chained
# symbolic day (`check --nights`, the world solver) gives what resolve gives
GAMES = {
    "a follow-up of the night's stake-out": (
        [("Ann", "Takagi", ""), ("Bob", "Eri", ""), ("Cid", "Gin", "")],
        [
            {"Cid": ("Slander", "Bob"), "Ann": ("Stake-Out", "Bob")},
            {"Ann": ("Follow-Up", "Cid", "night 1")},
            {},
        ],
        {"Ann": "Cid", "Bob": "Cid", "Cid": "Ann"},
    ),
    "an analysis once sober": (
        [("Ann", "Kogorou", ""), ("Bob", "Ran", ""), ("Cid", "Gin", "")],
        [
            {"Ann": ("Interrogate", "Cid"), "Cid": ("__kill", "Bob")},
            {"Ann": ("Analyze", "", "night 1")},
            {},
        ],
        {"Ann": "Cid", "Cid": "Ann"},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
