"""The Amplifier by night (logic/effects/amplify.py's AmplifyNight, the werewolf pool's
R31): a case's second line of one night ability is bound only beside an amplification
(`Kind.doubles`, logic/model/binding.py), and a third never; the second slot takes place
only where the amplification landed on its player (casebook/werewolf-pool/amplify-night.case)."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.casebook import run_case
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset

RULES = Path(__file__).parent.parent / "casebook" / "werewolf-pool.rules"
HEAD = """case "x"
  ruleset: werewolf-pool.rules
  players: Ann is Amplifier (Village), Bob is Guard, Cid is Alpha, Dee is Seer, Eve is Undertaker
  night 1:
"""


def _run(lines: str, expect: str) -> bool:
    text = HEAD + lines + "  expect:\n" + expect
    (case,) = parse_cases(text, str(RULES))
    return run_case(load_ruleset(RULES), case, text).passed


def test_a_second_use_needs_an_amplification_in_the_night() -> None:
    with pytest.raises(RulingError, match="one action per ability a phase"):
        _run("    Dee targets Cid\n    Dee targets Bob\n", '    Dee learns "Alpha"\n')


def test_a_third_use_is_refused() -> None:
    lines = "    Ann targets Dee\n    Dee targets Cid\n    Dee targets Bob\n    Dee targets Eve\n"
    with pytest.raises(RulingError, match="one action per ability a phase"):
        _run(lines, '    Dee learns "Alpha"\n')


def test_the_second_use_is_the_amplified_players() -> None:
    lines = "    Ann targets Dee\n    Dee targets Cid\n    Dee targets Bob\n"
    assert _run(lines, '    Dee learns "Alpha"\n    Dee learns "Guard"\n')
    lines = "    Ann targets Eve\n    Dee targets Cid\n    Dee targets Bob\n"
    assert _run(lines, '    Dee learns "Alpha"\n    not Dee learns "Guard"\n')
