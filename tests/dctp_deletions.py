"""The pieces DCTP's deletion tests share (tests/test_dctp_day.py, _items.py, _travel.py,
_rotation.py, _bribe.py, _betrayal.py, _abduct.py, _blame.py): the ruleset without a
ruling's sentence (on every line, or on its role's line only), and the test that deleting it
changes the case it decides (a ruling acts because its sentence says so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
DCTP = ROOT / "casebook" / "dctp-mini-mafia.rules"


def without(sentence: str) -> str:
    """DCTP's text with each line of `sentence` deleted, on every line that says it."""
    text = DCTP.read_text(encoding="utf-8")
    for one in sentence.split("\n"):
        assert one in text, one
        text = text.replace(one, "")
    return text


def without_line(sentence: str) -> str:
    """DCTP's text without the line that is `sentence` alone (its first such line)."""
    text = DCTP.read_text(encoding="utf-8")
    assert f"\n{sentence}\n" in text
    return text.replace(f"\n{sentence}\n", "\n", 1)


def without_on(role: str, sentence: str) -> str:
    """DCTP's text with each line of `sentence` deleted from `role`'s line only (the
    not-modelled lines that quote it are left as they are: one of them may be nothing
    else, and deleting it would leave a line that does not read)."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith(f"{role}: ")]
    for one in sentence.split("\n"):
        assert one in lines[at], one
        lines[at] = lines[at].replace(" " + one, "")
    return "\n".join(lines)


def case_of(case_file: Path, title: str) -> tuple[Any, str]:
    """The case of `case_file` titled `title`, and the file's text."""
    cases_text = case_file.read_text(encoding="utf-8")
    (case,) = [c for c in parse_cases(cases_text, str(case_file)) if c.title == title]
    return case, cases_text


def deleting_changes(case_file: Path, title: str, rules: str, refused_counts: bool = True) -> None:
    """The case passes under DCTP and fails under `rules` (DCTP without a sentence); with
    `refused_counts`, a ruleset or case the deletion leaves unreadable (the rulings after
    it add to no ability, the case names an ability no longer there) counts as noticed."""
    case, cases_text = case_of(case_file, title)
    assert run_case(load_ruleset(DCTP), case, cases_text).passed
    if not refused_counts:
        assert not run_case(parse_ruleset(rules, str(DCTP)), case, cases_text).passed, title
        return
    try:
        result = run_case(parse_ruleset(rules, str(DCTP)), case, cases_text)
    except RulingError:
        return
    assert not result.passed, title
