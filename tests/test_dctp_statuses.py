"""DCTP's Drunk/Sober status (issue 28, item 7): Kogorou's drunkenness and what sobers him,
read from the GM's sentences on his line by one kind in its own files
(logic/effects/sobriety.py, grammar/clause/sobriety.lark, logic/lang/kinds/sobriety.py)
with a lasting state (who has sobered). Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/statuses.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "statuses.case"

TOWNIES = (
    "Becomes sober after 1/4th the total townies have died, meaning his interrogation the "
    "night of the dividing death will be an accurate one."
)
PLAYERS = "Kogorou becomes sober after 1/4th of the total players die."
# the Drunk/Sober section's sentences and his note's, which say them again
DEATH = "The player becomes sober the phase after Eri, Ran, Conan, or Shinichi dies."
DEATH_NOTE = (
    "Kogorou becomes sober the phase after Eri, Ran, Conan, or Shinichi dies (discounting "
    "disguised roles)."
)
INJURY = "If Ran is injured due to successfully protecting someone at night, Kogorou becomes sober."
INJURY_NOTE = (
    "Ran becoming injured as a result of protecting someone at night will make Kogorou sober "
    "(day protections and injuries incurred as a result of First Aid are not applicable)."
)
STOLEN = "Becomes sober when his alcohol has been stolen."
STOLEN_NOTE = "If Kogorou's alcohol his stolen, he then becomes sober."

# each sentence the kind reads (on Kogorou's line), and a case of statuses.case it decides
DECIDES = [
    (
        "If Kogorou is drunk, he'll get a random result.",
        "Drunk: Kogorou's interrogation on night 1 is a random result",
    ),
    (
        "Always begins the game drunk.",
        "Drunk: Kogorou's interrogation on night 1 is a random result",
    ),
    (
        f"{DEATH}\n{DEATH_NOTE}",
        "Sober: the night after Ran dies, Kogorou's interrogation is accurate",
    ),
    (f"{DEATH}\n{DEATH_NOTE}", "Sober: Ran lynched on day 1, Kogorou is sober on night 2"),
    (
        f"{INJURY}\n{INJURY_NOTE}",
        "Sober: Ran injured saving Heiji, Kogorou is sober the next night",
    ),
    (
        f"{STOLEN}\n{STOLEN_NOTE}",
        "Sober: Kid steals Kogorou's alcohol, Kogorou is sober the next night",
    ),
    (TOWNIES, "D11: a quarter of the townies dead is not a quarter of the players"),
    (PLAYERS, "D11: a quarter of the townies dead is not a quarter of the players"),
    (f"{TOWNIES}\n{PLAYERS}", "Sober: a quarter dead, the interrogation of that night is accurate"),
]


def _without(sentences: str) -> str:
    """DCTP's text with each sentence deleted wherever it stands (Kogorou's line, and the
    not-modelled lines that quote it)."""
    text = DCTP.read_text(encoding="utf-8")
    for one in sentences.split("\n"):
        assert one in text, one
        text = text.replace(one, "")
    return text


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, _without(sentence), refused_counts=False)


SAID_TWICE = [
    (DEATH, DEATH_NOTE, "Sober: the night after Ran dies, Kogorou's interrogation is accurate"),
    (INJURY, INJURY_NOTE, "Sober: Ran injured saving Heiji, Kogorou is sober the next night"),
    (STOLEN, STOLEN_NOTE, "Sober: Kid steals Kogorou's alcohol, Kogorou is sober the next night"),
]


@pytest.mark.parametrize(("one", "other", "title"), SAID_TWICE)
def test_one_of_two_sentences_that_say_it_deleted_alone_changes_nothing(
    one: str, other: str, title: str
) -> None:
    case, cases_text = case_of(CASEBOOK, title)
    for sentence in (one, other):
        rules = parse_ruleset(_without(sentence), str(DCTP))
        assert run_case(rules, case, cases_text).passed, sentence


# ----------------------------------------------------------------------------- the chain

_SIX = [
    ("Ann", "Kogorou", ""),
    ("Bob", "Ran", ""),
    ("Cid", "Gin", ""),
    ("Dee", "Heiji", ""),
    ("Eve", "Agasa", ""),
]
GAMES = {
    "drunk on night 1, drunk on night 2": (
        _SIX,
        [{"Ann": ("Interrogate", "Cid")}, {}, {"Ann": ("Interrogate", "Cid")}],
        {},
    ),
    "Ran killed on night 1, sober on night 2": (
        _SIX,
        [{"Cid": ("__kill", "Bob")}, {}, {"Ann": ("Interrogate", "Cid")}],
        {},
    ),
    "Ran lynched on day 1, sober on night 2": (
        _SIX,
        [{}, {}, {"Ann": ("Interrogate", "Cid")}],
        {"Ann": "Bob", "Cid": "Bob", "Dee": "Bob"},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
