"""DCTP's Black Suitcase (issue 28, item 8): the leader's day gift of the suitcase, the
receiver's pretended night action and the GM's sentences about it, read by one kind in its
own files (logic/effects/suitcase.py, grammar/clause/suitcase.lark,
logic/lang/kinds/suitcase.py), through the hooks the investigations of actions and the
binder ask every kind (`Kind.pretends`, `Kind.feigns`, `Kind.unseen`, `Kind.lends`). Each
sentence the kind reads changes a case of casebook/dctp-mini-mafia/suitcase.case when it is
deleted from Anokata's line."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "suitcase.case"

GIVE = (
    "During each day the Leader (also, next highest-ranked BO in case Leader dies or is "
    'arrested) can decide to give the "Black Suitcase" to any player (even himself).'
)
PRETEND = "During the next night the receiver can pretend to use any existing Night ability."
FIRST = "Anokata can use the Black Suitcase during Night 1 for himself."
SEEN = "Black Suitcase and Blamed actions appear as if they were legitimate actions."
INNOCENT = (
    "Using the Black Suitcase for any action is not a crime, including using it to commit a crime."
)

INSTEAD = "Alternatively, the receiver can use Blame instead of a fake Night ability."
SUBSTITUTE = "He can also choose a substitute in case that player is killed/arrested."

DECIDES = [
    (
        GIVE,
        "Black Suitcase: Kleene gives it to himself, his fake interrogation is investigated as true",
    ),
    (PRETEND, "Black Suitcase: Anokata's fake interrogation on night 1 is investigated as true"),
    (FIRST, "Black Suitcase: Anokata's fake interrogation on night 1 is investigated as true"),
    (
        SEEN,
        "Black Suitcase: Kleene gives it to himself, his fake interrogation is investigated as true",
    ),
    (SEEN, "Black Suitcase: the Stake-Out example, the heal with the suitcase"),
    (INNOCENT, "Black Suitcase: a fake slander is no crime, a house search finds nothing"),
    (INSTEAD, "Black Suitcase: the receiver blames, and the blame is real"),
    (SUBSTITUTE, "Black Suitcase: the receiver lynched, the substitute holds it"),
    (SUBSTITUTE, "Black Suitcase: the receiver arrested by day, the substitute holds it"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting an ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(
        CASEBOOK,
        title,
        without_on("Anokata", sentence),
        sentence in (GIVE, PRETEND, INSTEAD, SUBSTITUTE),
    )


def test_the_substitute_holds_it_only_when_the_receiver_is_gone() -> None:
    """(R64) Without the substitute's day use, the receiver lynched leaves the suitcase to
    no one: Vodka's line using it is refused; with it, it reads (the case passes)."""
    case, text = case_of(CASEBOOK, "Black Suitcase: the receiver lynched, the substitute holds it")
    alone = text.replace("    Ann uses Substitute on Cid\n", "")
    (bare,) = [c for c in parse_cases(alone, "<alone>") if c.title == case.title]
    with pytest.raises(RulingError, match="no ability called 'Black Suitcase'"):
        run_case(load_ruleset(DCTP), bare, alone)
    assert run_case(load_ruleset(DCTP), case, text).passed


# ----------------------------------------------------------------------------- the chain

# (a night's actions: (ability, target, decision); the suitcase given to himself on day 1,
# the chain does not lend abilities, as for disguises: the holder of the line uses it)
GAMES = {
    "Anokata pretends on night 1, gives it to himself, pretends on night 2": (
        [("Ann", "Anokata", ""), ("Bob", "Heiji", ""), ("Cid", "Takagi", "")],
        [
            {"Ann": ("Black Suitcase", "Bob", "Interrogate"), "Cid": ("Stake-Out", "Bob")},
            {"Ann": ("Black Suitcase", "Ann")},
            {"Ann": ("Black Suitcase", "Bob", "Heal"), "Cid": ("Stake-Out", "Bob")},
        ],
        {},
    ),
    "Anokata pretends on night 2 without the suitcase": (
        [("Ann", "Anokata", ""), ("Bob", "Heiji", ""), ("Cid", "Takagi", "")],
        [
            {},
            {"Ann": ("Black Suitcase", "Cid")},
            {"Ann": ("Black Suitcase", "Bob", "Heal"), "Cid": ("Stake-Out", "Bob")},
        ],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
