"""DCTP's prep phase and Lovers (issue 28, item 7): Yumi's Amor in the prep phase ("Prep
action: Amor. Chooses four players, two of which will become lovers.") and the Lovers
section's sentences at the end of the ruleset (R21), read by one kind in its own files
(logic/effects/couple.py, grammar/clause/couple.lark, grammar/game/couple.lark) with a
lasting state (the pairs made); and the counts told in the prep phase (the NOC's and the
FBI Leader's, logic/effects/census.py). Which two of the four become lovers is the host's choice
(P1), so the cases of casebook/dctp-mini-mafia/prep.case are `ambiguous`: these tests
count the outcomes in which each player dies, with each sentence and without it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.commands.resolve import resolve
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "prep.case"

SUICIDE = "When one lover dies, the other commits suicide that same phase."
UNSAVED = "No amount of healing or protecting may prevent the death of a suicidal lover."
AMOR = "Prep. action: Amor. Chooses four players, two of which will become lovers. "
TRAVEL_PREP = "Prep, "  # deleted: "... (whether it's during Night, or Day)"


def _without(sentence: str) -> str:
    """DCTP's text with `sentence` deleted wherever it stands (a line at the end, or a
    part of a role's line)."""
    text = DCTP.read_text(encoding="utf-8")
    assert sentence in text, sentence
    return text.replace(sentence, "")


def _deaths(text: str | None, title: str) -> tuple[Counter[str], int]:
    """How many of the case's outcomes each player dies in (any phase), and the outcomes."""
    rs = load_ruleset(DCTP) if text is None else parse_ruleset(text, str(DCTP))
    case, cases_text = case_of(CASEBOOK, title)
    res = resolve(rs, case, cases_text)
    died: Counter[str] = Counter()
    for path in res.paths:
        for who in {a.subject for ph in path.phases for a in ph.atoms if a.kind == "dies"}:
            died[who] += 1
    return died, len(res.paths)


def test_a_lovers_death_takes_one_of_the_other_three_named() -> None:
    died, n = _deaths(None, "Lovers: which two of Yumi's four become lovers is not said (P1)")
    # six pairs of the four named; Bob is in three of them
    assert n == 6
    assert died["Bob"] == 6
    assert (died["Cid"], died["Eve"], died["Fay"]) == (1, 1, 1)
    assert died["Gus"] == died["Ann"] == 0


def test_deleting_the_suicide_takes_no_lover_with_bob() -> None:
    title = "Lovers: which two of Yumi's four become lovers is not said (P1)"
    died, _ = _deaths(_without(SUICIDE), title)
    assert died["Bob"] == 6
    assert died["Cid"] == died["Eve"] == died["Fay"] == 0


def test_a_heal_does_not_save_a_suicidal_lover_unless_the_sentence_is_deleted() -> None:
    title = "Lovers: a heal does not save a suicidal lover"
    died, _ = _deaths(None, title)
    assert died["Cid"] == 1  # the outcome where Cid is Bob's lover
    died, _ = _deaths(_without(UNSAVED), title)
    assert died["Cid"] == 0
    assert died["Eve"] == died["Fay"] == 1  # (their pairs with Bob have no heal on them)


def test_a_lover_lynched_takes_the_other_that_day() -> None:
    title = "Lovers: a lover lynched, the other dies that day"
    died, _ = _deaths(None, title)
    assert (died["Cid"], died["Eve"], died["Fay"]) == (1, 1, 1)
    died, _ = _deaths(_without(SUICIDE), title)
    assert died["Cid"] == died["Eve"] == died["Fay"] == 0


# the prep phase's abilities: deleting the sentence that gives one refuses its case (the
# ability is no longer there) or changes it
DECIDES = [
    (AMOR, "Lovers: which two of Yumi's four become lovers is not said (P1)"),
    (TRAVEL_PREP, "Prep: Hakuba travels in prep, is in the air on night 1 and cannot interrogate"),
    (
        " Player gets to know how many Black Org members are present in the current game "
        "(not their identities).",
        "NOC: Kir learns in the prep phase how many Black Org members are in the game",
    ),
    (
        " At the onset of the round, the FBI Leader is given notice of how many of his "
        "subordinated (Jodie, Akai, Camel, Kir) are in the game.",
        "FBI Leader: James learns in the prep phase how many of his subordinates are in the game",
    ),
]


NIGHT_TOLD = (
    "If Sonoko's friend is killed during the night (with the exception of a sniping), she "
    "will be privy to the identity of the murderer."
)
BO_TOLD = (
    "When Sonoko's friend dies as a result of being killed by the Black Org, she will learn "
    "the identity of the attacker."
)
NOT_SNIPED = "She will not learn the identity if her friend happens to be sniped or poisoned."
FIRST = (
    "During Prep phase, if Sonoko's friend is also someone named by Yumi, Sonoko's ability "
    "takes precedent."
)
FIRST_AGAIN = (
    "Sonoko's ability takes precedent over Yumi's ability, meaning Friendship always takes "
    "precedent over Lovers."
)
FRIENDSHIP = (
    "Prep. action: Friendship. Sonoko names a list of players he would like to befriend (GM "
    "determines the exact amount of players to list). "
)

