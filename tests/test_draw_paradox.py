"""A draw of chance the rules allow and no outcome has is a paradox (logic/commands/
resolve.py's `_undrawn`): `resolve` names the draw and keeps the other draws' outcomes,
where it once kept those alone and called the night `random` (the werewolf pool's two
Meddlers, W23/W24)."""

from __future__ import annotations

from pathlib import Path

from logic.commands.resolve import Resolution, resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "werewolf-pool.rules"

NIGHT = """case "two Meddlers"
  players: Ann is Seer, Bob is Blocker (Village), Cid is Meddler, Dee is Meddler, Eve is Guard
  night 1:
    Bob targets Ann
    Cid targets Ann
"""


def _resolved(dee: str) -> Resolution:
    text = NIGHT + (f"    Dee targets {dee}\n" if dee else "")
    (case,) = parse_cases(text, "draws.case")
    return resolve(load_ruleset(RULES), case, text)


def test_a_draw_with_no_outcome_is_a_paradox_beside_the_others() -> None:
    res = _resolved("Eve")
    assert res.verdict == "paradox"
    assert res.paths, "the draws that have an outcome are kept"
    (px, *_) = res.paradoxes
    assert any(n.startswith("drawn at random: scatter:") for n in px.assumptions)
    said = {w.text for w in px.core}
    assert any("a random other player is chosen" in t for t in said), said


def test_draws_that_all_have_an_outcome_are_random() -> None:
    # one meddling: Bob's block is moved to a random other player, never onto Cid (W23)
    res = _resolved("")
    assert res.verdict == "random", [p.assumptions for p in res.paradoxes]
    assert not res.paradoxes
