"""DCTP's watch notices (issue 28, items 5 and 10; RC16, RC24; R183 at the end of
casebook/dctp-mini-mafia.rules): logic/effects/items.py's `ItemNotice`. Each sentence
deleted changes a case of casebook/dctp-mini-mafia/dctpday3-watch.case; the lender's notice
is said twice (RC24's sentence and RC16's), so only both deleted change Agasa's."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_line

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctpday3-watch.case"
SNIPED = (
    "RC16, RC24: the sniped holder of the watch survives; Agasa and the holder are told it broke"
)
PLAIN = "RC16: the holder saved from a plain kill is told the watch was used"
RC24 = (
    "If Agasa gives the watch to a player who is sniped the following night (thus saving the "
    "player but in the process seeing the watch destroyed), Agasa is given a notice that the "
    "watch has been broken."
)
RC16 = (
    "The player that distributed the watch the day before and the player that used the watch "
    "to protect themselves from the sniping are given a notice that the watch was used "
    "successfully and is now broken. If the watch was not broken but was used successfully to "
    "defend themselves, the player using the watch is told as much."
)
ATTACKER = (
    "The attacker of the player that has the watch is given a notice that the attack was "
    "unsuccessful, whether they are sniping or not."
)


def _without_attacker() -> str:
    text = without_line(ATTACKER)
    source = "Source: The attacker is given a notice that the attack was unsuccessful"
    (line,) = [x for x in text.split("\n") if x.startswith(source)]
    return text.replace(f"\n{line}\n", "\n", 1)


def _passes(rules: str) -> bool:
    case, text = case_of(CASES, SNIPED)
    return run_case(parse_ruleset(rules, str(DCTP)), case, text).passed


def test_deleting_rc16_the_holder_is_told_nothing() -> None:
    deleting_changes(CASES, SNIPED, without_line(RC16), refused_counts=False)
    deleting_changes(CASES, PLAIN, without_line(RC16), refused_counts=False)


def test_rc24_alone_is_said_again_by_rc16() -> None:
    assert _passes(without_line(RC24))
    both = without_line(RC24).replace(f"\n{RC16}\n", "\n", 1)
    deleting_changes(CASES, SNIPED, both, refused_counts=False)


def test_deleting_the_attackers_notice() -> None:
    deleting_changes(CASES, SNIPED, _without_attacker(), refused_counts=False)
    deleting_changes(CASES, PLAIN, _without_attacker(), refused_counts=False)
