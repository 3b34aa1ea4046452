"""The clause language's hexes, cooldowns and day powers (grammar/clause/hexes.lark,
cooldown.lark, days.lark; logic/lang/kinds/hexes.py, cooldown.py, days.py): the sentences
the frame grammar once read word by word, now read through general shapes, each in other
words and voices, a further ability's line ('-Hex of Silence - ...') and a variant's read
by them, and wordings that must not read."""

from __future__ import annotations

from typing import Any

import pytest

from logic.effects.afterlife import Exorcise
from logic.effects.day import Public, Rock, VotesBack, VotesGone
from logic.effects.hex import Backlash, Hex, Informed, Telepathy
from logic.effects.status import Cooldown
from logic.effects.vote import LastVoterDies, PairVote
from logic.lang import clause
from logic.lang.clause_parts import About, Nothing
from logic.lang.errors import Loc, RulingError
from logic.lang.read.pieces import _Capability, _DayAbility, _Trait
from logic.lang.rules import parse_ruleset
from logic.model.ir import Frequency, NoConsecutive

ROLES = ("Witch", "Investigator", "Doctor", "Sorcerer", "Priest", "Ghost", "Zombie", "Bomb")
ROLES += ("Lovers", "Imaginary Friend")


def read(sentence: str) -> tuple[Any, ...]:
    parts = clause.read_sentence(sentence, Loc("x.rules", 1, 1), ROLES)
    return tuple(p.part if isinstance(p, About) else p for p in parts)


def only(sentence: str) -> Any:
    (part,) = read(sentence)
    return part


# ----------------------------------------------------------------------------- hexes


@pytest.mark.parametrize(
    ("sentence", "status"),
    [
        ("The hexed player may not speak during the following day.", "silenced"),
        ("Your target cannot talk tomorrow.", "silenced"),
        ("The next day, the target is silenced.", "silenced"),
        ("The hexed player's vote has no power during the following day.", "powerless"),
        ("Their vote does not count the next day.", "powerless"),
        ("The next day, the vote of your target counts for nothing.", "powerless"),
        ("If the hexed player votes for the Witch on the following day, that vote has no power.", "charm-vote"),
        ("Should your target vote for you tomorrow, their vote does not count.", "charm-vote"),
        ("In addition, if the Witch is put up to lynch on the following day, the hexed player is lynched instead.", "charm-lynch"),
        ("If you would be lynched the next day, your target is lynched in your place.", "charm-lynch"),
    ],
)  # fmt: skip
def test_a_mark_for_the_following_day(sentence: str, status: str) -> None:
    part = only(sentence)
    assert isinstance(part, Hex) and part.status == status


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("The hexed player is informed of this at Dawn.", Informed),
        ("At dawn, your target learns of the hex.", Informed),
        ("The hexed player is not informed of this.", Nothing),
        ("Your target is not told about it.", Nothing),
        ("The Witch is informed of the hexed player's alignment in much the same manner as the Investigator, but the hexed player does not know the Witch's alignment.", Telepathy),
        ("You learn your target's alignment, but your target does not learn yours.", Telepathy),
        ("The night after the hexed player dies, the Witch dies.", Backlash),
        ("You die the night after your target dies.", Backlash),
        ("They are allowed to vote, but nothing else.", Nothing),
        ("Their vote still shows in the vote tallies.", Nothing),
        ("Once the target is hexed, this death may not be prevented by any means.", Nothing),
        ("Nothing can stop this death.", Nothing),
    ],
)  # fmt: skip
def test_what_is_told_of_a_mark_and_its_notes(sentence: str, kind: type) -> None:
    assert isinstance(only(sentence), kind)


def test_a_kill_nothing_prevents_is_not_a_note() -> None:
    with pytest.raises(RulingError, match="say it with the kill"):
        read("This kill may not be prevented by any means.")


