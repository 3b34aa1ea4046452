"""Bad input: every mistake a writer can make gets `file:line:col: message`, the source line,
a caret under the offending words and, for parse errors, the forms that would have been
accepted in the writer's words; exit code 2; never a Python traceback.
(DESIGN.md "Error handling"; STYLE.md practices 3, 4 and 11.)

A problem with a whole file (missing, a folder, empty, too large) has no line to point at,
so its message names the file alone. Argument errors name `ruling`, as argparse does.

Each test writes its input to `tmp_path`, runs `logic.cli.main` in-process, and pins the
head line exactly and the caret by the text it underlines.
"""

from __future__ import annotations

import io
import random
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from logic.cli import main
from logic.lang.errors import RulingError

REPO_ROOT = Path(__file__).resolve().parents[1]
METADATA = REPO_ROOT / "casebook" / "metadata-mafia.rules"

# The first three lines of a case against Metadata Mafia (roles are not duplicated there).
CASE = """\
case "bad input"
  ruleset: metadata-mafia
  players: Ann is Jailer, Bob is Hooker, Cid is Doctor, Dee is Vanilla Townie
"""

TOWN = """\
Possible Town Roles
Doctor: Targets a player each night. That player cannot be killed that night.
"""


# ----------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Report:
    """What the CLI printed on stderr for one bad input."""

    text: str

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @property
    def head(self) -> str:
        return self.lines[0]

    @property
    def source(self) -> str:
        """The quoted source line (indented by four spaces under the head)."""
        assert self.lines[1].startswith("    "), self.text
        return self.lines[1][4:]

    @property
    def caret(self) -> tuple[int, int]:
        """(1-based column, width) of the `^^^` under the source line."""
        line = self.lines[2]
        assert line.startswith("    ") and set(line.strip()) == {"^"}, self.text
        col = line.index("^") - 4 + 1
        return col, line.count("^")

    @property
    def underlined(self) -> str:
        col, width = self.caret
        return self.source[col - 1 : col - 1 + width]

    @property
    def expected(self) -> str:
        """The `expected one of:` line, without its label."""
        found = [x for x in self.lines if x.startswith("expected one of: ")]
        assert found, self.text
        return found[0].removeprefix("expected one of: ")


def line_of_text(path: Path, text: str) -> int:
    """The 1-based line of `path` holding `text` (so tests survive edits above it)."""
    return next(n for n, line in enumerate(Path(path).read_text().splitlines(), 1) if text in line)


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def ruling(*argv: str | Path) -> Report:
    """Run `ruling ARGV...` on bad input: it must exit 2 and print no traceback."""
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], stdout=out, stderr=err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert code == 2, f"exit {code}\nstdout:\n{out.getvalue()}\nstderr:\n{err.getvalue()}"
    assert err.getvalue().strip(), "no message on stderr"
    return Report(err.getvalue())


def resolve_night(tmp_path: Path, *lines: str) -> tuple[Path, Report]:
    """Resolve a one-night case against Metadata Mafia; `lines` go under `night 1:`."""
    body = CASE + "  night 1:\n" + "".join(f"    {x}\n" for x in lines)
    case = write(tmp_path, "bad.case", body)
    return case, ruling("resolve", METADATA, case)


# ----------------------------------------------------------------------------- names in cases


def test_unknown_role_in_players(tmp_path: Path) -> None:
    """The writer gives a player a role the ruleset does not have (`Bob is Wizard`)."""
    case = write(
        tmp_path,
        "bad.case",
        'case "t"\n  players: Ann is Jailer, Bob is Wizard, Cid is Doctor\n',
    )
    r = ruling("resolve", METADATA, case)
    assert r.head == f"{case}:2:34: 'Wizard' is not a role of Metadata Mafia"
    assert r.source == "  players: Ann is Jailer, Bob is Wizard, Cid is Doctor"
    assert r.caret == (34, 6)
    assert r.underlined == "Wizard"
    assert r.expected.startswith("Vanilla Townie, Parity Cop, Tracker,")
    assert "Jailer" in r.expected


