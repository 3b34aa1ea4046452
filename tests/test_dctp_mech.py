"""DCTP's mechanics of issue 28 the closing note left (helper dctpmech, R230-R234):
Sherry's Poison by night, the Poison section's "Can try to poison one player during the
night." and "Sherry has 2 APTX that can be used for the Poison ability, which follow the
same rues as other APTX." (logic/effects/aptxnight.py), and AB7, the police cards'
"Night/Day action: Arrest." of Yamato, Uehara and Nakamori. Each sentence changes a case of
casebook/dctp-mini-mafia/dctpmech-*.case when deleted; the chain (the night's `deaths`,
`stops` and the lasting `LOST`) agrees with `resolve`."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without, without_line, without_on
from test_chain_casebook import Act, Seat, compare, ruleset
from test_day_chain import _compare as day_compare
from test_dctp_prep_arrest import NIGHTS_DAYS, _without_any_past

from logic.commands.resolve import resolve
from logic.effects.aptxnight import AptxNight
from logic.effects.poison import Poison
from logic.lang.rules import parse_ruleset
from logic.model.semantics import night_menus, options_of

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpmech-poison.case"

TRY = "Can try to poison one player during the night."
STOCK = (
    "Sherry has 2 APTX that can be used for the Poison ability, which follow the same rues as "
    "other APTX."
)

CHARM = "The same phase and the phase afterwards, the target will be protected from APTX poisoning."

DECIDES = [
    (CHARM, "Poison by night: Kazuha's charm of the day before protects Bob"),
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


CARDS = ROOT / "casebook" / "dctp-mini-mafia" / "dctpmech-cards.case"

ARREST_CARDS = [
    (
        "Yamato",
        "Night/Day action: Arrest.",
        "AB7: Yamato arrests Gin for the night-1 murder on night 2",
    ),
    (
        "Uehara",
        "Night/Day action: Arrest.",
        "AB7: Uehara arrests Gin by day for the night-1 murder",
    ),
    (
        "Nakamori",
        "Night/Day action: Arrest, Pinch Face.",
        "AB7: Nakamori arrests Gin for the night-1 murder on night 2",
    ),
]


@pytest.mark.parametrize(("role", "sentence", "title"), ARREST_CARDS)
def test_deleting_a_police_card_takes_its_arrest_away(role: str, sentence: str, title: str) -> None:
    """AB7 (R234): each card's sentence, deleted from its role's line, leaves the role no
    Arrest: its case is refused or fails."""
    deleting_changes(CARDS, title, without_on(role, sentence))


PREP = ROOT / "casebook" / "dctp-mini-mafia" / "dctpmech-prep-arrest.case"
PREP_OPEN = "Prep arrest by day: Vermouth arrested for the prep phase's Disguise (open)"


def _custody_after_day(rules: str) -> set[bool]:
    """Whether Vermouth is in custody after day 1, in each outcome."""
    case, text = case_of(PREP, PREP_OPEN)
    res = resolve(parse_ruleset(rules, str(DCTP)), case, text)
    return {
        any(a.kind == "in custody" and a.subject == "Ver" for a in p.phases[-1].atoms)
        for p in res.paths
    }


def test_a_day_arrest_naming_the_prep_phase_is_the_hosts_choice() -> None:
    """R236: both sentences said, the day's arrest naming the prep phase is open, as the
    night's (R181); each deleted settles it (it fails; it holds)."""
    assert _custody_after_day(DCTP.read_text(encoding="utf-8")) == {False, True}
    deleting_changes(PREP, PREP_OPEN, _without_any_past(), refused_counts=False)
    assert _custody_after_day(_without_any_past()) == {False}
    deleting_changes(PREP, PREP_OPEN, without_line(NIGHTS_DAYS), refused_counts=False)
    assert _custody_after_day(without_line(NIGHTS_DAYS)) == {True}


def test_a_day_arrest_naming_the_prep_phase_agrees_in_the_chain() -> None:
    """R236: the day's arrest naming the prep phase, open in `resolve`, is open the same
    way in the chained symbolic day (the decision among `crimes.ACCUSED`, the host's
    choice `prep_named`)."""
    rs = ruleset("dctp-mini-mafia")
    players = [("Ver", "Vermouth", ""), ("Meg", "Megure", ""), ("Bob", "Ran", "")]
    prep = {"Ver": ("Disguise", "", "Kir")}
    day = {"Meg": ("Arrest", "Ver", "prep")}
    day_compare(rs, (players, [prep, {}, day, {}], {"Ver": "Bob", "Meg": "Bob", "Bob": None}))


def test_the_charm_of_the_day_before_agrees_in_the_chain() -> None:
    """The day's `X holds the charm` carried to the night after (`SHIELDED`) keeps the
    night's APTX off its holder in both back ends."""
    rs = ruleset("dctp-mini-mafia")
    players = [("Ann", "Sherry", ""), ("Bob", "Satou", ""), ("Cid", "Kazuha", "")]
    charm = {"Cid": ("Charm", "Bob")}
    poison = {"Ann": ("Poison", "Bob", "Satou")}
    day_compare(rs, (players, [{}, charm, poison], {"Ann": None, "Bob": None, "Cid": None}))
