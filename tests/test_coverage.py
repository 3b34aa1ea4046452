"""`ruling coverage RULESET SOURCE`: how a ruleset holds each sentence of the GM's post it
was written from (issue 11, point 5), and the three lines it reads: `Flavour:`,
`Not modelled (REASON):` and `Source:`.

Each test writes a small source text and ruleset of its own to `tmp_path` and runs
`logic.cli.main` in-process (or the sentence splitter directly), asserting statuses,
lines and counts in full.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from logic.cli import main
from logic.lang.prose import key, read_document, split_sentences
from logic.lang.rules import NO_EFFECT, parse_ruleset

SOURCE = """\
Table of Contents
Roles
Day

Roles
Doctor: Targets a player each night. That player cannot be killed that night.
The Doctor is a healer at heart.
The Doctor picks someone to save each round.
Nobody writes this sentence down.

Day
There is then a 45 second discussion and voting period. Use this time wisely.
"""

RULESET = """\
Possible Town Roles
Doctor: Targets a player each night. That player cannot be killed that night.
Flavour: The Doctor is a healer at heart.
Source: The Doctor picks someone to save each round.
Ruling: Doctor cannot self-target.
Not modelled (real-time): There is then a 45 second discussion and voting period.
Flavour: Use this time wisely.
"""


def run(tmp_path: Path, ruleset: str, source: str, *extra: str) -> tuple[int, str, str]:
    rules = tmp_path / "game.rules"
    rules.write_text(ruleset)
    src = tmp_path / "post.txt"
    src.write_text(source)
    out, err = io.StringIO(), io.StringIO()
    code = main(["coverage", str(rules), str(src), *extra], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def as_json(tmp_path: Path, ruleset: str, source: str) -> dict[str, Any]:
    code, out, err = run(tmp_path, ruleset, source, "--json")
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def rows(result: dict[str, Any]) -> list[tuple[str, str, int | None]]:
    return [(s["text"], s["status"], s["line"]) for s in result["sentences"]]


# ----------------------------------------------------------------------------- statuses


def test_every_status_with_the_line_that_holds_it(tmp_path: Path) -> None:
    result = as_json(tmp_path, RULESET, SOURCE)
    assert rows(result) == [
        ("Doctor: Targets a player each night.", "verbatim", 2),
        ("That player cannot be killed that night.", "verbatim", 2),
        ("The Doctor is a healer at heart.", "flavour", 3),
        ("The Doctor picks someone to save each round.", "reworded", 4),
        ("Nobody writes this sentence down.", "missing", None),
        ("There is then a 45 second discussion and voting period.", "not modelled", 6),
        ("Use this time wisely.", "flavour", 7),
    ]
    assert result["counts"] == {
        "verbatim": 2,
        "reworded": 1,
        "played": 0,
        "said again": 0,
        "said again (stated)": 0,
        "not modelled": 1,
        "flavour": 2,
        "missing": 1,
        "total": 7,
    }


def test_reworded_shows_the_rewording_and_not_modelled_the_reason(tmp_path: Path) -> None:
    by_text = {s["text"]: s for s in as_json(tmp_path, RULESET, SOURCE)["sentences"]}
    reworded = by_text["The Doctor picks someone to save each round."]
    assert reworded["reworded_as"] == {"text": "Ruling: Doctor cannot self-target.", "line": 5}
    assert reworded["reason"] is None
    nm = by_text["There is then a 45 second discussion and voting period."]
    assert nm["reason"] == "real-time"
    assert nm["reworded_as"] is None
    assert by_text["Nobody writes this sentence down."]["reason"] is None


def test_json_shape(tmp_path: Path) -> None:
    result = as_json(tmp_path, RULESET, SOURCE)
    assert set(result) == {"ruleset", "source", "sentences", "counts", "sections"}
    assert result["ruleset"].endswith("game.rules") and result["source"].endswith("post.txt")
    for s in result["sentences"]:
        assert set(s) == {
            "text",
            "status",
            "line",
            "section",
            "source_line",
            "label",
            "reason",
            "played_by",
            "reworded_as",
            "said_again_on",
        }
    first = result["sentences"][0]
    assert (first["source_line"], first["label"], first["section"]) == (6, "Doctor", "Roles")
    assert [(s["section"], s["counts"]["total"]) for s in result["sections"]] == [
        ("Roles", 5),
        ("Day", 2),
    ]
    assert sum(s["counts"]["missing"] for s in result["sections"]) == 1


def test_a_verbatim_rule_wins_over_a_flavour_copy(tmp_path: Path) -> None:
    ruleset = RULESET + "Flavour: Targets a player each night.\n"
    result = as_json(tmp_path, ruleset, "Doctor: Targets a player each night.\n")
    assert rows(result) == [("Doctor: Targets a player each night.", "verbatim", 2)]


# ----------------------------------------------------------------------------- sections


def test_table_of_contents_and_headings_are_not_content(tmp_path: Path) -> None:
    result = as_json(tmp_path, RULESET, SOURCE)
    texts = [s["text"] for s in result["sentences"]]
    for heading in ("Table of Contents", "Roles", "Day"):
        assert heading not in texts
    # the contents at the top name "Roles" and "Day" again: no section holds nothing
    assert [s["section"] for s in result["sections"]] == ["Roles", "Day"]


def test_a_colon_heading_over_text_labels_it_and_the_label_picks_the_role(
    tmp_path: Path,
) -> None:
    ruleset = """\