def test_unknown_ability(tmp_path: Path) -> None:
    """The writer names an ability the role does not have (`Ann uses Frobnicate on Bob`)."""
    case, r = resolve_night(tmp_path, "Ann uses Frobnicate on Bob")
    assert r.head == f"{case}:5:14: Jailer has no ability called 'Frobnicate'"
    assert r.source == "    Ann uses Frobnicate on Bob"
    assert r.caret == (14, 10)
    assert r.expected == "target"


def test_target_not_a_player(tmp_path: Path) -> None:
    """The writer targets someone missing from the players line (`Ann targets Zed`)."""
    case, r = resolve_night(tmp_path, "Ann targets Zed")
    assert r.head == f"{case}:5:17: 'Zed' is not a player in this case"
    assert r.source == "    Ann targets Zed"
    assert r.caret == (17, 3)
    assert r.expected == "Ann, Bob, Cid, Dee"


def test_target_name_inside_actor_name(tmp_path: Path) -> None:
    """The writer targets `Ann`, who is not a player, from a player called `Anna`."""
    case = write(
        tmp_path,
        "bad.case",
        'case "t"\n  players: Anna is Jailer, Bob is Hooker\n  night 1:\n    Anna targets Ann\n',
    )
    r = ruling("resolve", METADATA, case)
    assert r.head == f"{case}:4:18: 'Ann' is not a player in this case"
    assert r.caret == (18, 3)


def test_two_targets_for_one_target_ability(tmp_path: Path) -> None:
    """The writer gives the Jailer two targets (`Ann targets Bob and Cid`)."""
    case, r = resolve_night(tmp_path, "Ann targets Bob and Cid")
    assert r.head == f"{case}:5:9: Jailer's target takes one target, but this line gives 2"
    assert r.source == "    Ann targets Bob and Cid"
    assert r.underlined == "targets"


def test_vote_in_night_block(tmp_path: Path) -> None:
    """The writer puts a day vote under `night 1:` (`Ann votes Bob`)."""
    case, r = resolve_night(tmp_path, "Ann votes Bob")
    assert r.head == f"{case}:5:9: votes belong in a 'day N:' block"
    assert r.source == "    Ann votes Bob"
    assert r.caret == (9, 5)


def test_duplicated_role_when_roles_are_unique(tmp_path: Path) -> None:
    """The writer casts two Doctors, but the ruleset says `Roles will not be duplicated`."""
    case = write(
        tmp_path,
        "bad.case",
        'case "t"\n  players: Ann is Doctor, Bob is Hooker, Cid is Doctor\n',
    )
    r = ruling("resolve", METADATA, case)
    assert r.head == (
        f"{case}:2:42: Ann and Cid are both Doctor, but the ruleset says roles are not "
        f"duplicated ({METADATA}:{line_of_text(METADATA, 'Roles will not be duplicated')})"
    )
    assert r.source == "  players: Ann is Doctor, Bob is Hooker, Cid is Doctor"
    assert r.underlined == "Cid"


def test_case_names_missing_ruleset(tmp_path: Path) -> None:
    """The writer's case names a ruleset that is nowhere to be found (`ruling casebook`)."""
    case = write(
        tmp_path,
        "bad.case",
        'case "t"\n  ruleset: no-such-ruleset\n  players: Ann is Doctor\n',
    )
    r = ruling("casebook", case)
    assert r.head.startswith(f"{case}:2:3: cannot find the ruleset 'no-such-ruleset' (")
    assert r.source == "  ruleset: no-such-ruleset"
    assert r.caret[0] == 3


# ----------------------------------------------------------------------------- case syntax


def test_misspelt_keyword_in_case(tmp_path: Path) -> None:
    """The writer misspells `targets` in a case (`Ann targts Bob`)."""
    case, r = resolve_night(tmp_path, "Ann targts Bob")
    assert r.head == f"{case}:5:9: unexpected 'targts' in this case file"
    assert r.source == "    Ann targts Bob"
    assert r.caret == (9, 6)
    # the word closest to the misspelling first, then the others in order
    assert r.expected == '"targets", "decides", "does", "excludes", "kills", "uses", "votes"'


