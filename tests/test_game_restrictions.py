"""Restrictions over the game's earlier nights, read from role PMs: "You may heal yourself
only once." (logic/model/ir.py's `SelfAtMost`: the ability's earlier uses on its user that
took place), "You cannot investigate the same player twice." (`NoTargetAgain`: the targets
of its earlier uses) and "You cannot use your ability on consecutive nights." (`NoUseAgain`:
a use that took place the night before, whoever it named). The concrete history
(`History.aimed`, `History.success`) and the symbolic chain's earlier nights
(`SymbolicNight.aimed_before`, `took_last_night`) both read them: each restriction fails a use in
`resolve` because of its sentence (without it the use takes place), and the chain agrees
with `resolve` on random games."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import parse_ruleset
from logic.model.ir import NoTargetAgain, NoUseAgain, SelfAtMost
from logic.report import ruleset_lines

SELF = "You may heal yourself only once."
AGAIN = "You cannot investigate the same player twice."
REST = "You cannot use your ability on consecutive nights."
TEXT = f"""Ruleset: Twice
Possible Town Roles
Doctor: Each night you may protect a player. {SELF}
Cop: Each night you may investigate a player to learn their role. {AGAIN}
Nurse: Each night you may protect a player. {REST}
Possible Mafia Roles
Goon: You have no special abilities.
The Mafia may kill one player each night.
"""
RS = parse_ruleset(TEXT, "twice.rules")
PLAYERS = "  players: Ann is Doctor, Bob is Goon, Cid is Cop\n"


def _nights(*nights: str) -> str:
    return "".join(f"  night {k}:\n{body}" for k, body in enumerate(nights, 1))


def test_the_sentences_are_restrictions_of_their_abilities() -> None:
    doctor, cop = RS.role("Doctor"), RS.role("Cop")
    assert doctor is not None and cop is not None
    assert [r.times for r in doctor.abilities[0].restrictions if isinstance(r, SelfAtMost)] == [1]
    assert any(isinstance(r, NoTargetAgain) for r in cop.abilities[0].restrictions)
    lines = ruleset_lines(RS)
    assert any("targets its user at most 1 time(s) a game" in line for line in lines)


def test_a_second_self_heal_fails_because_of_the_sentence() -> None:
    body = PLAYERS + _nights(
        "    Ann targets Ann\n    Bob kills Ann\n", "    Ann targets Ann\n    Bob kills Ann\n"
    )
    atoms = determined(RS, body)
    assert "Ann dies" in atoms and "Ann's action fails" in atoms, atoms
    without = parse_ruleset(TEXT.replace(SELF, ""), "twice.rules")
    atoms = determined(without, body)
    assert "Ann dies" not in atoms, atoms


def test_twice_a_game_allows_a_second_self_heal_and_no_third() -> None:
    rs = parse_ruleset(
        TEXT.replace(SELF, "You can protect yourself twice per game."), "twice.rules"
    )
    heal = "    Ann targets Ann\n    Bob kills Ann\n"
    assert "Ann dies" not in determined(rs, PLAYERS + _nights(heal, heal))
    assert "Ann dies" in determined(rs, PLAYERS + _nights(heal, heal, heal))


def test_a_heal_of_another_player_is_not_counted() -> None:
    body = PLAYERS + _nights("    Ann targets Cid\n", "    Ann targets Ann\n    Bob kills Ann\n")
    atoms = determined(RS, body)
    assert "Ann dies" not in atoms, atoms


def test_a_check_of_a_player_checked_before_fails_because_of_the_sentence() -> None:
    body = PLAYERS + _nights("    Cid targets Bob\n", "    Cid targets Bob\n")
    atoms = determined(RS, body)
    assert "Cid's action fails" in atoms and atoms.issuperset({'Cid learns "Goon"'}), atoms
    without = parse_ruleset(TEXT.replace(AGAIN, ""), "twice.rules")
    assert "Cid's action fails" not in determined(without, body)
    # another player on the second night: the check takes place
    other = PLAYERS + _nights("    Cid targets Bob\n", "    Cid targets Ann\n")
    assert 'Cid learns "Doctor"' in determined(RS, other)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_restrictions_over_the_game(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))


def test_chain_agrees_with_resolve_on_the_uses_the_restrictions_stop() -> None:
    players = ["Ann is Doctor", "Bob is Goon", "Cid is Cop"]
    again = {"Ann": ("targets", "Ann"), "Bob": ("kills", "Ann"), "Cid": ("targets", "Bob")}
    _compare(RS, players, [again, again])


def test_a_use_the_night_after_a_use_fails_because_of_the_sentence() -> None:
    nurse = RS.role("Nurse")
    assert nurse is not None
    assert any(isinstance(r, NoUseAgain) for r in nurse.abilities[0].restrictions)
    players = "  players: Ann is Nurse, Bob is Goon, Cid is Cop\n"
    body = players + _nights("    Ann targets Cid\n", "    Ann targets Ann\n    Bob kills Ann\n")
    atoms = determined(RS, body)
    assert "Ann dies" in atoms and "Ann's action fails" in atoms, atoms
    without = parse_ruleset(TEXT.replace(REST, ""), "twice.rules")
    assert "Ann dies" not in determined(without, body)
    # a night between: the use takes place
    rested = players + _nights(
        "    Ann targets Cid\n", "", "    Ann targets Ann\n    Bob kills Ann\n"
    )
    assert "Ann dies" not in determined(RS, rested)


def test_chain_agrees_with_resolve_on_a_use_the_night_after_a_use() -> None:
    players = ["Ann is Nurse", "Bob is Goon", "Cid is Cop"]
    first = {"Ann": ("targets", "Cid")}
    second = {"Ann": ("targets", "Ann"), "Bob": ("kills", "Ann")}
    _compare(RS, players, [first, second])
