"""The prep phase, before night 1, for any ruleset: a case's `prep:` block (played as night
0), its own abilities ("Before the first night, ...", "Prep action: NAME."), used then and
only then; and the couple kind's pairs it makes (logic/effects/couple.py), carried to the
nights and days after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.resolve import check_expectation, resolve
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset
from logic.model.ir import Frequency

RULES = Path(__file__).parent / "rulesets" / "prep.rules"
PLAYERS = "players: Ann is Cupid, Bob is Townie, Cid is Doctor, Dee is Goon, Eve is Townie, Fay is Matchmaker"


def _run(body: str) -> tuple[str, list[bool]]:
    text = f'case "t"\n  {PLAYERS}\n{body}'
    (case,) = parse_cases(text)
    res = resolve(load_ruleset(RULES), case, text)
    return res.verdict, [check_expectation(res, e)[0] for e in case.expectations]


def test_the_abilities_of_the_prep_phase() -> None:
    rs = load_ruleset(RULES)
    assert [a.frequency for a in rs.role("Cupid").abilities] == [Frequency.PREP]
    (match,) = rs.role("Matchmaker").abilities
    assert (match.name, match.frequency, match.targets) == ("Matchmaking", Frequency.PREP, 3)
    assert Frequency.PREP.allows(0, 0) and not Frequency.PREP.allows(1, 0)
    assert not Frequency.EACH_NIGHT.allows(0, 0)


def test_lovers_made_in_prep_die_together_whatever_saves_them() -> None:
    verdict, held = _run(
        "  prep:\n    Ann targets Bob and Eve\n"
        "  night 1:\n    Dee kills Bob\n    Cid targets Eve\n"
        "  expect:\n    Bob dies\n    Eve dies\n    Ann's action succeeds on prep\n"
    )
    assert verdict == "determined" and all(held)


def test_with_no_prep_there_are_no_lovers() -> None:
    verdict, held = _run(
        "  night 1:\n    Dee kills Bob\n  expect:\n    Bob dies\n    not Eve dies\n"
    )
    assert verdict == "determined" and all(held)


def test_two_of_three_is_the_hosts_choice() -> None:
    verdict, _ = _run(
        "  prep:\n    Fay uses Matchmaking on Bob, Cid and Eve\n  night 1:\n    Dee kills Bob\n"
    )
    assert verdict == "ambiguous"


@pytest.mark.parametrize(
    "body",
    [
        "  night 1:\n    Dee kills Bob\n  prep:\n    Ann targets Bob and Eve\n",  # prep after night 1
        "  prep:\n    Dee kills Bob\n",  # no kill in the prep phase
        "  prep:\n    Cid targets Bob\n",  # a night ability in the prep phase
        "  night 1:\n    Ann targets Bob and Eve\n",  # a prep ability at night
    ],
)
def test_the_prep_phase_refuses(body: str) -> None:
    with pytest.raises(RulingError):
        _run(body)


def test_check_says_it_does_not_search_the_prep_phase() -> None:
    from logic.commands.check import Checker

    rep = Checker(load_ruleset(RULES), players=3, timeout=60).run(("dead rule",))
    skipped = [s for s in rep.skipped if "prep phase" in s]
    assert len(skipped) == 2 and any("Cupid" in s for s in skipped), rep.skipped