def test_case_stops_mid_line(tmp_path: Path) -> None:
    """The writer's case file stops after `Ann targets`, with no target and no newline."""
    case = write(tmp_path, "bad.case", CASE + "  night 1:\n    Ann targets")
    r = ruling("resolve", METADATA, case)
    assert r.head == f"{case}:5:16: the case file ends too early, in the middle of this line"
    assert r.source == "    Ann targets"
    assert r.caret == (16, 1)
    assert r.expected == "a name"


def test_case_file_of_comments_only(tmp_path: Path) -> None:
    """The writer gives a case file that holds only a comment."""
    case = write(tmp_path, "bad.case", "# to do: write the case\n")
    r = ruling("resolve", METADATA, case)
    assert r.head == f"{case}:1:24: the case file ends too early"
    assert '"case"' in r.expected and '"players"' in r.expected


def test_unclosed_quote(tmp_path: Path) -> None:
    """The writer forgets the closing quote of a case title."""
    case = write(tmp_path, "bad.case", 'case "Jailer first\n  players: Ann is Jailer\n')
    r = ruling("resolve", METADATA, case)
    assert r.head == f'{case}:1:6: this quoted text has no closing " on its line'
    assert r.caret == (6, 1)


def test_caret_under_tab_indented_line(tmp_path: Path) -> None:
    """The writer indents with a tab; the caret must still sit under the bad word."""
    case = write(tmp_path, "bad.case", CASE + "  night 1:\n\tAnn targts Bob\n")
    r = ruling("resolve", METADATA, case)
    assert r.head == f"{case}:5:6: unexpected 'targts' in this case file"
    assert r.lines[1] == "    \tAnn targts Bob"
    assert r.lines[2] == "    \t    ^^^^^^"


# ----------------------------------------------------------------------------- rulesets


def test_misspelt_keyword_in_ruleset(tmp_path: Path) -> None:
    """The writer misspells `Targets` in a role sentence (`Targts a player each night.`)."""
    rules = write(tmp_path, "bad.rules", TOWN + "Cop: Targts a player each night.\n")
    r = ruling("parse", rules)
    assert r.head == f"{rules}:3:6: unexpected 'Targts' in this ruleset"
    assert r.source == "Cop: Targts a player each night."
    assert r.caret == (6, 6)
    assert '"targets"' in r.expected and '"checks"' in r.expected
    assert r.expected.startswith('"targets", ')  # the likely meaning first
    assert "__ANON" not in r.text and "NAME" not in r.text


def test_priority_names_unknown_role(tmp_path: Path) -> None:
    """The writer lists a role in `Role Priority` that the ruleset never defines."""
    rules = write(
        tmp_path,
        "bad.rules",
        TOWN + "Jailer: Targets a player each night. That player is roleblocked.\n\n"
        "Role Priority\n1. Jailer\n2. Doctor, Wizard\n",
    )
    r = ruling("parse", rules)
    assert r.head == (
        f"{rules}:7:12: 'Wizard' is not a role of this ruleset (roles: Doctor, Jailer)"
    )
    assert r.source == "2. Doctor, Wizard"
    assert r.caret[0] == 12


def test_role_defined_twice(tmp_path: Path) -> None:
    """The writer defines the Doctor twice; the message points at both definitions."""
    rules = write(tmp_path, "bad.rules", TOWN + "Doctor: No special powers.\n")
    r = ruling("parse", rules)
    assert r.head == f"{rules}:3:1: the role 'Doctor' is defined twice"
    assert r.source == "Doctor: No special powers."
    assert r.caret[0] == 1
    assert f"  {rules}:2:1: defined here first" in r.lines


