"""The game language (logic/lang/game.py, grammar/game/*.lark): sentences about the whole
game read from parts into the frame reader's pieces, each shape in several hosts' words,
and wordings that must not read (what the engine does not model)."""

from __future__ import annotations

import pytest

from logic.commands.resolve import resolve
from logic.effects.attack import Duel
from logic.effects.report import Report
from logic.effects.vote import Lynch, NoVotes, Reveal, TieRule
from logic.lang import game
from logic.lang.case import parse_cases
from logic.lang.errors import Loc, RulingError
from logic.lang.game_kinds.parts import Default, Heading, KillerRule, KindOrder, RoleTrait, Unique
from logic.lang.game_kinds.unmodelled import MECHANICS
from logic.lang.kinds.traits import Fact
from logic.lang.rules import parse_ruleset
from logic.model.win import Victory

ROLES = {"Detective", "Secret Boss", "Town", "Mafia", "Lovers", "Cupid"}


def read(sentence: str) -> tuple[object, ...]:
    return game.read_sentence(sentence, Loc("x.rules", 1, 1), ROLES)


def meaning(sentence: str) -> list[tuple[str, object]]:
    """(kind, value without its why) of each part."""
    out: list[tuple[str, object]] = []
    for p in read(sentence):
        match p:
            case Fact(kind, value, _):
                out.append((kind, _plain(value)))
            case RoleTrait(role, part, _):
                out.append((f"trait of {role}", _plain(part)))
            case Heading(kind, _):
                out.append(("heading", kind))
            case KillerRule(faction, exclusive, _):
                out.append(("KillerRule", (faction, exclusive)))
            case Default(what, _):
                out.append(("default", what))
            case KindOrder(items, _):
                out.append(("order", items))
            case Unique(_):
                out.append(("unique", None))
            case _:
                out.append((type(p).__name__, None))
    return out


def _plain(v: object) -> object:
    match v:
        case TieRule(kind, role):
            return ("tie", kind, role)
        case Reveal(when):
            return ("reveal", when)
        case Lynch(daily=daily):
            return ("lynch", daily)
        case NoVotes(hidden=hidden):
            return ("no votes", hidden is not None)
        case Victory(winner, cond, group, others):
            return (winner, cond, group, others)
        case Report(when):
            return ("report", when)
        case Duel():
            return "Duel"
    return v


