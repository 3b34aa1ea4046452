"""DCTP's Temporary Disguise: "An arrest will only succeed if the officer arresting him/her
adds the correct time of the disguise (the day phase he/she donned the disguise or the night
phase she wore it)." (logic/effects/disguise.py's CostumeTimes, grammar/game/disguise.lark's
dg_times): the night a costume is worn is a time of its crime, as the day it is decided.
Deleted, a costume is on the record the day it is decided only: an arrest naming the night
she wore it is false."""

from __future__ import annotations

from pathlib import Path

from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.effects.disguise import CostumeTimes
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpdisguise2-costume-arrest.case"
TIMES = (
    "An arrest will only succeed if the officer arresting him/her adds the correct time of the "
    "disguise (the day phase he/she donned the disguise or the night phase she wore it)."
)


def test_deleting_the_sentence_makes_the_night_no_time_of_the_crime() -> None:
    deleting_changes(
        CASEBOOK,
        "Costume arrest: the night she wore it is a time of the crime",
        without(TIMES),
        refused_counts=False,
    )


def test_the_day_she_donned_it_is_a_time_of_the_crime_either_way() -> None:
    case, cases_text = case_of(
        CASEBOOK, "Costume arrest: the day she donned it is a time of the crime"
    )
    assert run_case(parse_ruleset(without(TIMES), str(DCTP)), case, cases_text).passed


def test_a_sentence_naming_the_day_alone_keeps_the_night_off_the_record() -> None:
    """The times are read from the sentence: one that names the day phase alone says what
    the engine does unsaid."""
    day_only = TIMES.replace(" or the night phase she wore it", "")
    rules = parse_ruleset(DCTP.read_text(encoding="utf-8").replace(TIMES, day_only), str(DCTP))
    (node,) = [x for x in rules.healing if isinstance(x, CostumeTimes)]
    assert node.phases == ("day",)
    case, cases_text = case_of(
        CASEBOOK, "Costume arrest: the night she wore it is a time of the crime"
    )
    assert not run_case(rules, case, cases_text).passed
