"""The clause language's reading of the dead (grammar/clause/afterlife.lark,
logic/lang/kinds/afterlife.py): a check of a dead player, the same check reaching the
living and what it tells, powers that wait for death, and what a death shows, each in
the three voices; and wordings that must not read as these."""

from __future__ import annotations

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines

READ_DEAD = "read: a dead target's role and alignment, as they truly are"
READ_LIVING = "read: may target a living player"
FATE = "read: a living target, whether it will become the Ghost or Zombie"
AFTER = "after death: the role's powers are used only once its holder is dead"


def meaning(role: str, text: str) -> list[str]:
    """What `ruling parse` says of a ruleset of the role and two roles of no powers."""
    others = "\n".join(f"{r}: Has no powers." for r in ("Ghost", "Zombie") if r != role)
    rules = f"Ruleset: X\nPossible Town Roles\n{role}: {text}\n{others}\n"
    lines = ruleset_lines(parse_ruleset(rules, "x"))
    return [line.split("   [")[0].strip().removeprefix("- ") for line in lines]


@pytest.mark.parametrize(
    "text",
    [
        "Investigates a dead player to learn their role and alignment.",
        "The Oracle may investigate a dead player and find out their role and alignment.",
        "You can check one dead player each night to discover their alignment and role.",
        "The Oracle learns the role and alignment of a dead player.",
    ],
)
def test_a_read_of_the_dead_in_every_voice(text: str) -> None:
    assert READ_DEAD in meaning("Oracle", text)


@pytest.mark.parametrize(
    "also",
    [
        "Can also check a living player.",
        "The Oracle may also choose to investigate someone who is still alive.",
        "You can also investigate a player who is not dead.",
        "She can also investigate the living.",
        "You may also target living players.",
    ],
)
def test_also_a_living_player_widens_the_read_before(also: str) -> None:
    got = meaning(
        "Oracle", f"May investigate a dead player to learn their role and alignment. {also}"
    )
    assert READ_LIVING in got
    assert sum(line.startswith("ability") for line in got) == 1


def test_a_living_player_without_also_is_a_check_of_its_own() -> None:
    got = meaning(
        "Oracle",
        "May investigate a dead player to learn their role and alignment. "
        "Each night you may check a living player.",
    )
    assert READ_LIVING not in got
    assert sum(line.startswith("ability") for line in got) == 2


@pytest.mark.parametrize(
    "fate",
    [
        "However, all this will do is tell her if the player will become the Ghost or Zombie upon death.",
        "This only tells you whether that player will turn into the Ghost or Zombie when they die.",
        "All it does is tell him if the player will become the Ghost or the Zombie on death.",
    ],
)
def test_what_a_read_of_the_living_tells(fate: str) -> None:
    text = f"You may investigate a dead player to learn their role and alignment. {fate}"
    assert FATE in meaning("Oracle", text)


@pytest.mark.parametrize(
    "text",
    [
        "Has no powers until its death.",
        "Until it dies, the Zombie has no powers.",
        "You cannot use your powers until you are dead.",
        "The Zombie has no powers while it is alive.",
    ],
)
def test_powers_after_death(text: str) -> None:
    assert AFTER in meaning("Zombie", text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("The Ghost's affiliation is not revealed when it is lynched or killed.", "alignment"),
        ("Your alignment will not be revealed when you are killed.", "alignment"),
        ("If it gets lynched, its role will be shown as Vanilla.", "Vanilla"),
        ("When the Ghost is lynched, its role flips as Vanilla.", "Vanilla"),
        ("The Ghost's alignment is never revealed.", "alignment"),
    ],
)
def test_what_a_death_shows(text: str, shown: str) -> None:
    got = " ".join(meaning("Ghost", text))
    assert shown in got


@pytest.mark.parametrize(
    "flip",
    ["Its alignment will flip truthfully.", "Your true alignment will be revealed when you flip."],
)
def test_a_true_flip_is_read_and_changes_nothing(flip: str) -> None:
    got = meaning("Zombie", f"Has no powers until its death. {flip}")
    assert f"[no effect] {flip}" in got


def test_a_read_of_the_dead_that_is_not_a_check_is_not_read() -> None:
    with pytest.raises(RulingError):
        parse_ruleset(
            "Ruleset: X\nPossible Town Roles\nOracle: May kill a dead player to learn their role "
            "and alignment.\n",
            "x",
        )


@pytest.mark.parametrize(
    "text",
    [
        "The Zombie does not know its role until it dies.",
        "Until it dies, the Zombie doesn't know that it is the Zombie.",
        "You only learn your role when you die.",
    ],
)
def test_a_role_unaware_of_itself_until_death(text: str) -> None:
    assert "unaware: the holder learns its role when it dies" in meaning("Zombie", text)


@pytest.mark.parametrize(
    "text",
    [
        "Once it dies, it is given one nightkill to use whenever it likes.",
        "After it dies, the Zombie gets one nightkill, to use whenever it wants.",
        "Once you die, you get one kill to use on any night you like.",
    ],
)
def test_one_kill_once_dead(text: str) -> None:
    got = meaning("Zombie", f"You have no powers until you die. {text}")
    assert any(line.startswith("ability 'nightkill'") and "once per game" in line for line in got)


def test_kills_once_dead_said_as_many_are_not_read() -> None:
    with pytest.raises(RulingError):
        meaning("Zombie", "Once it dies, it is given two nightkills to use whenever it likes.")


def test_a_read_of_the_living_and_what_it_tells_in_one_sentence() -> None:
    got = meaning(
        "Oracle",
        "May investigate a dead player to learn their role and alignment. If she investigates a "
        "living player, she only learns whether they will become the Ghost or Zombie when they die.",
    )
    assert READ_LIVING in got and FATE in got


def test_a_flip_of_another_role_is_refused_on_this_line() -> None:
    with pytest.raises(RulingError, match="about Ghost"):
        meaning("Zombie", "When the Ghost is lynched, its role flips as Vanilla.")
