"""A ruling's own words are how the GM put it, not what it means: `ruling parse` prints what
each ruling does where it acts (a restriction marked "(ruling)", who sees visits, an order
or an outcome under Rulings), and benchmarks/bench_language.py compares meanings without
the ruling's words."""

from __future__ import annotations

import sys
from pathlib import Path

from logic.lang.rules import parse_ruleset
from logic.report import ruleset_lines

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_language import meaning  # noqa: E402

RULES = """Ruleset: X
Possible Town Roles
Doctor: Protects a player each night.
Hooker: Roleblocks a player each night.
Rulings
Ruling: {ruling}
"""


def lines(ruling: str) -> list[str]:
    return ruleset_lines(parse_ruleset(RULES.format(ruling=ruling), "x.rules"))


def test_a_ruling_in_other_words_means_the_same() -> None:
    plain = lines("The Doctor cannot target himself.")
    said = lines("The Doctor is not allowed to protect himself.")
    assert plain != said  # the words are printed for the user
    assert meaning(plain) == meaning(said)


def test_a_ruling_that_does_something_else_does_not() -> None:
    plain = lines("The Doctor cannot target himself.")
    other = lines("The Hooker cannot target himself.")
    assert meaning(plain) != meaning(other)


def test_what_an_outcome_ruling_does_is_printed_under_its_words() -> None:
    out = lines("If two users roleblock each other, all actions fail.")
    at = out.index("Rulings:")
    assert out[at + 1].startswith("  Ruling: If two users roleblock each other")
    assert out[at + 2].startswith(
        "  outcome: if two players roleblock each other, all actions fail"
    )
