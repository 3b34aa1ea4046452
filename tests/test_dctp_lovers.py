"""DCTP's who may be a lover or a friend (issue 28, item 7; R41, R42 at the end of
casebook/dctp-mini-mafia.rules): the Detective Boys' status (a status's section names a
group of roles), the Amor, Lovers, Friends and Friendship sentences on who may not be paired
(logic/effects/couple.py's `PairApart`), and "Travelers can be befriended." (travel's
`Reachable`). Each sentence is deleted and its case in casebook/dctp-mini-mafia/lovers.case
or friends.case changes; where the source says one ruling twice, deleting one leaves the
other, and deleting both changes the case."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
LOVERS = ROOT / "casebook" / "dctp-mini-mafia" / "lovers.case"
FRIENDS = ROOT / "casebook" / "dctp-mini-mafia" / "friends.case"

STATUS = "Ability Detective Boys: Roles with status: Mitsuhiko, Ayumi, Genta.\n"
AMOR_BAR = "Best Friends and Detective Boys may not be lovers."
LOVERS_BAR = "Lovers cannot be befriended, and Detective Boys cannot be lovers."
FRIENDSHIP_BAR = (
    "Detective Boys, Lovers, and Black Org members apart from Vermouth cannot be befriended."
)
FRIENDS_BAR = (
    "May not also befriend any Black Org members apart from Vermouth and may not befriend a "
    "Detective Boy."
)
TRAVELERS = "Travelers can be befriended."

TWO_LOVERS = "Lovers: two Detective Boys of Yumi's four are not lovers, the other two are"
BO_FRIEND = "Friendship: a Black Org member of Sonoko's list is not drawn"
DB_FRIEND = "Friendship: a Detective Boy of Sonoko's list is not drawn"


def _without(*sentences: str) -> str:
    """DCTP's text with each sentence deleted wherever it stands."""
    text = DCTP.read_text(encoding="utf-8")
    for s in sentences:
        assert s in text, s
        text = text.replace(s, "")
    return text


def _passes(case_file: Path, title: str, text: str | None) -> bool:
    rs = load_ruleset(DCTP) if text is None else parse_ruleset(text, str(DCTP))
    case, cases_text = case_of(case_file, title)
    return run_case(rs, case, cases_text).passed


def test_deleting_the_status_leaves_its_group_unnamed() -> None:
    """Without the Detective Boys' status, the sentences that name them are refused."""
    with pytest.raises(RulingError, match="'detective boys' is no role, faction, status"):
        parse_ruleset(_without(STATUS), str(DCTP))


def test_deleting_travelers_can_be_befriended_fails_the_friendship() -> None:
    title = "Friendship: a traveler abroad can be befriended"
    deleting_changes(FRIENDS, title, _without(TRAVELERS), refused_counts=False)


# one ruling said twice (Amor's and Lovers' "Detective Boys ... may not be lovers";
# Friendship's and Friends' "... cannot be befriended"): both deleted, the case changes;
# one alone, the other still says it
TWICE = [
    ((AMOR_BAR, LOVERS_BAR), LOVERS, TWO_LOVERS),
    ((AMOR_BAR, LOVERS_BAR), LOVERS, "Lovers: a Detective Boy named by Yumi is never a lover"),
    ((FRIENDSHIP_BAR, FRIENDS_BAR), FRIENDS, BO_FRIEND),
    ((FRIENDSHIP_BAR, FRIENDS_BAR), FRIENDS, DB_FRIEND),
    ((FRIENDSHIP_BAR, FRIENDS_BAR), FRIENDS, "Friendship: Vermouth may be befriended, Gin may not"),
]


@pytest.mark.parametrize(("pair", "case_file", "title"), TWICE)
def test_a_ruling_said_twice_is_deleted_with_both(
    pair: tuple[str, str], case_file: Path, title: str
) -> None:
    deleting_changes(case_file, title, _without(*pair), refused_counts=False)
    for one in pair:
        assert _passes(case_file, title, _without(one)), one


def test_apart_from_vermouth_is_read() -> None:
    """Without "apart from Vermouth" in either sentence, Vermouth is not befriended either:
    Sonoko's list of Vermouth and Gin leaves her no friend."""
    title = "Friendship: Vermouth may be befriended, Gin may not"
    text = _without(" apart from Vermouth")
    assert not _passes(FRIENDS, title, text)


def test_a_traveler_befriended_is_still_not_killed() -> None:
    """The sentence "Travelers can be befriended." lets a befriending reach him, nothing else."""
    title = "Friendship: a traveler befriended is still not killed abroad"
    assert _passes(FRIENDS, title, None)
    assert _passes(FRIENDS, title, _without(TRAVELERS))


def test_a_status_names_its_roles() -> None:
    rs = load_ruleset(DCTP)
    found = rs.status("Detective Boys")
    assert found is not None
    assert found[0] == ("Mitsuhiko", "Ayumi", "Genta")
    assert rs.status("a Detective Boy".removeprefix("a ")) == found
    # a status gives its roles no ability and no disagreement
    assert not any(d.role in found[0] for d in rs.disagreements)


# a befriended disguise (R44): the Friends status's clause and Sonoko's and her friend's
# clause each pin it (deleted, that sentence tells the friend's own role beside the
# disguise); Friendship's sentence of the role says it again (deleted alone, the two clauses
# still say it; deleted with them, the case changes)
FRIENDS_CLAUSE = ", or just the disguise if one is disguised"
SONOKO_CLAUSE = (
    ", unless that person is disguised, in which case Sonoko will be given the disguised "
    "role and not the actual role"
)
VERMOUTH = (
    "If Sonoko befriend Vermouth, she will befriend the disguised role and not know that it "
    "is Vermouth."
)
KID = "If Sonoko befriends Kid, she will befriend the disguised role and not know it is Kid in disguise."
VERMOUTH_CASE = "Friendship: Sonoko befriends Vermouth and is told the disguise"
KID_CASE = "Friendship: Sonoko befriends Kid and is told the disguise"


@pytest.mark.parametrize("clause", [FRIENDS_CLAUSE, SONOKO_CLAUSE])
@pytest.mark.parametrize("title", [VERMOUTH_CASE, KID_CASE])
def test_deleting_a_disguise_clause_tells_the_friends_own_role(clause: str, title: str) -> None:
    deleting_changes(FRIENDS, title, _without(clause), refused_counts=False)


@pytest.mark.parametrize(("sentence", "title"), [(VERMOUTH, VERMOUTH_CASE), (KID, KID_CASE)])
def test_a_roles_befriended_disguise_is_said_again(sentence: str, title: str) -> None:
    assert _passes(FRIENDS, title, _without(sentence))
    deleting_changes(
        FRIENDS, title, _without(sentence, FRIENDS_CLAUSE, SONOKO_CLAUSE), refused_counts=False
    )
