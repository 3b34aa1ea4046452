"""DCTP's Cover (issue 28, item 8): Calvados's day choice of an ally whose night abilities
he uses the night after, and the GM's sentences about it, read by one kind in its own files
(logic/effects/cover.py, grammar/clause/cover.lark, logic/lang/kinds/cover.py), lent to him
through the hook the binder asks every kind (`Kind.lends`). Each sentence the kind reads
changes a case of casebook/dctp-mini-mafia/cover.case when it is deleted from Calvados's
line; "Can't cover: ..." changes which case lines read."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes, without_on

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "cover.case"

ORDER = "Can choose one ally during the day."
LENDS = "The next night, Calvados can use one night ability from that ally."
ALLIES = (
    "Allies are all BOs (even if that BO happens to be a BO/Town lover) and Calvados's own lover."
)
DIES = "Doesn't work if Calvados or the target dies during the day."
BARRED = "Can't cover: Frighten, Revenge, Arrest, House Search, Travel."
DISGUISES = "Can cover abilities from disguises."
NOT_ON = "Will not work on dead or already arrested allies."
ARRESTED = "Will still work if the ally was arrested during the day Calvados covered him/her."
SNIPES = (
    "But Calvados can cover the sniping or erasing ability, so in case Calvados is doing the "
    "killing, he'll be able to use sniping or erasing etc."
)

DECIDES = [
    (ORDER, "Cover: Calvados covers Gin and slanders on the night after"),
    (LENDS, "Cover: Calvados covers Gin and slanders on the night after"),
    (LENDS, "Cover: a covered slander is Calvados's crime"),
    (ALLIES, "Cover: a townie is no ally"),
    (DIES, "Cover: the ally lynched that day, the cover does not work"),
    (DISGUISES, "Cover: Calvados covers Vermouth disguised as Heiji and interrogates"),
    (NOT_ON, "Cover: a dead ally cannot be covered"),
    (SNIPES, "Cover: Calvados covers Chianti, his kill is a snipe a heal does not stop"),
    (ARRESTED, "Cover: the ally arrested the day of the cover, Calvados still uses his slander"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    # (deleting the ability or the lending leaves the night's line unreadable: noticed)
    deleting_changes(
        CASEBOOK, title, without_on("Calvados", sentence), sentence not in (ALLIES, NOT_ON)
    )


FRIGHTEN = """case "Cover: Calvados covers Tequila and frightens"
  ruleset: dctp-mini-mafia
  players: Cal is Calvados, Teq is Tequila, Bob is Heiji, Dee is Conan
  night 1:
  day 1:
    Cal uses Cover on Teq
  night 2:
    Cal uses Frighten on Bob
  expect:
    Cal's action succeeds on night 2
"""


HOUSE_SEARCH = """case "Cover: Calvados covers Vermouth disguised as Megure and searches"
  ruleset: dctp-mini-mafia
  players: Cal is Calvados, Ver is Vermouth, Bob is Heiji, Dee is Araide
  prep:
    Ver decides "Megure"
  night 1:
  day 1:
    Cal uses Cover on Ver
  night 2:
    Cal uses House Search on Bob
  expect:
    Cal's action succeeds on night 2
