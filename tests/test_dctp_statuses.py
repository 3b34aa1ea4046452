"""DCTP's Drunk/Sober status (issue 28, item 7): Kogorou's drunkenness and what sobers him,
read from the GM's sentences on his line by one kind in its own files
(logic/effects/sobriety.py, grammar/clause/sobriety.lark, logic/lang/kinds/sobriety.py)
with a lasting state (who has sobered). Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/statuses.case when it is deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, deleting_changes

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "statuses.case"

TOWNIES = (
    "Becomes sober after 1/4th the total townies have died, meaning his interrogation the "
    "night of the dividing death will be an accurate one."
)
PLAYERS = "Kogorou becomes sober after 1/4th of the total players die."

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
        "The player becomes sober the phase after Eri, Ran, Conan, or Shinichi dies.",
        "Sober: the night after Ran dies, Kogorou's interrogation is accurate",
    ),
    (
        "The player becomes sober the phase after Eri, Ran, Conan, or Shinichi dies.",
        "Sober: Ran lynched on day 1, Kogorou is sober on night 2",
    ),
    (
        "If Ran is injured due to successfully protecting someone at night, Kogorou becomes sober.",
        "Sober: Ran injured saving Heiji, Kogorou is sober the next night",
    ),
    (
        "Becomes sober when his alcohol has been stolen.",
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
