"""DCTP's Rule Clarifications read this session (issue 28 item 10): RC3 (R124), RC23 (R121),
RC26 (R125), RC8 (R126) and RC21's confiscation (R122), and the Vest Rulings' strap
stoppable as a kill (R123), each changing a case of casebook/dctp-mini-mafia/
clarifications.case (or capsules.case, dctpexamples2-examples.case) when deleted.

RC3: "If the use of an APTX is hindered due to the target possessing a charm, the APTX is
considered lost." read by logic/effects/capsules.py's `CapShieldLost`, beside the APTX
section's "Succseful APTX: The target was that role (success).The BO will keep the ATPX."
(`CapKept`, R91). On a poisoning that named its target's role and that a charm stopped, the
two clash: the capsule's loss is the host's open choice (the case expects `ambiguous`).
Each sentence deleted, the other decides: the case is determined.

RC23: "Arrest takes precedent over detain." read by logic/effects/detention.py's
`ArrestFirst`: a detention of the day does not stop its detainee's arrest that day.

RC26: "Players that are injured may still use items such as the bow-tie." read by
logic/effects/heal.py's `InjuredUse`: an injured player's ability that an item lends him
(logic/effects/items.py's `item_use`) takes place.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "clarifications.case"
TITLE = "RC3: an APTX stopped by a charm: lost by the Clarification, kept by the definition"

RC3 = (
    "If the use of an APTX is hindered due to the target possessing a charm, the APTX is "
    "considered lost."
)
KEPT = "Succseful APTX: The target was that role (success).The BO will keep the ATPX."

# the case's night and days, with what each sentence alone decides
ALONE = """\
case "RC3 alone"
  ruleset: dctp-mini-mafia
  players: Ann is Gin, Bob is Satou, Cid is Kazuha, Dee is Agasa, Eve is Araide
  day 1:
    Cid uses Charm on Bob
    Ann uses poison on Bob
    Ann decides "Satou"
  night 2:
  day 2:
    Ann uses poison on Bob
    Ann decides "Satou"
  expect:
    Bob survives on day 1
    {expect}
"""


def _passes(rules: str, expect: str) -> bool:
    text = ALONE.format(expect=expect)
    (case,) = parse_cases(text, str(CASEBOOK))
    return run_case(parse_ruleset(rules, str(DCTP)), case, text).passed


def test_the_clash_is_open_and_each_sentence_deleted_changes_it() -> None:
    deleting_changes(CASEBOOK, TITLE, without(RC3), refused_counts=False)
    deleting_changes(CASEBOOK, TITLE, without(KEPT), refused_counts=False)


def test_the_clarification_alone_loses_the_capsule() -> None:
    rules = without(KEPT)
    assert _passes(rules, "Ann's action fails on day 2")
    assert not _passes(rules, "ambiguous")


def test_the_definition_alone_keeps_the_capsule() -> None:
    rules = without(RC3)
    assert _passes(rules, "Bob dies on day 2")
    assert not _passes(rules, "ambiguous")


def test_a_wrong_name_is_lost_whatever_the_charm() -> None:
    title = "RC3: an APTX naming the wrong role on a charmed player is lost"
    case, text = case_of(CASEBOOK, title)
    assert run_case(parse_ruleset(without(KEPT), str(DCTP)), case, text).passed
    assert run_case(parse_ruleset(without(RC3), str(DCTP)), case, text).passed


RC23 = "Arrest takes precedent over detain."


def test_deleting_rc23_the_detained_officer_s_arrest_fails() -> None:
    title = "RC23: a detained officer's arrest still holds"
    deleting_changes(CASEBOOK, title, without(RC23), refused_counts=False)


# RC21's "The APTX is then considered confiscated." says again the Example section's "In
# this case, the APTX is confiscated!" (both read as capsules.py's CapConfiscated, R122):
# deleted alone, the other still confiscates; deleted together, the capsule is kept
THEN_CONFISCATED = "The APTX is then considered confiscated."
CONFISCATED = "In this case, the APTX is confiscated!"
CAPSULES = ROOT / "casebook" / "dctp-mini-mafia" / "capsules.case"
TAKEN = "Capsules: an arrest of the poisoner confiscates his capsule"


def test_the_clarification_s_confiscation_is_read_with_the_example_s() -> None:
    case, text = case_of(CAPSULES, TAKEN)
    assert run_case(parse_ruleset(without(THEN_CONFISCATED), str(DCTP)), case, text).passed
    assert run_case(parse_ruleset(without(CONFISCATED), str(DCTP)), case, text).passed
    both = without(THEN_CONFISCATED).replace(CONFISCATED, "")
    assert not run_case(parse_ruleset(both, str(DCTP)), case, text).passed


RC26 = "Players that are injured may still use items such as the bow-tie."


def test_deleting_rc26_the_injured_ran_cannot_use_the_bow_tie() -> None:
    title = "RC26: the injured Ran interrogates with the bow-tie"
    deleting_changes(CASEBOOK, title, without(RC26), refused_counts=False)


RC8 = (
    "If a player is stolen from twice in one phase, the thieves are made aware that they were "
    'not the only thief that night and, most importantly, all thieves "receive" the same item.'
)
SHARED = 'If a player gets stolen from by 2 or more different thieves, all thieves will "get the same item."'


def test_deleting_rc8_the_thieves_are_not_told() -> None:
    title = "RC8: two thieves on one player are told they were not alone"
    deleting_changes(CASEBOOK, title, without(RC8), refused_counts=False)


def test_rc8_s_same_item_is_read_with_the_steal_section_s() -> None:
    """Its second clause says again the Steal section's sentence: deleted alone, either
    leaves both thieves the Alcohol; together, one of them gets it (the host's pick)."""
    title = "RC8: two thieves on one player are told they were not alone"
    case, text = case_of(CASEBOOK, title)
    assert run_case(parse_ruleset(without(SHARED), str(DCTP)), case, text).passed
    both = without(SHARED).replace(RC8, "")
    assert not run_case(parse_ruleset(both, str(DCTP)), case, text).passed


# R123: the Vest Rulings' "In this sense, it is treated as a normal kill as far as it being
# stoppable." (vest.py's VestRule "stoppable"): deleted, a save of the target no longer
# stops the strap
STOPPABLE = "In this sense, it is treated as a normal kill as far as it being stoppable."
EXAMPLES = ROOT / "casebook" / "dctp-mini-mafia" / "dctpexamples2-examples.case"


@pytest.mark.parametrize(
    "title",
    [
        "Vest ruling: a lover's Lovey-Dovey the night of the strap stops it",
        "R123: Ran's protection of the target stops the strap",
        "R123: Araide's heal of the target stops the strap",
    ],
)
def test_deleting_the_strap_s_stop_lets_it_through(title: str) -> None:
    deleting_changes(EXAMPLES, title, without(STOPPABLE), refused_counts=False)
