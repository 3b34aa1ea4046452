"""The clause language's powers (grammar/clause/powers.lark, logic/lang/kinds/powers.py):
the day's vote swayed, a lynch victim replaced, a role scanned, one death survived, a
role's natures, a visit paid; each shape in the three voices reads as the frame grammar's
sentence does, and wordings that mean nothing the engine has are refused."""

from __future__ import annotations

import pytest

from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.model.ir import Frequency
from logic.report import ruleset_lines


def meaning(role: str, text: str) -> list[str]:
    src = (
        f"Ruleset: X\nPossible Town Roles\n{role}: {text}\nCop: Checks a player each night.\n"
        "Possible Mafia Roles\nGoon: No special powers.\n"
    )
    lines = ruleset_lines(parse_ruleset(src, "x.rules"))[1:]
    return [line.split("   [")[0].replace(f"{role}: ", "") for line in lines]


SAME = [
    (  # another's vote doubled
        "Rioter",
        "This player can double another's lynching vote.",
        [
            "Can double another player's lynch vote.",
            "The Rioter may make somebody else's vote for the lynch count double.",
            "You can make someone else's lynching vote count twice.",
        ],
    ),
    (  # one's own vote doubled
        "Reverber",
        "This player can double his or her own vote for lynching.",
        ["Doubles their own lynch vote.", "You may double your own lynching vote."],
    ),
    (  # another's vote blocked
        "Soother",
        "This player can block another's lynching vote.",
        ["The Soother can block someone else's lynch vote.", "You may block another's vote."],
    ),
    (  # a player saved from the lynch
        "Judge",
        "This player can save another player from lynching.",
        [
            "The Judge may save another player from being lynched.",
            "You can save another player from the lynch.",
        ],
    ),
    (  # the lynch victim replaced
        "Executioner",
        "This player chooses one other alive player to substitute for the lynching victim that day.",
        [
            "The Executioner picks another living player to take the place of that day's lynch victim.",
            "You may choose one other living player to replace the lynching victim that day.",
        ],
    ),
    (  # a living player's role scanned
        "Seer",
        "This player can choose one other alive player to scan the role of per night.",
        [
            "Scans the role of another living player each night.",
            "Once per night, the Seer can scan the role of one other player of their choosing.",
            "Each night you may pick one other living player and scan their role.",
        ],
    ),
    (  # a dead player's role scanned
        "Undertaker",
        "This player can choose one dead player to scan the role of per night.",
        [
            "Each night, the Undertaker may pick a dead player and scan their role.",
            "Every night you may scan the role of one dead player of your choice.",
        ],
    ),
    (  # one death survived
        "Thug",
        "This player survives one death via any means except lynching.",
        [
            "Survives one death by any means other than a lynching.",
            "The Thug will survive one death from any cause except being lynched.",
            "You survive one death by any means.",
        ],
    ),
    (  # a lynch survived
        "Diehard",
        "This player can survive one lynching attempt.",
        [
            "Survives a lynching.",
            "The Diehard may survive one lynch attempt.",
            "You can survive one lynching attempt.",
        ],
    ),
    (  # immune to conversion
        "Stalwart",
        "This player is immune to infection from the werewolves.",
        [
            "Immune to conversion.",
            "The Stalwart cannot be converted.",
            "You are immune to infection.",
        ],
    ),
    (  # a conversion, by "this werewolf"
        "Alpha",
        "This werewolf may select one other player to convert to a Mafia in the night-time period.",
        [
            "Converts another player into a Mafia each night.",
            "At night the Alpha may choose another player and turn them into a Mafia.",
            "During the night, you may pick one other player to convert to a Mafia.",
        ],
    ),
    (  # a protection from death or infection
        "Guard",
        "This player can choose one alive player to protect from death or infection (including self).",
        [
            "Protects a player from death or infection each night.",
            "The Guard may pick a living player to protect from death or conversion.",
            "You can choose one living player to protect (including self).",
        ],
    ),
    (  # a block for a day or a night: read as the night's
        "Blocker",
        "This player can block the activity of one player for a day OR night-time period (not both).",
        [
            "Blocks the actions of a player for a day or a night.",
            "The Blocker may block one player for a night or day (not both).",
            "You can block the activity of one player each night.",
        ],
    ),
    (  # natures: read alike (once per game where the ruleset defines one-time use)
        "Blocker",
        "Targets a player each night. That player is roleblocked. (Active, One-time use, Anytime, Private)",
        [
            "Targets a player each night. That player is roleblocked. (Active; single use; any time; private)",
            "Targets a player each night. That player is roleblocked. (active, one-shot, day or night, private)",
        ],
    ),
    (  # a visit paid
        "Lookout",
        "Checks a player each night. Learns who visited the player that night.",
        [
            "Checks a player each night. Finds out who paid that player a visit that night.",
            "Checks a player each night. You learn who paid a visit to the player that night.",
        ],
    ),
]


@pytest.mark.parametrize(("role", "seed", "wording"), [(r, s, w) for r, s, ws in SAME for w in ws])
def test_a_wording_means_what_the_plain_sentence_means(role: str, seed: str, wording: str) -> None:
    assert meaning(role, wording) == meaning(role, seed)


def test_nobody_lynched_instead_is_a_note() -> None:
    said = meaning("Diehard", "Survives a lynching. No one is lynched instead.")
    assert "  [no effect] No one is lynched instead." in said