@pytest.mark.parametrize(
    ("sentences", "want"),
    [
        (
            [
                "In the event of a tie, the lynched player will be randomly determined from "
                "the players with the most votes.",
                "Ties are broken randomly.",
                "Ties are broken at random.",
                "If there is a tie, a random tied player is lynched.",
                "In case of a tie, the lynched player is chosen at random among the tied players.",
            ],
            [("tie", ("tie", "random", None))],
        ),
        (
            [
                "One person will be lynched each day.",
                "Each day, one player is lynched.",
                "One player is lynched every day.",
            ],
            [("lynch", ("lynch", True))],
        ),
        (
            [
                "The player with the most votes at the end of the day is lynched.",
                "The player with the most votes is lynched.",
                # the vote lynches (no lynch every day whatever the votes)
                "During the day, players vote to lynch one player.",
                "Every day the town votes on a player to lynch.",
            ],
            [("lynch", ("lynch", False))],
        ),
        (
            [
                "If, by some mind-bogglingly stupid circumstance, the day ends with no votes "
                "cast, it will be treated as though all players are tied for the highest vote "
                "(which they are; everyone's tied at zero).",
                "If no votes are cast during the day, all players are tied.",
                "If nobody votes, every living player is treated as tied for the most votes.",
            ],
            [("day", ("no votes", False))],
        ),
        (
            [
                "If a player is lynched, their alignment and role will be revealed to all players.",
                "A lynched player's role and alignment are revealed to everyone.",
                "When a player is voted out, their role and alignment are revealed publicly.",
                "Lynched players have their role revealed.",
            ],
            [("day", ("reveal", "lynch"))],
        ),
        (
            [
                "If a player is killed, however, only the killer shall know the deceased's "
                "alignment and role.",
                "If a player is killed at night, only the killer learns their role and alignment.",
                "When a player dies at night, their role and alignment are shown only to their "
                "killer.",
            ],
            [("day", ("reveal", "kill"))],
        ),
        (
            [
                "Everyone wakes up and is provided a casualty report for the night; people who "
                "were attacked and not saved are removed from the game.",
                "Everyone wakes up and receives a casualty report.",
                "Players who were attacked and not protected die.",
            ],
            [("casualties", None)],
        ),
        (
            [
                "Detective is told the jobs of any people who died during the night.",
                "The Detective learns the roles of all players who died during the night.",
            ],
            [("trait of Detective", ("report", "night"))],
        ),
        (
            [
                "Detective is told the jobs of the player voted out.",
                "The Detective is told the role of the lynched player.",
            ],
            [("trait of Detective", ("report", "lynch"))],
        ),
        (
            ["Town wins when all Mafia are dead.", "Town wins when all of the Mafia are lynched."],
            [("victory", ("Town", "none_left", "Mafia", 0))],
        ),
        (
            [
                "The Mafia wins when nothing can stop them from being the sole living faction.",
                "The Mafia wins when they are the last faction standing.",
            ],
            [("victory", ("Mafia", "sole", "Mafia", 0))],
        ),
        (
            [
                "The Secret Boss wins when he is the sole living player.",
                "The Secret Boss wins if he is the last player left alive.",
            ],
            [("victory", ("Secret Boss", "last", "Secret Boss", 0))],
        ),
        (
            # the role of the line wins (its name filled in when the ruleset is assembled)
            [
                "You win when you're the only player still alive.",
                "He wins when he is the only player left.",
                "You win when you are the sole survivor.",
            ],
            [("victory", ("", "last", "", 0))],
        ),
        (
            [
                "You win when nothing can stop your team from being the last living faction.",
                "You win when your faction is the last one alive.",
            ],
            [("victory", ("", "sole", "", 0))],
        ),
        (
            [
                "There may come a time when the day begins with but two survivors of "
                "differing factions.",
                "If the day begins with only two players alive, from different factions.",
            ],
            [("endgame", 2)],
        ),
        (
            [
                "At Dawn, the order of operations is as follows:",
                "The order of actions goes as follows:",
                "The order of resolution is as follows:",
            ],
            [("heading", "order")],
        ),
        (
            [
                "Actions within the same tier are executed simultaneously.",
                "Actions of the same tier resolve simultaneously.",
                "Actions in the same tier happen at the same time.",
            ],
            [("simultaneous", None)],
        ),
        (
            [
                "The current order of healing is as follows:",
                "The healing order is as follows:",
            ],
            [("heading", "healing")],
        ),
        (
            [
                "In the event that two players with nightkills target each other, and neither "
                "has any form of kill protection, the victor will be randomly determined.",
                "If two players with kills target each other, the winner is decided at random.",
                "If two killers target each other and neither has protection, the victor is "
                "chosen randomly.",
            ],
            [("duel", "Duel")],
        ),
        (
            [
                "If the Tiebreaker is tied for the most votes at the end of the day, he will not "
                "be considered for the lynch.",
                "If the Tiebreaker is tied for the most votes, he cannot be lynched.",
            ],
            [("tie", ("tie", "exclude", "Tiebreaker"))],
        ),
        (
            [
                "As well, if there is a tie, and his vote is on one of the vote leaders, that "
                "person will be lynched.",
                "In a tie, the tied player he voted for is lynched.",
                "Also, if the vote is tied and the Tiebreaker is voting for one of the leaders, "
                "that player gets lynched.",
                "If there is a tie and you voted for one of the tied players, that player is "
                "lynched.",
            ],
            [("tie", ("tie", "vote", None))],
        ),
        (
            [
                "However, the mafia MUST select a player to carry out the nightkill if they "
                "intend to kill on a given night, and this player CANNOT use their other night "
                "action.",
                "The mafia must pick a player to perform the kill each night, and this player "
                "cannot use their own night action.",
            ],
            [("KillerRule", ("mafia", True))],
        ),
        (
            ["The Mafia must choose one member to perform the nightkill each night."],
            [("KillerRule", ("Mafia", False))],
        ),
        (
            [
                "A game will never start with Lovers, and the role will only come into play if "
                "Cupid turns two players into Lovers.",
                "Lovers are never dealt at the start of the game.",
                "Lovers are not assigned at the start.",
            ],
            [("never dealt", "Lovers")],
        ),
        (
            [
                "Judge, in the event of a tie, makes the final decision.",
                "The Judge gives final judgment in the case of a tie during voting.",
                "In the event of a tie, the Judge decides who is lynched.",
                "Judge, in case of a tie, has the final say.",
                "The Judge breaks ties.",
            ],
            [("tie", ("tie", "choice", "Judge"))],
        ),
        (
            ["In the event of a tie, you decide who is lynched.", "You break ties."],
            [("tie", ("tie", "choice", None))],
        ),
        (
            [
                "The player with the most votes (or the player chosen by the Judge) is removed "
                "for the remainder of the game.",
                "The player with the most votes (or the player chosen by the Judge) is lynched.",
            ],
            [("lynch", ("lynch", False)), ("tie", ("tie", "choice", "Judge"))],
        ),
        (
            [
                "If there was a tie and no Judge, no one is removed.",
                "If there is a tie and no Judge, nobody is lynched.",
            ],
            [("tie", ("tie", "none", "Judge"))],
        ),
        (
            [
                "Vanilla players are assumed to only have the powers outlined by their alignment.",
                "Vanilla players have only the powers of their alignment.",
            ],
            [("vanilla", "Vanilla")],
        ),
    ],
)
def test_a_shape_in_several_hosts_words(sentences: list[str], want: list[object]) -> None:
    for s in sentences:
        assert meaning(s) == want, s


