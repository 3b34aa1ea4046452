"""DCTP's Poison by night (issue 28, item 3): the Poison section's "Can try to poison one
player during the night." and "Sherry has 2 APTX that can be used for the Poison ability,
which follow the same rues as other APTX." (logic/effects/aptxnight.py, R230-R233). Each
sentence changes a case of casebook/dctp-mini-mafia/dctpmech-poison.case when deleted; the
chain (its night's `deaths`, `stops` and the lasting `LOST`) agrees with `resolve`."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import deleting_changes, without
from test_chain_casebook import Act, Seat, compare, ruleset

from logic.effects.aptxnight import AptxNight
from logic.effects.poison import Poison
from logic.model.semantics import night_menus, options_of

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpmech-poison.case"

TRY = "Can try to poison one player during the night."
STOCK = (
    "Sherry has 2 APTX that can be used for the Poison ability, which follow the same rues as "
    "other APTX."
)

DECIDES = [
    (TRY, "Poison by night: Sherry names Bob's role, he dies that night"),
    (STOCK, "Poison by night: Sherry names Bob's role, he dies that night"),
    (STOCK, "Poison by night: a wrong identity, Bob lives on"),
    (STOCK, "Poison by night: Ran's protection does not stop it"),
    (STOCK, "Poison by night: two capsules lost, the third poisoning fails"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


def test_the_stock_sentence_makes_the_poison_an_aptx() -> None:
    """The sentence refines the verb's poison (a death the night after) into an APTX."""
    sherry = ruleset("dctp-mini-mafia").role("Sherry")
    assert sherry is not None
    (poison,) = [a for a in sherry.abilities if a.name == "Poison"]
    (node,) = [e for e in poison.effects if isinstance(e, AptxNight)]
    assert node.count == 2 and "Satou" in node.options
    assert not any(isinstance(e, Poison) for e in poison.effects)


def _poison(night: int, target: str, named: str) -> list[Act]:
    rs = ruleset("dctp-mini-mafia")
    role = rs.role("Sherry")
    assert role is not None
    menu = night_menus([role], night)[0]
    pick = next(i for i, a in enumerate(menu) if a.name == "Poison")
    ability = menu[pick]
    lines = (f'Ann uses "Poison" on {target}', f'Ann decides "{named}"')
    return [
        Act("Ann", "ability", ability, pick, (target,), lines, options_of(ability).index(named))
    ]


def _seats() -> list[Seat]:
    rs = ruleset("dctp-mini-mafia")
    out = []
    for who, name in (("Ann", "Sherry"), ("Bob", "Satou"), ("Cid", "Ran")):
        role = rs.role(name)
        assert role is not None
        out.append(Seat(who, role, role.faction, None))
    return out


def test_a_night_aptx_agrees_in_the_chain() -> None:
    """The right identity kills that night, a wrong one does not: both back ends."""
    rs = ruleset("dctp-mini-mafia")
    compare(rs, _seats(), [_poison(1, "Bob", "Satou")])
    compare(rs, _seats(), [_poison(1, "Bob", "Megure")])


def test_the_capsules_lost_stop_the_third_poisoning_in_the_chain_too() -> None:
    """Two wrong identities lose both capsules: the third night's poisoning does not take
    place in `resolve` nor in the chain (its `stops` reads the lasting `LOST`)."""
    rs = ruleset("dctp-mini-mafia")
    nights = [_poison(1, "Bob", "Megure"), _poison(2, "Bob", "Megure"), _poison(3, "Bob", "Satou")]
    compare(rs, _seats(), nights)