def test_a_recurring_nature_leaves_the_ability_as_it_is() -> None:
    plain = meaning("Blocker", "Targets a player each night. That player is roleblocked.")
    said = meaning(
        "Blocker",
        "Targets a player each night. That player is roleblocked. (Active, Recurring, Night-time)",
    )
    assert [line for line in said if "ability" in line] == [
        line for line in plain if "ability" in line
    ]


@pytest.mark.parametrize(
    "text",
    [
        "You may block your own vote.",  # a vote blocked is another's
        "You may save a dead player from the lynch.",  # the dead are not lynched
        "You may choose one dead player to substitute for the lynching victim that day.",
    ],
)
def test_a_wording_that_means_nothing_the_engine_has_is_refused(text: str) -> None:
    with pytest.raises(RulingError):
        meaning("Someone", text)


# ----------------------------------------------------------------------------- visiting classes

CLASSES = """Ruleset: X
Possible Town Roles
Cop: Checks a player each night.
Doctor: Protects a player each night.
Judge: Checks a player each night.
Possible Mafia Roles
Goon: No special powers.
Mafia: Kills a player each night.
{lists}
"""


def classes(lists: str) -> list[str]:
    lines = ruleset_lines(parse_ruleset(CLASSES.format(lists=lists), "x.rules"))[1:]
    return [line.split("   [")[0] for line in lines]


@pytest.mark.parametrize(
    ("plain", "said"),
    [
        (  # a list of roles in a sentence
            "Non-visiting roles: Cop, Judge.",
            "Non-visiting roles: The Cop and the Judge don't visit.",
        ),
        (
            "Visiting roles: Doctor, Cop, Judge.",
            "Visiting roles: Doctor, Cop and Judge are visiting roles.",
        ),
        (  # the class of a faction's nightkill
            "Visiting roles: Doctor. Additionally, any Mafia role executing the faction's "
            "nightkill is considered a visiting role for the night.",
            "Visiting roles: Doctor. Also, whichever Mafia player carries out the nightkill "
            "counts as a visiting role that night.",
        ),
        (  # a note that reads after the list, beside a sentence in other words
            "Visiting roles: Doctor. All of these roles can be seen by the Cop roles on their "
            "reports. Additionally, any Mafia role executing the faction's nightkill is "
            "considered a visiting role for the night.",
            "Visiting roles: Doctor. All of these roles can be seen by the Cop roles on their "
            "reports. In addition, any Mafia role who performs the faction's nightkill is "
            "treated as a visiting role that night.",
        ),
    ],
)
def test_a_class_list_in_other_words_means_the_same(plain: str, said: str) -> None:
    assert classes(said) == classes(plain)


def test_a_list_that_names_another_class_than_its_heading_is_refused() -> None:
    with pytest.raises(RulingError):
        classes("Non-visiting roles: The Cop and the Judge are visiting roles.")


def test_a_role_named_in_a_sentence_is_spelt_as_its_heading() -> None:
    """'Checks as mafia by parity cop.' and 'The Parity Cop will see you as mafia.' name
    one role: `ruling parse` spells it as the role's own line does."""
    src = (
        "Ruleset: X\nPossible Town Roles\nParity Cop: Checks a player each night.\n"
        "Miller: {text}\nPossible Mafia Roles\nGoon: No special powers.\n"
    )
    said = [
        [ln.split("   [")[0] for ln in ruleset_lines(parse_ruleset(src.format(text=t), "x.rules"))]
        for t in ("Checks as mafia by parity cop.", "The Parity Cop will see you as mafia.")
    ]
    assert "  checks as mafia to Parity Cop" in said[0]
    assert said[0] == said[1]


def test_any_means_makes_the_death_survived_one_by_day_too() -> None:
    """ "via any means" ("from any cause") is any death, a day's kill too
    (logic/effects/endure.py); "You survive one death." alone is also the vest's "survive
    one kill attempt", a night's."""
    anytime = parse_ruleset(
        "Ruleset: X\nPossible Town Roles\nThug: You survive one death by any means.\n", "x.rules"
    )
    plain = parse_ruleset(
        "Ruleset: X\nPossible Town Roles\nThug: You survive one death.\n", "x.rules"
    )
    ((a,),) = [r.traits for r in anytime.roles if r.name == "Thug"]
    ((b,),) = [r.traits for r in plain.roles if r.name == "Thug"]
    assert a.by_day and not b.by_day


def test_one_time_use_is_once_per_game_where_the_ruleset_defines_it() -> None:
    """ "3. One-time use - These roles can only be used once.": a parenthesis's "One-time
    use" is read as the ruleset defines it; without the definition it says nothing."""
    role = (
        "Blocker: Targets a player each night. That player is roleblocked. (Active, One-time use)\n"
    )
    plain = "Ruleset: X\nPossible Town Roles\n" + role
    defined = (
        "Ruleset: X\n3. One-time use - These roles can only be used once.\nPossible Town Roles\n"
        + role
    )
    ((a,),) = [r.abilities for r in parse_ruleset(plain, "x.rules").roles]
    ((b,),) = [r.abilities for r in parse_ruleset(defined, "x.rules").roles]
    assert a.frequency is Frequency.EACH_NIGHT and b.frequency is Frequency.ONCE_PER_GAME