def test_a_check_of_alignment_is_not_telepathy() -> None:
    """Learning a target's alignment one way needs the other half ('but they do not learn
    yours') or the manner of a named check: alone it is no mark of a hex."""
    for part in read_or_none("You learn your target's alignment."):
        assert not isinstance(part, Telepathy)


def read_or_none(sentence: str) -> tuple[Any, ...]:
    try:
        return read(sentence)
    except RulingError:
        return ()


WITCH = (
    "Ruleset: X\nPossible Town Roles\nCop: Checks a player each night.\n"
    "Possible Mafia Roles\nWitch: No special powers.\n{line}\n"
)


def test_a_further_abilitys_line_is_read_by_the_clause_language() -> None:
    rs = parse_ruleset(
        WITCH.format(
            line="-Hex of Silence - Your target cannot talk tomorrow. They may still vote, "
            "but do nothing else. At dawn, the target learns of the hex."
        ),
        "x.rules",
    )
    (witch,) = [r for r in rs.roles if r.name == "Witch"]
    (ability,) = witch.abilities
    assert ability.name == "Hex of Silence"
    assert [type(e) for e in ability.effects] == [Hex, Informed]
    assert witch.notes[-1].text == "Witch: They may still vote, but do nothing else."


# ----------------------------------------------------------------------------- cooldowns


@pytest.mark.parametrize(
    "sentence",
    [
        "However, whoever he protects cannot be chosen to be protected the following night.",
        "The person he protects cannot be protected again the following night.",
        "Whoever you protect cannot be protected the next night.",
    ],
)
def test_a_target_barred_the_following_night(sentence: str) -> None:
    part = only(sentence)
    assert isinstance(part, _Capability)
    assert [type(r) for r in part.restrictions] == [NoConsecutive]


@pytest.mark.parametrize(
    ("sentence", "tells"),
    [
        ("However, if his protection is used (that is, if a nightkill is stopped), the Doctor may not use his power the following night.", False),
        ("If your protection saves someone from a kill, you may not use your power the next night.", False),
        ("After a successful protection, the Doctor must rest the following night.", False),
        ("He is informed if this occurs during dawn after his protection succeeds.", True),
        ("You are informed at dawn if your protection was used.", True),
    ],
)  # fmt: skip
def test_a_rest_after_a_use_that_worked(sentence: str, tells: bool) -> None:
    part = only(sentence)
    assert isinstance(part, _Capability)
    (rest,) = part.effects
    assert isinstance(rest, Cooldown) and (rest.tells is not None) == tells


DOCTOR = (
    "Ruleset: X\nPossible Town Roles\n"
    "Doctor: Each night, the Doctor may choose one person to protect.\n"
    "There are two variants that may exist:\n{lines}\n"
    "Possible Mafia Roles\nGoon: Kills a player each night.\n"
)


def test_a_variants_sentences_are_its_own() -> None:
    rs = parse_ruleset(
        DOCTOR.format(
            lines="-Limited - He cannot protect the same person two nights in a row.\n"
            "-Old - If his protection stops a nightkill, the Doctor cannot use his power "
            "the following night. He is told at dawn when his protection succeeds."
        ),
        "x.rules",
    )
    roles = {r.name: r for r in rs.roles}
    (limited,) = roles["Limited Doctor"].abilities
    assert [type(r) for r in limited.restrictions] == [NoConsecutive]
    (old,) = roles["Old Doctor"].abilities
    assert [type(e) for e in old.effects].count(Cooldown) >= 1
    assert roles["Doctor"].abilities[0].restrictions == ()


def test_a_variants_sentence_about_another_role_is_refused() -> None:
    with pytest.raises(RulingError, match="on a variant of Doctor"):
        parse_ruleset(
            DOCTOR.format(
                lines="-Old - If his protection stops a nightkill, the Goon cannot use his "
                "power the following night."
            ),
            "x.rules",
        )


# ----------------------------------------------------------------------------- days


