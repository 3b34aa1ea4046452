"""DCTP's Steal, the bow-tie and the watch, continued (issue 28, item 5; R140-R149 of
casebook/dctp-mini-mafia.rules): the GM's rulings on two thieves of one item and on Agasa's
gadgets that the items kind (logic/effects/items.py) now reads. Each sentence read changes
a case of casebook/dctp-mini-mafia/dctpsteal-items.case (or items.case) when it is deleted;
a sentence that says a ruling another says too changes nothing deleted alone, and the group
deleted whole changes its case."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
MINE = ROOT / "casebook" / "dctp-mini-mafia" / "dctpsteal-items.case"
ITEMS = ROOT / "casebook" / "dctp-mini-mafia" / "items.case"

# R140: the Steal section's, every thief of a theft by several learns how many there were
INVOLVED = (
    " Everyone involved gets the info, that glasses were stolen and that 2 (or more) thiefs "
    "wanted this item."
)
# the Rule Clarifications' notice to the player stolen from (R13), said again by INVOLVED
COUNTED = (
    " The target is also presented with a notice stating just how many thieves targeted "
    "them that night."
)

DECIDES = [
    (MINE, INVOLVED, "R140: two thieves on one player each learn there were two"),
    (
        ITEMS,
        f"{COUNTED}\n{INVOLVED}",
        "Steal: the player stolen from by two thieves learns there were two",
    ),
]


@pytest.mark.parametrize(("casebook", "sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(casebook: Path, sentence: str, title: str) -> None:
    deleting_changes(casebook, title, without(sentence))


SAID_AGAIN = [
    (
        ITEMS,
        f"{COUNTED}\n{INVOLVED}",
        "Steal: the player stolen from by two thieves learns there were two",
    ),
]


@pytest.mark.parametrize(("casebook", "group", "title"), SAID_AGAIN)
def test_a_sentence_said_again_alone_changes_nothing(
    casebook: Path, group: str, title: str
) -> None:
    """Each sentence of a group that says one ruling, deleted alone, leaves its case as it
    was (the other still says it); the group deleted whole changes it (DECIDES)."""
    case, cases_text = case_of(casebook, title)
    for one in group.split("\n"):
        rules = parse_ruleset(without(one), str(DCTP))
        assert run_case(rules, case, cases_text).passed, one


# R141: the bow-tie's holder plays one of the abilities it lends a night, his own beside it
NOT_BOTH = "(Not both)."
BESIDE = (
    "If the recipient of the Bow-tie has a normal Interrogate or Investigate due to his/her "
    "role, he can use both that interrogate/investigate and the normal one."
)
ON_AGASA = [
    (NOT_BOTH, "R141: Ran holding the bow-tie interrogates and investigates: one is played"),
    (BESIDE, "R141: Megure holding the bow-tie interrogates and investigates with his own"),
]


@pytest.mark.parametrize(("sentence", "title"), ON_AGASA)
def test_deleting_a_bowtie_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(MINE, title, without_on("Agasa", sentence), refused_counts=False)


def test_the_bowtie_sentences_are_read_on_agasas_line() -> None:
    """Both sentences set a field of the bow-tie's Lend (and nothing else reads them)."""
    from logic.effects.items import Lend
    from logic.lang.rules import load_ruleset

    (agasa,) = [r for r in load_ruleset(DCTP).roles if r.name == "Agasa"]
    (bowtie,) = [e for a in agasa.abilities for e in a.effects if isinstance(e, Lend) and e.acts_as]
    assert bowtie.one is not None and bowtie.one.text.endswith(NOT_BOTH)
    assert bowtie.beside is not None and bowtie.beside.text.endswith(BESIDE)


# R142: a save's success told by its sections' own sentences (heal.py's SaverKnows, SaveKnown)
SAVES = ROOT / "casebook" / "dctp-mini-mafia" / "dctpsteal-saves.case"
HEAL_TOLD = [
    (
        " If successfully healed, the healer will know that he successfully healed.",
        "R142: Araide's heal saves Bob: Araide is told, Bob and Gin learn 'Heal'",
    ),
    (
        " The target and the attacker will be notified that the target was healed, but not by "
        "whom.",
        "R142: Araide's heal saves Bob: Araide is told, Bob and Gin learn 'Heal'",
    ),
    (
        " If succesfully healed/First aided, the healer will know that he succesfully "
        "first-aided the target.",
        "R142: Kobayashi's first aid saves Bob: Kobayashi is told, Bob learns 'Heal'",
    ),
    (
        " The target and the attacker will know that someone healed/First aided the target, but "
        "not who.",
        "R142: Kobayashi's first aid saves Bob: Kobayashi is told, Bob learns 'Heal'",
    ),
    (
        " The protected also learns if he was Protected.",
        "R142: Ran's protection saves Bob: Bob learns 'Protect'",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), HEAL_TOLD)
