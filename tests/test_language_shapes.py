"""Sentences the frame grammar (grammar/ruleset.lark) once read word for word, now read by
the general shapes of the game and clause languages: each source sentence and another
GM's paraphrase of it mean the same."""

from __future__ import annotations

from dataclasses import fields

import pytest

from logic.effects.block import Roleblock
from logic.effects.heal import Bypass, Intercede, OrderDecides, OrderSkips
from logic.effects.identity import Steal
from logic.effects.investigate import AlignmentCheck
from logic.effects.records import OnRecords, Reverse, Revert
from logic.lang import clause, game, lexicon
from logic.lang.clause_parts import Nothing
from logic.lang.errors import Loc
from logic.lang.game_kinds.parts import Default
from logic.lang.kinds.traits import Adds, Fact
from logic.lang.read.pieces import (
    _Capability,
    _Healing,
    _Patch,
    _RulesetFact,
    _Ruling,
    _Trait,
)
from logic.model.ir import Frequency, NoSelfTarget, SeenBy, VisitClass, Why


def read_game(sentence: str) -> tuple[object, ...]:
    return game.read_sentence(sentence, Loc("x.rules", 1, 1), set())


@pytest.mark.parametrize(
    ("sentence", "node"),
    [
        (
            "As a rule of thumb, if more than one protection or healing is performed on a "
            "target that is attacked, the one with the highest priority will succeed as all "
            "others fail.",
            OrderDecides,
        ),
        (
            "If two or more saves are made on an attacked player, only the save with the "
            "highest priority succeeds.",
            OrderDecides,
        ),
        (
            "If several protections are used on a player who is attacked, the one with the "
            "highest priority works and the others fail.",
            OrderDecides,
        ),
        (
            "In the event the action with the highest priority was hindered (via "
            "discombobulation or a similar action), the healing action with the next highest "
            "priority will succeed in its place.",
            OrderSkips,
        ),
        (
            "If the highest priority save is blocked, the save with the next highest priority "
            "succeeds instead.",
            OrderSkips,
        ),
    ],
)
def test_the_order_of_healings_rules_of_thumb_in_other_words(sentence: str, node: type) -> None:
    """DCTP's two rules of thumb (R118, heal.py's OrderDecides and OrderSkips), and other
    hosts' words for them, read as the same node."""
    (part,) = read_game(sentence)
    assert isinstance(getattr(part, "node", None), node), part


