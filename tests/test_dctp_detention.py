"""DCTP's Detention (issue 28, item 1): Satou's section, read by one kind in its own files
(logic/effects/detention.py, grammar/clause/detention.lark, logic/lang/kinds/detention.py;
R72-R74). Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/detention.case when it is deleted, and fixed games give the same
outcome symbolically (the chain over a night, a day and a night) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "detention.case"

PUT = "Can put any player in detention at Night or Day, except for themselves."
HELD = "The player will then be in detention until they are released."
ONE = "Only one player at a time can be in detention."
RELEASED = "The player will be released automatically after 3 phases or if Satou dies."
ROW = "Can not be used on the same person twice in a row."
NATURE = "Day/Night action, can't be covered, can't be frightened or discombobulated."

# each sentence the kind reads, and a case of detention.case that it decides
DECIDES = [
    (PUT, "Detention: the detained player's kill of the next night fails"),
    (PUT, "Detention by day: the detained poisoner's APTX fails"),
    (HELD, "Detention: the detained player's kill of the next night fails"),
    (ONE, "Detention: a second detention while one is held (R73, ambiguous)"),
    (RELEASED, "Detention: released after 3 phases, the kill of night 3 goes through"),
    (RELEASED, "Detention: released when Satou dies"),
    (ROW, "Detention: not the same player twice in a row"),
    (NATURE, "Detention: a trick on Satou does not stop it"),
    (NATURE, "Detention by day: a frightened Satou still detains"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, _without(sentence), sentence == PUT)


def _without(sentence: str) -> str:
    """DCTP without `sentence` on the Detention section's line (the nature line is also a
    not-modelled line's, in the Arrest section's place: kept)."""
    return without_on("Ability Detention", sentence)


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "a detention of night 1 holds the killer on night 2": (
        [("Ann", "Satou", ""), ("Bob", "Gin", ""), ("Cid", "Ran", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("Detention", "Bob")}, {}, {"Bob": ("__kill", "Cid")}],
        {},
    ),
    "a detention by day holds the killer that night": (
        [("Ann", "Satou", ""), ("Bob", "Gin", ""), ("Cid", "Ran", ""), ("Dee", "Agasa", "")],
        [{}, {"Ann": ("Detention", "Bob")}, {"Bob": ("__kill", "Cid")}],
        {},
    ),
    "a second detention while one is held (open)": (
        [("Ann", "Satou", ""), ("Bob", "Gin", ""), ("Cid", "Ran", ""), ("Dee", "Agasa", "")],
        [{"Ann": ("Detention", "Bob")}, {"Ann": ("Detention", "Cid")}, {"Bob": ("__kill", "Dee")}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
