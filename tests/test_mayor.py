"""A Mayor who reveals himself, as role PMs say it ("You may reveal yourself as the Mayor
during the day. Once revealed, your vote counts as three."): a day ability with no target
whose use is public (day.py's Public: every player is told his role, and he is marked
`shown` for good), and a vote weight that holds once the role is shown (vote.py's
VoteWeight `shown`). `resolve` shows it, that day and the days after; deleting either
sentence undoes it; `check` runs the symbolic day over it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_immunities import determined

from logic.commands.check import Checker
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "mayor.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Mayor, Bob is Townie, Cid is Townie, Dee is Goon, Eve is Goon, Fay is Townie\n"
VOTES = "    Ann votes Dee\n    Dee votes Bob\n    Eve votes Bob\n"
REVEAL = " You may reveal yourself as the Mayor during the day."
WEIGHT = " Once revealed, your vote counts as three."


def _atoms(body: str, rs: Any = RS) -> set[str]:
    return determined(rs, PLAYERS + body)


def test_before_he_reveals_his_vote_counts_once() -> None:
    assert "Bob is lynched" in _atoms("  day 1:\n" + VOTES)


def test_revealed_his_vote_counts_three_times_and_all_are_told() -> None:
    atoms = _atoms("  day 1:\n    Ann uses reveal\n" + VOTES)
    assert "Dee is lynched" in atoms, atoms
    assert {f'{p} learns "Ann is the Mayor"' for p in ("Bob", "Fay")} <= atoms, atoms


def test_the_reveal_lasts_into_the_next_days() -> None:
    day1 = "  day 1:\n    Ann uses reveal\n  night 1:\n    Dee kills Fay\n"
    assert "Dee is lynched" in _atoms(day1 + "  day 2:\n" + VOTES)


def test_without_the_sentences_nothing_changes_the_vote() -> None:
    no_weight = parse_ruleset(PATH.read_text().replace(WEIGHT, ""), str(PATH))
    assert "Bob is lynched" in _atoms("  day 1:\n    Ann uses reveal\n" + VOTES, no_weight)
    text = PATH.read_text().replace(REVEAL, "")
    no_reveal = parse_ruleset(text, str(PATH))
    assert not no_reveal.role("Mayor").abilities  # type: ignore[union-attr]


def test_check_searches_the_days_reveal() -> None:
    """`check --nights 2` searches the day between with the reveal (a ruleset that does
    not say how a lynch goes leaves it out, 'not checked'), and ends within its bound."""
    report = Checker(RS, players=3, timeout=60, nights=2).run(("ambiguous", "dead rule"))
    assert not report.unknown, report.unknown
    assert not [s for s in report.skipped if "reveal" in s], report.skipped
