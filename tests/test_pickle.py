"""Every casebook ruleset survives pickling: `check` sends the ruleset to its ambiguity
search's worker process (logic/commands/check/checker.py), and a ruleset that cannot be
rebuilt there leaves the search waiting for a task its worker never got (a warning, a
RulingError, pickled by its empty `args` until errors.py said how)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from logic.lang.rules import load_ruleset

CASEBOOK = Path(__file__).parent.parent / "casebook"


@pytest.mark.parametrize("path", sorted(CASEBOOK.glob("*.rules")), ids=lambda p: p.stem)
def test_a_ruleset_is_the_same_after_pickling(path: Path) -> None:
    rs = load_ruleset(path)
    again = pickle.loads(pickle.dumps(rs))
    assert again == rs
    assert [str(w) for w in again.warnings] == [str(w) for w in rs.warnings]
