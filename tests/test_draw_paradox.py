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


CHAIN = """case "a draw of night 1 with no night 2"
  players: Ann is Seer, Bob is Hunter, Cid is Meddler, Dee is Blocker (Village), Eve is Blocker (Village), Fay is Blocker (Village)
  night 1:
    Cid targets Ann
    Bob targets Ann
  night 2:
    Dee targets Eve
    Eve targets Fay
    Fay targets Dee
"""


def test_a_draw_whose_next_phase_has_no_outcome_is_a_paradox() -> None:
    """Bob's shot at the meddled Ann lands on a random other player: on Dee, Eve or Fay
    night 2's three blocks are no cycle; on Bob himself, they are one (W12's paradox).
    That draw has no night 2: a paradox, not a path left out (resolve said `random`)."""
    (case,) = parse_cases(CHAIN, "draws.case")
    res = resolve(load_ruleset(RULES), case, CHAIN)
    assert res.verdict == "paradox"
    assert {p.phases[0].phase for p in res.paths} == {"night 1"}
    assert len(res.paths) == 3, "the three draws that go on are kept"
