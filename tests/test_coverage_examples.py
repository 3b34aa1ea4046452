"""`ruling coverage` and the GM's worked examples (issue 28 item 10): an
`Example (FILE "TITLE", ...):` line keeps source sentences that cases of the casebook play;
their status is `played`, a column of its own, and `coverage` fails (exit 2, at the
title's line and column) when a case it names is not found or plays another ruleset.

Each test writes a small ruleset, source and case file of its own to `tmp_path` and runs
`logic.cli.main` in-process.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from logic.cli import main
from logic.lang.rules import parse_ruleset

SOURCE = """\
Roles
Doctor: Targets a player each night. That player cannot be killed that night.
Example: Ann is shot and healed. Ann lives.
"""

RULESET = """\
Possible Town Roles
Doctor: Targets a player each night. That player cannot be killed that night.
Possible Mafia Roles
Goon: Targets a player each night to kill.
Example (game/doctor.case "the healed target lives"): Example: Ann is shot and healed. Ann lives.
"""

CASES = """\
case "the healed target lives"
  ruleset: game
  players: Ann is Doctor, Bob is Goon, Cid is Doctor
  night 1:
    Bob targets Ann
    Cid targets Ann
  expect:
    Ann survives
"""


def run(tmp_path: Path, ruleset: str, cases: str = CASES, *extra: str) -> tuple[int, str, str]:
    (tmp_path / "game.rules").write_text(ruleset)
    (tmp_path / "post.txt").write_text(SOURCE)
    (tmp_path / "game").mkdir(exist_ok=True)
    (tmp_path / "game" / "doctor.case").write_text(cases)
    out, err = io.StringIO(), io.StringIO()
    argv = ["coverage", str(tmp_path / "game.rules"), str(tmp_path / "post.txt"), *extra]
    code = main(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_an_example_line_is_played_in_a_column_of_its_own(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, RULESET, CASES, "--json")
    assert code == 0, err
    result = json.loads(out)
    played = [(s["text"], s["status"], s["line"], s["played_by"]) for s in result["sentences"]]
    by = [{"file": "game/doctor.case", "case": "the healed target lives"}]
    assert played[-2:] == [
        ("Example: Ann is shot and healed.", "played", 5, by),
        ("Ann lives.", "played", 5, by),
    ]
    assert result["counts"] == {
        "verbatim": 2,
        "reworded": 0,
        "played": 2,
        "said again": 0,
        "said again (stated)": 0,
        "not modelled": 0,
        "flavour": 0,
        "missing": 0,
        "total": 4,
    }


def test_the_table_names_the_case(tmp_path: Path) -> None:
    code, out, err = run(tmp_path, RULESET)
    assert code == 0, err
    assert "│ played " in out and "(played by" in out and "doctor.case" in out


def test_the_line_is_kept_and_names_its_cases(tmp_path: Path) -> None:
    text = RULESET.replace(
        '(game/doctor.case "the healed target lives")',
        '(game/doctor.case "the healed target lives", "B"; other.case "C")',
    )
    rs = parse_ruleset(text, "game.rules")
    example = [s for s in rs.sentences if s.kind == "example"]
    assert [s.text for s in example] == ["Example: Ann is shot and healed.", "Ann lives."]
    assert [(r.file, r.title, r.loc.line, r.loc.column) for r in example[0].plays] == [
        ("game/doctor.case", "the healed target lives", 5, 27),
        ("game/doctor.case", "B", 5, 54),
        ("other.case", "C", 5, 70),
    ]
    # an example acts on nothing: the same rules without the line
    without = parse_ruleset(text.replace(text.splitlines()[-1], ""), "game.rules")
    assert without.roles == rs.roles


def test_a_case_not_found_fails_at_its_title(tmp_path: Path) -> None:
    text = RULESET.replace('"the healed target lives"', '"the healed target dies"')
    code, _out, err = run(tmp_path, text)
    assert code == 2
    assert f"{tmp_path / 'game.rules'}:5:27: game/doctor.case has no case" in err
    assert "'the healed target dies'" in err
    assert 'did you mean: "the healed target lives"' in err


def test_a_case_file_not_found_fails(tmp_path: Path) -> None:
    code, _out, err = run(tmp_path, RULESET.replace("game/doctor.case", "game/nurse.case"))
    assert code == 2
    assert f"{tmp_path / 'game.rules'}:5:26: no case file 'game/nurse.case'" in err


def test_a_case_of_another_ruleset_fails(tmp_path: Path) -> None:
    (tmp_path / "other.rules").write_text(RULESET)
    code, _out, err = run(tmp_path, RULESET, CASES.replace("ruleset: game", "ruleset: other"))
    assert code == 2
    assert "plays the ruleset 'other', not this one" in err
