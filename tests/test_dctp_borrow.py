"""DCTP's Sonoko's borrowed abilities (issue 28, item 7; R45 at the end of
casebook/dctp-mini-mafia.rules): "Sonoko can use the same abilities as her friend, so long
as her friend is still alive.", "Sonoko may use the abilities of her friends, with some
exceptions." and "If Sonoko befriends Kid or Vermouth, she will not be able to kill or
steal." (logic/effects/couple.py's `Borrows`, `BorrowsNot`, through `Kind.lends`): a case's
line may use the friend's ability; deleted, it is refused. A dead friend's ability and
Kid's Steal are refused while their sentences stand (the cases are written here: a case
that is refused cannot stand in the casebook)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
BORROW = ROOT / "casebook" / "dctp-mini-mafia" / "borrow.case"

SAME = "Sonoko can use the same abilities as her friend, so long as her friend is still alive."
ALIVE = ", so long as her friend is still alive"
MAY = "Sonoko may use the abilities of her friends, with some exceptions."
NOT_KID = "If Sonoko befriends Kid or Vermouth, she will not be able to kill or steal."

USES = "Friendship: Sonoko interrogates with her friend Heiji's ability"

DEAD_FRIEND = """
case "Sonoko uses her dead friend's ability"
  ruleset: dctp-mini-mafia
  players: Ann is Sonoko, Bob is Heiji, Cid is Gin, Dee is Agasa, Eve is Ran
  prep:
    Ann uses Friendship on Bob
  night 1:
    Cid kills Bob
  night 2:
    Ann uses Interrogate on Cid
  expect:
    Ann learns "BO" on night 2
"""

KID_STEAL = """
case "Sonoko steals with her friend Kid's ability"
  ruleset: dctp-mini-mafia
  players: Ann is Sonoko, Bob is Kid, Cid is Gin, Dee is Agasa
  prep:
    Ann uses Friendship on Bob
  night 1:
    Ann uses Steal on Cid
  expect:
    Ann's action succeeds
"""


def _without(*sentences: str) -> str:
    text = DCTP.read_text(encoding="utf-8")
    for s in sentences:
        assert s in text, s
        text = text.replace(s, "")
    return text


def _runs(text: str | None, case_text: str) -> bool:
    """Whether the case is read and passes (False: refused)."""
    rs = load_ruleset(DCTP) if text is None else parse_ruleset(text, str(DCTP))
    (case,) = parse_cases(case_text, "inline.case")
    try:
        return run_case(rs, case, case_text).passed
    except RulingError:
        return False


def test_deleting_both_sayings_refuses_the_borrowed_ability() -> None:
    deleting_changes(BORROW, USES, _without(SAME, MAY))
    case, text = case_of(BORROW, USES)
    for one in (SAME, MAY):  # one alone still says it
        assert run_case(parse_ruleset(_without(one), str(DCTP)), case, text).passed, one


def test_a_dead_friends_ability_is_not_lent_while_so_long_as_is_said() -> None:
    assert not _runs(None, DEAD_FRIEND)
    assert _runs(_without(ALIVE), DEAD_FRIEND)


@pytest.mark.parametrize("text", [None, "without"])
def test_kids_steal_is_not_lent(text: str | None) -> None:
    if text is None:
        assert not _runs(None, KID_STEAL)
    else:
        assert _runs(_without(NOT_KID), KID_STEAL)
