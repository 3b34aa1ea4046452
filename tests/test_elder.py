"""Safety from one group's kills, as werewolf moderators say it: logic/effects/succession.py's
`SafeFrom`. The Elder's "You survive the first attack by the werewolves." (`once`): the
holder survives the first night the werewolves attack him, and not the next; another
killer's attack neither stops at it nor uses it up. The Witch's "Once per game you may save
the werewolves' victim." (`tonight`, on her target): the werewolves' kill is stopped, a
Vigilante's is not. Deleting each sentence undoes it; the symbolic chain agrees with
`resolve`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games

from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Ruleset

PATH = Path(__file__).parent / "rulesets" / "elder.rules"
ELDER = "You survive the first attack by the werewolves."
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Elder, Bob is Vigilante, Cid is Werewolf, Dee is Doctor\n"
WOLVES_TWICE = "  night 1:\n    Cid kills Ann\n  night 2:\n    Cid kills Ann\n"


def determined(rs: Ruleset, body: str) -> set[str]:
    """The atoms of a case's one outcome, each with its night ("Ann dies on night 2")."""
    text = f'case "x"\n{body}'
    (case,) = parse_cases(text, "x.case")
    res = resolve(rs, case, text)
    assert res.verdict == "determined", res.verdict
    (path,) = res.paths
    return {f"{a} on night {k}" for k, ph in enumerate(path.phases, 1) for a in ph.atoms}


def test_the_first_attack_of_the_werewolves_is_survived_and_the_second_is_not() -> None:
    atoms = determined(RS, PLAYERS + WOLVES_TWICE)
    assert "Ann dies on night 2" in atoms and "Ann dies on night 1" not in atoms, atoms


def test_another_killers_attack_is_not_stopped() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Bob targets Ann\n")
    assert "Ann dies on night 1" in atoms, atoms


def test_another_killers_attack_does_not_use_it_up() -> None:
    body = PLAYERS + "  night 1:\n    Bob targets Ann\n    Dee targets Ann\n"
    body += "  night 2:\n    Cid kills Ann\n"
    atoms = determined(RS, body)
    assert not any(a.startswith("Ann dies") for a in atoms), atoms


def test_a_night_the_werewolves_attack_elsewhere_does_not_use_it_up() -> None:
    body = PLAYERS + "  night 1:\n    Cid kills Bob\n  night 2:\n    Cid kills Ann\n"
    atoms = determined(RS, body)
    assert "Bob dies on night 1" in atoms and not any(a.startswith("Ann dies") for a in atoms)


def test_without_the_sentence_the_first_attack_kills() -> None:
    text = PATH.read_text()
    assert ELDER in text
    without = parse_ruleset(text.replace(ELDER, "You have no special abilities."), str(PATH))
    assert "Ann dies on night 1" in determined(without, PLAYERS + WOLVES_TWICE)


WITCH = "Once per game you may save the werewolves' victim."
SAVES = "  players: Ann is Villager, Bob is Vigilante, Cid is Werewolf, Eve is Witch\n"


def test_the_witch_saves_the_werewolves_victim_only() -> None:
    wolves = SAVES + "  night 1:\n    Cid kills Ann\n    Eve targets Ann\n"
    assert not any(a.startswith("Ann dies") for a in determined(RS, wolves))
    vigilante = SAVES + "  night 1:\n    Bob targets Ann\n    Eve targets Ann\n"
    assert "Ann dies on night 1" in determined(RS, vigilante)
    without = parse_ruleset(
        PATH.read_text().replace(WITCH, "Once per game you may target a player."), str(PATH)
    )
    assert "Ann dies on night 1" in determined(without, wolves)


def test_chain_agrees_with_resolve_on_the_two_attacks() -> None:
    players = ["Ann is Elder", "Bob is Vigilante", "Cid is Werewolf", "Dee is Doctor"]
    _compare(RS, players, [{"Cid": ("kills", "Ann")}, {"Cid": ("kills", "Ann")}])
    _compare(RS, players, [{"Bob": ("targets", "Ann")}, {"Cid": ("kills", "Ann")}])
    saves = ["Ann is Villager", "Bob is Vigilante", "Cid is Werewolf", "Eve is Witch"]
    _compare(RS, saves, [{"Cid": ("kills", "Ann"), "Eve": ("targets", "Ann")}, {}])
    _compare(RS, saves, [{"Bob": ("targets", "Ann"), "Eve": ("targets", "Ann")}, {}])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_chain_agrees_with_resolve_on_random_games(data: Any) -> None:
    _compare(RS, *data.draw(games(RS)))
