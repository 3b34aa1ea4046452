"""A role passed on when its holder dies, as a role PM says it ("If the Doctor dies, you
become the new Doctor."): the succession kind (logic/effects/succession.py) on a role's
death, not only a group's. The heir becomes the role the night its holder dies and uses
its ability from the next night; the symbolic chain agrees with `resolve`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import resolved

from logic.lang.rules import load_ruleset

RS = load_ruleset(Path(__file__).parent / "rulesets" / "heir.rules")
PLAYERS = "  players: Ann is Doctor, Bob is Nurse, Cid is Goon, Dee is Townie\n"


def _atoms(body: str) -> tuple[str, set[str]]:
    return resolved(RS, PLAYERS + body)


def test_the_heir_becomes_the_role_and_uses_it_the_next_night() -> None:
    verdict, atoms = _atoms(
        "  night 1:\n    Cid kills Ann\n  night 2:\n    Bob targets Dee\n    Cid kills Dee\n"
    )
    assert verdict == "determined", verdict
    assert {"Ann dies", "Bob becomes Doctor"} <= atoms and "Dee dies" not in atoms, atoms


def test_no_death_no_heir() -> None:
    verdict, atoms = _atoms("  night 1:\n    Cid kills Dee\n")
    assert verdict == "determined" and "Bob becomes Doctor" not in atoms, atoms


def test_the_sentence_is_read_as_a_succession() -> None:
    nurse = RS.role("Nurse")
    assert nurse is not None
    assert [t.describe() for t in nurse.traits] == [
        "succession: if the Doctor dies, the holder becomes the Doctor"
    ]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_an_heir(data: Any) -> None:
    """Random two-night games: the symbolic chain, fixed to the game, gives exactly the
    outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
