"""Item 9 of issue 28 on the casebook's smaller sources: every sentence Metadata, BYOND,
Turtle's Chat Mafia and the werewolf pool act on is pinned by a case or an observation
file (`ruling casebook --deletions`, logic/commands/deletions.py), leaned on, said again
(`same rules`) or says what the engine does anyway (`default`), save the few listed in
`UNPINNED`, each with why no case can show it. A new sentence no case pins fails the
test; so does a listed one a case now pins (take it off the list).

Each ruleset's run deletes each sentence in turn and runs its cases again: seconds for
Metadata and BYOND, a minute or more for Turtle and the werewolf pool (slow)."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.casebook import RulesetCache, case_files, cases_by_ruleset
from logic.commands.deletions import deletions
from logic.commands.observed import by_ruleset, observation_files
from logic.lang.errors import RulingError
from logic.lang.observations import bind, parse_observations
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook"

UNPINNED = {
    "byond-mafia": {
        # Read as the day's lynch (`Ruleset.lynch`): `resolve` lynches by plurality without
        # it (frame.PLURALITY), but `solve` and `check` chain a day with no votes given
        # only with it. No observation file shows a lynch the votes could not give.
        "18. The player with the most votes (or the player chosen by the Judge) is removed "
        "for the remainder of the game.",
    },
    "turtle-chat-mafia": {
        # Implied by line 223: Neutral roles go to Town or Mafia players, and no role is
        # the Secret Boss's, so his players hold no role with or without it (solve's deal
        # and a case's binding alike). T11.
        "Note: Despite this being an alignment, the Secret Boss will never have a role.",
        # Read (the Endgame's victories take precedence over the Town's), but the Town's
        # one victory ("no one outside the Town is left") cannot hold when two survivors
        # of differing factions begin a day, and no Town role wins by its role. T11.
        "Even if it would be possible for a Town player to win due to their role, Town may "
        "never claim victory if Endgame occurs.",
    },
}

SMALL = ("metadata-mafia", "byond-mafia")
LONG = ("turtle-chat-mafia", "werewolf-pool")


def _answers(name: str) -> dict[str, list[str]]:
    folder = CASEBOOK / name
    rules = CASEBOOK / f"{name}.rules"
    cases = cases_by_ruleset(case_files([str(folder)]), RulesetCache())
    (ruleset_cases,) = [cs for p, cs in cases.items() if p.resolve() == rules.resolve()]
    observed = by_ruleset(observation_files([str(folder)])).get(rules.resolve(), [])
    found = deletions(rules, ruleset_cases, observations=observed)
    assert found.failing == []
    out: dict[str, list[str]] = {}
    for a in found.answers:
        out.setdefault(a.answer, []).append(a.sentence.text)
    return out


def _check(name: str) -> None:
    got = _answers(name)
    known = UNPINNED.get(name, set())
    assert set(got.get("not pinned", [])) == known, got.get("not pinned")
    assert not got.get("unknown"), got.get("unknown")
    assert got.get("pinned")


@pytest.mark.parametrize("name", SMALL)
def test_every_sentence_of_a_small_source_is_pinned(name: str) -> None:
    _check(name)


@pytest.mark.slow  # every case again per sentence: a minute or two each
@pytest.mark.parametrize("name", LONG)
def test_every_sentence_of_a_larger_source_is_pinned(name: str) -> None:
    _check(name)


def test_a_sentence_that_says_the_engines_default_is_default() -> None:
    """BYOND's "If there was a tie and no Judge, no one is removed." and Metadata's "These
    roles will not be seen by any roles which check visitors." say an axiom of the engine
    again (a tie lynches no one; non-visiting actions are seen by no one): `default`,
    naming the axiom; a sentence that says more is not (the Judge's pick)."""
    rules = CASEBOOK / "byond-mafia.rules"
    found = deletions(rules, [])
    got = {a.sentence.text: a for a in found.answers}
    tie = got["If there was a tie and no Judge, no one is removed."]
    assert tie.answer == "default" and "[plurality]" in tie.by, tie
    assert got["17. Judge, in the event of a tie, makes the final decision."].answer != "default"
    seen = {a.sentence.text: a for a in deletions(CASEBOOK / "metadata-mafia.rules", []).answers}
    unseen = seen["These roles will not be seen by any roles which check visitors."]
    assert unseen.answer == "default" and "[seen]" in unseen.by, unseen


def test_a_game_never_starts_with_the_lovers_in_solve() -> None:
    """T11: turtle's lovers.obs is killer.obs with the Lovers in the pool: the same 3
    worlds of the same 480 setups (no game starts with the Lovers); without line 302 solve
    deals them too. An observation that a player holds them is refused, citing it."""
    from logic.commands.solve import solve

    rs = load_ruleset(CASEBOOK / "turtle-chat-mafia.rules")
    counts = []
    for f in ("lovers.obs", "killer.obs"):
        text = (CASEBOOK / "turtle-chat-mafia" / f).read_text(encoding="utf-8")
        res = solve(bind(rs, parse_observations(text, f), text), timeout=60)
        counts.append((res.worlds, res.setups))
    assert counts[0] == counts[1] == (3, 480)
    rules = (CASEBOOK / "turtle-chat-mafia.rules").read_text(encoding="utf-8")
    line = "A game will never start with Lovers, and the role will only come into play if "
    (full,) = [x for x in rules.split("\n") if x.startswith(line)]
    without = parse_ruleset(rules.replace(full, ""), "turtle.rules")
    text = (CASEBOOK / "turtle-chat-mafia" / "lovers.obs").read_text(encoding="utf-8")
    res = solve(bind(without, parse_observations(text, "lovers.obs"), text), timeout=60)
    assert res.setups == 840
    held = text.replace("Cid died\n", "Cid died\n  day 1: Bob is lynched; Bob was Lovers\n")
    with pytest.raises(RulingError, match="no player is dealt Lovers at the start"):
        bind(rs, parse_observations(held, "held.obs"), held)
