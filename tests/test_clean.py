"""A clean and a forged reveal, read from role PMs: "Each night you may clean a player.",
"If that player dies that night, their role will not be revealed." and "If they die, their
role will be shown as Townie." (logic/effects/reveal.py's `Clean`): a reveal the ruleset
makes of every death ("When a player dies, their role is revealed.") shows nothing of a
cleaned player who dies that night, or the text said in its place. Each acts because of
its sentence, and the symbolic chain agrees with `resolve`."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.effects.reveal import Clean
from logic.lang.rules import parse_ruleset

HIDDEN = "If that player dies that night, their role will not be revealed."
FORGED = "If they die, their role will be shown as Townie."
TEXT = f"""Ruleset: Clean
When a player dies, their role is revealed.
Possible Town Roles
Citizen: You have no special abilities.
Possible Mafia Roles
Janitor: Each night you may choose a player. {HIDDEN}
Forger: Each night you may choose a player. {FORGED}
Sanitizer: Each night you may clean a player.
The Mafia may kill one player each night.
"""
RS = parse_ruleset(TEXT, "clean.rules")
PLAYERS = "  players: Ann is Citizen, Bob is Janitor, Cid is Citizen, Dan is Forger\n"


def _cleans(role: str) -> list[Clean]:
    r = RS.role(role)
    assert r is not None
    return [e for a in r.abilities for e in a.effects if isinstance(e, Clean)]


def test_the_sentences_and_the_verb_give_a_clean() -> None:
    assert [c.shown for c in _cleans("Janitor")] == [None]
    assert [c.shown for c in _cleans("Forger")] == ["Townie"]
    assert [c.shown for c in _cleans("Sanitizer")] == [None]


def test_a_cleaned_death_is_not_revealed_because_of_the_sentence() -> None:
    body = PLAYERS + "  night 1:\n    Dan kills Ann\n    Bob targets Ann\n"
    atoms = determined(RS, body)
    assert "Ann dies" in atoms and not any("was" in a for a in atoms), atoms
    without = parse_ruleset(TEXT.replace(HIDDEN, ""), "clean.rules")
    assert 'Cid learns "Ann was Citizen (Town)"' in determined(without, body)


def test_a_forged_death_shows_the_text_said() -> None:
    body = PLAYERS + "  night 1:\n    Bob kills Cid\n    Dan targets Cid\n"
    atoms = determined(RS, body)
    assert 'Ann learns "Cid was Townie"' in atoms, atoms
    assert not any("Cid was Citizen" in a for a in atoms), atoms


def test_a_clean_of_a_player_who_lives_changes_nothing() -> None:
    body = PLAYERS + "  night 1:\n    Dan kills Ann\n    Bob targets Cid\n"
    atoms = determined(RS, body)
    assert 'Cid learns "Ann was Citizen (Town)"' in atoms, atoms


def test_chain_agrees_with_resolve_on_a_clean() -> None:
    players = ["Ann is Citizen", "Bob is Janitor", "Cid is Citizen", "Dan is Forger"]
    night = {"Dan": ("kills", "Ann"), "Bob": ("targets", "Ann")}
    _compare(RS, players, [night, {"Bob": ("kills", "Cid"), "Dan": ("targets", "Cid")}])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_random_cleans(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))


def test_a_clean_of_a_kill_is_a_clean_of_the_player_killed() -> None:
    text = TEXT.replace(
        "Sanitizer: Each night you may clean a player.",
        "Sanitizer: Three times per game, you can clean a kill. "
        "The role of the killed player will be hidden.",
    )
    rs = parse_ruleset(text, "clean.rules")
    role = rs.role("Sanitizer")
    assert role is not None
    assert [e.shown for a in role.abilities for e in a.effects if isinstance(e, Clean)] == [None]
    body = "  players: Ann is Citizen, Bob is Sanitizer, Cid is Citizen\n"
    atoms = determined(rs, body + "  night 1:\n    Bob kills Ann\n    Bob targets Ann\n")
    assert "Ann dies" in atoms and not any("was" in a for a in atoms), atoms