def test_role_before_faction_heading(tmp_path: Path) -> None:
    """The writer puts a role sentence above any `Possible ... Roles` heading."""
    rules = write(tmp_path, "bad.rules", "Doctor: Targets a player each night.\n" + TOWN)
    r = ruling("parse", rules)
    assert r.head == (
        f"{rules}:1:1: the role 'Doctor' has no faction: put it under a heading such as "
        "'Possible Town Roles', or say it ('You are aligned with the Town.')"
    )
    assert r.source == "Doctor: Targets a player each night."


def test_a_sentence_that_adds_to_an_effect_no_sentence_gives(tmp_path: Path) -> None:
    """The writer keeps Turtle's "The target is informed that they are roleblocked" but
    drops the sentence that makes the role block: the told sentence alone gave the role a
    roleblock (and Turtle's Redirector redirected with its "redirected toward the other
    player" sentence deleted, so `diff` called that deletion no change)."""
    rules = write(
        tmp_path,
        "bad.rules",
        TOWN + "Roleblocker: The target is informed that they are roleblocked, even if it would "
        "have no effect.\n",
    )
    r = ruling("parse", rules)
    assert r.head == (
        f"{rules}:3:14: this sentence adds to the role's roleblock, but no sentence of the "
        "role gives it"
    )
    assert r.underlined == "T"


def test_role_line_moved_into_a_faction_section(tmp_path: Path) -> None:
    """The writer moves a role's line under the "Alignments:" heading (found by the fuzzer:
    Turtle's Zombie moved there escaped as an internal error)."""
    rules = write(
        tmp_path,
        "bad.rules",
        TOWN
        + "Alignments:\n"
        + "Zombie: Once it dies, it is given one nightkill to use whenever it likes.\n",
    )
    r = ruling("parse", rules)
    assert r.head.startswith(f"{rules}:4:")
    assert "this sentence gives an ability, but it is not in a role's definition" in r.head
    assert "Once it dies" in r.source


def test_ruleset_stops_mid_sentence(tmp_path: Path) -> None:
    """The writer's ruleset stops in the middle of its last sentence."""
    rules = write(
        tmp_path, "bad.rules", TOWN + "Cop: Checks a player each night. Learns the role of"
    )
    r = ruling("parse", rules)
    assert r.head == f"{rules}:3:52: the ruleset ends too early, in the middle of this line"
    assert r.source == "Cop: Checks a player each night. Learns the role of"
    assert r.caret == (52, 1)
    assert (
        r.expected == '"her", "his", "that", "the", "their"'
    )  # "of that player", "of their target"


def test_sentence_without_full_stop_mid_file_reads(tmp_path: Path) -> None:
    """A GM leaves the full stop off a role's last sentence: the clause language reads it
    (forum posts often do), and the next line is read as ever."""
    rules = write(
        tmp_path, "ok.rules", TOWN + "Cop: Checks a player each night\nMiller: No special powers.\n"
    )
    out = io.StringIO()
    assert main(["parse", str(rules)], stdout=out, stderr=io.StringIO()) == 0
    assert "checks a player each night" in out.getvalue()


def test_sentence_unfinished_mid_file(tmp_path: Path) -> None:
    """The writer leaves a role sentence unfinished on a line in the middle of the file."""
    rules = write(tmp_path, "bad.rules", TOWN + "Cop: Checks a\nMiller: No special powers.\n")
    r = ruling("parse", rules)
    assert r.head == f"{rules}:3:14: this line ends too early"
    assert r.caret == (14, 1)
    assert '"player"' in r.expected


def test_error_after_form_feed_shows_its_own_line(tmp_path: Path) -> None:
    """The writer's ruleset holds a form feed; the quoted line must still be the bad one."""
    rules = write(tmp_path, "bad.rules", TOWN + "\f\nCop: Targts a player each night.\n")
    r = ruling("parse", rules)
    assert r.head == f"{rules}:4:6: unexpected 'Targts' in this ruleset"
    assert r.source == "Cop: Targts a player each night."


# ----------------------------------------------------------------------------- unreadable files


def test_empty_file(tmp_path: Path) -> None:
    """The writer gives an empty ruleset file."""
    rules = write(tmp_path, "empty.rules", "")
    assert ruling("parse", rules).text == f"{rules}: the ruleset file is empty\n"


