"""A faction's kill whose victim its sentence names by group ("Each night, the werewolves
choose a villager to kill."): logic/model/ir.py's TargetIn on the nightkill, the word
resolved to the faction whose members it names (the Village). `resolve` fails a kill aimed
at a werewolf because of the sentence; said of "a player", the kill lands; the symbolic
chain agrees with `resolve` on random games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.model.ir import TargetIn
from logic.report import ruleset_lines

TEXT = """Ruleset: Pack
Possible Village Roles
Villager: You have no special abilities.
Seer: Each night, you may look at one player's card.
Possible Werewolves Roles
Werewolf: You have no special abilities.
Each night, the werewolves choose a villager to kill.
"""
RS = parse_ruleset(TEXT, "pack.rules")
PLAYERS = "  players: Ann is Werewolf, Bob is Werewolf, Cid is Villager, Dee is Seer\n"


def test_the_kill_is_of_the_village_only() -> None:
    nk = RS.nightkill("Werewolves")
    assert nk is not None
    assert [r.group for r in nk.ability.restrictions if isinstance(r, TargetIn)] == ["Village"]
    assert any("targets a member of Village only" in line for line in ruleset_lines(RS))


def test_a_kill_aimed_at_a_werewolf_fails_because_of_the_sentence() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Ann kills Bob\n")
    assert "Bob dies" not in atoms and "Ann's action fails" in atoms, atoms
    atoms = determined(RS, PLAYERS + "  night 1:\n    Ann kills Cid\n")
    assert "Cid dies" in atoms, atoms


def test_said_of_any_player_the_kill_lands() -> None:
    rs = parse_ruleset(TEXT.replace("a villager", "a player"), "pack.rules")
    atoms = determined(rs, PLAYERS + "  night 1:\n    Ann kills Bob\n")
    assert "Bob dies" in atoms, atoms


@pytest.mark.parametrize(
    "said",
    [
        "Each night, the werewolves wake up together and pick a villager to eat.",
        "Each night, the werewolves choose one villager to kill.",
    ],
)
def test_other_wordings_mean_the_same(said: str) -> None:
    def meaning(text: str) -> list[str]:
        return [line.split("   [")[0] for line in ruleset_lines(parse_ruleset(text, "p.rules"))]

    assert meaning(
        TEXT.replace("Each night, the werewolves choose a villager to kill.", said)
    ) == meaning(TEXT)


def test_a_word_that_names_no_group_is_refused() -> None:
    with pytest.raises(RulingError, match="names no faction or role"):
        parse_ruleset(TEXT.replace("a villager", "a goblin"), "pack.rules")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_a_restricted_kill(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
