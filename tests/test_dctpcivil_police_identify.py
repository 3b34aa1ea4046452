"""DCTP's Police Identify expiry (issue 28 item 7, R150): the Police Identify section's
"Uehara may use Police Identify every day phase until she makes a positive identification."
and "Once she does, the ability is considered expired and may not be used again for the
remainder of the game." (one ruling said twice), read by logic/effects/identify.py's
`PoliceIdentify.expires` and its lasting state; the section's list "Roles with action:
Uehara." gives her the section's sentences. Deleting the ruling (both sentences), or the
list, changes a case of casebook/dctp-mini-mafia/dctpcivil-police-identify.case; each
sentence of the ruling alone changes nothing (the other still says it)."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without_on

ROOT = Path(__file__).parent.parent
CASES = ROOT / "casebook" / "dctp-mini-mafia" / "dctpcivil-police-identify.case"
SECTION = "Ability Police Identify"
UNTIL = "Uehara may use Police Identify every day phase until she makes a positive identification."
ONCE = (
    "Once she does, the ability is considered expired and may not be used again for the "
    "remainder of the game."
)
EXPIRED = "R150: after a positive identification, Police Identify is expired"


def test_the_cases_pass() -> None:
    from logic.commands.casebook import run_case
    from logic.lang.rules import load_ruleset

    rules = load_ruleset(DCTP)
    for title in (EXPIRED, "R150: after a negative answer, Police Identify is used again"):
        case, text = case_of(CASES, title)
        assert run_case(rules, case, text).passed, title


def test_deleting_the_expiry_changes_its_case() -> None:
    deleting_changes(CASES, EXPIRED, without_on(SECTION, f"{UNTIL}\n{ONCE}"))


def test_deleting_the_list_changes_its_case() -> None:
    """Without "Roles with action: Uehara." the section gives her nothing: no expiry (and
    no Police Identify: the case names an ability she no longer has, noticed too)."""
    deleting_changes(CASES, EXPIRED, without_on(SECTION, "Roles with action: Uehara."))


def test_one_sentence_of_the_expiry_alone_changes_nothing() -> None:
    from logic.commands.casebook import run_case
    from logic.lang.rules import parse_ruleset

    case, text = case_of(CASES, EXPIRED)
    for one in (UNTIL, ONCE):
        assert run_case(parse_ruleset(without_on(SECTION, one), str(DCTP)), case, text).passed
