"""DCTP's Explosive Vest (issue 28): the Vest section's sentences, read by one kind in its
own files (logic/effects/vest.py, grammar/game/vest.lark, logic/lang/game_kinds/vest.py),
with a lasting state (the straps sent and those that took place). Each sentence the kind
reads changes a case of casebook/dctp-mini-mafia/vest.case when it is deleted, and a fixed
game gives the same outcome symbolically (the chain) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dctp_deletions import DCTP, deleting_changes

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "vest.case"

GRANT = (
    "In place of the nightly kill, the Black Org member set to kill that night may instead "
    "strap a bomb to their target."
)
DEFUSE = (
    "The bomb can only be defused by police officers (any police officer is applicable, "
    "including those disguised as one)."
)
ORDER = (
    "That name is decided by the following order: Megure, Shiratori, Satou, Takagi, Chiba, "
    "Nakamori, Yumi, Yamato, Uehara."
)

# each sentence the kind reads (a line of its own at the end of the ruleset), and a case it
# decides
DECIDES = [
    (GRANT, "Vest: Gin straps Bob, no one defuses, Bob dies the day after"),
    (DEFUSE, "Vest: Megure defuses the bomb, Bob lives"),
    (
        "Otherwise, the player dies at the end of the day phase.",
        "Vest: Gin straps Bob, no one defuses, Bob dies the day after",
    ),
    (
        "The vest may only be used once per game.",
        "Vest: once a game: a second strap on night 2 does not take place",
    ),
    (
        "The vest is only considered used if the plant is successful.",
        "Vest: a strap stopped on night 1 leaves the vest for night 2",
    ),
    (
        "It may not be used in conjunction with another kill that night.",
        "Vest: no strap on a night the Black Org kills",
    ),
    (
        'When a police officer successfully defuses the bomb, they are given the generic notice of: "The bomb was successfully defused."',
        "Vest: Megure defuses the bomb, Bob lives",
    ),
    (
        "If the bomb is successfully defused, the Black Org planter is given the player name (but not the role) of the police defuser.",
        "Vest: Megure defuses the bomb, Bob lives",
    ),
    (
        'For example, if Kleene was the defuser to be reported, the notice is given in the form of: "Kleene was seen disarming your bomb."',
        "Vest: Megure defuses the bomb, Bob lives",
    ),
    (ORDER, "Vest: two defusers, the planter is told Megure's player"),
    (
        "Police officers cannot defuse a bomb attached to themselves.",
        "Vest: Megure cannot defuse his own bomb",
    ),
    (
        "A player strapped with the bomb may send a lynch vote, but their vote will not count unless the bomb attached to them was defused in time.",
        "Vest: the strapped player's vote does not count",
    ),
    (
        "Strapping someone with the bomb is considered a crime.",
        "Vest: the strap is a crime to arrest for",
    ),
    (
        "If someone with the vest on is also set to be arrested for a crime, they would only end up arrested if the bomb was defused in time.",
        "Vest: an arrest of the strapped player fails",
    ),
    (
        "The bomb explosion takes place before all other day actions, including any arrests, the lynching itself, and poisonings.",
        "Vest: the strapped player's day action does not take place",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting an ability's grant, or the police officers' list, leaves its cases
    # unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, _line_deleted(sentence), sentence in (GRANT, DEFUSE, ORDER))


def _line_deleted(sentence: str) -> str:
    """DCTP without the line that is the sentence (no not-modelled line keeps a copy)."""
    text = DCTP.read_text(encoding="utf-8")
    line = "\n" + sentence + "\n"
    assert text.count(line) == 1, sentence
    return text.replace(line, "\n")


# ----------------------------------------------------------------------------- the chain

GAMES: dict[str, Any] = {
    "Gin straps Bob on night 1, Megure defuses on day 1": (
        [("Ann", "Gin", ""), ("Bob", "Ran", ""), ("Cid", "Megure", "")],
        [{"Ann": ("strap", "Bob")}, {"Cid": ("defuse", "Bob")}, {}],
        {},
    ),
    "Gin straps Bob on night 1, no one defuses": (
        [("Ann", "Gin", ""), ("Bob", "Ran", ""), ("Cid", "Megure", "")],
        [{"Ann": ("strap", "Bob")}, {}, {}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])
