"""DCTP's Rule Clarifications (issue 28 item 10; R110-R119): the attacker told of the save
that kept his victim alive (RC5, logic/effects/heal.py's SaveTold, read by
grammar/game/healing.lark's heal_told) and the sniped player told he was protected (RC7,
heal_told_saved), and the order of healing's two sentences that say what the order does
(R118: heal_top, heal_next; read as notes before), and the Vest Ruling that no investigation
sees a strap the night it happens, nor a member straps when it is not his turn to kill, and the Black Org defuser is the
one named to the planter (R119, vest.py's VestRule "unseen", "turn" and "named first"). Deleting any of them
changes its cases of
casebook/dctp-mini-mafia/clarifications.case; a small ruleset (tests/rulesets/save-told.rules)
resolves it with another group and another list of saves; the symbolic chain agrees with
`resolve` on random games of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dctp_deletions import deleting_changes, without
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "clarifications.case"
TOLD = (
    "If a member of the Black Org attacks a player and that player is saved from death as a "
    "result of healing, protection, first aid, or anything of the sort, the attacker is "
    "informed that healing or protecting was in effect (see Keywords for more information on "
    "which to report)."
)

TOP = (
    "As a rule of thumb, if more than one protection or healing is performed on a target that "
    "is attacked, the one with the highest priority will succeed as all others fail."
)
NEXT = (
    "In the event the action with the highest priority was hindered (via discombobulation or a "
    "similar action), the healing action with the next highest priority will succeed in its "
    "place."
)
UNSEEN = "The strapping of the bomb itself cannot be investigate the phase that it happens."
VEST = ROOT / "casebook" / "dctp-mini-mafia" / "vest-rulings.case"
HEALING = ROOT / "casebook" / "dctp-mini-mafia" / "healing.case"
ITEMS = ROOT / "casebook" / "dctp-mini-mafia" / "items.case"

PATH = ROOT / "tests" / "rulesets" / "save-told.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Doctor, Bob is Townie, Dee is Goon, Eve is Townie\n"


@pytest.mark.parametrize(
    "title",
    [  # (the healed victim's case: the Heal section's notice says it too, R142: deleted
        # with it in tests/test_dctp_steal.py)
        "RC5: Gin's victim protected, Gin learns that a protection was in effect",
        "RC5: Korn's sniped victim protected, Korn learns that a protection was in effect",
    ],
)
def test_deleting_the_clarification_changes_its_cases(title: str) -> None:
    deleting_changes(CASEBOOK, title, without(TOLD), refused_counts=False)


# (RC7's sniped target, told he was protected: the Protect section's "The protected also
# learns if he was Protected." says it too, R142: deleted with it in tests/test_dctp_steal.py)


@pytest.mark.parametrize(
    ("case_file", "title"),
    [
        (HEALING, "Order of healing: a heal beats first aid; the target acts"),
        (ITEMS, "Watch Protection > Protection: Ran protecting the watch's holder is not injured"),
    ],
)
def test_without_what_the_order_does_every_save_succeeds(case_file: Path, title: str) -> None:
    """(R118) Without "the one with the highest priority will succeed as all others fail",
    the order of healing ranks the saves but nothing says what the rank does: every save on
    an attacked player succeeds (the first aid injures Bob beside Araide's heal; Ran beside
    the watch is injured)."""
    deleting_changes(case_file, title, without(TOP), refused_counts=False)


def test_without_the_next_in_its_place_a_hindered_save_still_beats_the_lower() -> None:
    """(R118) Without "the healing action with the next highest priority will succeed in its
    place", a save sent of a higher group beats the lower ones though it was hindered: the
    tricked heal still beats the first aid, which does not succeed in its place."""
    title = "Order of healing: the heal is tricked, the first aid succeeds in its place"
    deleting_changes(HEALING, title, without(NEXT), refused_counts=False)


def test_without_the_vest_ruling_the_strap_is_investigated() -> None:
    title = "Vest ruling: the strap is not investigated the night it happens"
    deleting_changes(VEST, title, without(UNSEEN), refused_counts=False)


NAMED = (
    "If Vermouth or Irish also defuse the bomb, the planter is always given the name of the "
    "Black Org defuser."
)


@pytest.mark.parametrize(
    "title",
    [
        "Vest ruling: the GM's example, Yuriko (Vermouth-Takagi) and Parkur (Satou) defuse",
        "Vest ruling: Kid as Megure and Vermouth as Takagi defuse, Vermouth is named",
    ],
)
def test_without_the_black_org_defuser_first_the_order_names_another(title: str) -> None:
    deleting_changes(VEST, title, without(NAMED), refused_counts=False)


TURN = "Any Black Org member may plant the vest if it is their turn to kill that night."


def test_without_the_turn_a_member_who_killed_straps() -> None:
    title = "Vest ruling: not his turn to kill, Gin's strap does not take place"
    deleting_changes(VEST, title, without(TURN), refused_counts=False)


def test_the_attacker_of_the_group_is_told_the_save() -> None:
    atoms = determined(RS, PLAYERS + "  night 1:\n    Dee kills Bob\n    Ann targets Bob\n")
    assert "Bob dies" not in atoms and 'Dee learns "Heal"' in atoms, atoms
    # (the save not needed: nothing to tell)
    atoms = determined(RS, PLAYERS + "  night 1:\n    Dee kills Bob\n    Ann targets Eve\n")
    assert "Bob dies" in atoms and not any("learns" in a for a in atoms), atoms


def test_another_group_or_a_save_not_listed_is_not_told() -> None:
    body = PLAYERS + "  night 1:\n    Dee kills Bob\n    Ann targets Bob\n"
    town = PATH.read_text().replace("If a member of the Mafia", "If a member of the Town")
    atoms = determined(parse_ruleset(town, str(PATH)), body)
    assert not any("learns" in a for a in atoms), atoms
    listed = PATH.read_text().replace("by protection or anything of the sort", "by first aid")
    atoms = determined(parse_ruleset(listed, str(PATH)), body)
    assert not any("learns" in a for a in atoms), atoms


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_the_save_told(data: Any) -> None:
    """Random two-night games of the small ruleset: the symbolic chain, fixed to the game,
    gives exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