def test_a_victory_said_on_its_roles_line_is_that_roles() -> None:
    text = (
        "Ruleset: X\nPossible Town Roles\nCop: No special powers.\nPossible Neutral Roles\n"
        "Survivor: You win when you're the only player still alive.\n"
    )
    rs = parse_ruleset(text, "x.rules")
    (v,) = rs.victories
    assert (v.winner, v.condition, v.group) == ("Survivor", "last", "Survivor")


@pytest.mark.parametrize(
    "sentence",
    [
        'There is also a "Rogue victory," which occurs when the Rogue and one other role are '
        "left alive; a Rogue victory takes precedence over a Mafia victory so if a Mafia and a "
        "Rogue are the final two players alive, the Rogue will win.",
        "The Rogue wins if he and one other player are left alive; the Rogue's victory "
        "overrides the Mafia's.",
    ],
)
def test_a_victory_over_another(sentence: str) -> None:
    (fact,) = read(sentence)
    assert isinstance(fact, Fact) and isinstance(fact.value, Victory)
    v = fact.value
    assert (v.winner, v.condition, v.group, v.others, v.over) == (
        "Rogue",
        "last",
        "Rogue",
        1,
        ("Mafia",),
    )


def test_a_precedence_needs_its_victory() -> None:
    """A precedence said alone, or of another victory than the sentence gives, is refused."""
    for s in (
        "The Rogue's victory overrides the Mafia's.",
        'There is also a "Rogue victory," which occurs when the Rogue and one other role are '
        "left alive; a Mafia victory takes precedence over a Town victory.",
    ):
        with pytest.raises(RulingError):
            read(s)


def test_the_game_ends_when_either_victory_holds() -> None:
    s = (
        "The game ends when either all of the Mafia have been removed (Citizen victory) or the "
        "game has come down to any combination including one or more Mafia and no more than "
        "one other (Mafia victory)."
    )
    assert meaning(s) == [
        ("victory", ("Citizen", "none_left", "Mafia", 0)),
        ("victory", ("Mafia", "outnumber", "Mafia", 1)),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # a clause that says nothing the engine models, alone
        "Everyone wakes up.",
        # a game that starts on a night the engine does not number so
        "The game starts on Night 3.",
        # never a wrong meaning: every tied player lynched is not the plurality's lynch, two
        # kills a night are not the faction's one kill, two votes are not the living's one
        "Those tied are lynched.",
        "The Mafia may kill two players each night.",
        "Each player has two votes.",
    ],
)
def test_what_the_engine_does_not_model_does_not_read(sentence: str) -> None:
    with pytest.raises(RulingError):
        read(sentence)


def test_a_card_kept_hidden_belongs_to_the_day_with_no_votes() -> None:
    """'In addition, the lynched player's role ... will not be revealed.' qualifies the
    sentence before it (NoVotes.hidden); on a line of its own it is refused."""
    line = (
        "If no votes are cast, all players are tied. In addition, the lynched player's role "
        "and alignment will not be revealed."
    )
    rs = parse_ruleset(f"Ruleset: X\n{line}\nPossible Town Roles\nCop: No special powers.\n")
    (nv,) = [r for r in rs.day_rules if isinstance(r, NoVotes)]
    assert nv.hidden is not None and nv.why.text == line
    alone = "In addition, the lynched player's role and alignment will not be revealed."
    with pytest.raises(RulingError):
        parse_ruleset(f"Ruleset: X\n{alone}\nPossible Town Roles\nCop: No special powers.\n")


