"""A blocked killer's kill on the one who blocked him ("If you are roleblocked, you will
kill the roleblocker instead."): logic/effects/retaliate.py's `KillsBlocker`. The blocked
kill fails, the blocker dies unless saved; a killer who sent no kill kills no one; deleting
the sentence undoes it; the symbolic chain agrees with `resolve`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import load_ruleset, parse_ruleset

PATH = Path(__file__).parent / "rulesets" / "blocked-killer.rules"
SENTENCE = "If you are roleblocked, you will kill the roleblocker instead."
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Serial Killer, Bob is Escort, Cid is Doctor, Dee is Villager\n"
BLOCKED = PLAYERS + "  night 1:\n    Ann targets Dee\n    Bob targets Ann\n"


def test_the_blocked_killer_kills_the_blocker_not_his_target() -> None:
    atoms = determined(RS, BLOCKED)
    assert "Bob dies" in atoms and "Dee dies" not in atoms, atoms


def test_a_saved_blocker_lives() -> None:
    atoms = determined(RS, BLOCKED + "    Cid targets Bob\n")
    assert "Bob dies" not in atoms and "Dee dies" not in atoms, atoms


def test_a_killer_who_sent_no_kill_kills_no_one() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Bob targets Ann\n")
    assert not any(a.endswith(" dies") for a in atoms), atoms


def test_without_the_sentence_the_blocker_lives() -> None:
    text = PATH.read_text()
    assert SENTENCE in text
    without = parse_ruleset(text.replace(" " + SENTENCE, ""), str(PATH))
    atoms = determined(without, BLOCKED)
    assert "Bob dies" not in atoms and "Dee dies" not in atoms, atoms


def test_chain_agrees_with_resolve_on_the_blocks() -> None:
    players = ["Ann is Serial Killer", "Bob is Escort", "Cid is Doctor", "Dee is Villager"]
    _compare(RS, players, [{"Ann": ("targets", "Dee"), "Bob": ("targets", "Ann")}, {}])
    both = {"Ann": ("targets", "Dee"), "Bob": ("targets", "Ann"), "Cid": ("targets", "Bob")}
    _compare(RS, players, [both, {"Bob": ("targets", "Ann")}])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_chain_agrees_with_resolve_on_random_games(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
