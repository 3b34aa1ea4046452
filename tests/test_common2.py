"""More common role texts (grammar/clause/common2.lark, read by logic/lang/kinds/common2.py):
each shape in the three voices (a role line with no subject, the third person, the role
PM), what it reads into, and wordings that must not read."""

from __future__ import annotations

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines


def said(role: str, text: str, mafia: bool = False) -> list[str]:
    """What `ruling parse` says of a ruleset of that role (and a Mafia Goon), locations aside."""
    src = f"Ruleset: X\nPossible Town Roles\n{role}: {text}\n"
    if mafia:
        src += "Possible Mafia Roles\nGoon: Kills one player each night.\n"
    r = parse_ruleset(src, "x.rules")
    return [line.split("   [")[0].strip() for line in ruleset_lines(r)[1:] if line.strip()]


def same(role: str, *texts: str, mafia: bool = False) -> list[str]:
    first = said(role, texts[0], mafia)
    for t in texts[1:]:
        assert said(role, t, mafia) == first, t
    return first


def _effect(got: list[str], kind: str) -> list[str]:
    return [line for line in got if line.startswith(f"- {kind}:")]


MAFIA_CHECK = "- records: checks whether the target's record shows a member of Mafia (no text)"


def test_a_check_of_a_named_faction() -> None:
    got = same(
        "Sheriff",
        "Can check if someone is a mafia member.",
        "The Sheriff checks whether a player is Mafia each night.",
        "Each night you may investigate one player to see if they are Mafia.",
        "Investigates one player each night and learns if they are Mafia or not.",
        mafia=True,
    )
    assert MAFIA_CHECK in got
    assert any("checks a player each night" in line for line in got)


def test_a_check_of_alignment_is_the_other_faction_of_two() -> None:
    got = same(
        "Seer",
        "May learn the alignment of one player every night.",
        "Each night the Seer may check a player to learn their alignment.",
        "Each night, you may investigate one player to learn their alignment.",
        mafia=True,
    )
    assert MAFIA_CHECK in got


def test_a_check_of_alignment_with_no_other_faction_is_an_error() -> None:
    with pytest.raises(RulingError, match="does not say what the records show"):
        said("Seer", "May learn the alignment of one player every night.")


def test_two_verbs_of_one_effect() -> None:
    got = same(
        "Doctor",
        "May heal or save one person each night.",
        "Each night the Doctor may protect or heal a player.",
        "Every night you can save or heal someone.",
    )
    assert len(_effect(got, "protect")) == 1


def test_two_verbs_of_different_effects_do_not_read() -> None:
    with pytest.raises(RulingError):
        said("Doctor", "May heal or kill one person each night.")


def test_protection_from_an_attack_and_by_its_outcome() -> None:
    got = same(
        "Doctor",
        "Protects one player each night.",
        "Each night you may protect a person from attacks.",
        "Heals one person each night. If that person is attacked, they survive.",
        "Each night you may heal someone. If they are attacked, they survive.",
    )
    assert len(_effect(got, "protect")) == 1


def test_protection_from_one_groups_attack() -> None:
    """'save from the Mafia's attack': safe from that group's kills only (succession.py's
    SafeFrom, which attack.py's kills obey too), not any protection."""
    got = same(
        "Doctor",
        "Every night, the Doctor can choose one player to save from the Mafia's attack.",
        "Each night you may protect a person from the Mafia.",
        mafia=True,
    )
    assert not _effect(got, "protect") and any("not killed by the Mafia" in g for g in got), got


def test_roleblocks_in_more_words() -> None:
    got = same(
        "Escort",
        "Visits one player each night and roleblocks them.",
        "Each night, you may visit one player and block their night action.",
        "The Escort visits a player each night, roleblocking them.",
        "Each night, you may sleep with a player, roleblocking them.",
    )
    assert len(_effect(got, "roleblock")) == 1
    got = same(
        "Barman",
        "Roleblocks one player each night.",
        "Cancels one person's ability each night.",
        "Each night the Barman may cancel one player's action.",
        "You can block a person's ability each night.",
    )
    assert len(_effect(got, "roleblock")) == 1


def test_a_kill_said_of_an_ability_does_not_read() -> None:
    with pytest.raises(RulingError):
        said("Barman", "Kills one person's ability each night.")


def test_cannot_perform_actions_is_a_block() -> None:
    got = same(
        "Jailer",
        "Each night, you may jail one player. They cannot perform actions and cannot be killed.",
        "Jails one player each night. They can't use their ability and cannot be killed.",
    )
    assert _effect(got, "roleblock") and _effect(got, "protect")


