"""Blood on the Clocktower's Trouble Brewing (casebook/trouble-brewing.rules): its 22
character texts read as published, each into the nodes of a general kind (knowing,
registration, malfunction, succession, triggers, deal, nominate), not by a sentence rule
of its own; other wordings of the same mechanics read the same; and the storyteller's
choices are a third kind of choice (ir.Chooser), neither random nor left open."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.check import Checker
from logic.commands.coverage import coverage
from logic.effects.deal import Deal, Extra, Team, TeamWins
from logic.effects.knowing import (
    AnyIs,
    ExecutedRole,
    NeighbourCount,
    NoneInPlay,
    OneOf,
    PairsCount,
    SeesAll,
)
from logic.effects.malfunction import Believes, Impaired, Unaware
from logic.effects.nominate import ExecutedBy, Nominates
from logic.effects.registration import RedHerring, RegistersAs
from logic.effects.succession import Dies, DiesInstead, SafeFrom, Succession
from logic.effects.triggers import IfIs, OnDeath, OnNominated, Public, TeamResult, VotesWith
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Chooser, Frequency, NoSelfTarget, Role, Ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "trouble-brewing.rules"
SOURCE = ROOT / "casebook" / "trouble-brewing" / "source.txt"


@pytest.fixture(scope="module")
def tb() -> Ruleset:
    return load_ruleset(RULES)


def _role(rs: Ruleset, name: str) -> Role:
    role = rs.role(name)
    assert role is not None, name
    return role


def _effects(role: Role) -> list[object]:
    return [e for a in role.abilities for e in (*a.effects, *a.restrictions)]


def test_every_character_text_is_held_verbatim(tb: Ruleset) -> None:
    """`ruling coverage` against the published texts: every sentence verbatim, but
    "(Travellers don't count)", read with no effect (the script has no Travellers)."""
    cov = coverage(tb, SOURCE.read_text(encoding="utf-8"), str(SOURCE))
    counts = cov.counts()
    assert counts["missing"] == 0 and counts["reworded"] == 0
    assert counts["verbatim"] == 28
    (kept,) = [h for h in cov.held if h.status != "verbatim"]
    assert kept.sentence.text == "(Travellers don't count)"


def test_the_script_has_its_22_characters_in_four_types(tb: Ruleset) -> None:
    assert len(tb.roles) == 22
    assert tb.factions == ("Townsfolk", "Outsider", "Minion", "Demon")
    assert [r.name for r in tb.roles if r.faction == "Demon"] == ["Imp"]


@pytest.mark.parametrize(
    ("name", "frequency", "node"),
    [
        ("Washerwoman", Frequency.FIRST_NIGHT, OneOf("Townsfolk", 2, 1)),
        ("Investigator", Frequency.FIRST_NIGHT, OneOf("Minion", 2, 1)),
        ("Chef", Frequency.FIRST_NIGHT, PairsCount("evil")),
        ("Empath", Frequency.EACH_NIGHT, NeighbourCount("evil", 2, True)),
        ("Undertaker", Frequency.SUBSEQUENT_NIGHTS, ExecutedRole()),
        ("Spy", Frequency.EACH_NIGHT, SeesAll()),
    ],
)
def test_what_a_character_is_told_and_when(
    tb: Ruleset, name: str, frequency: Frequency, node: object
) -> None:
    (ability,) = _role(tb, name).abilities
    assert ability.frequency is frequency and ability.targets == 0
    assert node in ability.effects


def test_the_librarian_may_learn_that_none_is_in_play(tb: Ruleset) -> None:
    (ability,) = _role(tb, "Librarian").abilities
    assert OneOf("Outsider") in ability.effects and NoneInPlay() in ability.effects


def test_the_fortune_teller_chooses_two_and_has_a_red_herring(tb: Ruleset) -> None:
    role = _role(tb, "Fortune Teller")
    (ability,) = role.abilities
    assert ability.targets == 2 and AnyIs("Demon") in ability.effects
    (herring,) = role.traits
    assert herring == RedHerring("good", "Demon") and herring.by is Chooser.STORYTELLER


def test_registration_is_the_storytellers_choice(tb: Ruleset) -> None:
    (recluse,) = _role(tb, "Recluse").traits
    assert recluse == RegistersAs((("evil",), ("Minion", "Demon")), even_dead=True)
    spy = next(t for t in _role(tb, "Spy").traits if isinstance(t, RegistersAs))
    assert spy.shows == (("good",), ("Townsfolk", "Outsider"))
    assert recluse.by is spy.by is Chooser.STORYTELLER


def test_drunk_and_poisoned(tb: Ruleset) -> None:
    assert set(_role(tb, "Drunk").traits) == {Unaware("Drunk"), Believes("Townsfolk")}
    (ability,) = _role(tb, "Poisoner").abilities
    assert ability.frequency is Frequency.EACH_NIGHT and Impaired(True) in ability.effects


def test_the_demons_kill_safety_and_succession(tb: Ruleset) -> None:
    (imp,) = _role(tb, "Imp").abilities
    assert imp.frequency is Frequency.SUBSEQUENT_NIGHTS
    assert Dies() in imp.effects and Succession("Imp", "Minion", self_kill=True) in imp.effects
    (monk,) = _role(tb, "Monk").abilities
    assert SafeFrom("Demon", tonight=True) in monk.effects and NoSelfTarget() in monk.restrictions
    assert _role(tb, "Soldier").traits == (SafeFrom("Demon"),)
    assert _role(tb, "Scarlet Woman").traits == (
        Succession("Demon", None, dies="Demon", min_alive=5),
    )
    assert DiesInstead() in _role(tb, "Mayor").traits


def test_triggers(tb: Ruleset) -> None:
    (raven,) = _role(tb, "Ravenkeeper").abilities
    assert OnDeath("night") in raven.effects
    assert _role(tb, "Virgin").traits == (OnNominated("Townsfolk"),)
    (slayer,) = _role(tb, "Slayer").abilities
    assert slayer.frequency is Frequency.ONCE_PER_GAME
    assert Public() in slayer.effects and IfIs("Demon") in slayer.effects
    assert _role(tb, "Saint").traits == (TeamResult(False, "dies by execution"),)
    assert TeamResult(True, "no execution", 3) in _role(tb, "Mayor").traits
    assert VotesWith() in _effects(_role(tb, "Butler"))


def test_the_deal_the_teams_and_the_game(tb: Ruleset) -> None:
    deals = {d.players: dict(d.counts) for d in tb.kind_rules if isinstance(d, Deal)}
    assert sorted(deals) == list(range(5, 16))
    assert deals[7] == {"Townsfolk": 5, "Outsiders": 0, "Minion": 1, "Demon": 1}
    assert deals[12] == {"Townsfolk": 7, "Outsiders": 2, "Minions": 2, "Demon": 1}
    assert all(sum(c.values()) == n for n, c in deals.items())
    assert Team("good", ("Townsfolk", "Outsiders")) in tb.kind_rules
    assert _role(tb, "Baron").traits == (Extra("Outsiders", 2),)
    assert TeamWins("good", dies="Demon") in tb.kind_rules
    assert TeamWins("evil", alive=2) in tb.kind_rules
    assert Nominates(1) in tb.kind_rules and ExecutedBy() in tb.kind_rules


# ----------------------------------------------------------------------------- other wordings


def _one(text: str, faction: str = "Town", tail: str = "") -> Role:
    rs = parse_ruleset(f"Ruleset: X\nPossible {faction} Roles\nSeer: {text}\n{tail}", "x.rules")
    return rs.roles[0]


@pytest.mark.parametrize(
    ("text", "node"),
    [
        ("You start knowing that 1 of 3 players is a particular Minion.", OneOf("Minion", 3, 1)),
        ("You start knowing how many pairs of good players there are.", PairsCount("good")),
        (
            "Each night, you learn how many of your neighbours are good.",
            NeighbourCount("good", 2, False),
        ),
        ("Each night*, you learn which character died by execution today.", ExecutedRole()),
        ("Each night, you see the Grimoire.", SeesAll()),
    ],
)
def test_knowing_in_other_words(text: str, node: object) -> None:
    (ability,) = _one(text).abilities
    assert node in ability.effects


def test_each_night_star_is_every_night_but_the_first() -> None:
    (ability,) = _one(
        "Each night*, you learn how many of your 2 alive neighbours are evil."
    ).abilities
    assert ability.frequency is Frequency.SUBSEQUENT_NIGHTS


def test_registration_in_other_words() -> None:
    (trait,) = _one("You might register as a Demon.").traits
    assert trait == RegistersAs((("Demon",),)) and trait.by is Chooser.STORYTELLER
    (herring,) = _one("There is an evil player that registers as a Townsfolk to you.").traits
    assert herring == RedHerring("evil", "Townsfolk")


def test_a_kill_and_a_safety_in_other_words() -> None:
    (ability,) = _one(
        "Each night, choose a player: they are safe from the Werewolf tonight.",
        tail="Possible Evil Roles\nWerewolf: You have no special abilities.\n",
    ).abilities
    assert SafeFrom("Werewolf", tonight=True) in ability.effects
    (ability,) = _one("Each night, choose a player: they die.").abilities
    assert Dies() in ability.effects


def test_check_leaves_the_ravenkeeper_to_later_nights(tb: Ruleset) -> None:
    """The Ravenkeeper learns only the night he dies (triggers.stops), and no one dies on
    a first night of Trouble Brewing (the Imp acts "Each night*"): over one night his
    result is never given at all, which `check` says is not checked (it needs more
    nights), not that the sentence is dead."""
    report = Checker(tb, players=5, timeout=60).run(("dead rule",))
    assert report.findings == []
    assert any(":68 " in s and "never used in a first night" in s for s in report.skipped)
