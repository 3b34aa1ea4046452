"""A watch of a faction, read from a role PM: "You can see who the Mafia visit each night."
(logic/effects/investigate.py's `Info.FACTION_VISITS`): the Spy learns whom the members of
the faction visited tonight, the faction's kill as any member's action, with no target of
its own (a visit as a tracker sees one: an action of a visiting role); a roleblocked Spy
learns nothing; the symbolic chain agrees with `resolve`."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset

TEXT = """Ruleset: Spy
Possible Town Roles
Spy: You can see who the Mafia visit each night.
Doctor: Each night you may protect a player.
Escort: Each night you may roleblock a player.
Possible Mafia Roles
Goon: You have no special abilities.
Framer: Each night you may frame a player. They will appear as Mafia to investigations tonight.
The Mafia may kill one player each night.
Visiting roles: Doctor, Escort, Framer. Additionally, any mafia role executing the faction's nightkill is considered a visiting role for the night.
"""
RS = parse_ruleset(TEXT, "spy.rules")
PLAYERS = "  players: Ann is Spy, Bob is Goon, Cid is Doctor, Dee is Framer, Eve is Escort\n"


def _told(night: str) -> set[str]:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Ann uses Spy\n" + night)
    return {a for a in atoms if a.startswith("Ann learns")}


def test_the_spy_learns_whom_the_mafia_visited() -> None:
    told = _told("    Bob kills Cid\n    Dee targets Eve\n    Cid targets Dee\n")
    assert told == {'Ann learns "Cid, Eve"'} or told == {'Ann learns "Eve, Cid"'}, told


def test_a_town_visit_is_not_the_mafias() -> None:
    assert _told("    Cid targets Eve\n") in (set(), {'Ann learns ""'}, {'Ann learns "no one"'})


def test_a_roleblocked_spy_learns_nothing() -> None:
    told = _told("    Bob kills Cid\n    Eve targets Ann\n")
    assert not any("Cid" in a for a in told), told


def test_the_faction_must_be_the_rulesets() -> None:
    with pytest.raises(RulingError, match="not a faction"):
        parse_ruleset(TEXT.replace("who the Mafia visit", "who the Triad visit"), "spy.rules")


def test_chain_agrees_with_resolve_on_a_spy() -> None:
    players = ["Ann is Spy", "Bob is Goon", "Dee is Framer"]
    night1 = {"Ann": ("uses", "Spy"), "Bob": ("kills", "Dee"), "Dee": ("targets", "Bob")}
    night2 = {"Ann": ("uses", "Spy"), "Bob": ("kills", "Ann")}
    _compare(RS, players, [night1, night2])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_random_nights(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
