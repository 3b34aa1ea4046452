"""DCTP's Identify, one identification a day for the Detective Boys and the ranking of their
conflicting orders (issue 28, item 2; R75): the Identify section's sentences, read as
whole-game sentences (grammar/game/identify.lark, logic/effects/identify.py's OnePerDay,
Ranking, RankDecides). Deleting each changes a case of
casebook/dctp-mini-mafia/identify.case (the two that say one identification a day go
together), and a fixed day gives the same outcome symbolically as concretely."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "identify.case"
TITLE = "Identify: conflicting orders, the ranking plays Ayumi's (R75)"

ONE = (
    "They use Identify all together.\nSo they can just Identify one player's role together per Day."
)
RANKING = "The ranking of the DB are: Ayumi, Mitsuhiko, Genta."
DECIDES = "If the GM gets conflicting orders on whom to Identify, the GM will use this ranking."


def _without(sentences: str) -> str:
    """DCTP without each line of `sentences`, where it is a line of its own (the
    not-modelled lines that quote it elsewhere are kept)."""
    text = DCTP.read_text(encoding="utf-8")
    for one in sentences.split("\n"):
        assert f"\n{one}\n" in text, one
        text = text.replace(f"\n{one}\n", "\n")
    return text


@pytest.mark.parametrize("sentences", [ONE, RANKING, DECIDES])
def test_deleting_a_sentence_changes_the_case(sentences: str) -> None:
    deleting_changes(CASEBOOK, TITLE, _without(sentences))


GAMES = {
    "conflicting identifications": (
        [("Ann", "Ayumi", ""), ("Bob", "Gin", ""), ("Cid", "Genta", ""), ("Dee", "Sonoko", "")],
        [{}, {"Ann": ("Identify", "Bob"), "Cid": ("Identify", "Dee")}, {}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
