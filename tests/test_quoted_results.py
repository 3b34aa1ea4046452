"""A check's two answers quoted, as role PMs write them ('You will receive a result of
either "Innocent" or "Guilty".', 'Your investigations will return either "Mafia" or "Not
Mafia".'), in a ruleset whose cards state no interrogation: a check of the records for a
faction (logic/lang/assemble/finish.py's `_quoted_check`), its answers the quoted words;
with card lines, the card's (an interrogation, DCTP's)."""

from __future__ import annotations

import pytest
from test_immunities import resolved

from logic.effects.interrogate import Interrogate
from logic.effects.records import RecordsCheck
from logic.lang.rules import parse_ruleset

TAIL = """Villager: You have no special abilities.
Possible Mafia Roles
Goon: You have no special abilities.
The Mafia may kill one player each night.
"""
PLAYERS = "  players: Ann is Cop, Bob is Goon, Cid is Villager\n"


def _ruleset(result: str) -> object:
    cop = f"Cop: Each night, investigate a player. {result}\n"
    return parse_ruleset(f"Ruleset: Q\nPossible Town Roles\n{cop}{TAIL}", "q.rules")


@pytest.mark.parametrize(
    ("result", "guilty", "innocent"),
    [
        ('You will receive a result of either "Innocent" or "Guilty".', "Guilty", "Innocent"),
        ('Your investigations will return either "Mafia" or "Not Mafia".', "Mafia", "Not Mafia"),
        ('Your results will say either "Town" or "Mafia".', "Mafia", "Town"),
    ],
)
def test_the_quoted_answers_are_a_faction_checks(result: str, guilty: str, innocent: str) -> None:
    rs = _ruleset(result)
    cop = rs.role("Cop")  # type: ignore[attr-defined]
    (check,) = [e for a in cop.abilities for e in a.effects if isinstance(e, RecordsCheck)]
    assert (check.faction, check.yes, check.no) == ("Mafia", guilty, innocent)
    night = "  night 1:\n    Ann targets {}\n"
    _, on_goon = resolved(rs, PLAYERS + night.format("Bob"))  # type: ignore[arg-type]
    _, on_villager = resolved(rs, PLAYERS + night.format("Cid"))  # type: ignore[arg-type]
    assert f'Ann learns "{guilty}"' in on_goon and f'Ann learns "{innocent}"' in on_villager


def test_answers_a_card_states_stay_the_cards() -> None:
    text = (
        "Ruleset: Q\nPossible Town Roles\n"
        'Cop: Each night, investigate a player. You will receive a result of either "Guilty" or "Innocent".\n'
        "Villager: Interrogation: Innocent.\n" + TAIL.split("\n", 1)[1]
    )
    rs = parse_ruleset(
        text.replace("Goon: You have no special abilities.", "Goon: Interrogation: Guilty.")
    )
    cop = rs.role("Cop")
    assert cop is not None
    assert any(isinstance(e, Interrogate) for a in cop.abilities for e in a.effects)
