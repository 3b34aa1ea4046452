"""The clause language's reading of what another role's check is made to show
(grammar/clause/disclosure.lark, logic/lang/kinds/disclosure.py): a forger that learns
the found role's target and decides its check's result, a player an alignment check
cannot tie to a faction, a use announced without its user; each in the three voices, and
wordings that must not read as these."""

from __future__ import annotations

from typing import Any

import pytest

from logic.effects.forge import Forge
from logic.effects.investigate import Unlinked
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset

FINDS = (
    'Each night, the Forger may investigate one person. He is returned the result "Investigator" '
    'or "Not Investigator". Once he finds the Investigator, his powers change.'
)


def ruleset(mafia: str) -> Any:
    return parse_ruleset(
        "Ruleset: X\nPossible Town Roles\nInvestigator: Checks a player each night.\n"
        f"Possible Mafia Roles\n{mafia}\n",
        "x",
    )


def role(rs: Any, name: str) -> Any:
    return next(r for r in rs.roles if r.name == name)


def forge(text: str) -> Forge:
    forger = role(ruleset(f"Forger: {FINDS} {text}"), "Forger")
    found = [e for a in forger.abilities for e in a.effects if isinstance(e, Forge)]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize(
    ("text", "same_night"),
    [
        (
            "From this point on (including the night he finds the Investigator), he may learn of "
            "the Investigator's target that night.",
            True,
        ),
        (
            "From then on, starting with the night he finds the Investigator, the Forger may find "
            "out whom the Investigator targets that night.",
            True,
        ),
        ("From now on, you learn the Investigator's target that night.", False),
        ("From that point onward, he may learn the target of the Investigator.", False),
    ],
)
def test_learning_the_found_roles_target(text: str, same_night: bool) -> None:
    f = forge(text)
    assert f.role == "Investigator" and f.learns is not None
    assert (f.same_night is not None) is same_night


@pytest.mark.parametrize(
    "text",
    [
        "In addition, the Forger may decide whether the Investigator will find that person Town or Mafia.",
        "The Forger can also choose whether the Investigator finds that person to be Town or Mafia.",
        "You may also decide whether that player shows up as Town or Mafia to the Investigator.",
    ],
)
def test_deciding_the_found_roles_result(text: str) -> None:
    f = forge(text)
    assert f.role == "Investigator" and f.options == ("Town", "Mafia")


def test_the_night_found_must_be_the_role_watched() -> None:
    with pytest.raises(RulingError):
        forge(
            "From then on, including the night he finds the Godfather, he may learn the "
            "Investigator's target that night."
        )


@pytest.mark.parametrize(
    "text",
    [
        "He's got pawns everywhere, so many that the Investigator cannot link him to the Mafia.",
        "The Investigator cannot tie the Godfather to the Mafia.",
        "You have contacts everywhere, so many that the Investigator can't connect you to the Mafia.",
        "You cannot be linked to the Mafia by the Investigator.",
    ],
)
def test_a_check_that_cannot_link_the_role(text: str) -> None:
    godfather = role(ruleset(f"Godfather: {text}"), "Godfather")
    assert [(t.by, t.faction) for t in godfather.traits if isinstance(t, Unlinked)] == [
        ("Investigator", "Mafia")
    ]


def test_an_unlinked_check_of_another_role_is_refused_on_this_line() -> None:
    with pytest.raises(RulingError, match="about Forger"):
        ruleset(
            "Godfather: The Investigator cannot link the Forger to the Mafia.\nForger: Has no powers."
        )


@pytest.mark.parametrize(
    "text",
    [
        "This is announced publicly, though the Child's identity is not revealed.",
        "Everyone is told about it, but the Child's identity stays secret.",
        "It is announced publicly, but your identity is kept secret.",
    ],
)
def test_an_anonymous_announcement_is_a_note(text: str) -> None:
    rs = ruleset(f"Child: Checks a player each night. {text}")
    assert any(w.text.endswith(text) for w in role(rs, "Child").notes)


@pytest.mark.parametrize(
    "found",
    [
        "Once he finds the Investigator, his powers change.",
        "When the Forger finds the Investigator, his abilities change.",
        "Once you have found the Investigator, your powers change.",
    ],
)
def test_finding_the_role_starts_the_forgery(found: str) -> None:
    forger = role(
        ruleset(
            "Forger: Each night, the Forger may investigate one person. He is returned the result "
            f'"Investigator" or "Not Investigator". {found}'
        ),
        "Forger",
    )
    assert [e.role for a in forger.abilities for e in a.effects if isinstance(e, Forge)] == [
        "Investigator"
    ]
