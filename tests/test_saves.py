"""The clause language's saves, blocks by what befalls the target, named abilities and
checks that name their answers (grammar/clause/saves.lark, actions.lark, inquiry.lark):
each shape in the three voices means what the plain sentence means, and wordings that do
not say the mechanic are refused."""

from __future__ import annotations

import re

import pytest

from logic.effects.heal import InjuresAttacker
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines


def meaning(role: str, text: str, more: str = "") -> list[str]:
    """`ruling parse`'s lines of a one-role ruleset, locations and ability names aside."""
    src = f"Ruleset: X\nPossible Town Roles\n{role}: {text}\n{more}"
    lines = ruleset_lines(parse_ruleset(src, "x.rules"))[1:]
    return [re.sub(r"ability '[^']*'", "ability", ln.split("   [")[0]) for ln in lines]


def refused(role: str, text: str, more: str = "") -> bool:
    try:
        meaning(role, text, more)
    except RulingError:
        return True
    return False


PROTECT = "Chooses one player to protect each night. "


# ----------------------------------------------------------------------------- saves


@pytest.mark.parametrize(
    "said",
    [
        "The Protected individual and the Protector then learn the identity of the attacker.",
        "The Protector and the Protected player both then find out who attacked.",
        "You and your target are then both told who the attacker is.",
        "Then you and the player you protected both learn who the attacker was.",
    ],
)
def test_the_saved_and_the_saver_learn_the_attacker(said: str) -> None:
    got = meaning("Guard", PROTECT + said)
    assert any("learn who attacked" in ln for ln in got), got


@pytest.mark.parametrize(
    "said",
    [
        "This target will be protected completely in case he/she was about to get sniped.",
        "If the target is about to be sniped, that player is completely protected.",
        "Your target is fully protected if they were about to be sniped.",
    ],
)
def test_a_save_from_snipes_only(said: str) -> None:
    got = meaning("Guard", "Targets a player each night. " + said)
    assert any("the save stops a snipe, and no other attack" in ln for ln in got), got


@pytest.mark.parametrize(
    "said",
    [
        "The sniper will fail his killing and will get injured as a result.",
        "The sniper's kill fails, and he gets injured as a result.",
        "The sniper fails his kill and becomes injured.",
    ],
)
def test_the_sniper_stopped_is_injured(said: str) -> None:
    save = "Targets a player each night. If your target was about to get sniped, they are fully protected. "
    got = meaning("Guard", save + said)
    assert any("the sniper is injured" in ln for ln in got), got


@pytest.mark.parametrize(
    "said",
    [
        "Snipe replaces kill for the specified roles.",
        "For these roles, Snipe takes the place of the kill.",
    ],
)
def test_a_kill_that_is_a_snipe(said: str) -> None:
    assert any("sniper: " in ln for ln in meaning("Hitman", said))


# ----------------------------------------------------------------------------- blocks


PLAIN_BLOCK = meaning(
    "Trickster", "Targets a player each night. Their night action fails that night."
)


@pytest.mark.parametrize(
    "said",
    [
        "People that were discombobulated will fail with their night action on the same night.",
        "Anyone who gets discombobulated fails their night action that same night.",
        "Anyone the Trickster discombobulates fails their night action that night.",
        "Whoever you discombobulate fails their night action that same night.",
        "Players you discombobulate will fail their night action that night.",
    ],
)
def test_an_ability_said_by_what_befalls_its_target(said: str) -> None:
    assert meaning("Trickster", said) == PLAIN_BLOCK


@pytest.mark.parametrize(
    "said",
    [
        "Night action: Discombobulate (Tricking).",
        "Your night action is Discombobulate (Tricking).",
        "The Trickster's night action is called Discombobulate (Tricking).",
    ],
)
def test_an_ability_named_in_a_sentence(said: str) -> None:
    src = f"Ruleset: X\nPossible Town Roles\nTrickster: Targets a player each night. {said}\n"
    (role,) = parse_ruleset(src, "x.rules").roles
    assert (role.abilities[0].name, role.abilities[0].aliases) == ("Discombobulate", ("Tricking",))


def test_what_is_not_a_block_or_a_name_is_refused() -> None:
    assert refused("Trickster", "Whoever you protect fails their night action that night.")
    assert refused("Trickster", "Targets a player each night. Your night action is discombobulate.")
    assert refused("Guard", PROTECT + "The Protector learns who the attacker is.")


# ----------------------------------------------------------------------------- checks


CARDS = "Kid: Observe: Child.\nGrown: Observe: Adult.\nOld: Observe: Adult/Teenager/Child.\n"
OBSERVER = "May choose a player to Age-Observe during the night. "


@pytest.mark.parametrize(
    "said",
    [
        "When the night is over the player will learn if that player is a child, teenager or adult.",
        "At the end of the night, the Observer finds out whether that player is a child, a teenager or an adult.",
        "Once the night is over, you'll learn whether that player is a child, teenager or adult.",
    ],
)
def test_a_check_that_names_its_answers_reads_the_card_line_with_them(said: str) -> None:
    got = meaning("Observer", OBSERVER + said, CARDS)
    assert "    - observe: learns child or teenager or adult, as the target's card states" in got
    # it learns what the target's card shows: a check (logic/lang/assemble/finish.py)
    assert any(ln.startswith("  ability: checks a player each night") for ln in got), got


