"""DCTP's Kogorou and a disguised Ran (issue 28, item 7): "Those disguised do not count.",
"A disguised Ran is not applicable to the sobering effect." (the Drunk/Sober section's) and
his note's "(discounting disguised roles)", on Kogorou's line (logic/effects/sobriety.py's
Undisguised, grammar/clause/sobriety.lark). A player who wears Ran (a disguise) dying or
injured saving someone does not sober Kogorou; with none of the sentences the source is
silent, and whether a disguised Ran counts is the host's open choice (`ambiguous`). Each
sentence that applies keeps the case alone; all of them deleted change it."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.rules import parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "dctpdisguise2-sober.case"

THOSE = "Those disguised do not count."
RAN = "A disguised Ran is not applicable to the sobering effect."
ASIDE = " (discounting disguised roles)"  # his note's, in the death sentence

DEATH = "Sober: Vermouth disguised as Ran killed, Kogorou stays drunk"
LYNCH = "Sober: Vermouth disguised as Ran lynched on day 1, Kogorou stays drunk"
INJURY = "Sober: Vermouth disguised as Ran injured protecting Heiji, Kogorou stays drunk"

# the sentences that speak of each case's event (the aside is said of a death only)
SAY_IT = [
    (DEATH, (THOSE, RAN, ASIDE)),
    (LYNCH, (THOSE, RAN, ASIDE)),
    (INJURY, (THOSE, RAN)),
]


@pytest.mark.parametrize(("title", "sentences"), SAY_IT)
def test_deleting_every_sentence_that_says_it_leaves_it_open(
    title: str, sentences: tuple[str, ...]
) -> None:
    rules = without("\n".join(sentences))
    deleting_changes(CASEBOOK, title, rules, refused_counts=False)
    case, cases_text = case_of(CASEBOOK, title)
    result = run_case(parse_ruleset(rules, str(DCTP)), case, cases_text)
    assert ("random", "the verdict is ambiguous") in [(x, gave) for x, gave, _ in result.failures]


@pytest.mark.parametrize(("title", "sentences"), SAY_IT)
def test_each_sentence_alone_keeps_the_case(title: str, sentences: tuple[str, ...]) -> None:
    case, cases_text = case_of(CASEBOOK, title)
    for kept in sentences:
        rest = [s for s in sentences if s != kept]
        rules = parse_ruleset(without("\n".join(rest)), str(DCTP))
        assert run_case(rules, case, cases_text).passed, kept


def test_the_aside_speaks_of_a_death_only() -> None:
    """ "(discounting disguised roles)" stands in the death sentence: with the other two
    deleted, a disguised Ran's injury is left open."""
    case, cases_text = case_of(CASEBOOK, INJURY)
    rules = parse_ruleset(without(f"{THOSE}\n{RAN}"), str(DCTP))
    assert not run_case(rules, case, cases_text).passed
