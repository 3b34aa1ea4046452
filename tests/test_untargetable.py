"""A role no other player's night action reaches, read from role PMs: "You cannot be
targeted by non-killing night actions." (the Ascetic: kills still land) and "No actions can
target you." (logic/effects/block.py's `Untargetable`): an action aimed at the holder does
not take place because of the sentence, and the symbolic chain agrees with `resolve`."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.effects.block import Untargetable
from logic.lang.rules import parse_ruleset

ASCETIC = "You cannot be targeted by non-killing night actions."
HERMIT = "No actions can target you."
TEXT = f"""Ruleset: Untargetable
Possible Town Roles
Ascetic: {ASCETIC}
Hermit: {HERMIT}
Doctor: Each night you may protect a player.
Possible Mafia Roles
Goon: You have no special abilities.
The Mafia may kill one player each night.
"""
RS = parse_ruleset(TEXT, "untargetable.rules")
PLAYERS = "  players: Ann is Ascetic, Bob is Goon, Cid is Doctor, Dee is Hermit\n"


def test_the_sentences_are_traits_of_their_roles() -> None:
    ascetic, hermit = RS.role("Ascetic"), RS.role("Hermit")
    assert ascetic is not None and hermit is not None
    assert [t.kills for t in ascetic.traits if isinstance(t, Untargetable)] == [False]
    assert [t.kills for t in hermit.traits if isinstance(t, Untargetable)] == [True]


def test_a_protection_of_the_ascetic_fails_and_a_kill_lands() -> None:
    body = PLAYERS + "  night 1:\n    Bob kills Ann\n    Cid targets Ann\n"
    atoms = determined(RS, body)
    assert "Ann dies" in atoms and "Cid's action fails" in atoms, atoms
    without = parse_ruleset(TEXT.replace(ASCETIC, "You have no special abilities."), "u.rules")
    assert "Ann dies" not in determined(without, body)


def test_no_action_reaches_the_hermit() -> None:
    body = PLAYERS + "  night 1:\n    Bob kills Dee\n"
    atoms = determined(RS, body)
    assert "Dee dies" not in atoms and "Bob's action fails" in atoms, atoms
    without = parse_ruleset(TEXT.replace(HERMIT, "You have no special abilities."), "u.rules")
    assert "Dee dies" in determined(without, body)


def test_chain_agrees_with_resolve_on_the_actions_stopped() -> None:
    players = ["Ann is Ascetic", "Bob is Goon", "Cid is Doctor", "Dee is Hermit"]
    first = {"Bob": ("kills", "Ann"), "Cid": ("targets", "Ann")}
    second = {"Bob": ("kills", "Dee"), "Cid": ("targets", "Dee")}
    _compare(RS, players, [first, second])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_random_nights(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
