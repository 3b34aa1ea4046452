"""DCTP's disguises (issue 28, item 4): a role worn over the player's own, what an
interrogation and an Age-Observe then read, what takes it off, Pinch Face and Temporary
Disguise, read from the GM's sentences by one kind in its own files
(logic/effects/disguise.py, grammar/clause/disguise.lark, grammar/game/disguise.lark,
grammar/lexicon/disguise.toml, logic/lang/kinds/disguise.py,
logic/lang/game_kinds/disguise.py), with a lasting state (who wears what) carried from
phase to phase. Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/disguise.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "disguise.case"

ASSUME = (
    "If Vermouth or Irish are disguised, they assume the default interrogation result of the "
    "disguise they are wearing."
)
INJURED = "If a player is injured and in disguise, they lose their disguise."
LIST = (
    "Kid/Vermouth lose their disguise if pinched, injured, arrested for being disguised, house "
    "searched; keep their disguise otherwise."
)
STRIPS = (
    " If they are, they will be automatically arrested, then stripped of their disguise and "
    "their action for that phase will fail."
)
PINCH = (
    " Once within every two phases Nakamori can check a player for a disguise (Night 1 or "
    "Day 1, then Night 2 or Day 2..."
)
PINCH_ARRESTS = (
    "If a face pinch is performed on a player and that player is in disguise (whether they "
    "are town or Black Org), the target is automatically arrested."
)
ITEMS = (
    "The disguiser will have items from their original role in addition to those from their "
    "disguised role."
)
STEAL_WORN = (
    "If the player steals from a disguised player, he can steal from the disguise or from the "
    "original role (Kid, Vermouth)."
)
COSTUME_ITEMS = (
    "If the player is disguised, then all items from the real role and from the disguise can "
    "be stolen."
)
NOT_AS = "Disguisers may not disguise as Black Org members, children, or Prep phase roles."
CARD = " Disguise: No."  # on each of 25 roles' lines (R55)
REPLACED = (
    "The player chosen will receive a new role without ever having known their original role "
    "or that someone is disguised as that previous role."
)
SEES = (
    " If the target is disguised, then the player will learn it for the disguise, not the true "
    "identity."
)
NAMES = " Nakamori will learn that the player was in disguise and also which disguise it was."

# each sentence the kind reads (on the roles' lines: with its leading space; the whole
# game's: its line), and a case of disguise.case that it decides: with the sentence the
# case passes, without it the case fails (or names an ability no longer there)
DECIDES = [
    (" Prep action: Disguise.", "Interrogation: Vermouth disguised as Kir is BO"),
    # Kid's card in its own words (R154: "Prep." an abbreviation)
    (" Prep. Action: Disguise.", "Age-Observe: Kid disguised as Megure is an adult"),
    (ASSUME, "Interrogation: Vermouth disguised as Kir is BO"),
    (ASSUME, "Temporary Disguise: Irish dons Kir on day 1, is BO on night 2"),
    (SEES, "Age-Observe: Vermouth disguised as Shinichi is a teenager"),
    (SEES, "Age-Observe: Kid disguised as Megure is an adult"),
    (f"{NOT_AS}\n{CARD}", "Not as: Vermouth cannot disguise as Gin"),
    (f"{NOT_AS}\n{CARD}", "Not as: Vermouth cannot disguise as Conan, a child"),
    (f"{NOT_AS}\n{CARD}", "Not as: Vermouth cannot disguise as Kid, a prep phase role"),
    (f"{NOT_AS}\n{CARD}", "Not as: Vermouth cannot disguise as Sonoko, a prep phase role"),
    (CARD, "Card: Vermouth cannot disguise as Uehara (Disguise: No)"),
    (CARD, "Card: Irish cannot don Yukiko (Disguise: No)"),
    (REPLACED, "Replaced: no disguise as a role a player holds"),
    (f"{INJURED}\n{LIST}", "Injured: Vermouth loses her disguise"),
    (LIST, "House searched: Kid loses his disguise"),
    (PINCH_ARRESTS, "Pinch Face: a pinched player in disguise is arrested"),
    (
        f"{STRIPS}\n{PINCH_ARRESTS}",
        "Pinch Face: Nakamori names Vermouth's disguise, her kill fails, she is told",
    ),
    (PINCH, "Pinch Face: Nakamori names Vermouth's disguise, her kill fails, she is told"),
    (NAMES, "Pinch Face: Nakamori names Vermouth's disguise, her kill fails, she is told"),
    (
        " The target will be notified that they were pinched.",
        "Pinch Face: Nakamori names Vermouth's disguise, her kill fails, she is told",
    ),
    (
        " If the player is not in disguise, the action will return a false.",
        "Pinch Face: an undisguised player gives false",
    ),
    (
        " Day action: Temporary Disguise.",
        "Temporary Disguise: Irish dons Kir on day 1, is BO on night 2",
    ),
    (
        " After the night Yukiko will no longer be disguised.",
        "Temporary Disguise: the costume is off after its night",
    ),
    (
        " She can not disguise as the same role twice.",
        "Temporary Disguise: not the same costume twice",
    ),
    (COSTUME_ITEMS, "Items: Yukiko in Kogorou's costume holds his Alcohol"),
    (
        "When disguised as a role, the disguised player retains any abilities from their "
        "actual role and gains all those of their disguise.",
        "Abilities: Vermouth disguised as Heiji interrogates",
    ),
    (
        "During the next night she can use any of her disguises abilities.",
        "Abilities: Irish in Heiji's costume interrogates the night after",
    ),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


SAID_AGAIN = [
    (f"{INJURED}\n{LIST}", "Injured: Vermouth loses her disguise"),
    (f"{NOT_AS}\n{CARD}", "Not as: Vermouth cannot disguise as Gin"),
    (f"{NOT_AS}\n{CARD}", "Not as: Vermouth cannot disguise as Kid, a prep phase role"),
    (
        f"{STRIPS}\n{PINCH_ARRESTS}",
        "Pinch Face: Nakamori names Vermouth's disguise, her kill fails, she is told",
    ),
]


@pytest.mark.parametrize(("group", "title"), SAID_AGAIN)
def test_a_sentence_said_again_alone_changes_nothing(group: str, title: str) -> None:
    """Two sentences that each say a ruling (Vermouth's disguise off when she is injured:
    the Rule Clarification's and the Kid/Vermouth list; a pinched player's action fails:
    Pinch Face's "... their action for that phase will fail" and the auto-arrest's; a role
    no disguise takes: "Disguisers may not disguise as ..." and its card's "Disguise: No."),
    deleted alone, leave the case as it was; deleted together they change it (DECIDES)."""
    case, cases_text = case_of(CASEBOOK, title)
    for one in group.split("\n"):
        rules = parse_ruleset(without(one), str(DCTP))
        assert run_case(rules, case, cases_text).passed, one


def test_every_disguise_sentence_is_deleted_by_a_test() -> None:
    """Each sentence the kind reads is in DECIDES (a new one needs a case that it decides)."""
    from logic.effects import disguise

    rs = load_ruleset(DCTP)
    said: set[str] = set()
    nodes = (disguise.Disguise, disguise.Costume, disguise.Pinch, disguise.SeesDisguise)
    for r in rs.roles:
        for a in r.abilities:
            said |= {
                e.why.text.removeprefix(f"{r.name}: ") for e in a.effects if isinstance(e, nodes)
            }
        for t in r.traits:
            if isinstance(t, disguise.NoDisguiseAs):
                said.add(t.why.text.removeprefix(f"{r.name}: "))
            if isinstance(t, (disguise.PinchRule, disguise.CostumeRule)):
                said |= {w.text for w in vars(t).values() if hasattr(w, "text")}
    rules = (
        disguise.WornCard,
        disguise.LostOn,
        disguise.NotAs,
        disguise.Replaced,
        disguise.PinchArrests,
        disguise.WornItems,
        disguise.WornAbilities,
    )
    said |= {x.why.text for x in rs.healing if isinstance(x, rules)}
    parts = {one.strip() for s, _ in DECIDES for one in s.split("\n")}
    assert said == parts | {ITEMS, STEAL_WORN}  # (both: test_a_disguises_items_are_its_wearers)


THEFT = """case "Kid disguised as Kogorou, Akemi steals from him"
  ruleset: dctp-mini-mafia
  players: Ann is Akemi, Bob is Kid, Cid is Heiji, Dee is Gin
  prep:
    Bob decides "Kogorou"
  night 1:
    Ann uses Steal on Bob
"""


def _drawn(rules: str) -> set[str]:
    """The items Akemi may draw from Kid disguised as Kogorou, under `rules`."""
    from logic.commands.resolve import resolve
    from logic.lang.case import parse_cases

    (case,) = parse_cases(THEFT, "theft.case")
    res = resolve(parse_ruleset(rules, str(DCTP)), case, THEFT)
    return {
        a.obj
        for p in res.paths
        for ph in p.phases
        for a in ph.atoms
        if a.kind == "learns" and a.subject == "Ann"
    }


def test_a_disguises_items_are_its_wearers() -> None:
    """ "The disguiser will have items from their original role in addition to those from
    their disguised role.": a theft from Kid disguised as Kogorou may draw Kogorou's
    Alcohol; deleted, only Kid's own four. (No case pins it: a draw among five items has no
    outcome every path shares; the costume's sentence has one, DECIDES.)"""
    text = DCTP.read_text(encoding="utf-8")
    assert _drawn(text) == {"Gun", "School book", "Glasses", "Headgear", "Alcohol"}
    # (the Steal section's "If the player steals from a disguised player, ..." says it
    # again, R145: deleted with it; each alone, tests/test_dctp_steal.py)
    both = f"{ITEMS}\n{STEAL_WORN}"
    assert _drawn(without(both)) == {"Gun", "School book", "Glasses", "Headgear"}


# ----------------------------------------------------------------------------- the chain

# (players, each phase's actions: the prep phase (when four are given), night 1, day 1,
# night 2; the day's votes): the chained symbolic phases (the chain with its prep phase,
# `chain(..., prep=True)`) give what resolve gives, where each disguise is carried from
# phase to phase
GAMES = {
    "Vermouth disguised as Kir in the prep phase is interrogated BO on night 2": (
        [("Ann", "Vermouth", ""), ("Bob", "Heiji", ""), ("Cid", "Gin", "")],
        [{"Ann": ("Disguise", "", "Kir")}, {}, {}, {"Bob": ("Interrogate", "Ann")}],
        {},
    ),
    "Kid disguised as Megure, house searched on night 1, is arrested": (
        [("Ann", "Kid", ""), ("Bob", "Camel", ""), ("Cid", "Megure", ""), ("Dee", "Gin", "")],
        [
            {"Ann": ("Disguise", "", "Megure")},
            {"Cid": ("House Search", "Ann")},
            {},
            {"Bob": ("Observe", "Ann")},
        ],
        {},
    ),
    "Nakamori pinches Vermouth disguised as Kir": (
        [("Ann", "Vermouth", ""), ("Bob", "Heiji", ""), ("Cid", "Nakamori", "")],
        [
            {"Ann": ("Disguise", "", "Kir")},
            {"Cid": ("Pinch Face", "Ann")},
            {},
            {"Bob": ("Interrogate", "Ann")},
        ],
        {},
    ),
    "Kid disguised as Ran protects and is injured": (
        [("Ann", "Kid", ""), ("Bob", "Gin", ""), ("Cid", "Camel", ""), ("Dee", "Heiji", "")],
        [
            {"Ann": ("Disguise", "", "Ran")},
            {"Bob": ("__kill", "Dee")},
            {},
            {"Cid": ("Observe", "Ann")},
        ],
        {},
    ),
    "Irish dons Kir by day, is BO on night 2": (
        [("Ann", "Irish", ""), ("Bob", "Heiji", ""), ("Cid", "Gin", "")],
        [{}, {"Ann": ("Temporary Disguise", "", "Kir")}, {"Bob": ("Interrogate", "Ann")}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
