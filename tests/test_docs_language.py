"""docs/language.md never lies: its generated part is what grammar/lexicon.toml and
grammar/examples.toml hold today, and every role line in its `rules` blocks parses."""

from __future__ import annotations

import re
from pathlib import Path

from logic.lang import reference
from logic.lang.rules import parse_ruleset

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
        text = (
            "Ruleset: Docs\nPossible Town Roles\n"
            f"{role}: Targets a player each night. {sentence}\n"
            "Cop: Checks a player each night.\n"
            "Possible Mafia Roles\nGoon: No special powers.\n"
        )
        parse_ruleset(text, f"docs/language.md: {line}")