Possible Town Roles
Doctor: Targets a player each night. Visiting role.
Possible Mafia Roles
Hooker: Targets a player each night. Visiting role.
"""
    source = """\
Roles
Hooker:
Targets a player each night. Visiting role.

Doctor:
Targets a player each night. Visiting role.
"""
    result = as_json(tmp_path, ruleset, source)
    assert [(s["label"], s["line"], s["section"]) for s in result["sentences"]] == [
        ("Hooker", 4, "Roles"),
        ("Hooker", 4, "Roles"),
        ("Doctor", 2, "Roles"),
        ("Doctor", 2, "Roles"),
    ]


def test_colon_headings_open_sections_when_there_are_no_other_headings() -> None:
    doc = read_document("Time:\n\nDays last ten minutes.\n\nVoting:\n\nVotes are public.\n")
    assert [(s.section, s.text) for s in doc] == [
        ("Time", "Days last ten minutes."),
        ("Voting", "Votes are public."),
    ]


def test_headings_are_short_title_lines_and_forum_markup_is_not_text() -> None:
    doc = read_document(
        "[b]Rule Clarifications[/b]\nMechanics are similar to the rioter\n"
        "[size=150]Voting[/size]\nVotes are public.\nThe hexes are:\n-Hex of Silence\n"
    )
    assert [(s.section, s.text) for s in doc] == [
        ("Rule Clarifications", "Mechanics are similar to the rioter"),
        ("Voting", "Votes are public."),
        ("Voting", "The hexes are:"),
        ("Voting", "-Hex of Silence"),
    ]


def test_text_tables_per_section_and_a_total(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, RULESET, SOURCE)
    assert code == 0, err
    lines = out.splitlines()
    assert any(line.strip() == "Roles" for line in lines)
    assert any(line.strip() == "Day" for line in lines)
    assert "coverage by section" in out
    total = next(line for line in lines if line.startswith("│ total"))
    assert [c.strip() for c in total.strip("│").split("│")][1:] == ["2", "1", "1", "2", "1", "7"]


# ----------------------------------------------------------------------------- comparison


@pytest.mark.parametrize(
    "written",
    [
        "7. Doctor: Targets a player each night.",
        "- doctor:   TARGETS a player  each night",
        '"Doctor: Targets a player each night."',
        "\u201cTargets a player each night.\u201d",
        "1) Targets a player each night!",
    ],
)
def test_numbering_white_space_case_and_quotes_do_not_count(tmp_path: Path, written: str) -> None:
    result = as_json(tmp_path, RULESET, f"Roles\n{written}\n")
    assert rows(result) == [(" ".join(written.split()), "verbatim", 2)]


def test_a_name_before_a_kept_sentence_does_not_count_either(tmp_path: Path) -> None:
    ruleset = RULESET + "Flavour: Mafia: The main deal. Like all members, they hide.\n"
    source = "Roles\nMafia:\nThe main deal. Like all members, they hide.\n"
    assert rows(as_json(tmp_path, ruleset, source)) == [
        ("The main deal.", "flavour", 8),
        ("Like all members, they hide.", "flavour", 8),
    ]


def test_a_different_word_is_not_verbatim(tmp_path: Path) -> None:
    result = as_json(tmp_path, RULESET, "Doctor: Targets one player each night.\n")
    assert rows(result)[0][1] == "missing"


def test_sentence_keys() -> None:
    assert key("  7.  The  DOCTOR saves. ") == "the doctor saves"
    assert key("\u201cHe said \u2018no\u2019.\u201d") == "he said 'no'"
    assert key("- 3) x") == "x"


@pytest.mark.parametrize(
    ("line", "sentences"),
    [
        # abbreviations, and "etc." before a capital
        (
            "Use a power, e.g. a kill. Vote vs. the Mafia. Save, kill, etc. Then sleep.",
            ["Use a power, e.g. a kill.", "Vote vs. the Mafia.", "Save, kill, etc.", "Then sleep."],
        ),
        # a closing quote or bracket stays with its sentence
        (
            'It says "yes." If not, nothing. (The Mafia wins.) Done!',
            ['It says "yes."', "If not, nothing.", "(The Mafia wins.)", "Done!"],
        ),
        # forum prose starts sentences in lower case; an ellipsis does not end one then
        (
            "The Guard protects. if it is done privately, wait... then act... Next one.",
            ["The Guard protects.", "if it is done privately, wait... then act...", "Next one."],
        ),
        # a date tag or a number after the stop goes with the sentence
        ("Tome role removed. [5/18/11]", ["Tome role removed. [5/18/11]"]),
        ("Kills 1. 5 players left.", ["Kills 1. 5 players left."]),
        # list numbering is not a sentence of its own; a line without a stop is one
        ("7. Tracker, Stalker", ["7. Tracker, Stalker"]),
        ("1. Everyone sleeps. Then wakes.", ["1. Everyone sleeps.", "Then wakes."]),
    ],
)
def test_sentence_splitting(line: str, sentences: list[str]) -> None:
    assert split_sentences(line) == sentences


def test_hard_wrapped_lines_are_one_sentence_and_glued_labels_are_labels() -> None:
    doc = read_document(
        "Roles\nThe Doctor saves a player\nfrom the Mafia each night.\n"
        "These roles are aligned with the Mafia: Agent:\nThe Agent is a dirty cop.\n"
    )
    assert [(s.text, s.line, s.label) for s in doc] == [
        ("The Doctor saves a player from the Mafia each night.", 2, None),
        ("These roles are aligned with the Mafia:", 4, None),
        ("The Agent is a dirty cop.", 5, "Agent"),
    ]


def test_pasted_line_numbers_are_dropped_but_list_numbers_kept() -> None:
    pasted = "\n".join(
        f"  {n}. {text}"
        for n, text in enumerate(
            ["Rules:", "", "One sentence.", "", "1) Doctor: Saves.", "", "", "", "", "", "End."], 1
        )
    )
    doc = read_document("Title\n" + pasted + "\n")
    assert [(s.section, s.text, s.label) for s in doc] == [
        ("Rules", "One sentence.", None),
        ("Rules", "1) Doctor: Saves.", "Doctor"),
        ("Rules", "End.", None),
    ]
    listed = read_document("Order\n" + "\n".join(f"{n}. Role{n}" for n in range(1, 13)) + "\n")
    assert [s.text for s in listed][:2] == ["1. Role1", "2. Role2"]


def test_a_list_number_of_thousands_of_digits_is_read_as_text(tmp_path: Path) -> None:
    """Found by the fuzzer (run 12, its first run of coverage): a line "1000...0. Doctor"
    of 4,401 digits escaped as a ValueError (Python converts at most 4,300 digits to an
    int) while looking for a pasted listing's line numbers."""
    huge = "1" + "0" * 4400
    code, out, err = run(tmp_path, RULESET, f"Rules\n{huge}. Doctor\n" + SOURCE, "--json")
    assert code == 0, err
    rows = [s["text"] for s in json.loads(out)["sentences"]]
    assert any(r.startswith(huge[:50]) for r in rows)