DECIDES += [
    (FRIENDSHIP, "Friendship: Sonoko's friend killed by the Black Org, she learns who killed him"),
    (
        "The Sonoko player will then randomly befriend one of those players.",
        "Friendship: Sonoko's friend killed by the Black Org, she learns who killed him",
    ),
]

# sentences that say one ruling twice: deleted together they change the case, one alone
# does not (the other still says it)
APART = "Friends may not also be lovers."
FRIENDS_KNOW = "Friends know one another's identities, or just the disguise if one is disguised."
SONOKO_KNOWS = (
    "Sonoko and her friend will know one another's identities, unless that person is "
    "disguised, in which case Sonoko will be given the disguised role and not the actual role."
)

GROUPS = [
    ((FRIENDS_KNOW, SONOKO_KNOWS), "Friends: Sonoko and her friend learn who the other is"),
    (
        (NIGHT_TOLD, BO_TOLD),
        "Friendship: Sonoko's friend killed by the Black Org, she learns who killed him",
    ),
    (
        # Amor's "Best Friends and Detective Boys may not be lovers." says it too (R41)
        (FIRST, FIRST_AGAIN, APART, "Best Friends and Detective Boys may not be lovers."),
        "Friendship over Lovers: Sonoko's friend is not one of Yumi's lovers",
    ),
    (
        (APART, "Best Friends and Detective Boys may not be lovers."),
        "Lovers: Sonoko and her friend named by Yumi, the other two are the lovers; one dies, so does the other",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_prep_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, _without(sentence))


@pytest.mark.parametrize(("group", "title"), GROUPS)
def test_deleting_a_group_changes_its_case_and_one_alone_does_not(
    group: tuple[str, ...], title: str
) -> None:
    text = DCTP.read_text(encoding="utf-8")
    for one in group:
        text = text.replace(one, "")
    deleting_changes(CASEBOOK, title, text, refused_counts=False)
    case, cases_text = case_of(CASEBOOK, title)
    for one in group:
        assert run_case(parse_ruleset(_without(one), str(DCTP)), case, cases_text).passed, one


def test_a_snipe_tells_sonoko_nothing_only_with_an_exception_said() -> None:
    """The sniping exception is said twice (the Friends status's parenthesis, Friendship's
    "She will not learn ..."): with neither, the snipe tells her who killed."""
    title = "Friendship: Sonoko's friend sniped, she learns nothing"
    bare = NIGHT_TOLD.replace(" (with the exception of a sniping)", "")
    text = DCTP.read_text(encoding="utf-8").replace(NIGHT_TOLD, bare).replace(NOT_SNIPED, "")
    deleting_changes(CASEBOOK, title, text, refused_counts=False)


def test_each_lover_learns_who_the_other_is_in_every_outcome() -> None:
    title = "Lovers: only the lovers learn who the other is"
    rs = load_ruleset(DCTP)
    case, cases_text = case_of(CASEBOOK, title)
    res = resolve(rs, case, cases_text)
    roles = {"Bob": "Heiji", "Cid": "Gin", "Dee": "Agasa", "Eve": "Ran"}
    assert len(res.paths) == 6
    for path in res.paths:
        (prep,) = path.phases
        (pair,) = [a for a in prep.atoms if a.kind == "is lovers with"]
        told = {(a.subject, a.obj) for a in prep.atoms if a.kind == "learns"}
        p, q = pair.subject, pair.obj
        assert told == {(p, f"{q} is {roles[q]}"), (q, f"{p} is {roles[p]}")}
    # without the sentence, no one is told
    text = _without("Lovers know one another's actual identities.")
    res = resolve(parse_ruleset(text, str(DCTP)), case, cases_text)
    assert not any(a.kind == "learns" for p in res.paths for ph in p.phases for a in ph.atoms)


# with Sonoko and her friend among Yumi's four, "Friends may not also be lovers." leaves one
# pair: the Lovers sentences decide determined cases
PINNED = [
    (
        SUICIDE,
        "Lovers: Sonoko and her friend named by Yumi, the other two are the lovers; one dies, so does the other",
    ),
    (UNSAVED, "Lovers: Araide's heal does not save Eve, whose lover dies"),
    (
        "Lovers know one another's actual identities.",
        "Lovers: the two lovers learn who the other is",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), PINNED)
def test_deleting_a_lovers_sentence_changes_its_determined_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, _without(sentence), refused_counts=False)
