"""A host's open choice that leads one way to a draw of chance and the other way to none is
the host's, not chance's (logic/commands/resolve.py's `_agreeing`): the path that draws
nothing reaches its outcome whatever is drawn, so it meets every draw of the other path,
and the verdict is `ambiguous`. Draws paired only where both paths made them, and such a
night was called `random`."""

from __future__ import annotations

from pathlib import Path

from logic.commands.resolve import Resolution, _agreeing, resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "dctp-mini-mafia.rules"

# D9 (the house search's "The crime, however, will be hindered" against "Killing always
# comes before House Search"): whether Gin's kill of Kir on night 1 is hindered is the
# host's open choice; Kir alive on night 2 learns one of two activities drawn at random
# (Betrayal), Kir dead draws nothing
CASE = """case "D9, then Kir's Betrayal on one branch only"
  players: Abs is Gin, Kir1 is Kir, Meg is Megure, Ann is Ran, Vod is Vodka, Eve is Agasa
  night 1:
    Meg uses House Search on Abs
    Abs kills Kir1
  night 2:
    Abs kills Eve
    Vod uses Discombobulate on Ann
"""


def _resolved(text: str) -> Resolution:
    (case,) = parse_cases(text, "host-draw.case")
    return resolve(load_ruleset(RULES), case, text)


def test_a_host_choice_with_a_draw_on_one_branch_is_ambiguous() -> None:
    res = _resolved(CASE)
    assert len(res.paths) == 3, "Kir dead, or alive with one of two activities"
    assert res.verdict == "ambiguous"


DRAW = """case "Kir's Betrayal, no host's choice"
  players: Abs is Gin, Kir1 is Kir, Meg is Megure, Ann is Ran, Vod is Vodka, Eve is Agasa
  night 1:
    Abs kills Meg
  night 2:
    Vod kills Eve
    Abs uses Slander on Ann
"""


def test_the_draw_alone_is_still_random() -> None:
    res = _resolved(DRAW)
    assert len(res.paths) == 2, "one of two activities drawn"
    assert res.verdict == "random"


def test_draws_pair_where_they_agree() -> None:
    drew = {(("n2: x", 1),): {0}, (("n2: x", 2),): {1}}
    assert _agreeing(drew, {(): {2}}) == [((("n2: x", 1),), ()), ((("n2: x", 2),), ())]
    assert _agreeing(drew, drew) == [((("n2: x", 1),),) * 2, ((("n2: x", 2),),) * 2]
    other = {(("n2: x", 1), ("n2: y", 0)): {3}}
    assert _agreeing(drew, other) == [((("n2: x", 1),), (("n2: x", 1), ("n2: y", 0)))]
