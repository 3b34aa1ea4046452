"""Abilities held as things used once each, a Witch's potions ("You have one healing
potion and one poison potion."; grammar/clause/held.lark): a protection and a kill, each
once in the game. `resolve` saves with the first and not with a second use; the wordings
of other hosts mean the same; a count that does not match the things said is refused."""

from __future__ import annotations

import pytest
from test_immunities import determined

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines

TEXT = """Ruleset: Potions
Possible Village Roles
Villager: You have no special abilities.
Witch: You have one healing potion and one poison potion.
Possible Werewolves Roles
Werewolf: You have no special abilities.
The Werewolves may kill one player each night.
"""
RS = parse_ruleset(TEXT, "potions.rules")
PLAYERS = (
    "  players: Ann is Witch, Bob is Werewolf, Cid is Villager, Dee is Villager, Eve is Villager\n"
)


def test_the_healing_potion_saves_once() -> None:
    night1 = "  night 1:\n    Ann uses save on Cid\n    Bob kills Cid\n"
    atoms = determined(RS, PLAYERS + night1)
    assert "Cid dies" not in atoms, atoms
    night2 = "  night 2:\n    Ann uses save on Dee\n    Bob kills Dee\n"
    atoms = determined(RS, PLAYERS + night1 + night2)
    assert "Dee dies" in atoms, atoms


def test_the_poison_potion_kills() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Ann uses kill on Bob\n")
    assert "Bob dies" in atoms, atoms


@pytest.mark.parametrize(
    "said",
    [
        "You have two potions: one to save and one to kill.",
        "You have a potion that can save a player, and a potion that can kill a player.",
        "You have one healing potion and one poison potion. Each can be used once per game.",
    ],
)
def test_other_wordings_mean_the_same(said: str) -> None:
    def meaning(text: str) -> list[str]:
        return [line.split("   [")[0] for line in ruleset_lines(parse_ruleset(text, "p.rules"))]

    mine = "You have one healing potion and one poison potion."
    notes = [x for x in meaning(TEXT.replace(mine, said)) if "[no effect] Each" not in x]
    assert notes == meaning(TEXT)


def test_a_count_that_does_not_match_is_refused() -> None:
    text = TEXT.replace(
        "You have one healing potion and one poison potion.",
        "You have three potions: one to save and one to kill.",
    )
    with pytest.raises(RulingError):
        parse_ruleset(text, "p.rules")
