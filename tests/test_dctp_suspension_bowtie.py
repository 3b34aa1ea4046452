"""DCTP's suspended officer and the bow-tie (issue 28, item 1; R161 at the end of
casebook/dctp-mini-mafia.rules): "But he can use the bow-tie actions in case he get's the
bow-tie." read as logic/effects/crimes.py's `SuspensionExempt` (with logic/effects/items.py's
`acts_with`). Deleted, the suspended officer's interrogation with the lent bow-tie does not
take place; her own arrest stays stopped either way."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_line

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctporg3-suspension.case"
SENTENCE = "But he can use the bow-tie actions in case he get's the bow-tie."


def _without() -> str:
    return without_line(SENTENCE)


def test_deleting_the_sentence_stops_the_bow_tie() -> None:
    title = "Suspension: Satou, suspended, interrogates with the bow-tie lent to her"
    deleting_changes(CASES, title, _without(), refused_counts=False)


def test_her_own_arrest_stays_stopped_either_way() -> None:
    title = "Suspension: Satou, suspended, does not arrest beside the bow-tie"
    case, text = case_of(CASES, title)
    for rules in (DCTP.read_text(encoding="utf-8"), _without()):
        assert run_case(parse_ruleset(rules, str(DCTP)), case, text).passed
