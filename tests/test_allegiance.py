"""A role's allegiance said in its text, as role PMs say it ("You are aligned with the
Town.", "You are a Mafia Goon."): the role takes that faction where no heading gives one;
a text that names another faction than its heading is a clash of the GM's words,
reported with the sentence; "You are the Doctor." on another role's line is an error."""

from __future__ import annotations

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset

HEAD = "Ruleset: PMs\n"


def faction_of(text: str, role: str) -> str:
    rs = parse_ruleset(HEAD + text, "pm.rules")
    return next(r.faction for r in rs.roles if r.name == role)


@pytest.mark.parametrize(
    "sentence",
    [
        "You are aligned with the Mafia.",
        "You are a member of the Mafia.",
        "You are part of the Mafia team.",
        "You are on the Mafia team.",
        "You are on the side of the Mafia.",
        "You side with the Mafia.",
        "This role belongs to the Mafia.",
        "The Goon is allied with the Mafia.",
        "You are a Mafia Goon.",
    ],
)
def test_a_role_pm_names_its_faction(sentence: str) -> None:
    assert faction_of(f"Goon: {sentence} You have no special abilities.\n", "Goon") == "Mafia"


def test_the_faction_said_is_the_headings_when_they_agree() -> None:
    text = (
        "Possible Town Roles\nDoctor: You are aligned with the Town. Heals a player each night.\n"
    )
    assert faction_of(text, "Doctor") == "Town"


def test_a_text_that_names_another_faction_than_its_heading_is_reported() -> None:
    text = (
        "Possible Mafia Roles\nGoon: Kills a player each night.\n"
        "Possible Town Roles\nDoctor: You are a member of the Mafia. Heals a player each night.\n"
    )
    with pytest.raises(RulingError) as e:
        parse_ruleset(HEAD + text, "pm.rules")
    assert "puts Doctor with the Mafia, but its heading puts it with the Town" in e.value.message
    assert e.value.loc is not None and e.value.loc.line == 5


def test_a_name_that_is_no_faction_changes_nothing_under_a_heading() -> None:
    text = "Possible Town Roles\nTownie: You are a Vanilla Townie. You have no special abilities.\n"
    assert faction_of(text, "Townie") == "Town"


def test_a_role_without_a_heading_or_a_faction_said_says_how_to_give_one() -> None:
    with pytest.raises(RulingError) as e:
        parse_ruleset(HEAD + "Doctor: Heals a player each night.\n", "pm.rules")
    assert "You are aligned with the Town." in e.value.message


def test_you_are_the_role_is_about_its_own_line() -> None:
    text = "Possible Town Roles\nDoctor: You are the Doctor.\nCop: You are the Doctor.\n"
    with pytest.raises(RulingError) as e:
        parse_ruleset(HEAD + text, "pm.rules")
    assert "about Doctor, but it is on Cop's line" in e.value.message


def test_winning_with_a_faction_is_not_read_as_belonging_to_it() -> None:
    """A neutral may win with a faction it is not part of: not an allegiance."""
    text = "Possible Neutral Roles\nFan: You win with the Town.\n"
    try:
        assert faction_of(text, "Fan") == "Neutral"
    except RulingError as e:  # not read at all (yet): never a clash of factions
        assert "heading puts it" not in e.message
