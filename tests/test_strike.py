"""A protection that strikes back, as role PMs say it ("If your target is attacked, you and
the attacker both die instead.", "... you will kill the attacker."): attack.py's Protect
`strikes`. The target is saved and the attacker dies (the Bodyguard too, in the target's
place, where the sentence says so); of two attackers, which one dies the sentence leaves
open (`ambiguous`). `resolve` shows it; deleting the sentence leaves a plain protection;
the symbolic chain agrees with `resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined, resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "strike.rules"
RS = load_ruleset(PATH)
PLAYERS = (
    "  players: Ann is Bodyguard, Bob is Guard, Cid is Townie, Dee is Goon, Eve is Serial Killer\n"
)
BOTH_DIE = " If your target is attacked, you and the attacker both die instead."


def _atoms(body: str, rs: Any = RS) -> set[str]:
    return determined(rs, PLAYERS + body)


def test_the_bodyguard_and_the_attacker_die_and_the_target_lives() -> None:
    atoms = _atoms("  night 1:\n    Ann targets Cid\n    Dee kills Cid\n")
    assert {"Ann dies", "Dee dies"} <= atoms and "Cid dies" not in atoms, atoms


def test_the_guard_kills_the_attacker_and_lives() -> None:
    atoms = _atoms("  night 1:\n    Bob targets Cid\n    Eve targets Cid\n")
    assert "Eve dies" in atoms and not {"Bob dies", "Cid dies"} & atoms, atoms


def test_no_attack_no_strike() -> None:
    atoms = _atoms("  night 1:\n    Ann targets Cid\n    Dee kills Bob\n")
    assert "Bob dies" in atoms and not {"Ann dies", "Dee dies", "Cid dies"} & atoms, atoms


def test_which_of_two_attackers_dies_is_left_open() -> None:
    verdict, _ = resolved(
        RS, PLAYERS + "  night 1:\n    Bob targets Cid\n    Dee kills Cid\n    Eve targets Cid\n"
    )
    assert verdict == "ambiguous", verdict


def test_without_the_sentence_it_is_a_plain_protection() -> None:
    rs = parse_ruleset(PATH.read_text().replace(BOTH_DIE, ""), str(PATH))
    atoms = _atoms("  night 1:\n    Ann targets Cid\n    Dee kills Cid\n", rs)
    assert not {"Ann dies", "Dee dies", "Cid dies"} & atoms, atoms


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_protections_that_strike(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS, own_kills=True)))
