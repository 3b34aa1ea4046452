"""`ruling coverage` and sentences the GM says again (issue 28): a `Said again (line N):`
line keeps a source sentence that repeats a ruling line N reads. `coverage` reads the
sentence as if written on line N: it must give rules line N gives and leave the rules as
they are (`said again`, a column of its own); where the language does not read it there,
the line must say why it is the same ruling (`said again (stated)`, counted apart). A
pointer at a line that reads no ruling, a sentence that adds to the rules, or one that
reads another line's rule is bad input (exit 2, at file:line:col).

Each test writes a small ruleset and source to `tmp_path` and runs `logic.cli.main`
in-process (a parse of the small ruleset each).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from logic.cli import main
from logic.commands.coverage_said import check_said
from logic.commands.deletions import deletions
from logic.lang.rules import parse_ruleset

SOURCE = """\
Roles
Doctor: Targets a player each night. That player cannot be killed that night.
Goon: Targets a player each night to kill.
Rulings
Their target cannot be killed that night.
A healed player lives through the night.
"""

RULESET = """\
Possible Town Roles
Doctor: Targets a player each night. That player cannot be killed that night.
Possible Mafia Roles
Goon: Targets a player each night to kill.
Said again (line 2): Their target cannot be killed that night.
"""

STATED = (
    "Said again (line 2; the Doctor's save in other words: a healed player is not killed): "
    "A healed player lives through the night.\n"
)


def run(tmp_path: Path, ruleset: str, *extra: str) -> tuple[int, str, str]:
    (tmp_path / "game.rules").write_text(ruleset)
    (tmp_path / "post.txt").write_text(SOURCE)
    out, err = io.StringIO(), io.StringIO()
    argv = ["coverage", str(tmp_path / "game.rules"), str(tmp_path / "post.txt"), *extra]
    code = main(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def statuses(tmp_path: Path, ruleset: str) -> tuple[list[tuple[str, str, int | None]], dict]:
    code, out, err = run(tmp_path, ruleset, "--json")
    assert code == 0, err
    result = json.loads(out)
    got = [(s["text"], s["status"], s["line"]) for s in result["sentences"]]
    return got, result


def test_a_true_pointer_is_said_again_in_a_column_of_its_own(tmp_path: Path) -> None:
    got, result = statuses(tmp_path, RULESET + STATED)
    assert got[-2:] == [
        ("Their target cannot be killed that night.", "said again", 5),
        ("A healed player lives through the night.", "said again (stated)", 6),
    ]
    assert result["counts"] == {
        "verbatim": 3,
        "reworded": 0,
        "played": 0,
        "said again": 1,
        "said again (stated)": 1,
        "not modelled": 0,
        "flavour": 0,
        "missing": 0,
        "total": 5,
    }
    said = [s for s in result["sentences"] if s["status"].startswith("said again")]
    assert [s["said_again_on"] for s in said] == [[2], [2]]
    assert said[0]["reason"] is None
    assert said[1]["reason"].startswith("the Doctor's save in other words")


def test_the_table_names_the_line_that_reads_it(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, RULESET + STATED)
    assert code == 0, err
    assert "said again" in out and "(read on line 2)" in out


def test_a_pointer_by_the_text_of_the_line(tmp_path: Path) -> None:
    text = RULESET.replace("(line 2)", '("That player cannot be killed that night.")')
    got, _ = statuses(tmp_path, text)
    assert got[-2][1:] == ("said again", 5)


def test_a_pointer_at_a_line_that_reads_no_ruling_fails_where_it_is_written(
    tmp_path: Path,
) -> None:
    for line, what in (("3", "is a heading"), ("9", "past the end")):
        code, _out, err = run(tmp_path, RULESET.replace("(line 2)", f"(line {line})"))
        assert code == 2
        assert f"{tmp_path / 'game.rules'}:5:13: line {line}" in err and what in err
    kept = RULESET + "Not modelled (chat): Talk freely.\n"
    code, _out, err = run(tmp_path, kept.replace("(line 2)", "(line 6)"))
    assert code == 2
    assert "line 6 is a not modelled line, not a line that reads a ruling" in err


def test_a_quoted_sentence_the_ruleset_does_not_read_fails_with_the_nearest(
    tmp_path: Path,
) -> None:
    text = RULESET.replace("(line 2)", '("That player cannot be killed that day.")')
    code, _out, err = run(tmp_path, text)
    assert code == 2
    assert f"{tmp_path / 'game.rules'}:5:13: no sentence the ruleset reads is" in err
    assert 'did you mean: "That player cannot be killed that night."' in err


def test_a_sentence_that_adds_a_condition_is_refused(tmp_path: Path) -> None:
    # "Cannot target themselves." reads on the Doctor's line: a condition his line does not
    # give (a restriction on his target)
    text = RULESET.replace("Their target cannot be killed that night.", "Cannot target themselves.")
    code, _out, err = run(tmp_path, text)
    assert code == 2
    assert f"{tmp_path / 'game.rules'}:5:22: says more than line 2 reads" in err
    # with a reason written, still refused: the language reads it, and it adds
    text = text.replace("(line 2)", "(line 2; the same save)")
    code, _out, err = run(tmp_path, text)
    assert code == 2 and "says more than line 2 reads" in err


def test_a_sentence_that_repeats_another_line_is_refused(tmp_path: Path) -> None:
    text = RULESET.replace(
        "Said again", "Players cannot target themselves unless their role says so.\nSaid again"
    ).replace("Their target cannot be killed that night.", "Cannot target themselves.")
    code, _out, err = run(tmp_path, text)
    assert code == 2
    assert "reads a rule line 2 does not give (NoSelfTarget; it is what line 5 reads)" in err


def test_an_unread_sentence_needs_its_reason_and_a_word_in_common(tmp_path: Path) -> None:
    bare = "Said again (line 2): A healed player lives through the night.\n"
    code, _out, err = run(tmp_path, RULESET + bare)
    assert code == 2
    assert f"{tmp_path / 'game.rules'}:6:22: does not read as if written on line 2" in err
    assert "say why it is the same ruling" in err
    # a reason, but pointing at the Goon's line: no word in common
    other = "Said again (line 4; the save): A healed player lives to see the morning.\n"
    code, _out, err = run(tmp_path, RULESET + other)
    assert code == 2
    assert "shares no word with line 4" in err


def test_said_again_is_what_deletions_calls_same_rules(tmp_path: Path) -> None:
    """`ruling casebook --deletions` answers "same rules" for a sentence said twice: the
    sentence `coverage` counts said again, written as a rule on its line, is one; the
    sentence it refuses is not."""
    for said, same in (
        ("Their target cannot be killed that night.", True),
        ("Cannot target themselves.", False),
    ):
        text = RULESET.splitlines()
        text[1] += f" {said}"
        path = tmp_path / "game.rules"
        path.write_text("\n".join(text[:4]) + "\n")
        answers = {a.sentence.text: a.answer for a in deletions(path, []).answers}
        assert (answers[said] == "same rules") is same
        code, _out, _err = run(tmp_path, RULESET.replace(RULESET.splitlines()[-1][21:], said))
        assert (code == 0) is same


def test_a_said_again_line_changes_nothing_the_rules_mean() -> None:
    rs = parse_ruleset(RULESET + STATED, "game.rules")
    without = parse_ruleset("\n".join(RULESET.splitlines()[:4]) + "\n", "game.rules")
    assert rs.roles == without.roles
    said = [s for s in rs.sentences if s.kind == "said again"]
    assert [(s.repeats[0].line, s.reason) for s in said] == [
        (2, None),
        (2, "the Doctor's save in other words: a healed player is not killed"),
    ]


ABILITY = """\
Possible Town Roles
Ability Protect: Role with action: Doctor. The protected player cannot be killed that night.
Doctor: Night action: Protect. Scent: No.
Possible Mafia Roles
Goon: Targets a player each night to kill.
"""


def said_on(tmp_path: Path, line: int, sentence: str, why: str = "") -> tuple[int, str, str]:
    reason = f"; {why}" if why else ""
    return run(tmp_path, ABILITY + f"Said again (line {line}{reason}): {sentence}\n", "--json")


def statuses_of(line: int, sentence: str, why: str) -> list[str]:
    text = ABILITY + f"Said again (line {line}; {why}): {sentence}\n"
    return [s.status for s in check_said(parse_ruleset(text, "game.rules"), text).values()]


def test_a_card_line_on_its_role_s_line_is_said_again(tmp_path: Path) -> None:
    code, _out, err = said_on(tmp_path, 3, "Night action: Protect.")
    assert code == 0, err
    assert statuses_of(3, "Night action: Protect.", "his card") == ["said again"]


def test_rules_merged_into_another_line_s_are_kept_on_a_reason(tmp_path: Path) -> None:
    # written on the ability's own line, the card line gives no node of its own (the
    # assembly merges it) and its reading is not one of that line's: nothing to compare
    code, _out, err = said_on(tmp_path, 2, "Night action: Protect.")
    assert code == 2
    assert "read, but it gives no rule of its own to compare with the line's" in err
    code, _out, err = said_on(tmp_path, 2, "Night action: Protect.", "the Doctor's protection")
    assert code == 0, err
    stated = statuses_of(2, "Night action: Protect.", "the Doctor's protection")
    assert stated == ["said again (stated)"]


def test_a_rule_of_another_line_is_refused_even_with_a_reason(tmp_path: Path) -> None:
    code, _out, err = said_on(tmp_path, 2, "Scent: No.", "the Doctor's scent")
    assert code == 2
    assert "reads a rule line 2 does not give (Scent" in err
