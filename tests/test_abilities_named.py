"""Abilities defined once and given to roles by name (grammar/ruleset.lark's ability_def and
gives, logic/lang/assemble/given.py): a section's sentences act for every role its list or
a card gives them to, deleting one of them changes what those roles do, and a section and
a card that disagree are a finding of `ruling check` naming both sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.casebook import run_case
from logic.commands.check import Checker
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Ruleset

RULES = Path(__file__).parent / "rulesets" / "abilities-named.rules"
TEXT = RULES.read_text(encoding="utf-8")

CASE = """case "Eisuke's card and Asami's section give the one Block"
  ruleset: abilities-named.rules
  players: Ann is Eisuke, Bob is Asami, Cid is Ran, Dee is Vodka
  night 1:
    Ann uses Block on Dee
    Bob uses Block on Cid
  expect:
    Dee is roleblocked
    Cid is roleblocked
"""


def abilities(rs: Ruleset, role: str) -> list[str]:
    r = rs.role(role)
    assert r is not None
    return [a.name for a in r.abilities]


def passes(text: str) -> bool:
    (case,) = parse_cases(CASE, str(RULES))
    return run_case(parse_ruleset(text, str(RULES)), case, CASE).passed


def test_one_section_acts_for_two_roles() -> None:
    assert passes(TEXT)
    rs = load_ruleset(RULES)
    for role in ("Eisuke", "Asami"):
        r = rs.role(role)
        assert r is not None
        (block,) = [a for a in r.abilities if a.name == "Block"]
        assert block.why.loc.line == 15  # the section's sentence, cited where it is written


def test_deleting_the_sections_sentence_changes_both_roles() -> None:
    assert not passes(TEXT.replace(" That player is roleblocked that night.", "", 1))


def test_deleting_the_giving_sentence_takes_the_ability() -> None:
    # Asami has Block by the section's list only (her card names Heal): the case's line
    # "Bob uses Block on Cid" names an ability she no longer has
    text = TEXT.replace("Roles with action: Eisuke, Asami.", "Roles with action: Eisuke.", 1)
    with pytest.raises(RulingError, match="Block"):
        passes(text)


def test_a_card_alone_gives_it() -> None:
    rs = load_ruleset(RULES)
    assert abilities(rs, "Ran") == ["Heal"]
    no_card = parse_ruleset(TEXT.replace("Ran: Night action: Heal.", "Ran: No special powers."))
    assert abilities(no_card, "Ran") == []


def test_disagreements_are_findings_naming_both_sentences() -> None:
    found = Checker(load_ruleset(RULES), players=4, timeout=60).run(("contradiction",)).findings
    named = sorted((f.roles, tuple(w.loc.line for w in f.sentences)) for f in found)
    assert named == [(("Asami",), (15, 9)), (("Ran",), (10, 16))]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Ability Block: Role with action: Ran. Targets a player each night.", "defined twice"),
        ("Ability Watch: Role with action: Kaito. Targets a player each night.", "'Kaito'"),
    ],
)
def test_refused(line: str, message: str) -> None:
    with pytest.raises(RulingError, match=message):
        parse_ruleset(TEXT + line + "\n", str(RULES))
