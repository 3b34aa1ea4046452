"""DCTP's investigations of a disguise (issue 28, item 4): Investigate #'s "He may
investigate if someone is disguised, but he must name the specific disguise." (said of
the Investigate ability: the disguise kind lends its holders "Investigate Disguise", a
player and a role named), the Disguise section's "Can be investigated for their exact
disguise." and Temporary Disguise's "Can be investigated like a normal disguise."
(logic/effects/disguise.py's AsksDisguise, DisguiseQuery and Investigable). Each sentence
changes a case of casebook/dctp-mini-mafia/disguise.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes, without

from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "disguise.case"

ASK = " He may investigate if someone is disguised, but he must name the specific disguise."
EXACT = "Can be investigated for their exact disguise."
LIKE = "Can be investigated like a normal disguise."

# each sentence, and a case it decides: without it the case fails (the ability it lends
# gone: the case names an ability no longer there)
DECIDES = [
    (ASK, "Investigate Disguise: 'Conia disguised as Ran' - True"),
    (ASK, "Investigate Disguise: Irish in Kir's costume - True"),
    (EXACT, "Investigate Disguise: 'Conia disguised as Ran' - True"),
    (EXACT, "Investigate Disguise: 'Akonyl disguised as Shinichi' - True"),
    (LIKE, "Investigate Disguise: Irish in Kir's costume - True"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


def test_every_investigation_sentence_is_deleted_by_a_test() -> None:
    from logic.effects import disguise

    rs = load_ruleset(DCTP)
    said = {x.why.text for x in rs.healing if isinstance(x, disguise.Investigable)}
    said |= {
        e.why.text.removeprefix(f"{r.name}: ")
        for r in rs.roles
        for a in r.abilities
        for e in a.effects
        if isinstance(e, disguise.AsksDisguise)
    }
    assert said == {s.strip() for s, _ in DECIDES}