@pytest.mark.parametrize(
    "sentence",
    [
        # (DCTP's rules of thumb of the order of healing take effect since R118:
        # tests/test_dctp_clarifications.py)
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


BYOND = {"Mafia", "Agent", "Ninja", "Citizen", "Citizens", "Bodyguard", "Psycho", "Deputy"}
BYOND |= {"FBI", "Doctor", "Nurse", "Rogue", "Sheriff"}


def role_sentence(sentence: str) -> object:
    (part,) = clause.read_sentence(sentence, Loc("x.rules", 1, 1), BYOND, sentence)
    return part


def capability(sentence: str) -> _Capability:
    part = role_sentence(sentence)
    assert isinstance(part, _Capability), sentence
    return part


def _default(value: object) -> bool:
    return value is None or value is False or value == () or (type(value) is int and value == 1)


def effects(c: _Capability) -> list[tuple[str, dict[str, object]]]:
    """Each effect's kind and its fields that are set (a `why` as True)."""
    out = []
    for e in c.effects:
        set_ = {
            f.name: (True if isinstance(getattr(e, f.name), Why) else getattr(e, f.name))
            for f in fields(e)
            if f.name != "why" and not _default(getattr(e, f.name))
        }
        out.append((type(e).__name__, set_))
    return out


@pytest.mark.parametrize(
    ("sentences", "role", "want", "limits", "frequency", "group"),
    [
        (
            [
                "The Mafia must work together to choose someone to kill each round.",
                "The Mafia work together to pick a player to kill each night.",
            ],
            "Mafia",
            [("Kill", {})],
            [],
            None,
            True,
        ),
        (
            [
                "The Ninja strikes only once every other round, but their attack is twice as "
                "effective as normal, requiring two people to save their victim.",
                "The Ninja strikes every other night, and two saves are needed to stop their "
                "attack.",
            ],
            "Ninja",
            [("Kill", {"strength": 2})],
            [],
            Frequency.EVERY_SECOND_NIGHT,
            False,
        ),
        (
            [
                "Although they try to work with the Citizens, the Psycho doesn't really trust "
                "anyone, and will kill completely at random, with no discrimination at all "
                "between Citizen or Mafia.",
                "The Psycho kills a random player each night.",
                "The Psycho kills at random.",
            ],
            "Psycho",
            [("Kill", {"random": True})],
            [],
            None,
            False,
        ),
        (
            [
                "The Rogue kills someone each turn, eventually aiming to be one of the last two "
                "people in the game (they take precedence over Mafia, so if the Rogue and one "
                "Mafia are left, the Rogue will win).",
                "The Rogue kills someone each round.",
            ],
            "Rogue",
            [("Kill", {})],
            ["Forced"],
            None,
            False,
        ),
        (
            [
                "Until the Deputy's next turn, this character is incapable of performing any "
                "actions.",
                "The Deputy's target cannot act until the Deputy's next turn.",
            ],
            "Deputy",
            [("Arrest", {"until": True})],
            [],
            None,
            False,
        ),
        (
            [
                'The FBI, however, employs lethal force against those who come up "yes."',
                'The FBI kills those who come up "yes."',
                'The FBI uses lethal force on players who show up as "yes."',
            ],
            "FBI",
            [("Kill", {"lethal_if": "yes:yes"})],
            [],
            None,
            False,
        ),
        (
            [
                "The Nurse is basically like the Doctor, only the Nurse is incapable of tending "
                "to their own wounds, and must save someone else on their turn.",
                "The Nurse cannot save herself and must save someone else each night.",
            ],
            "Nurse",
            [("Protect", {})],
            ["NoSelfTarget", "Forced"],
            None,
            False,
        ),
        (
            [
                "If they pick a killer's target, then the Bodyguard will be sacrificed and the "
                "killer's original target will be given the name of the killer who targeted "
                "them.",
                "If his target is attacked, the Bodyguard dies instead and the target is told "
                "the name of the killer.",
            ],
            "Bodyguard",
            [("Protect", {"sacrifice": True, "tells": True})],
            [],
            None,
            False,
        ),
    ],
)
def test_a_roles_action_told_by_turns_and_rounds(
    sentences: list[str],
    role: str,
    want: list[object],
    limits: list[str],
    frequency: Frequency | None,
    group: bool,
) -> None:
    for sentence in sentences:
        c = capability(sentence)
        assert c.role == role, sentence
        assert effects(c) == want, sentence
        assert [type(r).__name__ for r in c.restrictions] == limits, sentence
        assert (c.frequency, c.group) == (frequency, group), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "On their turn, they may select somebody's record to reverse, making the guilty look "
        "innocent or the innocent guilty, but they cannot change their own.",
        "The Agent may reverse one player's record each night, but not their own.",
    ],
)
def test_a_record_reversed_but_not_ones_own(sentence: str) -> None:
    c = capability(sentence)
    assert [type(e) for e in c.effects] == [Reverse]
    assert [type(r) for r in c.restrictions] == [NoSelfTarget]


@pytest.mark.parametrize(
    "sentence",
    [
        "When all Agents are removed from play, all records will revert to their original "
        "statuses.",
        "When every Agent is dead, all records return to their original state.",
        "When every Agent is eliminated, records reset.",
    ],
)
def test_records_revert_when_their_reversers_are_gone(sentence: str) -> None:
    part = role_sentence(sentence)
    assert isinstance(part, _RulesetFact) and part.kind == "revert"
    assert isinstance(part.value, Revert) and part.value.role == "Agent"


@pytest.mark.parametrize(
    "sentence",
    [
        "Because the cops do not know much of the goings-on in the Mafia, their records still "
        "indicate the Rogue is a member.",
        "The Rogue appears as a Mafia member on police records.",
    ],
)
def test_a_role_the_records_list(sentence: str) -> None:
    part = role_sentence(sentence)
    assert isinstance(part, _Trait) and part.role == "Rogue"
    assert part.trait == OnRecords(True, part.why)


