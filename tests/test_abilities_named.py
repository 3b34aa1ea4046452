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


def test_a_card_naming_no_section_is_a_warning() -> None:
    """A card's name that no section defines and the line does not give gives nothing: a
    warning at the name (file:line), with the sections' names and the nearest one."""
    rs = load_ruleset(RULES)
    assert rs.warnings == ()
    text = TEXT.replace("Ran: Night action: Heal.", "Ran: Night action: Heal, Blok.")
    (w,) = parse_ruleset(text, str(RULES)).warnings
    assert w.loc.line == 10 and w.loc.column == text.split("\n")[9].index("Blok") + 1
    assert "'Blok'" in w.message and "(sections: Block, Heal)" in w.message
    assert w.hint == "'Block'"
    far = parse_ruleset(TEXT.replace("Ran: Night action: Heal.", "Ran: Night action: Zap."))
    (w,) = far.warnings
    assert w.hint is None and "add an 'Ability Zap: Role with action: Ran. ...'" in w.message


def test_dctp_cards_naming_no_section() -> None:
    """DCTP: no card names an ability no section gives. (Bourbon's "Detect" did, until
    Detect was defined once, R66; Satou's "Detention", until its section, R72; the warning
    itself: test_a_card_naming_no_section_is_a_warning.)"""
    rs = load_ruleset(Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia.rules")
    assert sorted((w.loc.line, w.message.split("'")[2]) for w in rs.warnings) == []


def test_a_section_naming_a_role_it_lists_is_about_each_holder() -> None:
    """A section's sentence naming one of the roles it lists ("Eisuke ...") is about the
    holder of the ability on each line it is given to (Asami's too); naming a role it does
    not list is refused, the message saying the sentence comes from the section."""
    named = TEXT.replace(
        "Eisuke, Asami. Targets a player each night. That player is roleblocked",
        "Eisuke, Asami. Eisuke targets a player each night. That player is roleblocked",
    )
    rs = parse_ruleset(named, str(RULES))
    assert rs.role("Asami") == load_ruleset(RULES).role("Asami")
    other = named.replace("Eisuke targets a player", "Ran targets a player")
    with pytest.raises(RulingError, match=r"comes from the section of Block \(line 15\)"):
        parse_ruleset(other, str(RULES))