def test_answers_on_no_card_line_are_an_error_not_a_guess() -> None:
    said = "Checks a player each night. Learns whether that player is a child or an adult."
    with pytest.raises(RulingError, match="no line of a role's card"):
        meaning("Observer", said)


@pytest.mark.parametrize(
    "said",
    [
        'The player can Investigate a certain number of actions "#".',
        'The number of actions she can Investigate is "#".',
        'The number of actions you can Investigate is "#".',
        'You\'re able to Investigate a set number of actions, "#".',
    ],
)
def test_a_number_of_actions_investigated(said: str) -> None:
    got = meaning("Inspector", said)
    assert (
        "    - investigate an action: learns what the first player did to the second tonight" in got
    )


def test_an_interrogation_is_a_check() -> None:
    """'The player can choose to Interrogate one player.': what it learns is on the
    target's card, so the ability checks (logic/lang/clause.py, _USED_AS)."""
    got = meaning(
        "Detective",
        'The player can choose to Interrogate one player. He\'ll get the result "BO" or "Not BO".',
        "Suspect: Interrogation: BO.\n",
    )
    assert got[3].startswith("  ability: checks a player each night"), got


# ----------------------------------------------------------------------------- a faction's kill


@pytest.mark.parametrize(
    "said",
    [
        "First, the Syndicate may choose one person each night to kill.",
        "First, each night the Syndicate can pick one person to kill.",
        "First, every night you may choose one person to kill.",
    ],
)
def test_a_kill_on_an_alignments_line_is_the_factions(said: str) -> None:
    src = (
        f"Ruleset: X\nAlignments:\nSyndicate: {said}\nSyndicate Roles:\nBoss: No special powers.\n"
    )
    lines = ruleset_lines(parse_ruleset(src, "x.rules"))
    assert any(ln.startswith("  nightkill: one member kills a player") for ln in lines), lines


# ----------------------------------------------------------------------------- shown a target


@pytest.mark.parametrize(
    "said",
    [
        "Each night, a target may be revealed to the Witness, allowing them to report it to "
        "the Doctor, Nurse, or Bodyguard.",
        "Every night, the Witness might be shown a target, which they can then report to the "
        "Doctor, Nurse, or Bodyguard.",
        "Each night a target may be revealed to you, so that you can report it to the Doctor "
        "or the Nurse.",
    ],
)
def test_a_target_shown_by_chance(said: str) -> None:
    more = "Doctor: Protects a player each night.\nNurse: Protects a player each night.\n"
    more += "Bodyguard: Protects a player each night.\n"
    got = meaning("Witness", said, more)
    assert any("witness: may be told (by chance)" in ln for ln in got), got


def test_a_target_one_must_report_is_not_one_shown() -> None:
    assert refused("Witness", "Each night, you must report a target to the Doctor.")


# ----------------------------------------------------------------------------- slander


@pytest.mark.parametrize(
    "said",
    [
        "Allows player to slander any player at night, whether it's himself, someone from the "
        "town, or someone from the Mafia.",
        "Allows the Liar to slander one player at night.",
        "Allows you to slander any player during the night.",
    ],
)
@pytest.mark.parametrize(
    "inverts",
    [
        "If the slandered target is interrogated that night, the interrogation result will be "
        "inverted.",
        "If the slandered player is interrogated that same night, the result of the "
        "interrogation is reversed.",
        "If your slandered target is interrogated that night, the interrogation result is "
        "inverted.",
    ],
)
def test_slander_inverts_an_interrogation(said: str, inverts: str) -> None:
    got = meaning("Liar", f"{said} {inverts}")
    assert got[3].startswith("  ability: targets a player each night"), got
    assert "    - slander: an interrogation of the target tonight shows the other result" in got


def test_a_slander_of_actions_is_refused() -> None:
    assert refused("Liar", "Allows you to slander a number of actions.")


@pytest.mark.parametrize(
    "said",
    [
        "The sniper can't use snipe anymore, but can still kill normally.",
        "The sniper cannot snipe any more, but may still kill as usual.",
    ],
)
def test_the_injured_sniper_snipes_no_more(said: str) -> None:
    save = (
        "Targets a player each night. If your target was about to get sniped, they are fully "
        "protected. The sniper's kill fails, and he gets injured as a result. "
    )
    src = f"Ruleset: X\nPossible Town Roles\nGuard: {save}{said}\n"
    (role,) = parse_ruleset(src, "x.rules").roles
    (injures,) = [e for e in role.abilities[0].effects if isinstance(e, InjuresAttacker)]
    assert injures.ends_snipes is not None


# ----------------------------------------------------------------------------- injuries


