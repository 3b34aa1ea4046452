"""DCTP's arrests naming the prep phase (issue 28, item 1; R181 at the end of
casebook/dctp-mini-mafia.rules): the Arrest section's "Needs to accuse a player for a
specific crime during a specific past phase" (reworded "An arrest accuses a player of a
specific crime during a specific past phase.", logic/effects/crimes.py's `AnyPast`) against
its "The crime can be done on any Night or Day, ..." (`EarlierOnly`'s `nights_days`): both
said, an arrest naming the prep phase is the host's open choice; each deleted settles it
(the arrest fails, or it holds)."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_line

from logic.commands.resolve import resolve
from logic.lang.rules import parse_ruleset

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctpday3-prep-arrest.case"
OPEN = "Prep arrest: Vermouth arrested for the prep phase's Disguise (open)"
ANY_PAST = "An arrest accuses a player of a specific crime during a specific past phase."
NIGHTS_DAYS = (
    "The crime can be done on any Night or Day, but it CANNOT be in the same phase that the "
    "arrest is happening."
)


def _without_any_past() -> str:
    """DCTP without the reworded sentence and the Source: line above it (which rewords it)."""
    text = without_line(ANY_PAST)
    (source,) = [line for line in text.split("\n") if line.startswith("Source: Needs to accuse")]
    return text.replace(f"\n{source}\n", "\n", 1)


def _custody(rules: str) -> set[bool]:
    """Whether Vermouth is in custody after night 1, in each outcome."""
    case, text = case_of(CASES, OPEN)
    res = resolve(parse_ruleset(rules, str(DCTP)), case, text)
    return {
        any(a.kind == "in custody" and a.subject == "Ver" for a in p.phases[-1].atoms)
        for p in res.paths
    }


def test_both_said_the_host_decides() -> None:
    assert _custody(DCTP.read_text(encoding="utf-8")) == {False, True}


def test_deleting_any_past_phase_the_arrest_fails() -> None:
    deleting_changes(CASES, OPEN, _without_any_past(), refused_counts=False)
    assert _custody(_without_any_past()) == {False}


def test_deleting_nights_and_days_the_arrest_holds() -> None:
    deleting_changes(CASES, OPEN, without_line(NIGHTS_DAYS), refused_counts=False)
    assert _custody(without_line(NIGHTS_DAYS)) == {True}