"""

# (the case, the section of the ability, its nature line): said twice, with the Cover
# section's "Can't cover: ..." (R62)
SAID_TWICE = {
    "Frighten": (FRIGHTEN, "Ability Frighten: ", "Night action, Crime, can't be covered."),
    "House Search": (HOUSE_SEARCH, "Ability House Search: ", "Night action, can't be covered."),
}


@pytest.mark.parametrize("ability", sorted(SAID_TWICE))
def test_cant_cover_keeps_the_ability_from_the_coverer(ability: str) -> None:
    """With "Can't cover: Frighten, ..., House Search, ...", Calvados holds no Frighten
    after covering Tequila, no House Search after covering Vermouth disguised as Megure
    (the case's line is refused). The ability's section says it too ("Night action, ...,
    can't be covered.", R62): without one of the two he still holds none; without both,
    the source says nothing of it while it says of others that they can be covered (R100):
    his use of it is the host's open choice."""
    text, section, nature = SAID_TWICE[ability]
    (case,) = parse_cases(text, "<barred>")
    with pytest.raises(RulingError):
        run_case(load_ruleset(DCTP), case, text)
    for one in (without_on("Calvados", BARRED), _without_nature(section, nature)):
        with pytest.raises(RulingError):
            run_case(parse_ruleset(one, str(DCTP)), case, text)
    lines = _without_nature(section, nature).split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith("Calvados: ")]
    lines[at] = lines[at].replace(" " + BARRED, "")
    # (R100) the other sections say which abilities can be covered: of this one, now,
    # nothing is said, and its covered use is the host's open choice
    open_text = _open(text)
    (open_case,) = parse_cases(open_text, "<barred>")
    assert run_case(parse_ruleset("\n".join(lines), str(DCTP)), open_case, open_text).passed


# ----------------------------------------------------------------------------- can't be covered

UNCOVERED = {
    # (R62) the section's nature line, read where it is defined once; the ally; the ability
    "Ability Bribe: ": ("Night action, crime, cannot be covered.", "Pisco", "Bribe"),
    "Ability Abduct: ": ("Night action, can't be covered.", "Irish", "Abduct"),
}


def _using(ally: str, ability: str) -> str:
    return f"""case "Cover: Calvados covers {ally} and uses {ability}"
  ruleset: dctp-mini-mafia
  players: Cal is Calvados, Al is {ally}, Bob is Agasa, Cid is Heiji, Dee is Araide
  night 1:
  day 1:
    Cal uses Cover on Al
  night 2:
    Cal uses {ability}
  expect:
    Cal's action succeeds on night 2
"""


def _without_nature(section: str, sentence: str) -> str:
    """DCTP without the nature line on its section's line only (the not-modelled lines
    that keep the source's sections quote it too)."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith(section)]
    assert sentence in lines[at]
    lines[at] = lines[at].replace(" " + sentence, "")
    return "\n".join(lines)


@pytest.mark.parametrize("section", sorted(UNCOVERED))
def test_cannot_be_covered_keeps_the_ability_from_the_coverer(section: str) -> None:
    """With the section's "..., cannot be covered.", Calvados holds no Bribe (no Abduct)
    after covering Pisco (Irish): the case's line is refused; without it, his use of it is
    the host's open choice (R100)."""
    sentence, ally, ability = UNCOVERED[section]
    text = _using(ally, ability)
    (case,) = parse_cases(text, "<uncovered>")
    with pytest.raises(RulingError):
        run_case(load_ruleset(DCTP), case, text)
    rules = parse_ruleset(_without_nature(section, sentence), str(DCTP))
    open_text = _open(text)  # (R100: unsaid, the host's open choice)
    (open_case,) = parse_cases(open_text, "<uncovered>")
    assert run_case(rules, open_case, open_text).passed


def _open(text: str) -> str:
    """The case expecting `ambiguous` instead of the action's success."""
    head, _, _ = text.partition("  expect:\n")
    return head + "  expect:\n    ambiguous\n"


def test_a_nature_line_outside_its_section_is_refused() -> None:
    """ "..., cannot be covered." speaks of the ability of its section: on a role's own
    line it names none, and is refused with its reason."""
    lines = DCTP.read_text(encoding="utf-8").split("\n")
    (at,) = [k for k, line in enumerate(lines) if line.startswith("Pisco: ")]
    lines[at] += " Night action, crime, cannot be covered."
    with pytest.raises(RulingError, match="section"):
        parse_ruleset("\n".join(lines), str(DCTP))


def test_one_night_ability_is_one_a_night() -> None:
    """(R67) "... can use one night ability from that ally.": Calvados's two lent
    abilities sent the same night leave which is played open (ambiguous); read as "a night
    ability" (any number), both are played and the case is determined."""
    title = "Cover: Calvados sends Gin's slander and investigation, one is played"
    rules = DCTP.read_text(encoding="utf-8").replace(LENDS, LENDS.replace("one night", "a night"))
    assert rules != DCTP.read_text(encoding="utf-8")
    deleting_changes(CASEBOOK, title, rules, refused_counts=False)


# ----------------------------------------------------------------------------- the chain

# (R65) a covered sniper's snipe: the chain (symbolic) and resolve agree
GAMES = {
    "Calvados covers Chianti and kills a healed player": (
        [
            ("Cal", "Calvados", ""),
            ("Chi", "Chianti", ""),
            ("Bob", "Agasa", ""),
            ("Ara", "Araide", ""),
        ],
        [{}, {"Cal": ("Cover", "Chi")}, {"Cal": ("__kill", "Bob"), "Ara": ("Heal", "Bob")}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
