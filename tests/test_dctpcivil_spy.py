"""DCTP's Spy (issue 28 items 1 and 7, R152): the Spy section's sentences, read by
logic/effects/spylist.py (grammar/clause/spylist.lark, logic/lang/kinds/spylist.py): a list
of 4 to 6 players not in the Black Org, its exact length the GM's open choice, one drawn at
random and its role told (a disguise as the role worn), no use again while the player drawn
is free, none with too few townspeople, unseen by investigations. Each sentence, deleted
from the Spy section, changes a case of casebook/dctp-mini-mafia/dctpcivil-spy.case (the
lock: a case played without the GM's open count, which hides every later night)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "dctpcivil-spy.case"
SECTION = "Ability Spy"
GM = " GM ultimately decides how many)."
WORN = "This does not reveal if someone is Kid, the player will just get the disguised role."
AGAIN = (
    "The player can't use Spy again as long as the player with that role/disguise isn't "
    "killed or arrested."
)
TOWN = (
    "Can't be used when there are less than 4 townspeople alive or if there are less than "
    "BO+1 townsplayer alive."
)
UNSEEN = "Spy cannot be investigated or staked out in any form."
TOLD = "Of these, the GM picks a random one and sends the name of the role to the player."

DECIDES = [
    (WORN, "R152: Kid in disguise is told as the role he wears"),
    (TOWN, "R152: fewer townspeople than the Black Org and one, no use"),
    (UNSEEN, "R152: the Spy is not seen by an investigation"),
    (TOLD, "R152: a list of four, the GM decides how many"),
    ("Role with action: Bourbon.", "R152: a list of three does not take place"),
]


def test_the_cases_pass() -> None:
    from logic.commands.casebook import run_case
    from logic.lang.case import parse_cases
    from logic.lang.rules import load_ruleset

    rules = load_ruleset(DCTP)
    text = CASES.read_text(encoding="utf-8")
    for case in parse_cases(text, str(CASES)):
        assert run_case(rules, case, text).passed, case.title


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASES, title, without_on(SECTION, sentence))


def _without_gm(text: str) -> str:
    """The Spy section with the GM's open count written as a closed list: '... game).'"""
    assert GM in text
    return text.replace(" (4 - 6, depending on the size of the game." + GM, ", 4 - 6.")


def test_deleting_the_gm_count_changes_its_case() -> None:
    """Without 'GM ultimately decides how many', a list of four takes place: random, not
    ambiguous."""
    deleting_changes(
        CASES,
        "R152: a list of four, the GM decides how many",
        _without_gm(DCTP.read_text(encoding="utf-8")),
    )


LOCK = """case "the lock"
  ruleset: dctp-mini-mafia
  players: Ann is Bourbon, Bob is Shinichi, Cid is Heiji, Dee is Megure, Eve is Agasa
  night 1:
    Ann uses Spy on Bob, Cid, Dee and Eve
  night 2:
    Ann uses Spy on Bob, Cid, Dee and Eve
  expect:
    Ann's action fails on night 2
"""


def test_the_lock_and_its_deletion() -> None:
    """Without the GM's open count: the player drawn on night 1 is alive, so the night 2
    use does not take place; without the lock's sentence too, it does."""
    from logic.commands.casebook import run_case
    from logic.lang.case import parse_cases
    from logic.lang.rules import parse_ruleset

    (case,) = parse_cases(LOCK, "lock.case")
    closed = _without_gm(DCTP.read_text(encoding="utf-8"))
    assert run_case(parse_ruleset(closed, str(DCTP)), case, LOCK).passed
    lines = closed.split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith(f"{SECTION}: ")]
    assert AGAIN in lines[at]
    lines[at] = lines[at].replace(" " + AGAIN, "")
    unlocked = "\n".join(lines)
    assert not run_case(parse_ruleset(unlocked, str(DCTP)), case, LOCK).passed


COVERED = """case "a covered Spy"
  ruleset: dctp-mini-mafia
  players: Cal is Calvados, Bou is Bourbon, Bob is Shinichi, Cid is Heiji, Dee is Megure, Eve is Agasa
  night 1:
  day 1:
    Cal uses Cover on Bou
  night 2:
    Cal uses Spy on Bob, Cid, Dee and Eve
  expect:
    ambiguous
"""
NATURE = "Night action, NOT a Crime, can't be covered."


def test_the_nature_line_bars_a_covered_spy() -> None:
    """ "Night action, NOT a Crime, can't be covered.": a cover of Bourbon does not lend
    Calvados the Spy (his order of it is refused); deleted, whether a covered Spy takes
    place is open (R100's silence: `ambiguous`)."""
    from logic.commands.casebook import run_case
    from logic.lang.case import parse_cases
    from logic.lang.errors import RulingError
    from logic.lang.rules import load_ruleset, parse_ruleset

    (case,) = parse_cases(COVERED, "covered.case")
    with pytest.raises(RulingError, match="no ability called 'Spy'"):
        run_case(load_ruleset(DCTP), case, COVERED)
    rules = parse_ruleset(without_on(SECTION, NATURE), str(DCTP))
    assert run_case(rules, case, COVERED).passed
