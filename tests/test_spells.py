"""The clause language's powers (grammar/clause/spells.lark, logic/lang/kinds/spells.py): a
budget of a role's powers, a vote that counts more, ties, a lynch passed on, a swap in the
passive, a faction's victory while nothing can stop it, a nightkill strengthened or
hastened, what a new role replaces; each in the three voices, and wordings that must not
read."""

from __future__ import annotations

from typing import Any

import pytest

from logic.effects.hex import Budget
from logic.effects.identity import Bond
from logic.effects.modify import Modify
from logic.effects.redirect import Redirect
from logic.effects.vote import Immune, Powerless, TieRule, VoteWeight
from logic.lang import clause
from logic.lang.clause_parts import About, Nothing
from logic.lang.errors import Loc, RulingError
from logic.lang.kinds.traits import Fact, Trait
from logic.lang.read.pieces import _Capability
from logic.lang.rules import parse_ruleset
from logic.model.win import Victory
from logic.report import ruleset_lines

ROLES = ("Hexer", "Ferryman", "Mayor", "Judge", "Mafia", "Brute", "Doctor", "Bomb", "Lovers")


def read(sentence: str) -> tuple[Any, ...]:
    parts = clause.read_sentence(sentence, Loc("x.rules", 1, 1), ROLES)
    return tuple(p.part if isinstance(p, About) else p for p in parts)


def only(sentence: str) -> Any:
    (part,) = read(sentence)
    return part


@pytest.mark.parametrize(
    ("sentence", "per", "count"),
    [
        ("Can only use one ability per night.", "night", 1),
        ("The Hexer cannot cast more than one hex a night.", "night", 1),
        ("You can only cast one hex each night.", "night", 1),
        ("No more than one hex may be cast per night.", "night", 1),
        ("Each hex can also be cast only once per game.", "each", 1),
        ("She also may only cast each hex once per game.", "each", 1),
        ("You may use each of your powers twice per game.", "each", 2),
        ("Every hex is usable once a game.", "each", 1),
        ("In addition, she may only cast three hexes per game.", "game", 3),
        ("On top of that, the Hexer is limited to three hexes per game.", "game", 3),
        ("You may cast up to 4 hexes during the game.", "game", 4),
        ("Can use this ability at most twice per game.", "game", 2),
    ],
)
def test_a_budget_in_every_voice(sentence: str, per: str, count: int) -> None:
    part = only(sentence)
    assert isinstance(part, Trait) and isinstance(part.part, Budget)
    assert (part.part.per, part.part.count) == (per, count)


@pytest.mark.parametrize(
    "sentence",
    [
        "She may cast one hex per night.",  # no limit is said: a permission, not a budget
        "Each hex may be cast only once per night.",  # each power, by the night: no such budget
    ],
)
def test_what_is_not_a_budget(sentence: str) -> None:
    with pytest.raises(RulingError):
        read(sentence)


@pytest.mark.parametrize(
    ("sentence", "weight"),
    [
        ("Any vote the Mayor makes is counted twice in determining the lynch.", 2),
        ("Whenever the Mayor votes, that vote counts double toward deciding the lynch.", 2),
        ("Every vote you cast is counted twice when the lynch is decided.", 2),
        ("Your vote counts three times.", 3),
        ("Each vote he casts counts as three votes for the lynch.", 3),
    ],
)
def test_a_vote_that_counts_more(sentence: str, weight: int) -> None:
    part = only(sentence)
    assert isinstance(part, Trait) and part.part == VoteWeight(weight)


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        (
            "If there is a tie, and his vote is on one of the vote leaders, that person is lynched.",
            "vote",
        ),
        (
            "Also, if the vote is tied and the Judge is voting for one of the leaders, that player gets lynched.",
            "vote",
        ),
        ("In the event of a tie, the tied player you voted for is lynched.", "vote"),
        (
            "If the Judge is tied for the most votes at the end of the day, he will not be considered for the lynch.",
            "exclude",
        ),
        ("If you are tied for the most votes, you cannot be lynched.", "exclude"),
    ],
)
def test_what_a_tie_gives(sentence: str, kind: str) -> None:
    part = only(sentence)
    assert isinstance(part, Fact) and part.kind == "tie"
    assert isinstance(part.value, TieRule) and part.value.kind == kind


def test_a_lynch_passed_on_and_a_role_replaced_are_notes() -> None:
    for s in (
        "If it would be lynched at the end of the day, the lynch will instead pass on to the person in second place.",
        "If you would be lynched, the lynch goes to whoever is in second place instead.",
        "This will overwrite those players' original roles.",
        "Doing so replaces the original roles of the players you pick.",
    ):
        assert isinstance(only(s), Nothing), s


