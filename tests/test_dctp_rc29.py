"""DCTP's Disguise a crime while worn, and RC29's loss on an arrest for it (issue 28, items 4
and 10; R182 at the end of casebook/dctp-mini-mafia.rules): "Prep action, crime, remains so
long as it is not removed due to injury or an ability." (reworded, logic/effects/disguise.py's
`DisguiseRemains`) puts a worn Disguise on the record of every phase; "Kid/Vermouth lose
their disguise if pinched, injured, arrested for being disguised, house searched; keep their
disguise otherwise." (`LostOn`'s "arrested", `_arrested_for`) takes it off on an arrest for
it. Each deleted changes a case."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import deleting_changes, without, without_line

CASES = Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia" / "dctpday3-rc29.case"
REMAINS = "A disguise remains a crime so long as it is not removed due to injury or an ability."
LOST = (
    "Kid/Vermouth lose their disguise if pinched, injured, arrested for being disguised, house "
    "searched; keep their disguise otherwise."
)


def _without_remains() -> str:
    """DCTP without the reworded sentence and the Source: line above it."""
    text = without_line(REMAINS)
    source = "Source: Prep action, crime, remains so long as it is not removed due to injury"
    (line,) = [x for x in text.split("\n") if x.startswith(source)]
    return text.replace(f"\n{line}\n", "\n", 1)


def test_deleting_remains_the_arrest_for_night_1_fails() -> None:
    title = "Disguise on record: Vermouth arrested for disguising on night 1"
    deleting_changes(CASES, title, _without_remains(), refused_counts=False)


def test_deleting_remains_no_arrest_takes_the_disguise_off() -> None:
    title = "RC29: Vermouth arrested for her disguise and freed is disguised anew at random"
    deleting_changes(CASES, title, _without_remains(), refused_counts=False)


def test_deleting_the_losses_she_keeps_her_disguise() -> None:
    # (the line says it twice, in the Rule Clarifications and the Arrest section: both go)
    title = "RC29: Vermouth arrested for her disguise and freed is disguised anew at random"
    deleting_changes(CASES, title, without(LOST), refused_counts=False)


def test_an_arrest_for_a_phase_of_two_crimes_is_open() -> None:
    title = "RC29: Vermouth arrested for a phase of her kill and her disguise (open)"
    deleting_changes(CASES, title, without(LOST), refused_counts=False)
