"""`ruling casebook --deletions` (logic/commands/deletions.py): delete each sentence a
ruleset acts on and run its cases again. A small ruleset whose sentences get each of the
answers: pinned (a case fails), leaned on (the rest no longer reads), same rules (said
twice), default (says what the engine does anyway), not pinned (no case shows what it
decides)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from logic.cli import main
from logic.commands.coverage_said import check_said
from logic.commands.deletions import deletions, without
from logic.lang.case import parse_cases
from logic.lang.rules import parse_ruleset

RULES = """Ruleset: Small
Possible Town Roles
Doctor: Protects a player each night. Cannot target the same player on consecutive nights.
Cop: Checks a player each night. Learns the role of that player. Non-visiting role.
Townie: No special powers.
Possible Mafia Roles
Goon: Kills a player each night.
Core Mechanic: Visiting
Non-visiting roles: Cop.
"""

CASES = """case "the Doctor saves the Goon's target"
  ruleset: small
  players: Ann is Doctor, Bob is Goon, Cid is Townie
  night 1:
    Ann targets Cid
    Bob targets Cid
  expect:
    not Cid dies

case "the Cop learns the Goon's role"
  ruleset: small
  players: Ann is Cop, Bob is Goon, Cid is Townie
  night 1:
    Ann targets Bob
  expect:
    Ann learns "Goon"