@pytest.mark.parametrize(
    "sentence",
    [
        "Any action targeting one of these players that night is redirected toward the other player.",
        "That night, any action aimed at either of them is sent to the other one instead.",
        "That night, any action targeting one of your two players is redirected to the other.",
    ],
)
def test_a_swap_in_the_passive_adds_to_the_ability(sentence: str) -> None:
    part = only(sentence)
    assert isinstance(part, _Capability) and part.targets == 2
    assert [type(e) for e in part.effects] == [Redirect]


@pytest.mark.parametrize(
    ("sentence", "winner"),
    [
        ("The Mafia wins when nothing can stop them from being the sole living faction.", "Mafia"),
        (
            "The Mafia win as soon as nothing can stop them from being the only faction left alive.",
            "Mafia",
        ),
        ("You win when nothing can stop your team from being the last living faction.", ""),
    ],
)
def test_a_faction_wins_when_nothing_can_stop_it(sentence: str, winner: str) -> None:
    part = only(sentence)
    assert isinstance(part, Fact) and isinstance(part.value, Victory)
    assert (part.value.winner, part.value.condition) == (winner, "sole")


def test_a_nightkill_made_stronger_or_faster() -> None:
    for s, mode in (
        (
            "The Brute has the power, once per game, to strengthen the nightkill of the Mafia.",
            "strengthen",
        ),
        ("Once per game, you may hasten the Mafia's nightkill.", "hasten"),
    ):
        part = only(s)
        assert isinstance(part, _Capability) and part.effects == (Modify(mode, "Mafia"),)
        assert part.targets == 0 and part.name == mode
    for s, mode in (
        (
            "A strengthened nightkill ignores all role and alignment effects, such as a Doctor's protection or a Bomb's explosion.",
            "strengthen",
        ),
        (
            "When the nightkill is strengthened, it ignores every role and alignment effect.",
            "strengthen",
        ),
        ("A hastened nightkill is resolved before any other night action.", "hasten"),
    ):
        assert only(s) == Fact("modify", mode, only(s).why)
    with pytest.raises(RulingError):  # a hastened kill goes first; it ignores nothing
        read("A hastened nightkill ignores all role and alignment effects.")


def test_a_budget_on_a_role_line_is_the_roles() -> None:
    text = (
        "Ruleset: X\nPossible Town Roles\n"
        "Hexer: Targets a player each night. You may only use one power per night. "
        "You can cast no more than two hexes per game.\n"
    )
    said = [line.split("   [")[0] for line in ruleset_lines(parse_ruleset(text, "x.rules"))]
    assert "  budget: at most 1 of the role's abilities a night" in said
    assert "  budget: at most 2 uses of the role's abilities a game" in said


def test_a_heading_label_is_no_role_name() -> None:
    """'Roles:' alone on its line is a heading: 'roles' in a sentence stays a word."""
    text = (
        "Ruleset: X\nRoles:\nPossible Town Roles\n"
        "Matchmaker: Once per game, picks two players. Doing so replaces those players' "
        "original roles.\n"
    )
    parse_ruleset(text, "x.rules")


@pytest.mark.parametrize(
    ("sentence", "kind", "power"),
    [
        ("While its power is in effect, it cannot be lynched.", Immune, True),
        ("As long as your power is active, you cannot be lynched.", Immune, True),
        ("The Judge cannot be lynched.", Immune, False),
        (
            "In addition, while its power is in effect, the Judge's vote has no power.",
            Powerless,
            True,
        ),
        ("While your power is active, your vote does not count.", Powerless, True),
    ],
)
def test_immune_to_the_lynch_and_a_vote_with_no_power(
    sentence: str, kind: type, power: bool
) -> None:
    part = only(sentence)
    assert isinstance(part, Trait) and part.part == kind(power)


def test_what_a_swap_tells_and_the_role_a_bond_gives() -> None:
    told = only(
        "The Ferryman is informed what powers were redirected and who they were originally "
        "intended for, but not who used the power."
    )
    assert isinstance(told, _Capability) and told.adds and told.role == "Ferryman"
    (effect,) = told.effects
    assert isinstance(effect, Redirect) and effect.tells is not None
    for s in (
        "From that point onward, these two players are Lovers.",
        "Those two players become Lovers.",
    ):
        bond = only(s)
        assert isinstance(bond, _Capability) and bond.effects == (Bond("Lovers"),)
    with pytest.raises(RulingError):  # one player is no bond
        read("That player is Lovers.")


def test_asides_are_notes() -> None:
    for s in (
        "Neither of these effects will be announced if they occur.",
        "This action is irreversible.",
        "Once it happens, the Judge is, for all intents and purposes, a Vanilla Town.",
        "The Hexer has a variety of hexes that she may place on a person at night.",
    ):
        assert isinstance(only(s), Nothing), s
