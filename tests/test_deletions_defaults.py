"""What the engine does anyway, said again by a GM (grammar/game/defaults.lark, DCTP R200):
each sentence is read as the engine's behaviour it states (`frame.Restated`), so `ruling
coverage` holds it as read and `ruling casebook --deletions` answers `default`, naming the
behaviour; a sentence of the same words about something else is not read as it."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.deletions import deletions
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.model import frame

SAID = {
    "The slandered player does not receive a notification that they were slandered that night.": frame.TOLD,
    "The Frightened player won't know that he got Frightened.": frame.TOLD,
    "No one will learn the attacker's ability in any way.": frame.TOLD,
    "Players may abstain from voting.": frame.VOTE,
    "Injured players may still participate freely in the game, including casting lynch votes.": frame.VOTE,
    'All players begin the game "alive" in normal condition.': frame.ALIVE,
    "Each member is limited to using just one APTX per day phase, however.": frame.ONE_USE,
    "Can steal from that person again on the next night.": frame.AGAIN,
    "Blame can be discombobulated too.": frame.ROLEBLOCK,
    "Kazuha won't know the identity of the one who received the Charm.": frame.TOLD,
}

RULES = """Ruleset: Small
Possible Town Roles
Cop: Checks a player each night. Learns the role of that player.
Townie: No special powers.
Possible Mafia Roles
Goon: Kills a player each night.
Kazuha: No special powers.
"""

CASES = """case "the Cop learns the Goon's role"
  ruleset: small
  players: Ann is Cop, Bob is Goon, Cid is Townie
  night 1:
    Ann targets Bob
  expect:
    Ann learns "Goon"
"""


def _rules() -> str:
    return RULES + "".join(f"{s}\n" for s in SAID)


def test_each_sentence_is_read_as_the_behaviour_it_states() -> None:
    rs = parse_ruleset(_rules(), "small.rules")
    said = {n.why.text: n.axiom for n in rs.kind_rules if isinstance(n, frame.Restated)}
    assert said == SAID
    kinds = {s.text: s.kind for s in rs.sentences if s.text in SAID}
    assert set(kinds.values()) == {"rule"}, kinds  # read: `coverage` holds it verbatim


def test_deleting_one_answers_default_naming_the_behaviour(tmp_path: Path) -> None:
    rules = tmp_path / "small.rules"
    rules.write_text(_rules(), encoding="utf-8")
    cases = [(c, CASES) for c in parse_cases(CASES, str(tmp_path / "x.case"))]
    found = deletions(rules, cases, only=lambda s: s.text in SAID)
    got = {a.sentence.text: (a.answer, a.by) for a in found.answers}
    assert set(got) == set(SAID)
    for text, axiom in SAID.items():
        assert got[text] == ("default", axiom.text), text


@pytest.mark.parametrize(
    "sentence",
    [
        "The slandered player receives a notification that they were slandered that night.",
        "Players may not vote.",
        "Can steal from that person twice on the next night.",
        # an item's protection stopped by a block is a ruling the engine acts on
        # (items.ItemBlocked), not its default
        "Protection from the watch can be discombobulated too.",
    ],
)
def test_what_the_engine_does_not_do_is_not_read_as_its_default(sentence: str) -> None:
    try:
        rs = parse_ruleset(RULES + sentence + "\n", "small.rules")
    except RulingError:
        return  # not read at all
    assert not any(isinstance(n, frame.Restated) for n in rs.kind_rules)