@pytest.mark.parametrize(
    "said",
    [
        "The player who received First Aid will not die if attacked, but will instead become "
        "injured.",
        "Whoever receives First Aid does not die if attacked, but becomes injured instead.",
        "The player who got your First Aid won't die if attacked, but will become injured instead.",
    ],
)
def test_a_save_that_injures_the_saved(said: str) -> None:
    src = f"Ruleset: X\nPossible Town Roles\nMedic: {said}\n"
    (role,) = parse_ruleset(src, "x.rules").roles
    (ability,) = role.abilities
    assert ability.name == "First Aid"
    assert [type(e).__name__ for e in ability.effects] == ["Protect", "Injury"]
    assert ability.effects[1].target


@pytest.mark.parametrize(
    "said",
    [
        "Note: If the Medic successfully protects, she will become injured.",
        "If the Medic protects successfully, she becomes injured.",
        "Note: if you successfully protect, you will become injured.",
    ],
)
def test_a_save_that_injures_the_saver(said: str) -> None:
    got = meaning("Medic", PROTECT + said)
    assert "    - injury: the saver is injured when the save succeeds" in got, got


@pytest.mark.parametrize(
    "said",
    [
        "Can use Heal on any player, including himself.",
        "The Medic may use Heal on any player, including himself.",
        "You can use Heal on any player, including yourself.",
    ],
)
def test_an_ability_used_on_anyone(said: str) -> None:
    got = meaning("Medic", said)
    assert got[3].startswith("  ability: targets a player each night"), got
    assert "    - protect: the target cannot be killed that night" in got


def test_an_ability_name_in_lower_case_is_not_a_name() -> None:
    assert refused("Medic", "Can use heal on any player.")
    assert refused(
        "Medic", "Whoever receives first aid does not die if attacked, but becomes injured."
    )


@pytest.mark.parametrize(
    "said",
    [
        "There is a chance the Witness will not receive a message, and they will never receive "
        "a message if they have been targeted.",
        "There is a chance that the Witness gets no message, and they never get a message if "
        "they were targeted.",
        "There is a chance you will not receive a message, and you will never receive one if "
        "you have been targeted.",
    ],
)
def test_what_is_shown_is_left_to_chance(said: str) -> None:
    src = f"Ruleset: X\nPossible Town Roles\nWitness: {said}\n"
    (role,) = parse_ruleset(src, "x.rules").roles
    (witness,) = role.traits
    assert witness.chance is not None


@pytest.mark.parametrize(
    "said",
    [
        "May NOT discombobulate themselves, because it will discombobulate the GM.",
        "The Trickster cannot discombobulate himself, because that would discombobulate the GM.",
        "You may not discombobulate yourself, because it will discombobulate the GM.",
    ],
)
def test_a_restriction_with_its_reason(said: str) -> None:
    block = "Whoever you discombobulate fails their night action that same night. "
    got = meaning("Trickster", block + said)
    assert "    - restriction: cannot target its user" in got, got


# ----------------------------------------------------------------------------- deaths reported


@pytest.mark.parametrize(
    "said",
    [
        "When someone dies or is voted off, the game will inform the Detective of that "
        "person's role.",
        "Whenever a player dies or is voted out, the Detective is told that player's role.",
        "When someone dies or is voted off, you learn the role of that player.",
        "When someone dies, you learn their role.",  # any death: by night or by the vote
    ],
)
def test_the_role_of_each_death_is_told(said: str) -> None:
    got = meaning("Detective", said)
    assert "  report: is told the role of who died in the night" in got, got
    assert "  report: is told the role of the player voted out" in got, got


def test_a_vote_only_reports_the_vote() -> None:
    got = meaning("Detective", "If a player is voted off, you learn their role.")
    assert "  report: is told the role of the player voted out" in got, got
    assert "  report: is told the role of who died in the night" not in got, got


@pytest.mark.parametrize(
    "said",
    [
        "The Ninja's stealth and secrecy have allowed them to completely evade police records.",
        "The Ninja completely evades police records.",
        "Your stealth and secrecy allow you to evade police records completely.",
    ],
)
def test_a_role_off_the_police_records(said: str) -> None:
    assert "  shows on police records as innocent" in meaning("Ninja", said)


def test_the_save_said_again_is_a_note() -> None:
    got = meaning(
        "Medic", "Can use Heal on any player. The healed player doesn't die because of Killing."
    )
    assert "  [no effect] The healed player doesn't die because of Killing." in got, got
    assert sum("- protect:" in ln for ln in got) == 1


@pytest.mark.parametrize(
    "said",
    [
        "The Sheriff picks someone they wants to know about, if that person is a member of the "
        'Mafia, then the game will tell the Sheriff "yes."',
        "The Sheriff chooses a player they want to know about; if that player is a member of the "
        'Mafia, the Sheriff is told "yes."',
        "You pick someone you want to know about, and if that person is a member of the Mafia, "
        'the game will tell you "yes."',
    ],
)
def test_a_records_check_with_its_answer_for_a_member(said: str) -> None:
    more = "Possible Mafia Roles\nGoon: No special powers.\n"
    src = f"Ruleset: X\nPossible Town Roles\nSheriff: {said}\n{more}"
    lines = [ln.split("   [")[0] for ln in ruleset_lines(parse_ruleset(src, "x.rules"))]
    assert any(
        "records: checks whether the target's record shows a member of Mafia" in ln for ln in lines
    ), lines
