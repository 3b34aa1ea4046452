"""A shot taken when lynched ("If you are lynched, you may kill one of the players who
voted for you."): logic/effects/lastshot.py's `LynchShot`, a day action whose player dies
when the lynch falls on its holder; with "who voted for you", only a voter of the holder's.
`resolve` shows it; a holder not lynched kills no one; deleting the sentence undoes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_day_chain import _compare, games
from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "lynch-shot.rules"
JESTER = "If you are lynched, you may kill one of the players who voted for you."
PLAYERS = "  players: Ann is Jester, Bob is Villager, Cid is Goon, Dee is Vengeful\n"
VOTES = "    Bob votes Ann\n    Cid votes Ann\n    Dee votes Bob\n"


def _day(shot: str, votes: str = VOTES) -> str:
    return PLAYERS + "  day 1:\n" + votes + f"    {shot}\n"


def test_the_lynched_jester_kills_a_voter() -> None:
    verdict, atoms = resolved(load_ruleset(PATH), _day("Ann uses kill on Cid"))
    assert verdict == "determined" and {"Ann is lynched", "Cid dies"} <= atoms, atoms


def test_the_jester_names_no_one_who_did_not_vote_for_him() -> None:
    verdict, atoms = resolved(load_ruleset(PATH), _day("Ann uses kill on Dee"))
    assert verdict == "determined" and "Ann is lynched" in atoms, atoms
    assert "Dee dies" not in atoms, atoms


def test_a_jester_not_lynched_kills_no_one() -> None:
    votes = "    Bob votes Dee\n    Cid votes Dee\n    Ann votes Bob\n"
    _, atoms = resolved(load_ruleset(PATH), _day("Ann uses kill on Cid", votes))
    assert "Dee is lynched" in atoms and "Cid dies" not in atoms, atoms


def test_the_vengeful_names_anyone() -> None:
    votes = "    Bob votes Dee\n    Cid votes Dee\n    Dee votes Bob\n"
    verdict, atoms = resolved(load_ruleset(PATH), _day("Dee uses kill on Ann", votes))
    assert verdict == "determined" and {"Dee is lynched", "Ann dies"} <= atoms, atoms


def test_without_the_sentence_the_jester_has_no_shot() -> None:
    text = PATH.read_text()
    assert JESTER in text
    rs = parse_ruleset(text.replace(JESTER, "You have no special abilities."), str(PATH))
    _, atoms = resolved(rs, PLAYERS + "  day 1:\n" + VOTES)
    assert "Ann is lynched" in atoms and "Cid dies" not in atoms, atoms


PLAYED = [
    ("Ann", "Jester", ""),
    ("Bob", "Villager", ""),
    ("Cid", "Goon", ""),
    ("Dee", "Vengeful", ""),
]


@pytest.mark.parametrize("shot", [("Ann", "Cid"), ("Ann", "Dee"), ("Dee", "Ann")])
def test_the_chains_day_agrees_with_resolve(shot: tuple[str, str]) -> None:
    """The chained symbolic day (its slots fixed to the case) gives resolve's outcomes."""
    who, whom = shot
    for votes in ({"Bob": "Ann", "Cid": "Ann", "Dee": "Bob"}, {"Bob": "Dee", "Cid": "Dee"}):
        _compare(load_ruleset(PATH), (PLAYED, [{}, {who: ("kill", whom)}, {}], dict(votes)))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_days_agree(data: Any) -> None:
    """Random games of the ruleset (night, day with votes, night): chain and resolve agree."""
    rs = load_ruleset(PATH)
    _compare(rs, data.draw(games(rs)))