def test_deleting_a_save_notice_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(SAVES, title, without(sentence), refused_counts=False)


# RC5 (the Rule Clarifications', R111) and the Heal section's notice (R142) both tell Gin of
# the heal that kept his victim alive: each alone deleted changes nothing, both change it
RC5 = (
    "If a member of the Black Org attacks a player and that player is saved from death as a "
    "result of healing, protection, first aid, or anything of the sort, the attacker is "
    "informed that healing or protecting was in effect (see Keywords for more information on "
    "which to report)."
)
RC5_HEALED = "RC5: Gin's victim healed, Gin learns that a heal was in effect"
CLARIFICATIONS = ROOT / "casebook" / "dctp-mini-mafia" / "clarifications.case"


def test_the_attacker_told_of_a_heal_is_said_twice() -> None:
    group = f"{RC5}\n{HEAL_TOLD[1][0]}"
    deleting_changes(CLARIFICATIONS, RC5_HEALED, without(group), refused_counts=False)
    case, cases_text = case_of(CLARIFICATIONS, RC5_HEALED)
    for one in group.split("\n"):
        assert run_case(parse_ruleset(without(one), str(DCTP)), case, cases_text).passed, one


# RC7 (R112) and the Protect section's "The protected also learns if he was Protected." (R142,
# on Ran's and Makoto's lines) both tell the sniped target Makoto protects that he was
RC7 = (
    "If a protector protects a target from sniping, the target is made aware of the fact they "
    "were protected (despite the fact that the protector is dead)."
)
RC7_SNIPED = "RC7: the sniped target Makoto protects is told he was protected"


def test_the_sniped_target_told_is_said_twice() -> None:
    group = f"{RC7}\n{HEAL_TOLD[4][0]}"
    deleting_changes(CLARIFICATIONS, RC7_SNIPED, without(group), refused_counts=False)
    case, cases_text = case_of(CLARIFICATIONS, RC7_SNIPED)
    for one in group.split("\n"):
        assert run_case(parse_ruleset(without(one), str(DCTP)), case, cases_text).passed, one


# R143: the order of healing said again in the abilities' sections (Bone Breaking, Heal,
# First Aid, Protect, Bow-Tie and Watch), read as orders of healing merged with the Order of
# Healing section's (heal.py's save_orders, levels): each line alone deleted changes
# nothing (the others say it), all of them deleted change the cases the order decides
ORDER_LINES = [
    "Voice of Reason > Bone Breaking > Watch Protection > Protection > Healing > First Aid",
    *["Bone Breaker > Watch protection > Protect > Heal > First Aid"] * 4,
    "Watch protection > Protect > Heal > First Aid",
]
HEALING = ROOT / "casebook" / "dctp-mini-mafia" / "healing.case"
HEAL_BEATS_FIRST_AID = "Order of healing: a heal beats first aid; the target acts"


