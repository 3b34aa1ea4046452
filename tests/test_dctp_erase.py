"""DCTP's Erase (issue 28, item 8): Pisco's erasing of the night's victim and the GM's
sentences about it, read by one kind in its own files (logic/effects/erase.py,
grammar/clause/erase.lark, logic/lang/kinds/erase.py), and Kogorou's "If Eri, Ran, Conan, or
Shinichi get erased, Kogorou will not get sober ..." (logic/effects/sobriety.py asks the
erase kind). Each sentence changes a case of casebook/dctp-mini-mafia/erase.case when it is
deleted from its role's line (Kogorou's two, said twice, deleted together)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "erase.case"

ORDER = (
    "The eraser has the option of erasing or not erasing a body if he is the one doing the "
    "killing himself."
)
OTHER = "Once per game, Pisco may opt to erase a victim killed by another Black Org member."
TOLD = "The eraser is the only one who becomes privy to the identity of the erased body."
BRIBED = (
    "The body of a bribe victim will be erased and only the killing player will learn their "
    "identity."
)
STAYS = (
    "If Eri, Ran, Conan, or Shinichi get erased, Kogorou will not get sober and will stay drunk.",
    "In the event Kogorou is not yet sober and Eri, Ran, Conan, or Shinichi are erased, "
    "Kogorou will not become sober as a result.",
)

DECIDES = [
    ("Pisco", ORDER, "Erase: Pisco erases his own victim and learns the role"),
    ("Pisco", TOLD, "Erase: Pisco erases his own victim and learns the role"),
    ("Pisco", OTHER, "Erase: another member's victim, once a game"),
    ("Pisco", BRIBED, "Erase: a bribe's victim is erased, the killer learns the role"),
    ("Kogorou", "\n".join(STAYS), "Erase: Ran erased, Kogorou stays drunk"),
]


@pytest.mark.parametrize(("role", "sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(role: str, sentence: str, title: str) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, without_on(role, sentence), sentence == ORDER)


def test_the_eraser_told_is_whoever_uses_the_erase() -> None:
    """(R62) "The eraser is the only one who becomes privy to the identity of the erased
    body.": Calvados, erasing with Pisco's Erase after covering him, learns the role;
    without the sentence, he does not."""
    deleting_changes(
        ROOT / "casebook" / "dctp-mini-mafia" / "cover.case",
        "Cover: Calvados covers Pisco, kills and erases his victim",
        without_on("Pisco", TOLD),
        refused_counts=False,
    )


@pytest.mark.parametrize("sentence", STAYS)
def test_each_saying_of_stays_drunk_alone_changes_nothing(sentence: str) -> None:
    """Deleted alone, either sentence that says an erased death does not sober Kogorou
    leaves its case as it was (the other says it)."""
    case, text = case_of(CASEBOOK, "Erase: Ran erased, Kogorou stays drunk")
    assert run_case(parse_ruleset(without_on("Kogorou", sentence), str(DCTP)), case, text).passed


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "Gin kills, Pisco erases another's victim on nights 1 and 2": (
        [("Ann", "Pisco", ""), ("Bob", "Gin", ""), ("Cid", "Heiji", ""), ("Dee", "Agasa", "")],
        [
            {"Ann": ("Erase", ""), "Bob": ("__kill", "Cid")},
            {},
            {"Ann": ("Erase", ""), "Bob": ("__kill", "Dee")},
        ],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