@pytest.mark.parametrize(
    ("sentence", "name", "frequency", "effect"),
    [
        ("Once per game, at any time during the Day, but not any other time, the Sorcerer may kill one target of his choice.", "kill", Frequency.ONCE_PER_GAME, "DayKill"),
        ("During the day, and only during the day, you may kill one player of your choice once per game.", "kill", Frequency.ONCE_PER_GAME, "DayKill"),
        ("The Sorcerer can kill one target at any time during the day, but only once per game.", "kill", Frequency.ONCE_PER_GAME, "DayKill"),
        ("Once per game, at any time during the Day, but not any other time, the Priest may revive one target of his choice.", "revive", Frequency.ONCE_PER_GAME, "Revive"),
        ("Once per game, during the day, you can bring one dead player back to life.", "revive", Frequency.ONCE_PER_GAME, "Revive"),
        ("The Priest may, if he so chooses, exorcise a Ghost or Zombie, removing their spirit or body from the game.", "exorcise", Frequency.EACH_NIGHT, "Exorcise"),
        ("At any point in the Day except for the last five minutes, the Imaginary Friend may privately message the host to discard its power.", "discard", Frequency.ONCE_PER_GAME, "Discard"),
        ("During the day, you may discard your power by messaging the host.", "discard", Frequency.ONCE_PER_GAME, "Discard"),
    ],
)  # fmt: skip
def test_an_ability_used_by_day(
    sentence: str, name: str, frequency: Frequency, effect: str
) -> None:
    part = only(sentence)
    assert isinstance(part, _DayAbility)
    assert (part.name, part.frequency) == (name, frequency)
    assert [type(e).__name__ for e in part.effects] == [effect]


def test_an_exorcism_names_the_roles_it_removes() -> None:
    part = only("You may exorcise a Ghost or a Zombie, removing them from the game.")
    (effect,) = part.effects
    assert isinstance(effect, Exorcise) and effect.roles == ("Ghost", "Zombie")


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("The target dies instantly, and all votes by and for him are removed.", VotesGone),
        ("All votes cast by or for the target are removed.", VotesGone),
        ("The target is revived immediately, and may begin voting that Day.", VotesBack),
        ("Your target is revived at once and may vote that same day.", VotesBack),
        ("The Sorcerer is revealed at this time, and probably has some explaining to do.", Public),
        ("When you use this power, you are revealed to all players.", Public),
        ("That person will then be struck by a rock during the next vote tally.", Rock),
        ("Your target is hit by a stone at the next vote tally.", Rock),
    ],
)
def test_what_a_day_action_does(sentence: str, kind: type) -> None:
    assert isinstance(only(sentence), kind)


@pytest.mark.parametrize(
    ("sentence", "kind", "total"),
    [
        ("If both Lovers are voting for the same person, their votes will count as three instead of two.", PairVote, 3),
        ("If you and your partner vote for the same player, your votes count as three rather than two.", PairVote, 3),
        ("If the Bomb is lynched, the last person to vote for the Bomb dies.", LastVoterDies, None),
        ("If you are lynched, the last player who voted for you dies.", LastVoterDies, None),
    ],
)  # fmt: skip
def test_a_trait_of_the_days_vote(sentence: str, kind: type, total: int | None) -> None:
    part = only(sentence)
    assert isinstance(part, _Trait) and isinstance(part.trait, kind)
    if total is not None:
        assert part.trait.total == total


@pytest.mark.parametrize(
    "sentence",
    [
        "Once per game, during the day, you may revive and kill a player.",  # two kinds
        "If the Bomb is lynched, the first person to vote for the Bomb dies.",
    ],
)
def test_what_must_not_read(sentence: str) -> None:
    with pytest.raises(RulingError):
        read(sentence)


def test_no_role_is_revived_twice_a_game_by_a_frequency_said_twice() -> None:
    with pytest.raises(RulingError):
        read("Once per game, during the day, you may revive a dead player each night.")
