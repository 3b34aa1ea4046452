"""Shapes of role-PM sentences the clause language reads, each into the part the plain
sentence means (27 November 2026: the probe splits' failures, benchmarks/README.md). Each
is a rule built from parts over the lexicon, so its neighbours read too; a wording that
says another mechanic is not read as this one."""

from __future__ import annotations

import re

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines


def meaning(text: str) -> list[str]:
    src = f"Ruleset: X\nPossible Town Roles\nR: {text}\nPossible Mafia Roles\nGoon: No special powers.\n"
    lines = ruleset_lines(parse_ruleset(src, "x.rules"))[1:]
    return [re.sub(r"\s+\[.*", "", ln).strip() for ln in lines]


@pytest.mark.parametrize(
    ("text", "means"),
    [
        ("Every night you can save a player from dying.", "- protect:"),
        ("You can protect one player per night from being killed.", "- protect:"),
        (
            "Every night, you may peek at a player to see their role.",
            "- investigate: learns the role",
        ),
        (
            "Every night you may choose one player. That player's action will not happen.",
            "- roleblock:",
        ),
        ("You may visit someone each night and prevent them from acting.", "- roleblock:"),
        ("Each night you may distract one player, blocking their night action.", "- roleblock:"),
        ("You have the ability to roleblock one player each night.", "- roleblock:"),
        ("Use your night action to kill someone.", "- kill:"),
        ("Your vote counts as 2.", "vote: counts as 2 votes"),
        ("You have two votes during the day.", "vote: counts as 2 votes"),
        ("You will be investigated as Mafia.", "checks as Mafia"),
        ("Investigations will show you as Town.", "checks as Town"),
        ("You have one bullet.", "budget: at most 1 use "),
        ("You can only use this ability once.", "budget: at most 1 use "),
        ("You may use this ability three times.", "budget: at most 3 uses"),
        (
            "Once per game, find out who one player visits.",
            "ability 'check': checks a player once per game",
        ),
        (
            "Each night, learn who visits a player of your choice.",
            "- investigate: learns who visited",
        ),
        (
            "Each night, you may poison a player. They will die the following night unless healed.",
            "- poison:",
        ),
        (
            "Each night, you may visit a player. They die at the end of the next night unless they are protected.",
            "- poison:",
        ),
        ("If the Goon dies, you become the new Goon.", "succession: if the Goon dies"),
        (
            "Once per night, pick a player. If they are targeted by a kill tonight, they survive.",
            "- protect:",
        ),
        (
            "You may not protect the same person on two consecutive nights.",
            "- restriction: cannot target the same player on consecutive nights",
        ),
        # heldout-3 (27 November 2026, second session)
        ("You may go on alert three times.", "budget: each ability at most 3 time(s) a game"),
        ("You can shoot up to two times during the game.", "budget: each ability at most 2"),
        ("You may go on alert twice.", "budget: each ability at most 2"),
        ("You can shoot up to two times during the game.", "- kill:"),
        ("Each night, choose a player. That player will die.", "- kill:"),
        ("Check one person each night for suspicious activity.", "- records: checks whether"),
        ("Check one person for their exact role each night.", "- investigate: learns the role"),
        ("Investigate a player each night for their alignment.", "- records: checks whether"),
        (
            "Each night you may investigate one player. You will learn whether your target is aligned with the Town or with the Mafia.",
            "- records: checks whether",
        ),
        ("Choose someone to frame each night.", "- frame: the target's record shows guilty"),
        ("You have a night immunity.", "night immunity"),
        ("Each night you may frame one player so they appear guilty.", "- frame:"),
        (
            "Every night you can frame a player, so that they show up as Mafia to any investigation that night.",
            "- frame: the target's record shows a member of Mafia",
        ),
        (
            "Every night, you may investigate a player to learn if they are Town or Mafia.",
            "- records: checks whether",
        ),
        (
            "Every night, you may protect a player. If someone tries to kill them, you die instead.",
            "- protect: the target cannot be killed that night; the protector dies instead",
        ),
        ("Each night you can swap two players. All actions on one go to the other.", "- redirect:"),
        ("Each night, you may eat a player.", "- kill:"),
        (
            "Choose two people each night. Anyone targeting one of them will target the other instead.",
            "- redirect:",
        ),
        (
            "Each night, choose a player. If they are investigated, they will appear to be Mafia.",
            "- frame: the target's record shows a member of Mafia",
        ),
        (  # never again in the game (tests/test_game_restrictions.py)
            "Each night you may investigate a player. You cannot investigate the same player twice.",
            "- restriction: cannot target a player it targeted on an earlier night",
        ),
    ],
)
def test_a_shape_means_what_the_plain_sentence_means(text: str, means: str) -> None:
    got = meaning(text)
    assert any(ln.startswith(means) for ln in got), got


@pytest.mark.parametrize(
    "text",
    [
        "You may not protect the same person on three consecutive nights.",  # another rule
        "Each night, you may poison a player. They will die the following night.",  # no "unless"
        "You may protect a player. They will appear to be Mafia.",  # a frame needs its night
        "If you are investigated, you will appear to be Mafia.",  # the role's own, not a frame
        "Each night you may choose one player so they appear innocent.",  # no record cleared
    ],
)
def test_a_shape_that_says_another_rule_is_not_read(text: str) -> None:
    with pytest.raises(RulingError):
        meaning(text)
