"""The project's own wordings (tests/language/*.json) name a casebook sentence by its
line: every casebook ruleset keeps its lines where they are (a line kept for coverage is
added at the end), so each item's line still holds its sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ITEMS = [
    item
    for path in sorted((ROOT / "tests" / "language").glob("*.json"))
    for item in json.loads(path.read_text(encoding="utf-8"))
    if item["ruleset"] != "new"
]


@pytest.mark.parametrize("item", ITEMS, ids=lambda i: f"{i['ruleset']}:{i['line']}")
def test_each_items_line_holds_its_sentence(item: dict[str, object]) -> None:
    lines = (ROOT / "casebook" / f"{item['ruleset']}.rules").read_text(encoding="utf-8")
    line = lines.split("\n")[int(str(item["line"])) - 1]
    assert str(item["sentence"]) in line
