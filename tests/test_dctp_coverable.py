"""DCTP's "can be covered" (issue 28, item 8; R100): the ability sections' nature lines
("Night action, crime, can be covered.") say which abilities Calvados's cover lends
(logic/effects/cover.py's Coverable, grammar/clause/cover.lark's cv_coverable). Each line
decides a case of casebook/dctp-mini-mafia/coverable.case or cover.case: deleted from its
section, the source says nothing of that ability, and a covered use of it is the host's
open choice (the case no longer passes)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Ruleset

ROOT = Path(__file__).parent.parent
COVERABLE = ROOT / "casebook" / "dctp-mini-mafia" / "coverable.case"
COVER = ROOT / "casebook" / "dctp-mini-mafia" / "cover.case"

CRIME = "Night action, crime, can be covered."
CRIME2 = "Night action, Crime, can be covered."
PLAIN = "Night action, can be covered."
DAY_NIGHT = "Day/Night action, can be covered."

# (the section's line, its nature line, the case file, the case it decides)
DECIDES = [
    ("Ability Blame: ", CRIME, COVERABLE, "Coverable: Calvados covers Anokata and blames"),
    (
        "Ability Slander: ",
        CRIME,
        COVER,
        "Cover: Calvados covers Gin and slanders on the night after",
    ),
    ("Ability Erase: ", CRIME, COVER, "Cover: Calvados covers Pisco, kills and erases his victim"),
    (
        "Ability Investigate: ",
        PLAIN,
        COVERABLE,
        "Coverable: Calvados covers Gin and investigates",
    ),
    (
        "Ability Discombobulate: ",
        CRIME2,
        COVERABLE,
        "Coverable: Calvados covers Vodka and discombobulates",
    ),
    ("Ability Steal: ", CRIME2, COVERABLE, "Coverable: Calvados covers Akemi and steals"),
    ("Ability Observe: ", PLAIN, COVERABLE, "Coverable: Calvados covers Chianti and observes"),
    ("Ability Stake-Out: ", PLAIN, COVERABLE, "Coverable: Calvados covers Korn and stakes out"),
    ("Ability Detect: ", PLAIN, COVERABLE, "Coverable: Calvados covers Bourbon and detects"),
    (
        "Ability Special Investigate: ",
        PLAIN,
        COVERABLE,
        "Coverable: Calvados covers Bourbon and special-investigates",
    ),
    (
        "Ability Interrogate: ",
        PLAIN,
        COVERABLE,
        "Coverable: Calvados covers Vermouth disguised as Heiji and interrogates",
    ),
    ("Ability Heal: ", PLAIN, COVERABLE, "Coverable: Calvados covers his lover Araide and heals"),
    (
        "Ability First Aid: ",
        PLAIN,
        COVERABLE,
        "Coverable: Calvados covers his lover Kobayashi and first-aids",
    ),
    (
        "Ability Cross-examine: ",
        PLAIN,
        COVERABLE,
        "Coverable: Calvados covers his lover Eri and cross-examines",
    ),
    (
        "Ability Bone Breaking: ",
        "Night action, handled like protect when investigated, can be covered.",
        COVERABLE,
        "Coverable: Calvados covers his lover Akai and stops a snipe",
    ),
    (
        "Ability Pinch Face: ",
        DAY_NIGHT,
        COVERABLE,
        "Coverable: Calvados covers his lover Nakamori and pinches",
    ),
    (
        "Ability Protect: ",
        DAY_NIGHT,
        COVERABLE,
        "Coverable: Calvados covers his lover Ran and protects",
    ),
]


def _without_nature(section: str, sentence: str) -> str:
    """DCTP without the nature line on its section's line only."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith(section)]
    assert " " + sentence in lines[at], lines[at][-60:]
    lines[at] = lines[at].replace(" " + sentence, "", 1)  # (not always the line's last)
    return "\n".join(lines)


@cache
def _dctp() -> Ruleset:
    return load_ruleset(DCTP)  # (read once for every case of the module)


@pytest.mark.parametrize(("section", "sentence", "case_file", "title"), DECIDES)
def test_deleting_a_nature_line_changes_its_case(
    section: str, sentence: str, case_file: Path, title: str
) -> None:
    """The case passes with the line and fails without it (the covered use open)."""
    case, text = case_of(case_file, title)
    assert run_case(_dctp(), case, text).passed
    without = parse_ruleset(_without_nature(section, sentence), str(DCTP))
    assert not run_case(without, case, text).passed, title


def test_unsaid_everywhere_a_cover_lends_every_night_ability() -> None:
    """With no "can be covered" line at all, the Cover section's "one night ability from
    that ally" lends every night ability but those barred: the covered investigation is
    played (no open choice)."""
    text = DCTP.read_text(encoding="utf-8")
    for section, sentence, _, _ in DECIDES:
        text = "\n".join(
            line.replace(" " + sentence, "", 1) if line.startswith(section) else line
            for line in text.split("\n")
        )
    cases = COVERABLE.read_text(encoding="utf-8")
    (case,) = [
        c
        for c in parse_cases(cases, str(COVERABLE))
        if c.title == "Coverable: Calvados covers Gin and investigates"
    ]
    assert run_case(parse_ruleset(text, str(DCTP)), case, cases).passed


def test_the_leaders_order_is_open() -> None:
    """(R101) no line says whether the leader's order can be covered: ambiguous."""
    cases = COVERABLE.read_text(encoding="utf-8")
    (case,) = [c for c in parse_cases(cases, str(COVERABLE)) if "orders the kill" in c.title]
    assert run_case(_dctp(), case, cases).passed


def test_a_section_follows_the_name_its_line_gives_after_the_start() -> None:
    """(R105) Nakamori's pinch is named by its reading after it begins ("Pinch Face", also
    "Face Pinch", the order of actions' name): the Pinch Face section defined once adds its
    nature line without beginning another ability, so the pinch keeps both names and its
    tier."""
    from logic.effects.cover import Coverable

    rs = _dctp()
    nakamori = rs.role("Nakamori")
    assert nakamori is not None
    (pinch,) = [a for a in nakamori.abilities if a.name == "Pinch Face"]
    assert "Face Pinch" in pinch.aliases
    assert any(isinstance(t, Coverable) and t.names == ("Pinch Face",) for t in nakamori.traits)
