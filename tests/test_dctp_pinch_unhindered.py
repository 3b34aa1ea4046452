"""DCTP's Pinch Face: "Can't be discombobulated or frightened." (read on the section defined
once: logic/effects/block.py's Unhindered, grammar/clause/blocks.lark's bk_unhindered) and
the order of actions, which puts "Face Pinch" before "Discombobulation/Frighten", each keep
a discombobulated Nakamori's pinch; deleted together, the pinch falls to "All other
actions", after the discombobulation, which stops it."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "disguise.case"
TITLE = "Pinch Face: a discombobulation does not stop the pinch"
SENTENCE = " Can't be discombobulated or frightened."
TIER = "Arrest > Face Pinch > Charm"


def _text(sentence: bool, tier: bool) -> str:
    text = DCTP.read_text(encoding="utf-8")
    section = "Ability Pinch Face: Role with action: Nakamori."
    assert section + SENTENCE in text and TIER in text
    if not sentence:
        text = text.replace(section + SENTENCE, section)
    if not tier:
        text = text.replace(TIER, "Arrest > Charm")
    return text


def test_each_alone_keeps_the_pinch() -> None:
    case, cases_text = case_of(CASEBOOK, TITLE)
    for sentence, tier in ((True, False), (False, True)):
        assert run_case(parse_ruleset(_text(sentence, tier), str(DCTP)), case, cases_text).passed


def test_both_deleted_the_discombobulation_stops_the_pinch() -> None:
    deleting_changes(CASEBOOK, TITLE, _text(False, False), refused_counts=False)
