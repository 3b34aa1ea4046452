"""Turtle's roles that act or show after death (logic/effects/afterlife.py): each of their
sentences, taken out of the ruleset, changes the outcome of the case it decides (so the
cases test the sentences); a read of the living naming a role the ruleset lacks is a
located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.resolve import resolve
from logic.effects.attack import Kill
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).resolve().parent.parent
TURTLE = (ROOT / "casebook" / "turtle-chat-mafia.rules").read_text()


def _without(sentence: str) -> str:
    assert sentence in TURTLE
    return TURTLE.replace(sentence, "", 1)


def _atoms(rules: str, body: str) -> set[str]:
    """Every atom of the one outcome of a case, as 'phase: atom'."""
    text = f'case "t"\n{body}'
    rs = parse_ruleset(rules, "t.rules")
    (case,) = parse_cases(text, "t.case")
    res = resolve(rs, case, text)
    assert res.verdict == "determined", res.verdict
    (path,) = res.paths
    return {f"{ph.phase}: {a}" for ph in path.phases for a in ph.atoms}


ZOMBIE_KILLS = """\
  players: Zed is Zombie (Town), Mo is Vanilla (Mafia), Ann is Vanilla (Town), Bea is Vanilla (Town)
  night 1:
    Mo kills Zed
  night 2:
    Zed uses nightkill on Mo
"""
LYNCHED = """\
  players: Zed is Zombie (Mafia), Gho is Ghost (Mafia), Ann is Vanilla (Town), Eve is Doublevoter (Town)
  day 1:
    Eve votes {who}
"""
ORACLE = """\
  players: Ora is Oracle (Town), Zed is Zombie (Mafia), Mo is Vanilla (Mafia)
  night 1:
    Ora targets Zed
"""

CASES = [
    # (sentence taken out, case, an atom with it, an atom without it)
    (
        "The Zombie has no powers until its death.",
        ZOMBIE_KILLS,
        "night 2: Mo dies",
        "night 2: Zed's action fails",
    ),
    (
        "If it is lynched, its role will flip as Vanilla.",
        LYNCHED.format(who="Zed"),
        'day 1: Ann learns "Zed was Vanilla (Mafia)"',
        'day 1: Ann learns "Zed was Zombie (Mafia)"',
    ),
    (
        "The Zombie does not know its role until it dies.",
        LYNCHED.format(who="Zed"),
        'day 1: Zed learns "You are the Zombie"',
        "day 1: Zed is lynched",
    ),
    (
        "The Ghost's affiliation is not revealed when it is lynched or killed.",
        LYNCHED.format(who="Gho"),
        'day 1: Ann learns "Gho was Ghost"',
        'day 1: Ann learns "Gho was Ghost (Mafia)"',
    ),
    (
        "She may also choose to investigate a living player.",
        ORACLE,
        'night 1: Ora learns "will become the Zombie"',
        "night 1: Ora's action fails",
    ),
]


@pytest.mark.parametrize(("sentence", "case", "with_it", "without_it"), CASES)
def test_each_sentence_decides_its_case(
    sentence: str, case: str, with_it: str, without_it: str
) -> None:
    full = _atoms(TURTLE, case)
    cut = _atoms(_without(sentence), case)
    assert with_it in full, sorted(full)
    assert without_it in cut, sorted(cut)
    assert with_it not in cut, sorted(cut)


def test_the_fate_read_names_roles_of_the_ruleset() -> None:
    bad = TURTLE.replace(
        "become the Ghost or Zombie upon death", "become the Ghost or Banshee upon death"
    )
    with pytest.raises(RulingError, match="Banshee"):
        parse_ruleset(bad, "t.rules")


def test_an_ability_named_like_an_order_item_leaves_the_items_effects_their_tier() -> None:
    """The Zombie's ability is called "nightkill": the order's "Nightkills" item names it,
    and still names every kill by its effect (the Mafia's nightkill keeps its tier)."""
    rs = parse_ruleset(TURTLE, "t.rules")
    by_effect = [p.tier for p in rs.priority if Kill in p.effects and not p.hastened]
    by_name = [p.tier for p in rs.priority if p.ability == "nightkill"]
    assert by_effect and by_effect == by_name
