"""DCTP's "Protection from the tranquilizer watch can be discombobulated too." (the
Discombobulate section's; logic/effects/items.py's ItemBlocked, grammar/game/items.lark's
it_blocked): a discombobulation of the watch's holder stops its protection. Deleted, the
watch protects whatever lands on its holder (the protection is the item's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.effects.items import ItemBlocked
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpdisguise2-discombobulate.case"
WATCH = "Protection from the tranquilizer watch can be discombobulated too."


@pytest.mark.parametrize(
    "title",
    [
        "Discombobulate: the watch's holder discombobulated, the kill kills",
        "Discombobulate: Eisuke discombobulates the watch's holder, the kill kills",
    ],
)
def test_deleting_the_sentence_lets_the_watch_protect(title: str) -> None:
    deleting_changes(CASEBOOK, title, without(WATCH), refused_counts=False)


@pytest.mark.parametrize(
    "wording",
    [
        "The watch's protection can also be discombobulated.",
        "Watch protection can be discombobulated.",
    ],
)
def test_other_wordings_say_the_same(wording: str) -> None:
    text = DCTP.read_text(encoding="utf-8").replace(WATCH, wording)
    rules = parse_ruleset(text, str(DCTP))
    (node,) = [x for x in rules.healing if isinstance(x, ItemBlocked)]
    assert node.names("Watch") and not node.names("Bow-tie")
    case, cases_text = case_of(
        CASEBOOK, "Discombobulate: the watch's holder discombobulated, the kill kills"
    )
    assert run_case(rules, case, cases_text).passed
