"""Cupid's lovers in any ruleset (tests/rulesets/cupid.rules): "Choose two players to be
lovers. If one dies, the other dies too." is read by the couple kind (logic/effects/
couple.py), as DCTP's Amor and Lovers are: the ability makes a pair (`Pair`), the sentence
after it the pair's death (`PairDeath`, of the ability's pairs), and deleting that sentence
changes the outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.resolve import check_expectation, resolve
from logic.effects.couple import Pair, PairDeath
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Frequency, Ruleset

RULES = Path(__file__).parent / "rulesets" / "cupid.rules"
PLAYERS = "players: Ann is Cupid, Bob is Villager, Cid is Villager, Dee is Werewolf, Eve is Doctor"
LINE = (
    "Cupid: On the first night, choose two players to be lovers. If one dies, the other dies too."
)
DEATH = " If one dies, the other dies too."


def _text() -> str:
    return RULES.read_text(encoding="utf-8")


def _run(rs: Ruleset, body: str) -> tuple[str, list[bool]]:
    text = f'case "t"\n  {PLAYERS}\n{body}'
    (case,) = parse_cases(text)
    res = resolve(rs, case, text)
    return res.verdict, [check_expectation(res, e)[0] for e in case.expectations]


def _effects(line: str) -> list[object]:
    rs = parse_ruleset(_text().replace(LINE, line), str(RULES))
    (ability,) = rs.role("Cupid").abilities  # type: ignore[union-attr]
    return list(ability.effects)


def test_cupids_line_is_a_pair_and_its_death() -> None:
    rs = load_ruleset(RULES)
    (ability,) = rs.role("Cupid").abilities  # type: ignore[union-attr]
    assert (ability.frequency, ability.targets) == (Frequency.FIRST_NIGHT, 2)
    pair, death = ability.effects
    assert isinstance(pair, Pair) and pair.status == "lovers"
    assert isinstance(death, PairDeath) and death.status == ""  # the ability's pair's


@pytest.mark.parametrize(
    "line",
    [
        "Cupid: Choose two players to be lovers. If one dies, the other dies too.",
        "Cupid: On the first night, pick two players who will become lovers. If one of them "
        "dies, the other will die as well.",
        "Cupid: Before the first night, chooses two players, two of which will become lovers. "
        "If either of them is killed, the other dies too.",
        "Cupid: On the first night, choose two players to be lovers. If one of the lovers "
        "dies, the other one dies with them.",
    ],
)
def test_other_wordings_read_the_same(line: str) -> None:
    kinds = [type(e) for e in _effects(line)]
    assert kinds == [Pair, PairDeath]


BODY = "  night 1:\n    Ann targets Bob and Cid\n  night 2:\n    Dee kills Bob\n"


def test_lovers_die_together() -> None:
    verdict, held = _run(
        load_ruleset(RULES),
        BODY + "  expect:\n    Bob dies on night 2\n    Cid dies on night 2\n",
    )
    assert verdict == "determined" and all(held)


def test_deleting_the_death_sentence_keeps_the_other_alive() -> None:
    assert DEATH in _text()
    rs = parse_ruleset(_text().replace(DEATH, ""), str(RULES))
    verdict, held = _run(rs, BODY + "  expect:\n    Bob dies on night 2\n    Cid survives\n")
    assert verdict == "determined" and all(held)


def test_a_save_on_the_other_lover_stops_it_when_no_sentence_says_otherwise() -> None:
    """The source says nothing of saves: the engine's (couple.py's PairUnsaved unsaid)."""
    verdict, held = _run(
        load_ruleset(RULES),
        BODY + "    Eve targets Cid\n  expect:\n    Bob dies on night 2\n    Cid survives\n",
    )
    assert verdict == "determined" and all(held)


def test_said_after_an_ability_that_makes_no_pair_it_is_refused() -> None:
    text = (
        _text()
        .replace(DEATH, "")
        .replace(
            "That player cannot be killed that night.",
            "That player cannot be killed that night." + DEATH,
        )
    )
    with pytest.raises(RulingError, match="makes no pair"):
        parse_ruleset(text, str(RULES))