def test_a_numbered_step_keeps_its_tier() -> None:
    """A step of the turn order read by the game language is still that step."""
    text = (
        "Ruleset: X\nTurn Order\n2. Mafia wake up and may together choose one target to kill.\n"
        "3. Everyone wakes up and receives a casualty report.\n"
        "4. Detective is told the jobs of the player voted out.\n"
        "Possible Town Roles\nDetective: No special powers.\nPossible Mafia Roles\n"
        "Mafia: No special powers.\n"
    )
    rs = parse_ruleset(text, "x.rules")
    assert rs.casualties == 3
    det = next(r for r in rs.roles if r.name == "Detective")
    assert any(isinstance(t, Report) and t.when == "lynch" for t in det.traits)


def test_a_line_of_two_whole_game_sentences() -> None:
    text = (
        "Ruleset: X\nTies are broken randomly. Lynched players have their role revealed.\n"
        "Possible Town Roles\nCop: No special powers.\n"
    )
    rs = parse_ruleset(text, "x.rules")
    assert [t.kind for t in rs.tie_rules] == ["random"]
    assert [r.when for r in rs.day_rules if isinstance(r, Reveal)] == ["lynch"]


# ----------------------------------------------------------------------------- rules as hosts write them


@pytest.mark.parametrize(
    ("sentences", "want"),
    [
        (
            [
                "At the end of each day, whoever has the most votes is lynched.",
                "Whoever receives the most votes by the deadline is executed.",
                "Lynches are decided by plurality.",
                "Plurality lynch.",
            ],
            [("lynch", ("lynch", False))],
        ),
        (
            [
                "If there is a tie, no one is lynched.",
                "In the case of a tie, nobody dies.",
                "If the vote is tied, there is no lynch.",
                "Ties result in no lynch.",
                "A tie means nobody dies that day.",
                "If there is a tie in votes, no one is lynched.",
                "In the case of a tie, nobody is lynched.",
            ],
            [("tie", ("tie", "none", None))],
        ),
        (
            [
                "Ties will be decided by a coin flip.",
                "In case of a tie, a random player among those tied will be lynched.",
                "Tied votes result in a random lynch among the tied players.",
            ],
            [("tie", ("tie", "random", None))],
        ),
        (
            [
                "When a player dies, their role and alignment are revealed.",
                "Flips are full.",
                "Roles are revealed on death.",
                "This is a full-flip game.",
                "Dead players will have their roles revealed.",
                "Players flip their role and alignment when they die.",
                "Flips are full: when a player dies, their role and alignment are revealed.",
                "On death, a player's role is revealed.",
            ],
            [("day", ("reveal", "death"))],
        ),
        (
            [
                "No flips.",
                "Roles are not revealed upon death.",
                "Dead players' roles are not revealed.",
                "Role flips are hidden.",
                "When a player dies, their role is not revealed.",
            ],
            [("day", ("reveal", "none"))],
        ),
        (
            [
                "The Mafia wins when they equal or outnumber the Town.",
                "The Mafia win if they reach parity with the Town.",
                "Mafia wins by reaching parity with the Town.",
            ],
            [("victory", ("Mafia", "versus", "Town", 0))],
        ),
        (
            ["The Mafia wins when they outnumber the Town."],
            [("victory", ("Mafia", "versus", "Town", 1))],
        ),
        (
            [
                "Mafia wins when they make up half or more of the living players.",
                "Mafia wins at parity.",
            ],
            [("victory", ("Mafia", "parity", "Mafia", 0))],
        ),
        (
            ["The Mafia wins when they make up a majority of the living players."],
            [("victory", ("Mafia", "parity", "Mafia", 1))],
        ),
        (
            [
                "Town wins when every Mafia member is dead.",
                "The Town wins when all Mafia members are dead.",
                "The Town wins when every member of the Mafia is dead.",
                "Town wins by eliminating all Mafia.",
            ],
            [("victory", ("Town", "none_left", "Mafia", 0))],
        ),
        (
            [
                "The Mafia may kill one player each night.",
                "Each night, the Mafia chooses one member to perform the night kill.",
                "One member of the Mafia must carry out the kill each night.",
                "The Mafia share a single night kill.",
                "The Mafia may perform one kill each night.",
                "Each night, one member of the Mafia may carry out the faction's kill.",
                "The Mafia's kill may be performed by any member.",
            ],
            [("KillerRule", ("Mafia", False))],
        ),
        (
            ["All roles are unique.", "No role will be duplicated."],
            [("unique", None)],
        ),
        (
            [
                "Night actions are resolved in the following order: roleblocks, protections, "
                "kills, investigations.",
            ],
            [("order", (("roleblock",), ("protection",), ("killing",), ("investigation",)))],
        ),
        (
            ["Kills are resolved after protections."],
            [("order", (("protection",), ("killing",)))],
        ),
        (
            [
                "Roleblocks are resolved before all other actions.",
                "Roleblocks are resolved first.",
                "Roleblocks happen before all other actions.",
                "Roleblocks occur first.",
            ],
            [("order", (("roleblock",), ("all other actions",)))],
        ),
        (
            ["Investigations are resolved last.", "Investigative actions are resolved last."],
            [("order", (("all other actions",), ("investigation",)))],
        ),
        (
            [
                "Protective actions take effect before killing actions.",
                "Killing actions are resolved after protective actions.",
                "Kills happen after protections.",
            ],
            [("order", (("protection",), ("killing",)))],
        ),
        # what the engine does anyway, said by the host (game-work-3, 28 November 2026)
        (
            ["A player who is roleblocked does not perform their action."],
            [("default", "a roleblocked player's action does not take place")],
        ),
        (
            [
                "If two kills target the same player, the player only dies once.",
                "If a player is targeted by two kills, they die.",
            ],
            [("default", "a player killed twice in a night dies once")],
        ),
        (
            ["Protection does not stop a lynch."],
            [("default", "a protection is of the night: it does not stop a lynch")],
        ),
        (
            ["Any member may perform the kill.", "Any member may carry out the kill each night."],
            [("default", "any member of a faction may carry out its kill")],
        ),
        (
            [
                "If the mafia do not submit a kill, no one dies.",
                "The Mafia may choose not to kill.",
            ],
            [("default", "a faction's nightkill is optional")],
        ),
        (
            [
                "Neutral roles win according to their own win conditions.",
                "Neutral players have their own win conditions.",
            ],
            [("default", "each role with a victory of its own wins as its line says")],
        ),
    ],
)
def test_rules_as_hosts_write_them(sentences: list[str], want: list[object]) -> None:
    for s in sentences:
        assert meaning(s) == want, s


