"""DCTP's "Can also be special investigated for their exact disguise in a certain phase (such
as "SI Conia disguising as Ran during Prep")." (the Disguise section's;
logic/effects/pastdisguise.py, grammar/game/disguise.lark's dg_investigable_past): a holder
of Special Investigate is lent "Special Investigate Disguise", answered from the record of
the roles each player wore in each phase. Deleted, no one holds it (the cases name an
ability no longer there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.effects import pastdisguise
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpdisguise2-si.case"
SI = (
    "Can also be special investigated for their exact disguise in a certain phase (such as "
    '"SI Conia disguising as Ran during Prep").'
)
TITLES = [
    "SI disguise: Vermouth disguised as Ran during prep is True",
    "SI disguise: a role she did not wear is False",
]


@pytest.mark.parametrize("title", TITLES)
def test_deleting_the_sentence_lends_no_special_investigation_of_a_disguise(title: str) -> None:
    deleting_changes(CASEBOOK, title, without(SI))


def test_the_sentence_without_its_example_says_the_same() -> None:
    bare = "Can also be special investigated for their exact disguise in a certain phase."
    rules = parse_ruleset(DCTP.read_text(encoding="utf-8").replace(SI, bare), str(DCTP))
    assert any(isinstance(x, pastdisguise.PastInvestigable) for x in rules.healing)
    case, cases_text = case_of(CASEBOOK, TITLES[0])
    assert run_case(rules, case, cases_text).passed


def test_phases_named_and_their_indices_agree() -> None:
    for phase in pastdisguise.PHASES:
        assert pastdisguise._phase_name(pastdisguise._index(phase)) == phase
