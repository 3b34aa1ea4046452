"""A shot taken on death, as werewolf moderators say it ("When you die, you must
immediately shoot another player, who dies with you."): logic/effects/lastshot.py's
shot at the time of one's death, read as lastshot.lark reads "kill a player of their
choosing at the time of their death" (a note before). `resolve` shows it; deleting the
sentence undoes it."""

from __future__ import annotations

from pathlib import Path

from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "hunter.rules"
SENTENCE = "When you die, you must immediately shoot another player, who dies with you."
PLAYERS = "  players: Ann is Hunter, Bob is Villager, Cid is Werewolf\n"
NIGHT = "  night 1:\n    Cid kills Ann\n    Ann uses kill on Cid\n"


def test_the_hunter_killed_takes_his_shot() -> None:
    verdict, atoms = resolved(load_ruleset(PATH), PLAYERS + NIGHT)
    assert verdict == "determined" and {"Ann dies", "Cid dies"} <= atoms, atoms


def test_a_living_hunters_named_player_lives() -> None:
    body = PLAYERS + "  night 1:\n    Cid kills Bob\n    Ann uses kill on Cid\n"
    verdict, atoms = resolved(load_ruleset(PATH), body)
    assert verdict == "determined" and "Cid dies" not in atoms, atoms


def test_without_the_sentence_the_hunter_has_no_shot() -> None:
    text = PATH.read_text()
    assert SENTENCE in text
    rs = parse_ruleset(text.replace(SENTENCE, "You have no special abilities."), str(PATH))
    _, atoms = resolved(rs, PLAYERS + "  night 1:\n    Cid kills Ann\n")
    assert "Cid dies" not in atoms, atoms
