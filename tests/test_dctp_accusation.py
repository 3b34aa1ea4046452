"""DCTP's Voice of Accusation spent once it decided a lynch (issue 28, item 2): Kujou's
"Once Kujou has lynched somebody using Voice of Accusation was a deciding factor in having
the person lynched, she may not use it again." read by the tally kind
(logic/effects/tally.py's ExtraVote `spent`, the lasting mark `accusation spent`; R77).
Deleting it changes a case of casebook/dctp-mini-mafia/accusation.case, and fixed games
give the same outcome symbolically (the chain: a day, a night and a day) as concretely."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "accusation.case"
SPENT = (
    "Once Kujou has lynched somebody using Voice of Accusation was a deciding factor in having "
    "the person lynched, she may not use it again."
)


def test_deleting_the_sentence_leaves_it_usable() -> None:
    deleting_changes(
        CASEBOOK,
        "Voice of Accusation: spent once it decided a lynch (R77)",
        without_on("Kujou", SPENT),
    )


def test_the_spent_mark_lasts() -> None:
    from logic.effects.status import LASTING
    from logic.effects.tally import SPENT as MARK

    assert MARK in LASTING


GAMES = {
    "Voice of Accusation decides day 1's lynch": (
        [
            ("Ann", "Gin", ""),
            ("Bob", "Megure", ""),
            ("Cid", "Kujou", ""),
            ("Dee", "Agasa", ""),
        ],
        [{"Cid": ("Cross-examine", "Ann")}, {"Cid": ("Voice of Accusation", "")}, {}],
        {"Cid": "Ann", "Bob": "Dee", "Ann": "Bob"},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
