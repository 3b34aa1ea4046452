"""DCTP's Pinch Face: "Kid and Vermouth will then be assigned a new disguise at random if
they are released from jail." (logic/effects/disguise.py's Redisguise,
grammar/game/disguise.lark's dg_again): a Kid or Vermouth freed from custody with his
disguise off wears, from the next phase, a role drawn at random among those his Disguise
may take. Deleted, he stays undisguised (his own card is read)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.effects.disguise import Redisguise
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpdisguise2-release.case"
AGAIN = "Kid and Vermouth will then be assigned a new disguise at random if they are released from jail."

KID = "Release: Kid freed after a house search is given a new disguise"
VERMOUTH = "Release: Vermouth freed after a pinch is given a new disguise"


@pytest.mark.parametrize("title", [KID, VERMOUTH])
def test_deleting_the_sentence_leaves_the_freed_disguiser_undisguised(title: str) -> None:
    deleting_changes(CASEBOOK, title, without(AGAIN), refused_counts=False)


def test_deleted_the_freed_kid_shows_his_own_card() -> None:
    case, cases_text = case_of(CASEBOOK, KID)
    result = run_case(parse_ruleset(without(AGAIN), str(DCTP)), case, cases_text)
    atoms = {
        (a.kind, a.subject, a.obj)
        for path in result.resolution.paths
        for a in path.phases[-1].atoms
    }
    assert ("learns", "Bob", "Teenager") in atoms and result.resolution.verdict == "determined"


def test_the_sentence_names_its_disguisers() -> None:
    """Said of Kid alone, Vermouth freed is given none."""
    text = DCTP.read_text(encoding="utf-8").replace(AGAIN, AGAIN.replace("Kid and Vermouth", "Kid"))
    rules = parse_ruleset(text, str(DCTP))
    (node,) = [x for x in rules.healing if isinstance(x, Redisguise)]
    assert node.roles == ("Kid",)
    case, cases_text = case_of(CASEBOOK, VERMOUTH)
    assert not run_case(rules, case, cases_text).passed
    case, cases_text = case_of(CASEBOOK, KID)
    assert run_case(rules, case, cases_text).passed