"""


def _answers(tmp_path: Path) -> dict[str, str]:
    rules = tmp_path / "small.rules"
    rules.write_text(RULES, encoding="utf-8")
    cases = [(c, CASES) for c in parse_cases(CASES, str(tmp_path / "x.case"))]
    found = deletions(rules, cases)
    assert found.failing == [] and found.cases == 2
    return {a.sentence.text: a.answer for a in found.answers}


def test_each_sentence_gets_what_deleting_it_does(tmp_path: Path) -> None:
    got = _answers(tmp_path)
    assert got["Learns the role of that player."] == "pinned"
    # the Goon's line goes with its one sentence: the cases naming the Goon no longer bind
    assert got["Kills a player each night."] == "pinned"
    # "that player" needs the sentence before it; a limit needs the ability it limits
    assert got["Checks a player each night."] == "leaned on"
    assert got["Protects a player each night."] == "leaned on"
    # no case has the Doctor on two nights
    assert got["Cannot target the same player on consecutive nights."] == "not pinned"
    # the Cop's class is given twice: without the role line's, the rules are the same;
    # without the list, the role line still gives it, and the list says only the engine's
    # default (an ability no sentence classes visits no one: frame.NO_VISIT)
    assert got["Non-visiting role."] == "same rules"
    assert got["Non-visiting roles: Cop."] == "default"
    # headings are not asked about
    assert "Possible Town Roles" not in got and "Ruleset: Small" not in got


def test_a_sentence_alone_on_its_line_takes_the_line() -> None:
    rs = parse_ruleset(RULES, "small.rules")
    (goon,) = [s for s in rs.sentences if s.text == "Kills a player each night."]
    assert "Goon" not in without(RULES, goon)
    (limit,) = [s for s in rs.sentences if s.text.startswith("Cannot target")]
    assert "Doctor: Protects a player each night.\n" in without(RULES, limit)


def test_the_command_lists_what_no_case_pins(tmp_path: Path) -> None:
    (tmp_path / "small.rules").write_text(RULES, encoding="utf-8")
    (tmp_path / "small.case").write_text(CASES, encoding="utf-8")
    out = io.StringIO()
    code = main(["casebook", str(tmp_path), "--deletions"], stdout=out, stderr=io.StringIO())
    text = out.getvalue()
    assert code == 1, text
    assert "small.rules:3: Doctor: Cannot target the same player on consecutive nights." in text
    assert "no case notices its deletion" in text
    out = io.StringIO()
    main(["casebook", str(tmp_path), "--deletions", "--json"], stdout=out, stderr=io.StringIO())
    (one,) = json.loads(out.getvalue())["rulesets"]
    assert one["tally"]["not pinned"] == 1 and one["tally"]["pinned"] == 2
    assert one["tally"]["default"] == 1


def test_a_sentence_said_again_elsewhere_is_the_same_rules(tmp_path: Path) -> None:
    """A restriction on the role's line and a ruling that says it again (Metadata's Nosy
    Neighbor): deleting either leaves the other's, so each is `same rules`, not a sentence
    for which a case is missing; the lines after a deleted line move, and where each thing
    was said is not what it says (`meaning`)."""
    rules = tmp_path / "twice.rules"
    rules.write_text(
        "Ruleset: Twice\nPossible Town Roles\n"
        "Doctor: Protects a player each night. Must use their ability each night.\n"
        "Townie: No special powers.\nPossible Mafia Roles\nGoon: Kills a player each night.\n"
        "Rulings\nRuling: The Doctor must use their ability each night.\n",
        encoding="utf-8",
    )
    got = {a.sentence.text: a.answer for a in deletions(rules, []).answers}
    assert got["Must use their ability each night."] == "same rules"
    assert got["The Doctor must use their ability each night."] == "same rules"
    assert got["Kills a player each night."] == "not pinned"  # (no case at all here)


def test_a_suggested_case_pins_the_sentence(tmp_path: Path) -> None:
    """`--suggest`: for a sentence no case pins, a case (found as `ruling diff` finds a
    change) that expects what the sentence makes happen and keeps from happening; added to
    the casebook, it pins the sentence. A sentence whose difference no case can show (roles
    not duplicated: without it the rules deal what they refuse) says why instead."""
    rules = tmp_path / "small.rules"
    rules.write_text(
        "Ruleset: Small\nSetup\n- Roles will not be duplicated\nPossible Town Roles\n"
        "Doctor: Targets a player each night. That player cannot be killed that night.\n"
        "Townie: No special powers.\nPossible Mafia Roles\nGoon: Kills a player each night.\n",
        encoding="utf-8",
    )
    found = deletions(rules, [], suggest=30)
    got = {a.sentence.text: a for a in found.answers}
    save = got["That player cannot be killed that night."]
    assert save.answer == "not pinned" and "expect:" in save.suggestion, save.suggestion
    assert "dies" in save.suggestion  # (as "not X dies")
    cases = [(c, save.suggestion) for c in parse_cases(save.suggestion, str(tmp_path / "s.case"))]
    again = {a.sentence.text: a.answer for a in deletions(rules, cases).answers}
    assert again["That player cannot be killed that night."] == "pinned"
    unique = got["- Roles will not be duplicated"]
    assert unique.answer == "not pinned" and "no case can pin it" in unique.suggestion


def test_a_line_number_is_printed_as_written(tmp_path: Path) -> None:
    """`file:100: ...` is not rich's emoji code `:100:` (Trouble Brewing's line 100 came out
    as an emoji): the command's console prints no emoji codes."""
    padded = RULES.replace("Ruleset: Small\n", "Ruleset: Small\n" + "# -\n" * 97)
    assert padded.split("\n")[99].startswith("Doctor:")
    (tmp_path / "small.rules").write_text(padded, encoding="utf-8")
    (tmp_path / "small.case").write_text(CASES, encoding="utf-8")
    out = io.StringIO()
    main(["casebook", str(tmp_path), "--deletions"], stdout=out, stderr=io.StringIO())
    assert "small.rules:100: Doctor: Cannot target" in out.getvalue(), out.getvalue()


def test_a_said_again_line_is_what_deleting_calls_the_same_rules(tmp_path: Path) -> None:
    """The ruling that says the Doctor's restriction again, kept on a `Said again (line
    3):` line instead (`ruling coverage`'s status, tests/test_coverage_said.py): coverage
    reads it on the Doctor's line and finds the rules unchanged, as deleting it above
    answers `same rules`; `--deletions` deletes the sentences the ruleset acts on, and a
    said-again line is none (the restriction is its role line's alone now)."""
    text = (
        "Ruleset: Twice\nPossible Town Roles\n"
        "Doctor: Protects a player each night. Must use their ability each night.\n"
        "Townie: No special powers.\nPossible Mafia Roles\nGoon: Kills a player each night.\n"
        "Said again (line 3): The Doctor must use their ability each night.\n"
    )
    rules = tmp_path / "twice.rules"
    rules.write_text(text, encoding="utf-8")
    said = check_said(parse_ruleset(text, str(rules)), text)
    assert [s.status for s in said.values()] == ["said again"]
    got = {a.sentence.text: a.answer for a in deletions(rules, []).answers}
    assert "The Doctor must use their ability each night." not in got
    assert got["Must use their ability each night."] == "not pinned"  # (no case at all here)
