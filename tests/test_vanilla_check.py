"""A vanilla check, read from a role PM: "You will learn whether they are Vanilla or not."
(logic/effects/investigate.py's `Info.VANILLA`): "Vanilla" for a role with no ability and
no trait of its own (the Mafia's kill is the faction's), "Not Vanilla" otherwise, as a
role scan of the target shows it; the symbolic chain agrees with `resolve`."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import parse_ruleset

TEXT = """Ruleset: Vanilla
Possible Town Roles
Vanilla Cop: You may investigate one player each night. You will learn whether they are Vanilla or not.
Citizen: You have no special abilities.
Doctor: Each night you may protect a player.
Possible Mafia Roles
Goon: You have no special abilities.
Godfather: You appear innocent to investigations.
The Mafia may kill one player each night.
"""
RS = parse_ruleset(TEXT, "vanilla.rules")
PLAYERS = (
    "  players: Ann is Vanilla Cop, Bob is Goon, Cid is Doctor, Dee is Citizen, Eve is Godfather\n"
)


def _told(target: str) -> set[str]:
    atoms = determined(RS, PLAYERS + f"  night 1:\n    Ann targets {target}\n")
    return {a for a in atoms if a.startswith("Ann learns")}


def test_a_role_with_no_power_is_vanilla_whatever_its_faction() -> None:
    assert _told("Bob") == {'Ann learns "Vanilla"'}
    assert _told("Dee") == {'Ann learns "Vanilla"'}


def test_a_role_with_an_ability_or_a_trait_is_not() -> None:
    assert _told("Cid") == {'Ann learns "Not Vanilla"'}
    assert _told("Eve") == {'Ann learns "Not Vanilla"'}


def test_chain_agrees_with_resolve_on_vanilla_checks() -> None:
    players = ["Ann is Vanilla Cop", "Bob is Goon", "Cid is Doctor"]
    _compare(RS, players, [{"Ann": ("targets", "Bob")}, {"Ann": ("targets", "Cid")}])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_random_nights(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
