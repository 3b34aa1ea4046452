"""DCTP's APTX capsules and the Charm used up (issue 28, item 3): the APTX4869 section's
"The whole BO get capsules with APTX4869 each game. 1 APTX per BO with a max of 3.", its
success kept, its failure lost, a confiscation on the poisoner's arrest, the capsule handed on to
Haibara, Satou or Okiya and used by its holder, and the Charm
section's "The Charm will only be used up, ..." and "Can only give the charm to herself
once.", read by their kinds
(logic/effects/capsules.py, logic/effects/aptx.py's CharmSpent and CharmSelfOnce). Each sentence changes a
case of casebook/dctp-mini-mafia/capsules.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "capsules.case"

COUNT = "The whole BO get capsules with APTX4869 each game. 1 APTX per BO with a max of 3."
KEPT = "Succseful APTX: The target was that role (success).The BO will keep the ATPX."
LOST = "Failed APTX: The APTX will be used up and the BO will lose it."
# with the Rule Clarifications' "The APTX is then considered confiscated.", which says it
# again (R122): deleted together
CONFISCATED = "In this case, the APTX is confiscated!\nThe APTX is then considered confiscated."
SPENT = (
    "The Charm will only be used up, if the person with the charm would have been poisoned "
    "otherwise."
)
SELF_ONCE = "Can only give the charm to herself once."
HANDED = (
    "If APTX is confiscated in an arrest, the APTX will be randomly given to Haibara, Satou, "
    "or Okiya if they are in the game."
)
HOLDER = (
    "These players may then use the APTX, subject to the same rules as above, starting the "
    "next Day phase."
)

DECIDES = [
    (COUNT, "Capsules: Gin's failed APTX loses the one capsule, his next fails"),
    (COUNT, "Capsules: at most three, four members lose three and the fourth has none"),
    (KEPT, "Capsules: Gin's successful APTX keeps the capsule, his next lands"),
    (LOST, "Capsules: Gin's failed APTX loses the one capsule, his next fails"),
    (CONFISCATED, "Capsules: an arrest of the poisoner confiscates his capsule"),
    (SPENT, "Charm: used up by Gin's APTX, Vodka's lands the same day"),
    (SELF_ONCE, "Charm: Kazuha's second charm on herself fails"),
]

# deleted, the holder holds no poisoning: the case is refused (noticed)
HANDS_ON = [
    (HANDED, "Capsules: a confiscated capsule goes to Satou, who poisons with it the next day"),
    (HOLDER, "Capsules: a confiscated capsule goes to Satou, who poisons with it the next day"),
    (HOLDER, "Capsules: Satou's given capsule is lost on a failure like the BO's"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence), refused_counts=False)


@pytest.mark.parametrize(("sentence", "title"), HANDS_ON)
def test_deleting_a_hand_on_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))