@pytest.mark.parametrize(
    "sentence",
    [
        "Self-voting is allowed.",
        "Players may change their vote at any time.",
        "Unvoting is allowed.",
        "Dead players cannot vote.",
        "The lynched player is removed from the game.",
        "The game starts at night.",
        "Night 1 comes first.",
        "Day and night phases alternate.",
        "The game alternates between day and night phases, starting with night.",
        "Deaths are announced at the beginning of each day.",
        "Each player is randomly assigned a role.",
        "The mafia may choose not to kill.",
        "The game ends when a win condition is met.",
    ],
)
def test_what_the_engine_does_anyway_reads_with_no_effect(sentence: str) -> None:
    """A sentence that says what the engine does anyway is read, marked no effect."""
    ((kind, _),) = meaning(sentence)
    assert kind == "default", sentence
    rs = parse_ruleset(f"Ruleset: X\n{sentence}\nPossible Town Roles\nCop: No special powers.\n")
    (said,) = [x for x in rs.sentences if x.loc.line == 2]
    assert said.kind == "no effect", sentence


UNMODELLED = [
    ("A player is lynched once a majority of living players vote for them.", "majority lynch"),
    ("Hammer ends the day immediately.", "majority lynch"),
    ("If a player reaches majority, the day ends and they are lynched.", "majority lynch"),
    ("It takes a simple majority to lynch.", "majority lynch"),
    (
        "If no majority is reached by deadline, the player with the most votes is lynched.",
        "majority lynch",
    ),
    ("Days last 48 hours.", "real time"),
    ("The deadline for Day 1 is Friday at 8 PM EST.", "real time"),
    ("No lynch is allowed.", "no-lynch votes"),
    ("Players may vote for no lynch.", "no-lynch votes"),
    ("You may not vote for yourself.", "self-votes"),
    ("Self-votes are not permitted.", "self-votes"),
    ("Only votes in bold will be counted.", "vote format"),
    ("If two or more players are tied, all of them are lynched.", "tie lynches all"),
    (
        "In the event of a tie, the player who reached that vote count first is lynched.",
        "vote timing",
    ),
    (
        "Lynched players will have their alignment revealed, but not their role.",
        "alignment-only flips",
    ),
    ("If a player is lynched, their alignment is revealed.", "alignment-only flips"),
    ("The game begins with Day 1.", "day start"),
    ("The game will begin on Night 0.", "night 0"),
    ("There are no kills on Night 1.", "a night without kills"),
    ("If all players die, the game ends in a draw.", "draw"),
    (
        "The Town wins when the Mafia and the Serial Killer are all dead.",
        "victory over several groups",
    ),
    ("A faction wins when it is the only faction remaining.", "victory of every faction"),
    ("Every night, the Mafia must choose one player to kill.", "forced faction kill"),
    ("The Mafia must submit their kill every night.", "forced faction kill"),
    ("The day ends when a player reaches a majority of votes.", "majority lynch"),
    ("A player is lynched as soon as they receive a majority of votes.", "majority lynch"),
    ("The Mafia may talk to each other at night.", "chat"),
    ("You may talk with your partner at night.", "chat"),
    ("The mafia know each other.", "faction knowledge"),
    ("The Mafia know who their teammates are.", "faction knowledge"),
    ("This is a closed setup.", "the setup"),
    ("There are 9 players: 7 Town and 2 Mafia.", "the setup"),
    ("There are 7 Town players and 2 Mafia players.", "the setup"),
    ("Do not quote or share your role PM.", "conduct"),
    ("Dead players may not post.", "conduct"),
    ("Dead players must remain silent.", "conduct"),
    ("The game ends when only one faction remains.", "victory of every faction"),
    ("No posting after death.", "conduct"),
    ("Outside contact is forbidden.", "conduct"),
    ("Be respectful to other players.", "conduct"),
    ("Night actions must be submitted to the host by PM.", "procedure"),
    ("Inactive players will be modkilled.", "real time"),
    ("A player who does not vote for two days in a row will be replaced.", "real time"),
    ("Inactivity may result in a modkill.", "real time"),
    ("The Mafia may communicate with each other at night.", "chat"),
    ("A player must receive a majority of votes to be lynched.", "majority lynch"),
    ("There is no day 1 lynch.", "a day without a lynch"),
    ("There is no lynch on the first day.", "a day without a lynch"),
    ("Day 1 has no lynch.", "a day without a lynch"),
    ("No one can be lynched on Day 1.", "a day without a lynch"),
    ("The day ends when a majority of players vote to lynch someone.", "majority lynch"),
    ("No-lynch is a valid vote option.", "no-lynch votes"),
    ("Each day lasts 48 hours.", "real time"),
]


