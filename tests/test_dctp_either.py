"""DCTP's cards that join night abilities by OR (issue 28, items 9-10; R28): "Night action:
Investigate 3 OR Interrogate." and the like, read on the role's line by one kind in its own
files (logic/effects/either.py, grammar/clause/either.lark, logic/lang/kinds/either.py).
Each card line the kind reads decides a case of casebook/dctp-mini-mafia/either.case: deleted
from the role's line, the two abilities sent together are both played (the case expected one
of them, the host's choice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "either.case"

DECIDES = [
    ("Shinichi", "Night action: Investigate 3 OR Interrogate.", "Shinichi sends Investigate"),
    ("Conan", "Night action: Investigate 3 OR Interrogate.", "Conan sends Investigate"),
    ("Heiji", "Night action: Investigate 3 OR Interrogate.", "Heiji sends Investigate"),
    ("Jodie", "Night action: Observe OR Stake Out.", "Jodie sends Observe"),
    ("Camel", "Night action: Observe OR Stake Out.", "Camel sends Observe"),
    ("Yuusaku", "Night action: Interrogate OR Special Investigate 1.", "Yuusaku sends"),
    ("Yamato", "Night action: First-Aid OR Investigate 2.", "Yamato sends"),
    ("Uehara", "Night action: Police Detect OR Investigate 2.", "Uehara sends"),
]


def _title(start: str) -> str:
    text = CASEBOOK.read_text(encoding="utf-8")
    (title,) = [t.split('"')[1] for t in text.split("\n") if t.startswith(f'case "OR: {start}')]
    return title


@pytest.mark.parametrize(("role", "sentence", "title"), DECIDES)
def test_deleting_the_or_line_changes_its_case(role: str, sentence: str, title: str) -> None:
    # Yamato's and Uehara's OR lines also give them abilities no section lists them for
    # (R30, AB3, AB4): deleted, the case names abilities they no longer have
    gives = role in ("Yamato", "Uehara")
    deleting_changes(CASEBOOK, _title(title), without_on(role, sentence), refused_counts=gives)


def test_one_ability_sent_is_played() -> None:
    """The OR stops nothing when one of the two is sent (the case is determined)."""
    case, text = case_of(CASEBOOK, "OR: Conan sends Interrogate alone: it is played")
    assert run_case(load_ruleset(DCTP), case, text).passed
