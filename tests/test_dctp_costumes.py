"""DCTP's Choose Costumes, Temporary Disguise's limit and Re-choose Disguise (issue 28, item
4): the sentences of those sections the disguise kind reads (logic/effects/disguise.py,
grammar/game/disguise.lark, logic/lang/game_kinds/disguise.py): a costume picked in the
prep phase and worn on night 1, every disguise a town role, three nights in costume at
most against a re-choice after the last (G11, open). Each sentence changes a case of
casebook/dctp-mini-mafia/costumes.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "costumes.case"

PREP = (
    "Once Irish/Yukiko have their selected disguises, they can already pick a costume, meaning "
    "they would be disguised N1."
)
TOWN = "All disguises will be town roles."
NOT_AS = "Disguisers may not disguise as Black Org members, children, or Prep phase roles."
CARD = " Disguise: No."  # Gin's card, on his line (and 24 other roles', R55)
LIMIT = "Irish/Yukiko can only be disguised during a total of 3 nights."
RECHOOSE = (
    "The Day after Irish/Yukiko used his/her last disguise, he/she can re-use Choose Disguise."
)
G11 = "G11: a fourth costume after three nights is open"

# each sentence the kind reads (a line of its own at the end of the ruleset), and a case of
# costumes.case it decides: with the sentence the case passes, without it the case fails
# (or names an ability no longer there: the prep phase's "Costume")
DECIDES = [
    (PREP, "Costumes: Irish picks Kir in the prep phase, is BO on night 1"),
    (PREP, "Costumes: Yukiko in Heiji's costume from the prep phase interrogates on night 1"),
    (PREP, "Costumes: the prep phase's costume is a crime on record on night 1"),
    (f"{TOWN}\n{NOT_AS}\n{CARD}", "Costumes: Irish cannot don Gin, a Black Org role"),
    (f"{TOWN}\n{NOT_AS}\n{CARD}", "Costumes: Irish cannot pick Gin in the prep phase"),
    (LIMIT, G11),
    (RECHOOSE, G11),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


def test_the_town_roles_said_again_alone_change_nothing() -> None:
    """ "All disguises will be town roles.", "Disguisers may not disguise as Black Org
    members, ..." and Gin's card's "Disguise: No." each refuse a costume of Gin (DCTP's roles
    are Town or Black Org): deleted alone, each leaves the case as it was; all three
    together change it (DECIDES)."""
    case, cases_text = case_of(CASEBOOK, "Costumes: Irish cannot don Gin, a Black Org role")
    for one in (TOWN, NOT_AS, CARD):
        assert run_case(parse_ruleset(without(one), str(DCTP)), case, cases_text).passed, one


def _verdict(rules: str) -> tuple[str, set[str]]:
    """G11's verdict under `rules`, and what Bob learns on night 4."""
    from logic.commands.resolve import resolve

    case, cases_text = case_of(CASEBOOK, G11)
    res = resolve(parse_ruleset(rules, str(DCTP)), case, cases_text)
    learnt = {
        a.obj
        for p in res.paths
        for ph in p.phases
        if ph.phase == "night 4"
        for a in ph.atoms
        if a.kind == "learns" and a.subject == "Bob"
    }
    return res.verdict, learnt


def test_each_side_of_g11_alone_decides_the_fourth_costume() -> None:
    """G11: with both sentences the fourth costume is open ("BO" or "Not BO" on night 4);
    without the re-choice the limit refuses it ("Not BO"); without the limit nothing does
    ("BO": the re-choice lifts a limit no sentence sets)."""
    text = DCTP.read_text(encoding="utf-8")
    assert _verdict(text) == ("ambiguous", {"BO", "Not BO"})
    assert _verdict(without(RECHOOSE)) == ("determined", {"Not BO"})
    assert _verdict(without(LIMIT)) == ("determined", {"BO"})


def test_every_costume_sentence_is_deleted_by_a_test() -> None:
    """Each sentence of these kinds' nodes is in DECIDES (a new one needs a case)."""
    from logic.effects import disguise

    rs = load_ruleset(DCTP)
    nodes = (disguise.CostumeInPrep, disguise.OnlyAs, disguise.CostumeLimit, disguise.Rechoose)
    said = {x.why.text for x in rs.healing if isinstance(x, nodes)}
    parts = {one.strip() for s, _ in DECIDES for one in s.split("\n")}
    assert said == parts - {NOT_AS, CARD.strip()}
