"""Sentences the frame grammar (grammar/ruleset.lark) once read word for word, now read by
the general shapes of the game and clause languages: each source sentence and another
GM's paraphrase of it mean the same."""

from __future__ import annotations

import pytest

from logic.effects.heal import Bypass, Intercede
from logic.lang import game
from logic.lang.errors import Loc
from logic.lang.game_kinds.parts import Default
from logic.lang.read.pieces import _Healing


def read_game(sentence: str) -> tuple[object, ...]:
    return game.read_sentence(sentence, Loc("x.rules", 1, 1), set())


@pytest.mark.parametrize(
    "sentence",
    [
        # DCTP's notes on the order of healing
        "As a rule of thumb, if more than one protection or healing is performed on a target "
        "that is attacked, the one with the highest priority will succeed as all others fail.",
        "If two or more saves are made on an attacked player, only the save with the highest "
        "priority succeeds.",
        "If several protections are used on a player who is attacked, the one with the highest "
        "priority works and the others fail.",
        "In the event the action with the highest priority was hindered (via discombobulation "
        "or a similar action), the healing action with the next highest priority will succeed "
        "in its place.",
        "If the highest priority save is blocked, the save with the next highest priority "
        "succeeds instead.",
        "Any action performed by someone who was successfully healed via first aid will fail, "
        "because that player became injured as the action was being carried out.",
        "The action of a player healed by first aid fails because they are injured.",
    ],
)
def test_what_the_order_of_healing_does_reads_with_no_effect(sentence: str) -> None:
    (part,) = read_game(sentence)
    assert isinstance(part, Default)


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        ("Sniping bypasses all types of healing and first aid.", ("healing", "first aid")),
        ("Snipes ignore all kinds of protection and healing.", ("protection", "healing")),
        ("Healing and first aid do not stop a snipe.", ("healing", "first aid")),
        ("Snipes go through healing and first aid.", ("healing", "first aid")),
    ],
)
def test_a_snipe_passes_the_saves_it_names(sentence: str, names: tuple[str, ...]) -> None:
    (part,) = read_game(sentence)
    assert isinstance(part, _Healing) and isinstance(part.node, Bypass)
    assert part.node.names == names


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        (
            "When someone is protected, the protected will survive, but the protector himself "
            "dies instead.",
            "protect",
        ),
        ("If a player is protected, the protector dies in their place.", "protect"),
        (
            "When someone is healed, the healed player will survive, but the healer dies instead.",
            "heal",
        ),
    ],
)
def test_a_save_whose_user_dies_in_the_targets_place(sentence: str, name: str) -> None:
    (part,) = read_game(sentence)
    assert isinstance(part, _Healing) and isinstance(part.node, Intercede)
    assert part.node.names == (name,)