TURTLE_ROLES = {"Investigator", "Jailkeeper", "Godfather", "Secret Boss", "Roleblocker", "Monk"}
TURTLE_ROLES |= {"Thief", "Mafia", "Town", "Ghost", "Oracle"}


def turtle_part(sentence: str) -> object:
    (part,) = clause.read_sentence(sentence, Loc("x.rules", 1, 1), TURTLE_ROLES, sentence)
    return part


@pytest.mark.parametrize(
    ("sentences", "role", "want", "adds"),
    [
        (
            [
                "The Jailkeeper has the ability to lock someone up each night.",
                "The Jailkeeper may lock a player up each night.",
            ],
            "Jailkeeper",
            [("Roleblock", {})],
            False,
        ),
        (
            [
                "This particular roleblock can stop alignment powers if the Godfather or Secret "
                "Boss is jailed.",
                "The jail stops the alignment powers of the Godfather or the Secret Boss.",
            ],
            None,
            [("Roleblock", {"roles_only": True, "alignment_of": ("Godfather", "Secret Boss")})],
            False,
        ),
        (
            [
                "Also, all actions targeted toward the jailed player this night fail.",
                "Every action on the jailed player fails that night.",
            ],
            None,
            [("Jail", {})],
            False,
        ),
        (
            [
                "For the night and the following day, that person cannot use their role.",
                "That person cannot use their role for the night and the following day.",
            ],
            None,
            [("Roleblock", {"whole_night": True, "into_day": True})],
            False,
        ),
        (
            [
                "This does not affect powers afforded by alignment, such as the Mafia nightkill "
                "or the Secret Boss's automatic protection.",
                "The block does not stop powers given by alignment.",
            ],
            None,
            [("Roleblock", {"roles_only": True})],
            True,
        ),
        (
            [
                "While this ability is activated, any player who targets the Monk will be killed "
                "before their action can be performed.",
                "While its power is active, anyone who targets the Monk is killed before their "
                "action takes place.",
            ],
            None,
            [("Guard", {})],
            False,
        ),
    ],
)
def test_a_jail_a_block_and_a_guard_in_prose(
    sentences: list[str], role: str | None, want: list[object], adds: bool
) -> None:
    for sentence in sentences:
        c = turtle_part(sentence)
        assert isinstance(c, _Capability), sentence
        assert (c.role, effects(c), c.adds) == (role, want, adds), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Depending on their alignment and other influences, they will get the result of Town, "
        "Mafia, or Unknown.",
        "Based on their alignment, they get the result Town, Mafia or Unknown.",
    ],
)
def test_the_results_of_an_alignment_check(sentence: str) -> None:
    c = turtle_part(sentence)
    assert isinstance(c, _Capability)
    (check,) = c.effects
    assert isinstance(check, AlignmentCheck) and check.results == ("Town", "Mafia", "Unknown")


@pytest.mark.parametrize(
    "sentence",
    [
        "Unknown verdicts may happen for a variety of reasons, including being roleblocked, "
        "scanning the Secret Boss, and others.",
        "An Unknown result can come from being roleblocked or from checking the Secret Boss.",
    ],
)
def test_why_a_check_says_unknown(sentence: str) -> None:
    c = turtle_part(sentence)
    assert isinstance(c, _Capability)
    (check,) = c.effects
    assert isinstance(check, AlignmentCheck)
    assert (check.unknown, check.unknown_for) == ("Unknown", ("Secret Boss",))


@pytest.mark.parametrize(
    ("sentence", "faction"),
    [
        (
            "Once per game, at Night, he may steal the role of the player that the mafia nightkills.",
            "mafia",
        ),
        ("Once per game, the Thief may steal the role of the Mafia's target.", "Mafia"),
    ],
)
def test_a_role_stolen_from_a_factions_victim(sentence: str, faction: str) -> None:
    c = turtle_part(sentence)
    assert isinstance(c, _Capability) and c.frequency is Frequency.ONCE_PER_GAME
    (steal,) = c.effects
    assert isinstance(steal, Steal) and steal.faction == faction


