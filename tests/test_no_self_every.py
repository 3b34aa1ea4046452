"""A whole-game sentence that no one may target themselves ("Players cannot target
themselves."): every role's abilities that name a player get the restriction
(logic/model/ir.py's NoSelfEvery). `resolve` fails a self-target because of the
sentence; deleting it lets the Doctor save herself; other wordings mean the same."""

from __future__ import annotations

import pytest
from test_immunities import determined

from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines

RULES = """Ruleset: NS
Players cannot target themselves.
Possible Town Roles
Doctor: Each night you may protect a player.
Townie: You have no special abilities.
Possible Mafia Roles
Goon: You have no special abilities.
The Mafia may kill one player each night.
"""
CASE = "  players: Ann is Doctor, Bob is Goon, Cid is Townie\n  night 1:\n    Ann targets Ann\n    Bob kills Ann\n"
SENTENCE = "Players cannot target themselves.\n"


def test_a_self_target_fails_because_of_the_sentence() -> None:
    atoms = determined(parse_ruleset(RULES, "ns.rules"), CASE)
    assert "Ann dies" in atoms and "Ann's action fails" in atoms, atoms


def test_without_the_sentence_the_doctor_saves_herself() -> None:
    atoms = determined(parse_ruleset(RULES.replace(SENTENCE, ""), "ns.rules"), CASE)
    assert "Ann dies" not in atoms, atoms


@pytest.mark.parametrize(
    "said",
    [
        "No player may target themselves unless their role says so.",
        "You may not target yourself unless your role says otherwise.",
        "Players may not use abilities on themselves.",
        "Self-targeting is not allowed.",
        "Self-targeting is not allowed unless stated otherwise.",
    ],
)
def test_other_wordings_mean_the_same(said: str) -> None:
    def meaning(text: str) -> list[str]:
        return [line.split("   [")[0] for line in ruleset_lines(parse_ruleset(text, "ns.rules"))]

    assert meaning(RULES.replace(SENTENCE, said + "\n")) == meaning(RULES)


SPARED = RULES.replace(SENTENCE, "No player may target themselves unless their role says so.\n")
OWN = "Doctor: Each night you may protect a player. You may protect yourself.\n"


def test_a_role_that_says_it_may_target_itself_is_spared() -> None:
    """'... unless their role says so' and the Doctor's 'You may protect yourself.': she
    saves herself (logic/model/ir.py's SelfAllowed); without her sentence, she may not."""
    spared = parse_ruleset(
        SPARED.replace("Doctor: Each night you may protect a player.\n", OWN), "ns.rules"
    )
    assert "Ann dies" not in determined(spared, CASE)
    atoms = determined(parse_ruleset(SPARED, "ns.rules"), CASE)
    assert "Ann dies" in atoms and "Ann's action fails" in atoms, atoms