@pytest.mark.parametrize(("sentence", "mechanic"), UNMODELLED)
def test_a_mechanic_the_engine_does_not_model_is_named(sentence: str, mechanic: str) -> None:
    """Never read into a wrong meaning: the error names the mechanic, says what the engine
    does instead, and suggests the line that keeps the sentence."""
    assert mechanic in MECHANICS
    assert game.unmodelled(sentence, {"Serial Killer", "Jester"}) == mechanic
    text = (
        f"Ruleset: X\n{sentence}\nPossible Town Roles\nCop: No special powers.\n"
        "Possible Mafia Roles\nGoon: No special powers.\nPossible Neutral Roles\n"
        "Serial Killer: No special powers.\nJester: No special powers.\n"
    )
    with pytest.raises(game.NotModelled) as e:
        parse_ruleset(text, "x.rules")
    assert e.value.mechanic == mechanic
    assert e.value.message.startswith(f"not modelled ({mechanic}): {MECHANICS[mechanic]}")
    assert e.value.hint == f"Not modelled ({mechanic}): {sentence}"
    kept = parse_ruleset(text.replace(sentence, e.value.hint), "x.rules")
    (said,) = [x for x in kept.sentences if x.loc.line == 2]
    assert (said.kind, said.reason) == ("not modelled", mechanic)


def test_a_mechanic_not_modelled_on_a_roles_line_is_named() -> None:
    text = (
        "Ruleset: X\nPossible Mafia Roles\n"
        "Goon: You may talk with your partner at night. Kills a player each night.\n"
    )
    with pytest.raises(game.NotModelled) as e:
        parse_ruleset(text, "x.rules")
    assert e.value.mechanic == "chat" and e.value.loc is not None and e.value.loc.column == 7


