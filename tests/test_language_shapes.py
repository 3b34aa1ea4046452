"""Sentences the frame grammar (grammar/ruleset.lark) once read word for word, now read by
the general shapes of the game and clause languages: each source sentence and another
GM's paraphrase of it mean the same."""

from __future__ import annotations

import pytest

from logic.effects.heal import Bypass, Intercede
from logic.lang import game
from logic.lang.errors import Loc
from logic.lang.game_kinds.parts import Default
from logic.lang.read.pieces import _Healing, _Patch, _Ruling


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


TURTLE = {"Monk", "Redirector", "Ninja", "Bomb", "Godfather", "Mafia", "Strongman", "Witch"}


def ruling(sentence: str) -> object:
    (part,) = game.read_sentence(sentence, Loc("x.rules", 1, 1), TURTLE)
    assert isinstance(part, _Ruling)
    return part.body


@pytest.mark.parametrize(
    ("sentences", "kind", "roles"),
    [
        (
            [
                "The Monk's Hamedo can be redirected with no harm to the Redirector.",
                "Redirecting the Monk's Hamedo does not harm the Redirector.",
                "The Monk's Hamedo can be redirected without harming the Redirector.",
            ],
            "guard spares",
            ("Monk", "Redirector"),
        ),
        (
            [
                "However, if this occurs, everyone who targets the Monk will still die, because "
                "while the Hamedo was redirected to the other player, so was every other action.",
                "If the Monk's Hamedo is redirected, everyone who targets the Monk still dies.",
            ],
            "guard follows",
            ("Monk",),
        ),
        (
            [
                "However, if the roleblock is targeted at another player, then it will be "
                "redirected by the Redirector's power, if applicable.",
                "Roleblocks are redirected by the Redirector like any other action.",
            ],
            "redirects blocks",
            ("Redirector",),
        ),
        (
            [
                "If the Ninja hastens the Mafia nightkill used to kill the Bomb, the explosion "
                "will not be randomized, but will kill the Ninja.",
                "If the Ninja hastens the nightkill on the Bomb, the explosion kills the Ninja.",
            ],
            "explode hastener",
            ("Bomb",),
        ),
        (
            [
                "Also, if the Godfather is alive, he will not be taken into account in "
                "determining which Mafia member the Bomb explodes unless he is the only "
                "remaining member.",
                "The Bomb's explosion never picks the Godfather unless he is the last Mafia "
                "member alive.",
            ],
            "explode spares",
            ("Bomb", "Godfather"),
        ),
    ],
)
def test_a_ruling_on_how_two_roles_actions_meet(
    sentences: list[str], kind: str, roles: tuple[str, ...]
) -> None:
    for sentence in sentences:
        body = ruling(sentence)
        assert isinstance(body, _Patch) and (body.kind, body.roles) == (kind, roles), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "If a role with a consumable power (Strongman, Ninja, Witch) is roleblocked on the night "
        "they use their power, that usage is consumed and will not be usable again for the "
        "remainder of the game.",
        "If the Strongman, Ninja or Witch is roleblocked on the night they use their power, "
        "that use is consumed.",
    ],
)
def test_a_use_a_roleblock_consumes(sentence: str) -> None:
    body = ruling(sentence)
    assert isinstance(body, tuple)
    assert [(r.verb, r.consequence, r.subject) for r in body] == [
        ("roleblock", "fails", role) for role in ("Strongman", "Ninja", "Witch")
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Redirections and roleblocks work out in a funny way.",
        "Roleblocks and redirections interact in a strange way.",
    ],
)
def test_a_sentence_that_announces_rulings_changes_nothing(sentence: str) -> None:
    (part,) = game.read_sentence(sentence, Loc("x.rules", 1, 1), TURTLE)
    assert isinstance(part, Default)