def _without_lines(drop: set[int]) -> str:
    """DCTP's text without the order lines of ORDER_LINES numbered in `drop` (the k-th line
    that is exactly one of them, in the file's order)."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    at = [k for k, line in enumerate(lines) if line in set(ORDER_LINES)]
    assert [lines[k] for k in at] == ORDER_LINES
    gone = {at[k] for k in drop}
    return "\n".join(line for k, line in enumerate(lines) if k not in gone)


@pytest.mark.parametrize(
    ("casebook", "title"),
    [
        (HEALING, HEAL_BEATS_FIRST_AID),
        (ITEMS, "Watch Protection > Protection: Ran protecting the watch's holder is not injured"),
    ],
)
def test_deleting_every_order_of_healing_changes_its_cases(casebook: Path, title: str) -> None:
    rules = _without_lines(set(range(len(ORDER_LINES))))
    deleting_changes(casebook, title, rules, refused_counts=False)


def test_an_order_of_healing_said_again_alone_changes_nothing() -> None:
    case, cases_text = case_of(HEALING, HEAL_BEATS_FIRST_AID)
    for k in range(len(ORDER_LINES)):
        rules = parse_ruleset(_without_lines({k}), str(DCTP))
        assert run_case(rules, case, cases_text).passed, ORDER_LINES[k]


def test_the_orders_said_again_are_orders_of_healing_not_of_actions() -> None:
    """The five lines are read as orders of healing (not as the order of actions, which
    would give their saves tiers of their own), their saves by their roots ("Bone Breaker"
    is Bone Breaking's)."""
    from logic.effects.heal import HealingOrder, levels
    from logic.lang.rules import load_ruleset

    rs = load_ruleset(DCTP)
    orders = tuple(x for x in rs.healing if isinstance(x, HealingOrder))
    assert [" > ".join("/".join(g) for g in o.groups) for o in orders] == ORDER_LINES
    assert not any(p.why.text in ORDER_LINES[1:] for p in rs.priority)
    ranks = levels(orders[1:])  # (without the section's: the same order, Voice of Reason aside)
    assert sorted(ranks, key=ranks.__getitem__) == [
        "bonebreak",
        "watchprotect",
        "protect",
        "heal",
        "firstaid",
    ]


EXCERPT = """\
The current order of healing is as follows:
Voice of Reason > Protection > Healing > First Aid
Alignments:
Black Org: First, the Black Org may choose one person each night to kill.
Black Org Roles:
Gin: Interrogation: BO.
Town Roles:
Makoto: May also choose one individual to Protect at night.
Kobayashi: The player who received First Aid will not die if attacked, but will instead \
become injured.
Araide: Can use Heal on any player, including himself.
"""


def test_an_order_of_healing_said_again_must_agree() -> None:
    """A line of saves ("Protect > Heal") is an order of healing said again; one that
    disagrees with the order before it ("First Aid > Heal") is refused, not settled."""
    from logic.effects.heal import HealingOrder
    from logic.lang.errors import RulingError

    rs = parse_ruleset(EXCERPT + "Protect > Heal\n")
    assert [o.groups for o in rs.healing if isinstance(o, HealingOrder)][1] == (
        ("Protect",),
        ("Heal",),
    )
    with pytest.raises(RulingError, match="disagrees"):
        parse_ruleset(EXCERPT + "First Aid > Heal\n")


# R144: the Order of Healing section's two sentences of the watch, on Agasa's line, say its
# `protects` and `breaks` again (the Rule Clarifications' and the Bow-Tie section's say them)
WATCH_SAID_AGAIN = [
    (
        " The wristwatch protects the holder from attacks the night they are in possession of "
        "it.\n If someone possessing the watch is attacked, they are protected.",
        "Watch: the holder survives the Black Org's kill the night after",
    ),
    (
        " If sniped, the target will survive, but the watch will be destroyed and can't be used "
        "anymore.\n If someone possessing the watch is attacked by a sniper, they will survive "
        "but the watch will break and become unusable for the remainder of the game.",
        "Watch: a sniped holder survives, and the watch is broken",
    ),
]


@pytest.mark.parametrize(("group", "title"), WATCH_SAID_AGAIN)
def test_a_watch_sentence_said_again_alone_changes_nothing(group: str, title: str) -> None:
    """Deleted whole, each group changes its case (tests/test_dctp_items.py's DECIDES)."""
    case, cases_text = case_of(ITEMS, title)
    for one in group.split("\n"):
        assert run_case(parse_ruleset(without(one), str(DCTP)), case, cases_text).passed, one


def test_a_disguises_items_said_twice_each_alone_changes_nothing() -> None:
    """(R145) The Steal section's "If the player steals from a disguised player, he can
    steal from the disguise or from the original role (Kid, Vermouth)." and the Disguise
    section's "The disguiser will have items from their original role ...": a theft from
    Kid disguised as Kogorou may draw Kogorou's Alcohol with either alone (both deleted:
    tests/test_dctp_disguise.py)."""
    from test_dctp_disguise import ITEMS as DISGUISE_ITEMS
    from test_dctp_disguise import STEAL_WORN, _drawn

    five = {"Gun", "School book", "Glasses", "Headgear", "Alcohol"}
    assert _drawn(without(DISGUISE_ITEMS)) == five
    assert _drawn(without(STEAL_WORN)) == five