def test_shown_to_investigations() -> None:
    got = same(
        "Godfather",
        "Shows up as innocent to the Cop.",
        "You appear as innocent to investigations.",
        "The Godfather appears innocent to any investigation.",
    )
    assert "shows on police records as innocent" in got


def test_the_swap_without_a_determiner() -> None:
    got = same(
        "Bus Driver",
        "Each night, you may choose two players to swap. Any action targeting one of them targets the other instead.",
        "Each night, you may choose two players to swap. Actions targeting one of them target the other instead.",
    )
    assert _effect(got, "redirect")


def test_a_self_target_a_number_of_times_is_counted_over_the_game() -> None:
    """(Refused before the game's history counted an ability's targets: now a restriction,
    tests/test_game_restrictions.py.)"""
    got = said("Doctor", "Protects one player each night. You can protect yourself once per game.")
    assert "- restriction: targets its user at most 1 time(s) a game" in got


def test_a_restriction_with_no_ability_before_it_gives_its_verbs_ability() -> None:
    alone = said("Doctor", "You cannot protect the same player two nights in a row.")
    after = said(
        "Doctor",
        "Protects one player each night. You cannot protect the same player two nights in a row.",
    )
    assert alone == after
    assert _effect(alone, "protect") and _effect(alone, "restriction")
    third = said("Doctor", "The Doctor may not protect the same player on consecutive nights.")
    assert third == alone


def test_a_learning_with_no_ability_before_it_is_a_check() -> None:
    got = same(
        "Tracker",
        "You find out who that player visited that night.",
        "Checks one player each night. Learns who that player visited that night.",
        "The Tracker learns who their target visited that night.",
    )
    assert "- investigate: learns who that player visited" in got


def test_a_restriction_with_no_verb_and_no_ability_is_an_error() -> None:
    # the frame grammar's own rule reads these (no verb kept): still an error
    with pytest.raises(RulingError, match="needs an ability before it"):
        said("Doctor", "Cannot self-target.")


def test_a_kills_guilt_is_its_kind() -> None:
    """A kill's guilt is logic/effects/guilt.py's Guilt (a note before the kind was built;
    tests/test_guilt.py resolves it)."""
    for role, text in [
        ("Vigilante", "If you kill a town player, you will die of guilt the following night."),
        ("Vigilante", "If the Vigilante kills a Town player, he dies of guilt the next night."),
    ]:
        got = said(role, f"Kills one player each night. {text}")
        assert "Kept, not modelled:" not in got, text
        assert len(_effect(got, "kill")) == 1 and len(_effect(got, "guilt")) == 1, got


def test_a_frames_night_is_a_frame() -> None:
    """'They will appear guilty to the Cop that night.': the target's record that night
    (logic/effects/records.py's Frame; a note before the frame was a mechanic)."""
    got = said(
        "Framer", "Kills one player each night. They will appear guilty to the Cop that night."
    )
    assert any(line.startswith("- frame: the target's record shows guilty") for line in got), got


def test_guilt_for_a_kill_of_no_player_does_not_read() -> None:
    with pytest.raises(RulingError):
        said("Vigilante", "Kills one player each night. If you kill, you will die of guilt.")


def test_the_swap_in_more_words() -> None:
    first = "Each night, you may choose two players to swap."
    got = same(
        "Bus Driver",
        f"{first} Any action targeting one of them targets the other instead.",
        f"{first} Whatever targets one of them goes to the other instead.",
        f"{first} Everything aimed at one of them lands on the other instead.",
    )
    assert _effect(got, "redirect")


def test_a_swap_of_kills_does_not_read() -> None:
    with pytest.raises(RulingError):
        said(
            "Bus Driver",
            "Each night, you may choose two players to swap. Whatever kills one of them kills the other instead.",
        )


def test_a_protections_no_self_with_no_ability_before_it() -> None:
    # read by the frame grammar's own rules (no_self_syn, no_self_third): the verb kept
    got = same(
        "Doctor",
        "The Doctor cannot save themselves.",
        "Cannot protect herself.",
        "Protects a player each night. The Doctor cannot save himself.",
    )
    assert _effect(got, "protect") and "- restriction: cannot target its user" in got


def test_a_no_self_with_no_verb_of_an_effect_still_needs_an_ability() -> None:
    with pytest.raises(RulingError, match="needs an ability before it"):
        said("Doctor", "The Doctor cannot target himself.")
