"""Hostile and malformed input, one test per class the fuzzing harness found (issue 13):
each is a located error (exit 2, `file:line:col`, the line, a caret), an answer within its
time budget, or, for a bug, exit 4 with one line and no traceback.

The inputs are the casebook's own files with one thing changed, as the fuzzer made them.
"""

from __future__ import annotations

import io
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from logic import cli
from logic.cli import main

ROOT = Path(__file__).resolve().parents[1]
METADATA = ROOT / "casebook" / "metadata-mafia.rules"
ANN = ROOT / "casebook" / "metadata-mafia" / "ann.obs"
CASE = """\
case "t"
  ruleset: metadata-mafia
  players: Ann is Jailer, Bob is Hooker, Cid is Doctor
  night 1:
    Ann targets Bob
  expect:
    Bob is roleblocked
"""


@dataclass
class Out:
    code: int
    out: str
    err: str
    seconds: float

    @property
    def lines(self) -> list[str]:
        return self.err.split("\n")

    def caret_under(self) -> str:
        """The text the caret underlines in the quoted source line."""
        source, caret = self.lines[1][4:], self.lines[2][4:]
        start = caret.index("^")
        return source[start : start + caret.count("^")]


def ruling(*argv: str | Path) -> Out:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    code = main([str(a) for a in argv], stdout=out, stderr=err)
    return Out(code, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8", newline="")
    return p


def test_a_second_players_line_in_observations_is_located_not_a_visit_error(
    tmp_path: Path,
) -> None:
    """The located error was built inside a Lark transformer and escaped wrapped in
    `VisitError`; now the transformer's one handler unwraps it."""
    text = ANN.read_text().replace("  factions:", "  players: Ann, Bob\n  factions:", 1)
    r = ruling("solve", METADATA, write(tmp_path, "dup.obs", text))
    assert r.code == 2
    assert r.lines[0].endswith(": a second 'players:' line (the first is on line 3)")
    assert r.caret_under() == "p"


@pytest.mark.parametrize(
    "line",
    ["night {n}:", "  Ann's action fails on night {n}"],
)
def test_numbers_past_the_limit_are_located_before_any_work(tmp_path: Path, line: str) -> None:
    """5,000-digit numbers used to escape (Python's int() limit); 99999 nights ran for
    minutes. Every number is checked on the tokens right after parsing."""
    big = "9" * 5000
    text = CASE.replace("night 1:", line.format(n=big) if line == "night {n}:" else "night 1:")
    if "fails" in line:
        text += line.format(n=big) + "\n"
    r = ruling("resolve", METADATA, write(tmp_path, "big.case", text))
    assert r.code == 2, r.err
    assert "is too large (numbers here are at most 9,999)" in r.lines[0]
    assert set(r.caret_under()) == {"9"}


def test_huge_tier_number_in_a_ruleset_is_located(tmp_path: Path) -> None:
    text = METADATA.read_text().replace("1. Jailer", "1" + "0" * 4400 + ". Jailer")
    r = ruling("parse", write(tmp_path, "r.rules", text))
    assert r.code == 2 and "is too large" in r.lines[0]
    assert r.lines[0].startswith(f"{tmp_path / 'r.rules'}:")


def test_solve_refuses_a_ninth_night_before_building_it(tmp_path: Path) -> None:
    text = ANN.read_text() + "  night 40: Bob died\n"
    r = ruling("solve", METADATA, write(tmp_path, "late.obs", text), "--timeout", "5")
    assert r.code == 2
    assert "at most 8 nights, not night 40" in r.lines[0]
    assert r.caret_under() == "40"
    assert r.seconds < 5


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_every_line_ending_reads_alike(tmp_path: Path, ending: str) -> None:
    """A file with carriage-return-only line endings used to read as one line."""
    case = write(tmp_path, "c.case", CASE.replace("\n", ending))
    r = ruling("casebook", case)
    assert r.code == 0, r.err + r.out
    assert "1 passed, 0 failed" in r.out


def test_a_nul_byte_is_shown_on_its_line_with_a_caret(tmp_path: Path) -> None:
    case = write(tmp_path, "c.case", CASE.replace("Bob is roleblocked", "Bob\x00 dies").encode())
    r = ruling("resolve", METADATA, case)
    assert r.code == 2
    assert (
        r.lines[0]
        == f"{case}:7:8: this looks like a binary file, not a scenario (it holds NUL bytes)"
    )
    assert r.lines[1] == "        Bob\N{SYMBOL FOR NULL} dies"
    assert r.caret_under() == "\N{SYMBOL FOR NULL}"


def test_an_expectation_error_puts_the_caret_under_the_name(tmp_path: Path) -> None:
    """Casebook expectation errors used to put the caret 4 columns right of the word."""
    case = write(tmp_path, "c.case", CASE.replace("Bob is roleblocked", "Zed is roleblocked"))
    write(tmp_path, "metadata-mafia.rules", METADATA.read_text())
    r = ruling("casebook", case)
    assert r.code == 2
    assert r.lines[0] == f"{case}:7:5: 'Zed' is not a player in this case"
    assert r.caret_under().startswith("Z")


def test_files_that_are_not_regular_are_refused_before_reading(tmp_path: Path) -> None:
    """/dev/zero was read whole before its size was checked; a FIFO blocked for ever."""
    r = ruling("solve", METADATA, "/dev/zero")
    assert r.code == 2 and "not a regular file" in r.lines[0]
    fifo = tmp_path / "fifo.obs"
    os.mkfifo(fifo)
    r = ruling("solve", METADATA, fifo)
    assert r.code == 2 and r.lines[0].startswith(f"{fifo}: not a regular file")
    assert r.seconds < 5


def test_a_file_over_the_limit_is_refused_from_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.rules"
    with big.open("wb") as f:
        f.truncate(50_000_000)  # sparse: its size is known without writing it
    r = ruling("parse", big)
    assert r.code == 2 and "is 50.0 MB; the limit is 1 MB" in r.lines[0]


def test_a_name_too_long_for_the_file_system(tmp_path: Path) -> None:
    r = ruling("parse", tmp_path / ("a" * 300 + ".rules"))
    assert r.code == 2 and r.lines[0].startswith("cannot read ruleset file")


def test_a_case_naming_a_ruleset_too_long_for_the_file_system(tmp_path: Path) -> None:
    """Found by the long fuzz run: `ruleset: <300 letters>` in a case made `casebook` exit 4
    (File name too long while looking for the ruleset); it is a located exit 2."""
    case = tmp_path / "c.case"
    case.write_text(f'case "x"\n  ruleset: {"x" * 300}\n  players: Ann is Doctor\n')
    r = ruling("casebook", case)
    assert r.code == 2 and r.lines[0].startswith(f"{case}:2:3: cannot find the ruleset"), r.err
    assert r.code == 2 and ruling("casebook", tmp_path / ("a" * 300 + ".case")).code == 2


@pytest.mark.parametrize("value", ["1e308", "inf", "nan", "-1", "0"])
def test_bad_timeouts_are_rejected_cleanly(value: str) -> None:
    r = ruling("check", METADATA, "--timeout", value)
    assert r.code == 2
    assert r.lines[0].startswith("--timeout must be")


def test_check_timeout_bounds_the_whole_command() -> None:
    """`check --timeout 1` bounded each query, not the command (a 200-role ruleset ran
    for 360 s); now what is left when it runs out is reported unknown."""
    r = ruling("check", METADATA, "--players", "4", "--timeout", "1")
    assert r.seconds < 15, r.seconds
    assert "unknown (the command's --timeout ran out)" in r.out


def test_an_empty_ruling_is_located() -> None:
    r = ruling("ask", METADATA, "  \n")
    assert r.code == 2 and r.lines[0] == "<ruling>:1:1: the ruling is empty"


def test_an_error_on_the_second_line_of_a_ruling_names_that_line() -> None:
    two = "Nosy Neighbor must visit each night.\nRuling: If the Wizard targets the Hooker, the Hooker dies."
    r = ruling("ask", METADATA, two)
    assert r.code == 2
    assert r.lines[0].startswith("<ruling>:2:16: 'Wizard' is not a role"), r.err
    assert r.lines[1] == "    Ruling: If the Wizard targets the Hooker, the Hooker dies."
    assert r.caret_under() == "Wizard"


def test_an_internal_error_is_exit_4_one_line_and_no_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def boom(*args: object) -> int:
        raise KeyError("a bug")

    monkeypatch.setattr(cli, "_run", boom)
    monkeypatch.delenv("RULING_DEBUG", raising=False)
    r = ruling("parse", METADATA)
    assert r.code == cli.INTERNAL_ERROR == 4
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
    assert r.err.startswith("ruling: internal error (a bug, exit 4): KeyError")
    monkeypatch.setenv("RULING_DEBUG", "1")
    r = ruling("parse", METADATA)
    assert r.code == 4 and "Traceback" in r.err


def test_every_help_gives_its_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse prints help on sys.stdout (captured here). Each command's help lists the
    exit codes that command uses, and no other (serve's once repeated the top level's)."""
    uses = {
        "parse": "024",
        "coverage": "024",
        "draft": "024",
        "resolve": "024",
        "casebook": "0124",
        "check": "01234",
        "ask": "024",
        "diff": "01234",
        "solve": "01234",
        "serve": "024",
    }
    for command, codes in uses.items():
        assert ruling(command, "--help").code == 0
        out = capsys.readouterr().out
        assert "exit codes:" in out and "  2  bad input" in out, command
        assert "  4  internal error" in out, command
        listed = re.findall(r"^  (\d)  ", out.split("exit codes:")[1], re.M)
        assert "".join(listed) == codes, (command, listed)
    assert ruling("--help").code == 0
    top = capsys.readouterr().out
    assert "  3  unknown:" in top and "  4  internal error" in top


def test_a_pool_too_small_for_the_factions_is_located(tmp_path: Path) -> None:
    """`solve --sample` drew from an empty prior (IndexError) when the pool could not seat
    the players; the setup is now checked when the observations are bound."""
    text = ANN.read_text().replace("Hooker, Hacker", "Hooker")
    text = text.replace("players: Ann, Bob, Cid, Dee", "players: Ann, Bob, Cid, Dee, Eve, Fay")
    text = "\n".join(x for x in text.split("\n") if "claims:" not in x)
    obs = write(tmp_path, "pool.obs", text)
    r = ruling("solve", METADATA, obs, "--sample", "10", "--timeout", "5")
    assert r.code == 2, r.err
    assert r.lines[0].endswith(
        "5 Town player(s), but the pool has 4 Town role(s) (roles are not duplicated)"
    )
    assert r.caret_under() == "f"


def test_a_fact_repeated_thousands_of_times_is_one_fact(tmp_path: Path) -> None:
    """`solve --suggest` ran for minutes on one fact written 2,000 times (a switch each);
    equal facts are now one fact, and more than 200 different facts are refused."""
    text = ANN.read_text()
    line = next(x for x in text.split("\n") if x.strip().startswith("night 1:"))
    obs = write(tmp_path, "rep.obs", text.replace(line, "\n".join([line] * 2000)))
    r = ruling("solve", METADATA, obs, "--timeout", "5", "--suggest")
    assert r.code in (0, 1, 3), r.err
    assert r.seconds < 60


def test_a_ruling_repeated_thousands_of_times_is_refused_at_parse(tmp_path: Path) -> None:
    """`diff --timeout 0.2` built symbolic nights for 30 s on 2,000 copies of one ruling
    (found by the fuzzer); a ruleset has at most 500 statements, checked after parsing."""
    lines = METADATA.read_text().split("\n")
    i = next(k for k, x in enumerate(lines) if x.startswith("Ruling: Visiting"))
    rules = write(tmp_path, "rep.rules", "\n".join(lines[:i] + [lines[i]] * 2000 + lines[i + 1 :]))
    r = ruling("diff", METADATA, rules, "--players", "3", "--timeout", "0.2")
    assert r.code == 2
    assert "more than 500 statements in this ruleset" in r.lines[0]
    assert r.lines[1] == "    " + lines[i]
    assert r.seconds < 10