# ----------------------------------------------------------------------------- the ruleset lines


def test_the_ruleset_keeps_each_sentence_with_its_kind_line_and_label() -> None:
    rs = parse_ruleset(RULESET, "game.rules")
    assert [(s.kind, s.loc.line, s.label, s.text) for s in rs.sentences] == [
        ("rule", 1, None, "Possible Town Roles"),
        ("rule", 2, "Doctor", "Targets a player each night."),
        ("rule", 2, "Doctor", "That player cannot be killed that night."),
        ("flavour", 3, None, "The Doctor is a healer at heart."),
        ("source", 4, None, "The Doctor picks someone to save each round."),
        ("rule", 5, "Ruling", "Doctor cannot self-target."),
        ("not modelled", 6, None, "There is then a 45 second discussion and voting period."),
        ("flavour", 7, None, "Use this time wisely."),
    ]
    assert rs.sentences[2].loc.column == len("Doctor: Targets a player each night. ") + 1


def test_kept_lines_change_nothing_the_rules_mean() -> None:
    bare = RULESET.splitlines()[0] + "\n" + RULESET.splitlines()[1] + "\n"
    kept = "\n".join(ln for ln in RULESET.splitlines() if not ln.startswith(("Ruling", "Source")))
    assert parse_ruleset(bare) == parse_ruleset(kept + "\n")
    assert parse_ruleset(bare) != parse_ruleset(RULESET)  # the ruling is a rule