def test_whitespace_only_file(tmp_path: Path) -> None:
    """The writer gives a case file of blank lines, spaces and tabs."""
    case = write(tmp_path, "blank.case", "  \n\t\n   \n")
    r = ruling("resolve", METADATA, case)
    assert r.text == f"{case}: the scenario file is empty (it holds only blank space)\n"


def test_binary_garbage(tmp_path: Path) -> None:
    """The writer gives a PNG image (random bytes with NULs) as a ruleset."""
    data = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + random.Random(7).randbytes(4096)
    rules = write(tmp_path, "picture.rules", data)
    r = ruling("parse", rules)
    assert (
        r.head == f"{rules}:3:1: this looks like a binary file, not a ruleset (it holds NUL bytes)"
    )
    assert r.source.startswith("\N{SYMBOL FOR NULL}" * 3)  # NULs shown, so the caret has a line
    assert r.caret == (1, 1)


def test_invalid_utf8(tmp_path: Path) -> None:
    """The writer saves a ruleset as Latin-1; the column counts characters, not bytes."""
    data = "Possible Town Roles\n# — r".encode() + b"\xf4le de la ville\n"
    rules = write(tmp_path, "latin1.rules", data)
    r = ruling("parse", rules)
    assert r.head == (
        f"{rules}:2:6: the ruleset file is not UTF-8 text (byte 0xf4); save it as UTF-8"
    )
    assert r.source == "# — r\ufffdle de la ville"
    assert r.caret == (6, 1)


def test_invalid_utf8_after_byte_order_mark(tmp_path: Path) -> None:
    """The writer's file starts with a UTF-8 byte order mark and has a stray Latin-1 byte."""
    data = b"\xef\xbb\xbfPossible Town Roles\nCaf\xe9: No special powers.\n"
    rules = write(tmp_path, "bom.rules", data)
    r = ruling("parse", rules)
    assert (
        r.head == f"{rules}:2:4: the ruleset file is not UTF-8 text (byte 0xe9); save it as UTF-8"
    )
    assert r.caret == (4, 1)