@pytest.mark.parametrize(
    "lines",
    [
        ["Ties are broken randomly.", "If there is a tie, no one is lynched."],
        ["No flips.", "Flips are full."],
        ["Flips are full.", "If a player is killed at night, only the killer learns their role."],
        [
            "Players killed at night have their roles revealed.",
            "If a player is killed at night, only the killer learns their role.",
        ],
        ["No flips.", "Players who die at night flip."],
    ],
)
def test_rules_of_the_day_that_disagree_are_refused(lines: list[str]) -> None:
    text = "Ruleset: X\n" + "\n".join(lines) + "\nPossible Town Roles\nCop: No special powers.\n"
    with pytest.raises(RulingError, match="disagree"):
        parse_ruleset(text, "x.rules")


PARITY = """\
Ruleset: P
The Mafia wins when they equal or outnumber the Town.
Town wins when all Mafia are dead.
Flips are full.
Possible Town Roles
Citizen: No special powers.
Possible Mafia Roles
Goon: Kills a player each night.
"""


@pytest.mark.parametrize(
    ("players", "kill", "wins"),
    [
        ("Ann is Goon, Bob is Citizen, Cid is Citizen", "Bob", "Mafia wins"),
        ("Ann is Goon, Bob is Citizen, Cid is Citizen, Dee is Citizen", "Bob", None),
    ],
)
def test_parity_is_a_victory_and_full_flips_tell_everyone(
    players: str, kill: str, wins: str | None
) -> None:
    """1 Mafia and 1 Town left: the Mafia equal the Town and win; 1 and 2: the game goes on.
    Every living player learns the role of the night's dead ("Flips are full.")."""
    rs = parse_ruleset(PARITY, "p.rules")
    text = f'case "parity"\n  players: {players}\n  night 1:\n    Ann targets {kill}\n'
    (case,) = parse_cases(text, "p.case")
    res = resolve(rs, case, text)
    (outcome,) = res.outcomes()
    said = set(map(str, outcome.atoms))
    assert (wins in said) if wins else not any(a.endswith(" wins") for a in said)
    for p in ("Ann", "Cid"):
        assert f'{p} learns "{kill} was Citizen (Town)"' in said


def test_every_game_example_of_the_language_page_reads() -> None:
    """docs/language.md's `game` examples each read, into something the engine does."""
    import re
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```game\n(.*?)```", page, re.S)
    lines = [line for b in blocks for line in b.splitlines() if line.strip()]
    assert len(lines) >= 15
    for line in lines:
        rs = parse_ruleset(
            f"Ruleset: X\n{line}\nPossible Town Roles\nCop: No special powers.\n"
            "Possible Mafia Roles\nGoon: No special powers.\n",
            "x.rules",
        )
        (said,) = [x for x in rs.sentences if x.loc.line == 2]
        assert said.kind == "rule", line


def test_a_bullet_is_no_word_of_a_whole_game_line() -> None:
    text = (
        "Ruleset: X\n- Ties are broken randomly.\n* Flips are full.\n"
        "\u2022 Town wins when all Mafia are dead.\nPossible Town Roles\n"
        "Cop: No special powers.\nPossible Mafia Roles\nGoon: No special powers.\n"
    )
    rs = parse_ruleset(text, "x.rules")
    assert [t.kind for t in rs.tie_rules] == ["random"]
    assert [r.when for r in rs.day_rules if isinstance(r, Reveal)] == ["death"]
    assert [(v.winner, v.condition) for v in rs.victories] == [("Town", "none_left")]


def test_a_factions_name_is_the_faction_before_a_roles_plural() -> None:
    """'The Werewolves win ...' is the Werewolves faction's victory beside a role Werewolf;
    'the villagers' is the role Villager's plural."""
    text = (
        "Ruleset: X\nThe Werewolves win when they equal or outnumber the villagers.\n"
        "Possible Village Roles\nVillager: No special powers.\nSeer: No special powers.\n"
        "Possible Werewolves Roles\nWerewolf: No special powers.\n"
    )
    (v,) = parse_ruleset(text, "x.rules").victories
    assert (v.winner, v.condition, v.group, v.others) == ("Werewolves", "versus", "Villager", 0)


