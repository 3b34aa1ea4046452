"""DCTP's Cover (issue 28, item 8): Calvados's day choice of an ally whose night abilities
he uses the night after, and the GM's sentences about it, read by one kind in its own files
(logic/effects/cover.py, grammar/clause/cover.lark, logic/lang/kinds/cover.py), lent to him
through the hook the binder asks every kind (`Kind.lends`). Each sentence the kind reads
changes a case of casebook/dctp-mini-mafia/cover.case when it is deleted from Calvados's
line; "Can't cover: ..." changes which case lines read."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "cover.case"

ORDER = "Can choose one ally during the day."
LENDS = "The next night, Calvados can use one night ability from that ally."
ALLIES = (
    "Allies are all BOs (even if that BO happens to be a BO/Town lover) and Calvados's own lover."
)
DIES = "Doesn't work if Calvados or the target dies during the day."
BARRED = "Can't cover: Frighten, Revenge, Arrest, House Search, Travel."
DISGUISES = "Can cover abilities from disguises."
NOT_ON = "Will not work on dead or already arrested allies."

DECIDES = [
    (ORDER, "Cover: Calvados covers Gin and slanders on the night after"),
    (LENDS, "Cover: Calvados covers Gin and slanders on the night after"),
    (LENDS, "Cover: a covered slander is Calvados's crime"),
    (ALLIES, "Cover: a townie is no ally"),
    (DIES, "Cover: the ally lynched that day, the cover does not work"),
    (DISGUISES, "Cover: Calvados covers Vermouth disguised as Heiji and interrogates"),
    (NOT_ON, "Cover: a dead ally cannot be covered"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability or the lending leaves the night's line unreadable: noticed)
    deleting_changes(
        CASEBOOK, title, without_on("Calvados", sentence), sentence not in (ALLIES, NOT_ON)
    )


FRIGHTEN = """case "Cover: Calvados covers Tequila and frightens"
  ruleset: dctp-mini-mafia
  players: Cal is Calvados, Teq is Tequila, Bob is Heiji, Dee is Conan
  night 1:
  day 1:
    Cal uses Cover on Teq
  night 2:
    Cal uses Frighten on Bob
  expect:
    Cal's action succeeds on night 2
"""


def test_cant_cover_keeps_frighten_from_the_coverer() -> None:
    """With "Can't cover: Frighten, ...", Calvados holds no Frighten after covering
    Tequila (the case's line is refused); without it, he frightens."""
    (case,) = parse_cases(FRIGHTEN, "<frighten>")
    with pytest.raises(RulingError):
        run_case(load_ruleset(DCTP), case, FRIGHTEN)
    rules = parse_ruleset(without_on("Calvados", BARRED), str(DCTP))
    assert run_case(rules, case, FRIGHTEN).passed
