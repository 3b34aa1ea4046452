"""Public and private use by day (logic/effects/manner.py, R28 of the werewolf pool): a
case line's `publicly` / `privately`, and what the source says when its sentences are
gone (the host's open choice: `ambiguous`, not a settled default)."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "werewolf-pool.rules"
RS = load_ruleset(RULES)

SHOT = """case "shot"
  players: Ann is Hunter, Bob is Guard, Cid is Alpha, Dee is Seer, Eve is Thug
  day 1:
    Cid votes Dee
    Ann uses kill on Cid {manner}
    Eve votes Cid
    Ann votes Cid
    Bob votes Cid
"""

BLOCK = """case "block"
  players: Ann is Blocker (Werewolf), Bob is Rioter (Village), Cid is Alpha, Dee is Seer, Eve is Thug
  day 1:
    Ann targets Bob {manner}
    Bob targets Cid
    Cid votes Dee
    Eve votes Eve
    Dee votes Eve
"""


def _without(sentence: str) -> object:
    text = RULES.read_text(encoding="utf-8")
    assert sentence in text
    return parse_ruleset(text.replace(sentence, "Flavour: " + sentence, 1), str(RULES))


def _verdict(rs: object, text: str) -> tuple[str, set[str]]:
    (case,) = parse_cases(text, "m.case")
    res = resolve(rs, case, text)  # type: ignore[arg-type]
    lynched = {str(a) for o in res.outcomes() for a in o.atoms if a.kind == "lynched"}
    return res.verdict, lynched


def test_the_manner_is_read_from_the_case_line() -> None:
    (case,) = parse_cases(SHOT.format(manner="publicly"), "m.case")
    (line,) = [x for x in case.phases[0].lines if x.verb == "uses"]
    assert (line.ability, line.targets, line.manner) == ("kill", ("Cid",), "public")
    (case,) = parse_cases(SHOT.format(manner=""), "m.case")
    (line,) = [x for x in case.phases[0].lines if x.verb == "uses"]
    assert line.manner is None


def test_a_night_line_is_not_public_or_private() -> None:
    text = (
        'case "night"\n  players: Ann is Seer, Cid is Alpha\n  night 1:\n'
        "    Ann targets Cid privately\n"
    )
    (case,) = parse_cases(text, "m.case")
    with pytest.raises(RulingError, match="public or private by day"):
        resolve(RS, case, text)


def test_public_and_private_shots_part() -> None:
    assert _verdict(RS, SHOT.format(manner="publicly")) == ("determined", set())
    assert _verdict(RS, SHOT.format(manner="privately")) == ("determined", {"Cid is lynched"})
    assert _verdict(RS, SHOT.format(manner="")) == ("determined", {"Cid is lynched"})


@pytest.mark.parametrize(
    "sentence",
    [
        "When done publicly, their effect is immediate, if applicable.",
        "9. Dual-nature - These roles can be used publicly or privately.",
    ],
)
def test_without_the_public_sentences_the_public_shot_is_open(sentence: str) -> None:
    """Without "When done publicly, ...", when a public use takes effect is not said;
    without the Dual-nature definition, whether the Hunter may shoot publicly is not."""
    verdict, lynched = _verdict(_without(sentence), SHOT.format(manner="publicly"))
    assert verdict == "ambiguous"
    assert lynched == {"Cid is lynched"}  # in one outcome (the shot at the deadline or void)


def test_without_the_private_sentence_the_private_shot_is_open() -> None:
    rs = _without(
        "If performed privately, their effect takes place at the next day/night deadline, "
        "if applicable."
    )
    assert _verdict(rs, SHOT.format(manner="privately"))[0] == "ambiguous"


def test_a_private_only_power_used_publicly() -> None:
    assert _verdict(RS, BLOCK.format(manner="publicly")) == ("determined", {"Dee is lynched"})
    assert _verdict(RS, BLOCK.format(manner="privately")) == ("determined", {"Eve is lynched"})
    rs = _without("8. Private - These roles are only valid actions when PMed to the GM.")
    assert _verdict(rs, BLOCK.format(manner="publicly"))[0] == "ambiguous"