@pytest.mark.parametrize(
    "sentence",
    [
        "However, it loses the power to vote and is treated as dead for determining victory "
        "conditions.",
        "It loses the power to vote.",
        "This investigation is given with perfect clarity--that is, she sees the dead as what "
        "they truly are.",
        "She sees the dead as they truly are.",
    ],
)
def test_notes_on_the_dead_say_what_the_engine_does_anyway(sentence: str) -> None:
    assert isinstance(turtle_part(sentence), Nothing)


@pytest.mark.parametrize(
    "sentence",
    [
        "These roles will not be seen by any roles which check visitors.",
        "Roles that check visitors do not see these roles.",
    ],
)
def test_a_visiting_class_no_check_of_visitors_sees(sentence: str) -> None:
    part = turtle_part(sentence)
    assert isinstance(part, SeenBy) and (part.visit_class, part.roles) == (VisitClass.NON, ())


@pytest.mark.parametrize(
    "sentence",
    [
        "Player visited does not learn the identity of nosy neighbor.",
        "The target does not learn who visited them.",
    ],
)
def test_a_visit_unseen_by_its_target_is_what_the_engine_does(sentence: str) -> None:
    (part,) = clause.read_sentence(sentence, Loc("x.rules", 1, 1), {"Nosy Neighbor"}, sentence)
    assert isinstance(part, Nothing)


@pytest.mark.parametrize(
    ("sentence", "fields"),
    [
        (
            "This does not apply to normal WW powers such as night-time kills, infection or "
            "kamikaze kills (unless kami is an exclusive power, rather than core).",
            ["roles_only", "infection"],
        ),
        (
            "The block does not apply to normal faction powers such as kills or infection.",
            ["roles_only", "infection"],
        ),
        ("The block does not stop normal faction powers such as kills.", ["roles_only"]),
    ],
)
def test_what_a_block_does_not_reach(sentence: str, fields: list[str]) -> None:
    parts = clause.read_sentence(sentence, Loc("x.rules", 1, 1), set(), sentence)
    assert [(p.kind, p.field) for p in parts if isinstance(p, Adds)] == [
        (Roleblock, f) for f in fields
    ]


@pytest.mark.parametrize(
    ("sentence", "want"),
    [
        (
            "The records may either say 'yes' or 'no' depending on whether they are part of the "
            "Mafia or not.",
            ("Mafia", "yes", "no"),
        ),
        (
            'Police records say "guilty" or "innocent" depending on whether the player is a '
            "member of the Mafia.",
            ("Mafia", "guilty", "innocent"),
        ),
    ],
)
def test_what_police_records_say(sentence: str, want: tuple[str, str, str]) -> None:
    (part,) = game.read_sentence(sentence, Loc("x.rules", 1, 1), {"Mafia"})
    assert isinstance(part, Fact) and (part.kind, part.value) == ("records", want)


@pytest.mark.parametrize(
    "sentence",
    [
        "FBI Agent wakes up and may select someone to investigate, and if this person is found "
        "to be with the Mafia, use lethal force.",
        "FBI Agent wakes up and may pick a player to investigate; if that player is a member of "
        "the Mafia, he kills them.",
    ],
)
def test_a_step_whose_check_kills_whoever_it_finds(sentence: str) -> None:
    (part,) = game.read_sentence(sentence, Loc("x.rules", 1, 1), {"Mafia", "FBI"})
    assert isinstance(part, _Capability) and part.role == "FBI Agent"
    assert effects(part) == [
        ("RecordsCheck", {"faction": "Mafia"}),
        ("Kill", {"lethal_if": "Mafia"}),
    ]


def test_a_single_quoted_text_is_a_string_and_a_possessive_is_not() -> None:
    kinds = [t.type for t in lexicon.tokenize("The players' roles and the Mafia's are 'hidden'.")]
    want = [
        "THE",
        "PLAYER",
        "APOS_S",
        "ROLE",
        "AND",
        "THE",
        "NAME",
        "APOS_S",
        "BE",
        "STRING",
        "DOT",
    ]
    assert kinds == want
