"""The common role texts other hosts write (grammar/clause/common.lark, read by
logic/lang/kinds/common.py): each shape in the three voices (a role line with no subject,
the third person, the role PM), what it reads into, and wordings that must not read."""

from __future__ import annotations

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines


def said(role: str, text: str) -> list[str]:
    """What `ruling parse` says of a one-role ruleset, locations aside."""
    r = parse_ruleset(f"Ruleset: X\nPossible Town Roles\n{role}: {text}\n", "x.rules")
    return [line.split("   [")[0].strip() for line in ruleset_lines(r)[1:] if line.strip()]


def modelled(role: str, text: str) -> list[str]:
    """What `said` says, without the sentences kept as notes."""
    got = said(role, text)
    return got[: got.index("Kept, not modelled:")] if "Kept, not modelled:" in got else got


def same(role: str, *texts: str) -> list[str]:
    """Every text means the same (notes aside); that meaning."""
    first = modelled(role, texts[0])
    for t in texts[1:]:
        assert modelled(role, t) == first, t
    return first


def test_limited_shots_are_the_roles_budget() -> None:
    got = same(
        "Vigilante",
        "May shoot a player each night. Has two shots.",
        "The Vigilante has two shots. Each night he may shoot one player.",
        "You have 2 bullets. Each night you may shoot a player.",
        "You are the Vigilante. Each night you may kill one player. You only have two shots.",
    )
    assert "budget: at most 2 uses of the role's abilities a game" in got
    assert any(line.startswith("- kill:") for line in got)


def test_times_per_game_limits_the_ability() -> None:
    got = same(
        "Doctor",
        "Protects a player at night, up to three times per game.",
        "Three times per game, the Doctor may protect a player at night.",
        "You may protect one player per night, three times per game.",
    )
    assert "budget: each ability at most 3 time(s) a game" in got
    assert any(line.startswith("- protect:") for line in got)


def test_the_alert_guards_its_user() -> None:
    got = same(
        "Veteran",
        "May go on alert at night twice per game. Anyone who visits him that night dies.",
        "Twice per game, the Veteran may go on alert. While on alert, he kills everyone who "
        "visits him.",
        "Twice per game you can go on alert at night. If anyone visits you that night, they die.",
    )
    assert any("ability 'Alert': acts on its user each night" in line for line in got)
    assert any(line.startswith("- guard:") for line in got)
    assert "budget: each ability at most 2 time(s) a game" in got


def test_a_kill_by_day() -> None:
    got = same(
        "Gunslinger",
        "Once per game, during the day, may shoot a player.",
        "During the day, the Gunslinger may kill one player once per game.",
        "Once per game, during the day, you may shoot a player, who dies at once.",
    )
    assert any("once per game" in line for line in got)
    assert "- day: the target dies at once" in got


def test_a_death_link() -> None:
    got = same(
        "Lovers",
        "If one of the Lovers dies, the other dies too.",
        "When a Lover dies, the other Lover dies as well.",
        "If your Lover dies, you die too.",
    )
    assert "death link: when one holder dies, the others die as well" in got


def test_records_and_votes_in_more_words() -> None:
    innocent = same(
        "Godfather",
        "Shows up as innocent when investigated.",
        "The Godfather appears innocent to the Cop.",
        'Investigations on you return "Innocent".',
    )
    assert "shows on police records as innocent" in innocent
    guilty = same(
        "Miller",
        'Is investigated as "Guilty" by the Cop.',
        'The Miller is a plain Town player who comes up "Guilty" when the Cop investigates him.',
        'If you are investigated, the Cop will be told "Guilty".',
    )
    assert "shows on police records as guilty" in guilty
    votes = same("Mayor", "The Mayor's vote counts double.", "Your vote is worth two votes.")
    assert "vote: counts as 2 votes" in votes
    assert "lynch: cannot be lynched" in same(
        "Mayor", "Cannot be lynched.", "You can't be lynched."
    )


def test_that_night_before_an_effect_and_twice_in_a_row() -> None:
    plain = modelled(
        "Doctor",
        "Targets a player each night. That player cannot be killed that night. "
        "Cannot target the same player on consecutive nights.",
    )
    assert plain == same(
        "Doctor",
        "Each night the Doctor picks a player. That night, that player cannot be killed. "
        "He cannot protect the same player twice in a row.",
        "Every night you may choose a player. That night, they cannot be killed. "
        "You cannot protect the same person twice in a row.",
    )


def test_a_look_at_the_dead() -> None:
    got = same(
        "Medium",
        "Examines a dead player each night to learn their role.",
        "Each night, the Medium may choose a dead player and learn their role.",
        "Each night you can learn the role of one dead player.",
    )
    assert any(line.startswith("- read: a dead target's role") for line in got)


@pytest.mark.parametrize(
    "role, text",
    [
        ("Lovers", "You know who your Lover is."),
        ("Doctor", "You are the Doctor."),
        ("Miller", "The Miller is Town."),
        ("Escort", "They cannot be roleblocked."),  # (said of no target before it)
    ],
)
def test_what_the_engine_has_no_effect_for_is_a_note(role: str, text: str) -> None:
    """Read, and kept as a note with no effect: never a victory, kill or trait the
    sentence does not say."""
    got = said(role, text)
    assert "no abilities" in got
    assert f"[no effect] {text}" in got
    assert not any(line.startswith(("victory:", "death link", "budget")) for line in got)


@pytest.mark.parametrize(
    "text",
    [
        "When the Hunter dies, he may shoot one player, who dies as well.",
        "If you die, you may immediately take one player down with you.",
    ],
)
def test_a_shot_taken_on_death_is_a_last_shot(text: str) -> None:
    """A shot on death: lastshot.py's (tests/test_hunter.py resolves it)."""
    got = said("Hunter", text)
    assert any("last shot: if the holder dies tonight" in line for line in got), got
    assert any("last shot by day" in line for line in got), got


@pytest.mark.parametrize(
    "role, text, means",
    [
        ("Jester", "The Jester wins if he is lynched.", "when a holder is lynched"),
        ("Jester", "You win if the town lynches you.", "when a holder is lynched"),
        ("Survivor", "Wins if alive at the end of the game.", "when the game ends with a holder"),
        ("Tanner", "You win if you die.", "when a holder dies"),
        ("Tanner", "You only win if you are killed.", "when a holder dies"),
        (
            "Survivor",
            "You win if you are still alive when the game ends, whoever else wins.",
            "when the game ends with a holder",
        ),
    ],
)
def test_a_roles_own_victory(role: str, text: str, means: str) -> None:
    """A victory by being lynched or by being alive at the end: the role's own, beside the
    game's (logic/model/win.py's SIDE; tests/test_side_victories.py resolves them)."""
    got = said(role, text)
    assert any(line.startswith(f"victory: {role} wins {means}") for line in got), got


@pytest.mark.parametrize(
    "role, text",
    [
        # a kill of the dead: no effect kind reads it
        ("Medium", "Each night the Medium may kill a dead player and learn their role."),
        # two limits that contradict each other
        ("Vigilante", "Once per game, the Vigilante may kill a player, three times per game."),
        # a death link names the role that dies first
        ("Doctor", "If the Doctor dies, the other dies too."),
    ],
)
def test_wordings_that_must_not_read(role: str, text: str) -> None:
    with pytest.raises(RulingError):
        said(role, text)
