"""The clause language's phrasing fragment (grammar/clause/phrasing.lark): role texts in
hosts' words read into the mechanic they describe, what the engine does not model said
so (a note, or an error naming it), never a wrong meaning."""

from __future__ import annotations

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.model.ir import Frequency, Ruleset

MAFIA = "Possible Mafia Roles\nMafioso: No special powers.\n"


def ruleset(line: str, extra: str = MAFIA) -> Ruleset:
    return parse_ruleset(f"Ruleset: P\nPossible Town Roles\n{line}\n{extra}", "p.rules")


def effects(rs: Ruleset, role: str) -> list[str]:
    r = rs.role(role)
    assert r is not None
    return [type(e).__name__ for a in r.abilities for e in a.effects]


def test_a_role_pms_you_is_never_the_target() -> None:
    """'You cannot be killed at night.' after a kill is the Serial Killer's own night
    immunity (a trait: tests/test_immunities.py), not a protection of the kill's target."""
    rs = ruleset(
        "Serial Killer: You may kill one player each night. You cannot be killed at night."
    )
    assert effects(rs, "Serial Killer") == ["Kill"]
    role = rs.role("Serial Killer")
    assert role is not None and not role.notes
    assert [getattr(t, "lasting", None) for t in role.traits] == [True]
    # "they" after an ability is still its target
    rs = ruleset("Doctor: You may protect one player each night. They cannot be killed that night.")
    assert effects(rs, "Doctor") == ["Protect"]


def test_your_target_says_there_is_an_ability() -> None:
    rs = ruleset("Jailkeeper: Your target cannot perform actions and cannot be killed that night.")
    role = rs.role("Jailkeeper")
    assert role is not None and len(role.abilities) == 1
    assert role.abilities[0].frequency is Frequency.EACH_NIGHT
    assert sorted(effects(rs, "Jailkeeper")) == ["Protect", "Roleblock"]


def test_not_on_the_first_night() -> None:
    rs = ruleset(
        "Vigilante: You may kill one player each night. You may not shoot on the first night."
    )
    role = rs.role("Vigilante")
    assert role is not None
    assert [a.frequency for a in role.abilities] == [Frequency.SUBSEQUENT_NIGHTS]
    with pytest.raises(RulingError, match="no such frequency"):
        ruleset("Vigilante: Once per game, you may kill a player. You cannot shoot on night 1.")


def test_town_or_mafia_is_a_check_of_the_other_faction() -> None:
    rs = ruleset(
        "Cop: Every night, investigate one player. You will learn if they are Town or Mafia."
    )
    role = rs.role("Cop")
    assert role is not None
    (check,) = role.abilities[0].effects
    assert type(check).__name__ == "RecordsCheck" and check.faction == "Mafia"
    # a role of neither faction: which one it looks for is asked, not guessed
    with pytest.raises(RulingError, match="of neither"):
        parse_ruleset(
            "Ruleset: P\nPossible Town Roles\nCitizen: No special powers.\n"
            "Possible Mafia Roles\nMafioso: No special powers.\nPossible Neutral Roles\n"
            "Oracle: Every night, investigate one player. You will learn if they are Town or "
            "Mafia.\n",
            "p.rules",
        )


def test_a_victory_on_a_role_line_keeps_its_group() -> None:
    rs = ruleset("Vanilla Townie: You have no powers. You win when all the Mafia are dead.")
    (v,) = rs.victories
    assert (v.winner, v.group) == ("Vanilla Townie", "Mafia")


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("Arsonist: Each night you may douse a player, or ignite all doused players.", "'douse'"),
        (
            "Innocent Child: Once per game, you may reveal your alignment to another player.",
            "shown by its holder",
        ),
    ],
)
def test_what_the_engine_does_not_model_is_said(line: str, said: str) -> None:
    with pytest.raises(RulingError) as e:
        ruleset(line)
    assert said in e.value.message and "model" in e.value.message, e.value.message


@pytest.mark.parametrize(
    "line",
    [
        "Framer: Each night, choose a player. That player appears guilty to investigations.",
        "Framer: Each night, choose a player. That player will appear as Mafia to the Cop.",
    ],
)
def test_how_a_target_shows_is_not_said_of_the_role(line: str) -> None:
    """How the target shows to checks with no night said is refused with what it is, never
    read as the framer's own appearance (which it was, before); with its night, or after
    "frame ... so", it is a frame (tests/test_frame.py, test_role_pm_shapes.py)."""
    with pytest.raises(RulingError, match="the target"):
        ruleset(line)


def test_how_the_role_shows_is_still_its_own() -> None:
    from logic.report import ruleset_lines

    for line, shown in (
        (
            "Godfather: You appear innocent to investigations.",
            "shows on police records as innocent",
        ),
        (
            "Godfather: The Godfather appears as Town to the Cop.\nCop: Checks a player each night.",
            "checks as Town to Cop",
        ),
    ):
        assert any(shown in x for x in ruleset_lines(ruleset(line)))


def test_a_role_named_in_the_plural_is_the_role() -> None:
    """'Villagers have no special powers.': a role's name in the plural (regular English
    plurals: -s, -es, -ies, -ves, -men) is the role."""
    from logic.lang.lexicon import plural, tokenize

    assert [plural(w) for w in ("villager", "witch", "werewolf", "spy", "watchman", "day")] == [
        "villagers",
        "witches",
        "werewolves",
        "spies",
        "watchmen",
        "days",
    ]
    toks = tokenize("Werewolves and Villagers", ["Werewolf", "Villager"])
    assert [(t.type, str(t)) for t in toks if t.type == "ROLENAME"] == [
        ("ROLENAME", "Werewolf"),
        ("ROLENAME", "Villager"),
    ]
    role = ruleset("Villager: Villagers have no special powers.").role("Villager")
    assert role is not None and role.abilities == ()


def test_one_players_action_sent_to_another_is_a_one_way_redirect() -> None:
    rs = ruleset(
        "Redirector: You may redirect one player's action to another player of your choice."
    )
    role = rs.role("Redirector")
    assert role is not None
    (ability,) = role.abilities
    assert ability.targets == 2
    assert [type(e).__name__ for e in ability.effects] == ["Redirect"]
    assert ability.effects[0].one_way
