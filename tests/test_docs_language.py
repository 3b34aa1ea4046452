"""docs/language.md never lies: its generated part is what grammar/lexicon.toml and
grammar/examples.toml hold today, and every role line in its `rules` blocks parses."""

from __future__ import annotations

import re
from pathlib import Path

from test_clause import reads_in_a_ruleset

from logic.lang import reference

DOC = Path(__file__).parent.parent / "docs" / "language.md"


def test_the_generated_part_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(reference.BEGIN), text.index(reference.END) + len(reference.END)
    assert text[start:end] == reference.render(), (
        "docs/language.md is stale: paste the output of `python -m logic.lang.reference`"
    )


def test_every_example_of_the_page_parses() -> None:
    blocks = re.findall(r"```rules\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    lines = [line for b in blocks for line in b.splitlines() if line.strip()]
    assert len(lines) >= 30
    for line in lines:
        role, _, sentence = line.partition(": ")
        assert role == "Doctor" and reads_in_a_ruleset(sentence), line