def test_five_megabyte_file(tmp_path: Path) -> None:
    """The writer gives a 5 MB file (a log, a dump) where a ruleset belongs."""
    line = "Vanilla Townie: No special powers.\n"
    rules = write(tmp_path, "huge.rules", line * (5 * 2**20 // len(line)))
    r = ruling("parse", rules)
    assert r.text == (
        f"{rules}: the ruleset file is 5.2 MB; the limit is 1 MB (is this the right file?)\n"
    )


def test_missing_file(tmp_path: Path) -> None:
    """The writer names a ruleset file that does not exist."""
    rules = tmp_path / "nosuch.rules"
    assert ruling("parse", rules).text == f"no such ruleset file: {rules}\n"


def test_folder_given_as_file(tmp_path: Path) -> None:
    """The writer gives a folder where a case file belongs."""
    folder = tmp_path / "cases"
    folder.mkdir()
    r = ruling("resolve", METADATA, folder)
    assert r.text == f"{folder} is a folder, not a scenario file\n"


# ----------------------------------------------------------------------------- arguments


def test_unknown_subcommand() -> None:
    """The writer types a command `ruling` does not have."""
    r = ruling("frobnicate", "x.rules")
    assert r.head.startswith("ruling: argument command: invalid choice: 'frobnicate'")
    assert "parse" in r.head and "resolve" in r.head and "casebook" in r.head
    assert r.lines[-1] == "Try 'ruling --help'."


def test_no_subcommand() -> None:
    """The writer runs `ruling` with no command at all."""
    r = ruling()
    assert r.head == "ruling: the following arguments are required: command"


def test_bad_option(tmp_path: Path) -> None:
    """The writer passes an option `ruling parse` does not know."""
    rules = write(tmp_path, "ok.rules", TOWN)
    r = ruling("parse", "--bogus", rules)
    assert r.head == "ruling: unrecognized arguments: --bogus"
    assert r.lines[-1] == "Try 'ruling --help'."


def test_timeout_zero(tmp_path: Path) -> None:
    """The writer asks for a zero-second time budget."""
    case = write(tmp_path, "ok.case", CASE + "  night 1:\n    Ann targets Bob\n")
    r = ruling("resolve", METADATA, case, "--timeout", "0")
    assert r.text == "--timeout must be a positive number of seconds, not 0\n"


def test_timeout_not_a_number(tmp_path: Path) -> None:
    """The writer gives `--timeout` a word instead of a number."""
    case = write(tmp_path, "ok.case", CASE + "  night 1:\n    Ann targets Bob\n")
    r = ruling("resolve", METADATA, case, "--timeout", "ten")
    assert r.head == "ruling resolve: argument --timeout: invalid float value: 'ten'"


def test_timeout_nan(tmp_path: Path) -> None:
    """The writer gives `--timeout nan`, which is not a positive number of seconds."""
    case = write(tmp_path, "ok.case", CASE + "  night 1:\n    Ann targets Bob\n")
    r = ruling("resolve", METADATA, case, "--timeout", "nan")
    assert r.text == "--timeout must be a positive number of seconds, not nan\n"


def test_expectation_without_a_phase(tmp_path: Path) -> None:
    """The writer puts `expect:` straight after the players (found by the fuzzer: it
    escaped as an IndexError from `ruling casebook`)."""
    case = write(tmp_path, "ok.case", CASE + "  expect:\n    Ann survives\n")
    r = ruling("casebook", case)
    assert "ok.case:5:5: this case has no night or day" in r.head
    assert r.lines[1].strip() == "Ann survives"


def test_resolve_timeout_bounds_the_whole_file(tmp_path: Path) -> None:
    """--timeout bounds every case of the file together, not each phase (found by the
    fuzzer: 110 cases of Turtle's at --timeout 0.2 ran 30 s): the late ones are unknown."""
    one = CASE.replace('"bad input"', '"case {k}"') + "  night 1:\n    Ann targets Bob\n"
    case = write(tmp_path, "many.case", "\n".join(one.format(k=k) for k in range(100)))
    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    code = main(["resolve", str(METADATA), str(case), "--timeout", "0.001"], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    assert time.process_time() - start < 10
    assert "unknown (the command's --timeout ran out)" in out.getvalue()


# ----------------------------------------------------------------------------- silently accepted


def test_player_acts_twice_in_a_night(tmp_path: Path) -> None:
    """The writer gives the Jailer two actions in one night."""
    case, r = resolve_night(tmp_path, "Ann targets Bob", "Ann targets Cid")
    assert r.head.startswith(f"{case}:6:5: ")
    assert r.underlined == "Ann"


def test_own_kill_twice_in_a_night(tmp_path: Path) -> None:
    """The writer gives BYOND's Rogue (a role with a kill of its own) two kills in one
    night (found by the fuzzer: 2,001 such lines built a night for 12 s at `--timeout
    0.3`). A role's own kill is an ability like any other, once a phase."""
    byond = REPO_ROOT / "casebook" / "byond-mafia.rules"
    body = (
        'case "two kills"\n  ruleset: byond-mafia\n'
        "  players: Ann is Mafia, Rog is Rogue, Bob is Citizen\n"
        "  night 1:\n    Rog kills Ann\n    Rog kills Bob\n"
    )
    case = write(tmp_path, "bad.case", body)
    r = ruling("resolve", byond, case)
    assert (
        r.head
        == f"{case}:6:5: Rog already uses kill in this night (line 5); one action per ability a phase"
    )
    assert r.underlined == "Rog"


def test_sample_from_a_setup_whose_facts_clash(tmp_path: Path) -> None:
    """`solve --sample` where the observation file's own setup has no world at all (the
    observer is the Godfather, "0 Mafia"; found by the fuzzer: an IndexError from the
    draw). It answers as `solve` does: no world, and the facts that clash."""
    src = (REPO_ROOT / "casebook" / "turtle-chat-mafia" / "killer.obs").read_text()
    assert "factions: 1 Mafia" in src
    obs = write(tmp_path, "o.obs", src.replace("factions: 1 Mafia", "factions: 0 Mafia"))
    out, err = io.StringIO(), io.StringIO()
    rules = REPO_ROOT / "casebook" / "turtle-chat-mafia.rules"
    code = main(["solve", str(rules), str(obs), "--sample", "20"], stdout=out, stderr=err)
    assert code == 1, err.getvalue()
    assert "no world is consistent" in out.getvalue()
    assert "factions: 0 Mafia" in out.getvalue()


def test_same_night_twice(tmp_path: Path) -> None:
    """The writer opens `night 1:` twice in one case."""
    body = CASE + "  night 1:\n    Ann targets Bob\n  night 1:\n    Ann targets Cid\n"
    case = write(tmp_path, "bad.case", body)
    r = ruling("resolve", METADATA, case)
    assert r.head.startswith(f"{case}:6:3: ")
    assert r.caret[0] == 3


def test_nights_out_of_order(tmp_path: Path) -> None:
    """The writer puts `night 1:` after `night 2:`."""
    body = CASE + "  night 2:\n    Ann targets Bob\n  night 1:\n    Ann targets Cid\n"
    case = write(tmp_path, "bad.case", body)
    r = ruling("resolve", METADATA, case)
    assert r.head.startswith(f"{case}:6:3: ")


def test_casebook_copy_of_good_ruleset_still_parses(tmp_path: Path) -> None:
    """Control: the good ruleset, copied beside a case, is found, so the failures above
    come from the mistakes and not from the fixtures."""
    shutil.copy(METADATA, tmp_path / "metadata-mafia.rules")
    case = write(tmp_path, "ok.case", CASE + "  night 1:\n    Ann targets Bob\n")
    out, err = io.StringIO(), io.StringIO()
    assert main(["casebook", str(case)], stdout=out, stderr=err) == 0, err.getvalue()
    assert main(["resolve", str(METADATA), str(case)], stdout=io.StringIO(), stderr=err) == 0


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("Barman: Canoodles with one person each night.", "Canoodles"),
        ("Bus: Targets a player each night. Alive players are fun.", "Alive"),
    ],
)
def test_an_unreadable_word_is_shown_whole_not_split_by_a_keyword(line: str, word: str) -> None:
    """The frame grammar's lexer reads the keyword "can" in "Canoodles" and "a" in
    "Alive": its error would point at "oodles"; the error names the whole word."""
    from logic.lang.rules import parse_ruleset

    with pytest.raises(RulingError) as e:
        parse_ruleset(f"Ruleset: P\nPossible Town Roles\n{line}\n", "p.rules")
    assert f"unexpected {word!r}" in e.value.message
    assert e.value.loc is not None and line[e.value.loc.column - 1 :].startswith(word)


POST = """[b]Mini Normal - The Manor[/b]

[b]Rules[/b]
- Days last 5 days or until a majority is reached.
- Dead players may not post.

[b]Town[/b]
Doctor: Each night, you may choose one player to protect.
"""


def test_a_forum_post_given_to_parse_points_to_draft(tmp_path: Path) -> None:
    """A post pasted where a ruleset goes: every unread line reported, then one word on
    the whole: `ruling draft` is the way in. A ruleset with errors gets no such word."""
    post = tmp_path / "post.txt"
    post.write_text(POST)
    out, err = io.StringIO(), io.StringIO()
    assert main(["parse", str(post)], stdout=out, stderr=err) == 2
    text = err.getvalue()
    assert text.count(f"{post}:") >= 3
    assert f"`ruling draft {post}`" in text.splitlines()[-1]
    plain = tmp_path / "plain.rules"
    plain.write_text(
        "Ruleset: P\nPossible Town Roles\nDoctor: Protects a player each nite.\n"
        "Cop: Checks a player each nite.\n"
    )
    err = io.StringIO()
    assert main(["parse", str(plain)], stdout=io.StringIO(), stderr=err) == 2
    assert "ruling draft" not in err.getvalue()