def test_free_text_runs_to_the_end_of_the_line_hash_included() -> None:
    rs = parse_ruleset(
        "Possible Town Roles\n"
        "Flavor: Post #1 is the rules (all of them): read it.\n"
        "Not modeled ( chat etiquette ): Do not whisper. Be nice\n"
        "Doctor: No special powers.\n"
    )
    kept = [(s.kind, s.reason, s.text) for s in rs.sentences if s.kind != "rule"]
    assert kept == [
        ("flavour", None, "Post #1 is the rules (all of them): read it."),
        ("not modelled", "chat etiquette", "Do not whisper."),
        ("not modelled", "chat etiquette", "Be nice"),
        # read, but deleting it changes nothing the engine does: not modelled either
        ("no effect", NO_EFFECT, "No special powers."),
    ]


def test_several_source_lines_point_at_the_next_statement() -> None:
    rs = parse_ruleset(
        "Possible Town Roles\nSource: One. Two.\n# a comment between\n\nSource: Three.\n"
        "Doctor: No special powers.\n"
    )
    sources = [(s.text, s.rewords.loc.line if s.rewords else None) for s in rs.sentences]
    assert [x for x in sources if x[1] is not None] == [("One.", 6), ("Two.", 6), ("Three.", 6)]


def test_parse_shows_the_kept_lines_marked(tmp_path: Path) -> None:
    rules = tmp_path / "game.rules"
    rules.write_text(RULESET)
    out = io.StringIO()
    assert main(["parse", str(rules)], stdout=out, stderr=io.StringIO()) == 0
    text = out.getvalue()
    assert f"  [flavour] The Doctor is a healer at heart.   [{rules}:3]" in text
    assert (
        "  [not modelled: real-time] There is then a 45 second discussion and voting period."
        f"   [{rules}:6]"
    ) in text
    assert (
        f"  [source, reworded at line 5] The Doctor picks someone to save each round.   [{rules}:4]"
        in text
    )


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("ruleset", "head", "line"),
    [
        (
            "Possible Town Roles\nDoctor: Targets a player every round.\n",
            "game.rules:2:32: unexpected 'round' in this ruleset",
            "Doctor: Targets a player every round.",
        ),
        (
            "Possible Town Roles\nFlavour:\n",
            "game.rules:2:9: the ruleset ends too early, in the middle of this line",
            "Flavour:",
        ),
        (
            "Possible Town Roles\nNot modelled: chat rules.\n",
            "game.rules:2:13: unexpected ':' in this ruleset",
            "Not modelled: chat rules.",
        ),
        (
            "Possible Town Roles\nDoctor: No special powers.\nSource: The Doctor saves.\n",
            "game.rules:3:1: this Source: line has no statement after it to reword it",
            "Source: The Doctor saves.",
        ),
        (
            "Possible Town Roles\nSource: The Doctor saves.\nFlavour: He is kind.\n",
            "game.rules:2:1: a Source: line comes just before the statement that rewords it, "
            "not before a Flavour: line",
            "Source: The Doctor saves.",
        ),
        (
            "Possible Town Roles\nDoctor: Targets a player $ each night.\n",
            "game.rules:2:26: unexpected character '$' in this ruleset",
            "Doctor: Targets a player $ each night.",
        ),
    ],
)
def test_a_bad_ruleset_is_a_located_error(
    tmp_path: Path, ruleset: str, head: str, line: str
) -> None:
    code, out, err = run(tmp_path, ruleset, SOURCE)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == head.replace("game.rules", str(tmp_path / "game.rules"))
    assert lines[1] == "    " + line
    assert "^" in lines[2]


def test_an_empty_flavour_line_says_what_was_expected(tmp_path: Path) -> None:
    _, _, err = run(tmp_path, "Possible Town Roles\nFlavour:\n", SOURCE)
    assert "expected one of: a sentence (any text to the end of the line)" in err


def test_a_missing_or_empty_source_is_bad_input(tmp_path: Path) -> None:
    code, _, err = run(tmp_path, RULESET, "   \n")
    assert code == 2 and "the source file is empty" in err
    rules = tmp_path / "game.rules"
    err_io = io.StringIO()
    missing = str(tmp_path / "nowhere.txt")
    assert main(["coverage", str(rules), missing], io.StringIO(), err_io) == 2
    assert err_io.getvalue().startswith(f"no such source file: {missing}")


def test_a_card_line_s_word_alone_holds_no_other_card_line(tmp_path: Path) -> None:
    """A role line's "Scent: Yes." holds the card's "Scent: Yes", not its "Disguise: Yes"
    (a label's one word is no sentence of its own on the ruleset's side)."""
    ruleset = RULESET.replace("that night.\n", "that night. Scent: Yes.\n", 1)
    source = "Roles\nDoctor, the Healer\nScent: Yes\nDisguise: Yes\n"
    got = {text: status for text, status, _ in rows(as_json(tmp_path, ruleset, source))}
    assert got["Scent: Yes"] == "verbatim"
    assert got["Disguise: Yes"] == "missing"