@pytest.mark.parametrize(
    ("sentence", "means"),
    [
        ("The Jester wins if they are lynched.", "Jester wins when a holder is lynched"),
        (
            "The Survivor wins if they are alive at the end of the game.",
            "Survivor wins when the game ends with a holder alive",
        ),
    ],
)
def test_a_roles_own_victory_is_read(sentence: str, means: str) -> None:
    """A victory by being lynched or by being alive at the end (logic/model/win.py's SIDE),
    said of a role of the ruleset."""
    text = (
        f"Ruleset: X\n{sentence}\nPossible Town Roles\nTownie: No special powers.\n"
        "Possible Neutral Roles\nJester: No special powers.\nSurvivor: No special powers.\n"
        "Possible Mafia Roles\nGoon: No special powers.\n"
    )
    rs = parse_ruleset(text, "x.rules")
    assert [v.describe() for v in rs.victories if means in v.describe()], rs.victories


NIGHT_FLIP = """\
Ruleset: N
A player killed at night has their role revealed in the morning.
Possible Town Roles
Citizen: No special powers.
Possible Mafia Roles
Goon: Kills a player each night.
"""


def _learnt(ruleset: str, phases: str) -> set[str]:
    rs = parse_ruleset(ruleset, "n.rules")
    text = (
        'case "flips"\n  players: Ann is Goon, Bob is Citizen, Cid is Citizen, Dee is Citizen,'
        f" Eve is Citizen\n{phases}"
    )
    (case,) = parse_cases(text, "n.case")
    res = resolve(rs, case, text)
    return {str(a) for o in res.outcomes() for a in o.atoms if " learns " in str(a)}


def test_a_night_flip_tells_a_night_death_and_not_a_lynch() -> None:
    """'A player killed at night has their role revealed in the morning.': everyone alive
    learns the night's dead (as 'Flips are full.' has it); the lynched player is not
    revealed (as 'Flips are full.' would reveal him); without the sentence, nothing is."""
    night = "  night 1:\n    Ann targets Bob\n"
    said = _learnt(NIGHT_FLIP, night)
    assert 'Cid learns "Bob was Citizen (Town)"' in said, said
    day = "  day 1:\n    Bob votes Cid\n    Dee votes Cid\n    Ann votes Cid\n"
    assert not any("Cid was" in a for a in _learnt(NIGHT_FLIP, day))
    full = NIGHT_FLIP.replace(NIGHT_FLIP.splitlines()[1], "Flips are full.")
    assert any("Cid was Citizen" in a for a in _learnt(full, day))
    bare = NIGHT_FLIP.replace(NIGHT_FLIP.splitlines()[1] + "\n", "")
    assert not any(" was " in a for a in _learnt(bare, night))


@pytest.mark.parametrize(
    "sentence",
    [
        "All roles are revealed on death.",
        "Dead players' roles are revealed.",
        "The roles of dead players are revealed.",
    ],
)
def test_every_dead_players_card_revealed_is_a_full_flip(sentence: str) -> None:
    """Said of every death ("all roles", "dead players' roles"), as 'Flips are full.': the
    same reveal, to everyone, of the lynched and the killed."""
    full = parse_ruleset(
        NIGHT_FLIP.replace(NIGHT_FLIP.splitlines()[1], "Flips are full."), "f.rules"
    )
    said = parse_ruleset(NIGHT_FLIP.replace(NIGHT_FLIP.splitlines()[1], sentence), "s.rules")
    assert [r.describe() for r in said.day_rules] == [r.describe() for r in full.day_rules]
    assert any("every dead player's role" in r.describe() for r in said.day_rules)


SCUM = """\
Ruleset: S
{sentence}
Possible Town Roles
Citizen: No special powers.
Possible Mafia Roles
Goon: Kills a player each night.
"""


@pytest.mark.parametrize(
    ("sentence", "same_as"),
    [
        ("Town wins when all scum are eliminated.", "Town wins when all Mafia are dead."),
        (
            "Scum wins when they reach parity with town.",
            "The Mafia wins when they reach parity with the Town.",
        ),
    ],
)
def test_scum_is_the_side_against_the_one_named_beside_it(sentence: str, same_as: str) -> None:
    """A guilty word ("scum") as a victory's winner or group: the one faction that is not
    the side the sentence names beside it."""
    said = parse_ruleset(SCUM.format(sentence=sentence), "s.rules")
    plain = parse_ruleset(SCUM.format(sentence=same_as), "p.rules")
    assert [v.describe() for v in said.victories] == [v.describe() for v in plain.victories]


def test_scum_among_several_other_factions_is_an_error() -> None:
    text = SCUM.format(sentence="Town wins when all scum are eliminated.")
    text += "Possible Werewolves Roles\nWerewolf: No special powers.\n"
    with pytest.raises(RulingError, match="names every faction but Town here"):
        parse_ruleset(text, "s.rules")
