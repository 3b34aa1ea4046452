"""DCTP's Discombobulate section: 'He will also get that message in case he wanted to
discombobulate someone that isn't in Japan, or if he discombobulated the killer if Bribe is
in effect.', reworded at the end of the ruleset as "Discombobulating someone who is not in
Japan fails, as does discombobulating the killer while Bribe is in effect."
(logic/effects/blockfails.py, grammar/game/discombobulate.lark). Deleted, a discombobulation
of a player abroad takes place (and does nothing); the bribed killer's is said again by
Pisco's line, so both must go for it to take place."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.effects.blockfails import BlockFails
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpdisguise2-discombobulate.case"
RULING = (
    "Discombobulating someone who is not in Japan fails, as does discombobulating the killer "
    "while Bribe is in effect."
)
PISCO = (
    " If a player attempts to protect the victim or discombobulate the killer, their action "
    "will fail as if discombobulated."
)
ABROAD = "Discombobulate: Hakuba abroad, the discombobulation fails"
BRIBED = "Discombobulate: the bribed killer, the discombobulation fails"


def _without(*sentences: str) -> str:
    """DCTP without the ruling (its Source line above it too: a Source is said above the
    statement that gives it) and the other sentences named."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line == RULING]
    assert lines[at - 1].startswith("Source: He will also get that message")
    text = "\n".join(lines[: at - 1] + lines[at + 1 :])
    for one in sentences:
        assert one in text, one
        text = text.replace(one, "")
    return text


def test_deleting_the_ruling_lets_a_discombobulation_of_a_player_abroad_take_place() -> None:
    deleting_changes(CASEBOOK, ABROAD, _without(), refused_counts=False)


@pytest.mark.parametrize("kept", ["ruling", "pisco"])
def test_the_bribed_killer_one_sentence_alone_keeps_it(kept: str) -> None:
    case, cases_text = case_of(CASEBOOK, BRIBED)
    text = _without() if kept == "pisco" else DCTP.read_text(encoding="utf-8").replace(PISCO, "")
    assert run_case(parse_ruleset(text, str(DCTP)), case, cases_text).passed


def test_deleting_both_lets_the_discombobulation_of_the_bribed_killer_take_place() -> None:
    deleting_changes(CASEBOOK, BRIBED, _without(PISCO), refused_counts=False)


def test_the_ruling_reads_both_cases() -> None:
    rules = parse_ruleset(DCTP.read_text(encoding="utf-8"), str(DCTP))
    (node,) = [x for x in rules.healing if isinstance(x, BlockFails)]
    assert node.cases == ("abroad", "bribed")
