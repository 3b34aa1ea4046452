"""DCTP's cards' "Disguise: Yes." (issue 28, R153): logic/effects/disguise.py's
`DisguiseAs`, on the 26 roles' lines whose cards say it. Every card says "Yes" or "No";
where a card said neither, whether a disguise as its role is put on would be the host's
open choice. Each "Disguise: Yes." deleted from its role's line turns Vermouth's disguise
as that role from put on (Conan's Investigate Disguise: "True") to open (`ambiguous`):
three roles here, one of each section's cards (casebook/dctp-mini-mafia/
dctpcivil-disguise-yes.case); every role in the slow test."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, without_on

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "dctpcivil-disguise-yes.case"
YES = "Disguise: Yes."
ROLES = [
    *("Megure", "Shiratori", "Satou", "Takagi", "Chiba", "Nakamori"),
    *("James", "Akai", "Jodie", "Camel", "Kir"),
    *("Shinichi", "Heiji", "Kogorou", "Ran", "Agasa", "Okiya", "Kazuha", "Eri", "Kujou"),
    *("Kobayashi", "Eisuke", "Asami", "Araide", "Yuusaku", "Yamato"),
]


def _case(role: str) -> str:
    return f"""case "as {role}"
  ruleset: dctp-mini-mafia
  players: Ann is Vermouth, Bob is Conan, Cid is Gin
  prep:
    Ann decides "{role}"
  night 1:
    Bob uses Investigate Disguise on Ann
    Bob decides "{role}"
  expect:
    Bob learns "True"
"""


def _changes(role: str) -> None:
    """The case passes under DCTP and not without the role's "Disguise: Yes." (open: the
    answer is "True" in some outcomes, "False" in others)."""
    from logic.commands.casebook import run_case
    from logic.lang.case import parse_cases
    from logic.lang.rules import load_ruleset, parse_ruleset

    text = _case(role)
    (case,) = parse_cases(text, "yes.case")
    assert run_case(load_ruleset(DCTP), case, text).passed, role
    rules = parse_ruleset(without_on(role, YES), str(DCTP))
    assert not run_case(rules, case, text).passed, role


@pytest.mark.parametrize("role", ["Megure", "Kir", "Shinichi"])
def test_deleting_a_cards_yes_changes_its_case(role: str) -> None:
    _changes(role)


@pytest.mark.slow
def test_deleting_each_cards_yes_changes_its_case() -> None:
    for role in ROLES:
        _changes(role)


def test_every_role_of_the_ruleset_says_yes_or_no() -> None:
    """No role is left unsaid in DCTP (so no disguise of its cases is open)."""
    from logic.effects.disguise import DisguiseAs, NoDisguiseAs
    from logic.lang.rules import load_ruleset

    for r in load_ruleset(DCTP).roles:
        said = [t for t in r.traits if isinstance(t, (DisguiseAs, NoDisguiseAs))]
        assert len(said) == 1, r.name


def test_the_cases_pass() -> None:
    from logic.commands.casebook import run_case
    from logic.lang.case import parse_cases
    from logic.lang.rules import load_ruleset

    rules = load_ruleset(DCTP)
    text = CASES.read_text(encoding="utf-8")
    for case in parse_cases(text, str(CASES)):
        assert run_case(rules, case, text).passed, case.title
