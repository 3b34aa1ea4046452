"""The frame grammar's rules and sections are named after the mechanic they read, never
after the ruleset a sentence came from (issue 24): benchmarks/grammar_stats.py's count."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "grammar_stats", ROOT / "benchmarks" / "grammar_stats.py"
)
assert _spec and _spec.loader
stats = importlib.util.module_from_spec(_spec)
sys.modules["grammar_stats"] = stats  # its dataclass looks its module up
_spec.loader.exec_module(stats)
TEXT = (ROOT / "grammar" / "ruleset.lark").read_text(encoding="utf-8")


def test_the_count_finds_the_rules_and_a_source_name() -> None:
    found = {r.name: r for r in stats.rules(TEXT)}
    assert "role_def" in found and "each_night" in found  # a definition, an alias
    assert found["no_powers"].run == 2 and found["stake_out"].run >= 8
    assert stats.after_source("turtle_day_rule") and stats.after_source("Turtle's days")
    assert stats.after_source("pool_scan") and stats.after_source("hamedo")
    assert not stats.after_source("lynch_terms") and not stats.after_source("forgery_check")


def test_no_rule_is_named_after_a_source() -> None:
    named = [r.name for r in stats.rules(TEXT) if stats.after_source(r.name)]
    assert named == []


def test_no_section_is_named_after_a_source() -> None:
    titled = [t for _, t in stats.sections(TEXT) if stats.after_source(t)]
    assert titled == []


def test_few_rules_spell_out_a_sentence_word_by_word() -> None:
    """Issue 24: at most 5% of the rules of all the project's grammars (each base with its
    fragments) hold eight or more literal words in a row."""
    found = [r for _, texts in stats.grammars(None, None) for r in stats.grammar_rules(texts)]
    verbatim = [r for r in found if r.run >= stats.VERBATIM]
    assert len(found) > 900
    assert len(verbatim) <= 0.05 * len(found), [r.name for r in verbatim]


def test_the_frame_grammar_spells_out_no_sentence_but_two_that_name_their_ability() -> None:
    """The frame grammar's verbatim rules were read into the clause and game languages'
    shapes; two are left: each gives its ability a name its sentence does not say (DCTP's
    "Stake-Out" and "Bone Breaking", the titles of the source's sections), which a shape of
    parts has no word for."""
    verbatim = sorted(r.name for r in stats.rules(TEXT) if r.run >= stats.VERBATIM)
    assert verbatim == ["snipe_guard_ability", "stake_out"]
