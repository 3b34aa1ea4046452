"""DCTP's Abduct (issue 28, item 8): Irish's "Irish will Abduct one character that is not
played in the game by any player." and the GM's sentences about it, read by one kind in its
own files (logic/effects/abduct.py, grammar/clause/abduct.lark, logic/lang/kinds/abduct.py),
with a lasting state (the phases of past abductions). Each sentence the kind reads changes a
case of casebook/dctp-mini-mafia/abduct.case when it is deleted, and fixed games give the
same outcome symbolically (the chain) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "abduct.case"

# each sentence the kind reads (on Irish's line, and quoted by the not-modelled line that
# keeps the source's Abduct section), and a case of abduct.case that it decides
ORDER = "Irish will Abduct one character that is not played in the game by any player."

DECIDES = [
    (
        ORDER,
        "Abduct: a random Town character not in the game",
    ),
    (
        "The GM will send him the name of one random town-sided character not in the game.",
        "Abduct: a random Town character not in the game",
    ),
    ("After 3 phases, he can use it again.", "Abduct: after night 1, not on night 2"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability leaves its cases unreadable: that counts as noticed)
    deleting_changes(CASEBOOK, title, without_on("Irish", sentence), sentence == ORDER)


# ----------------------------------------------------------------------------- the chain

GAMES = {
    "Irish abducts on nights 1 and 2": (
        [("Ann", "Irish", ""), ("Bob", "Heiji", ""), ("Cid", "Agasa", "")],
        [{"Ann": ("Abduct", "")}, {}, {"Ann": ("Abduct", "")}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
