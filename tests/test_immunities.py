"""The common immunities a role PM gives its holder, read by the clause language and
acted on by the kinds that own the mechanic: a night immunity ("You cannot be killed at
night.", "Immune to night kills": logic/effects/attack.py's lasting `AutoProtect`), a
roleblock immunity ("Roleblocks have no effect on you.": logic/effects/block.py's
`Unblockable`) and no protection ("You cannot be protected by the Doctor.": attack.py's
`Unprotectable`). Each holds in `resolve`, the symbolic chain agrees with it on random
games, and the same sentence said of a target ("They cannot be roleblocked.") stays the
target's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_role_pm_shapes import meaning

from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.ir import Ruleset

ROOT = Path(__file__).parent.parent
RS = load_ruleset(ROOT / "tests" / "rulesets" / "immunities.rules")


def resolved(rs: Ruleset, body: str) -> tuple[str, set[str]]:
    """The verdict and the atoms of every outcome of a case of `rs` (its players and
    phases: `body`)."""
    text = f'case "x"\n{body}'
    (case,) = parse_cases(text, "x.case")
    res = resolve(rs, case, text)
    return res.verdict, {str(a) for p in res.paths for ph in p.phases for a in ph.atoms}


def determined(rs: Ruleset, body: str) -> set[str]:
    """The atoms of a case of `rs` that the rules determine (one outcome)."""
    verdict, atoms = resolved(rs, body)
    assert verdict == "determined", verdict
    return atoms


def _outcome(body: str) -> tuple[str, set[str]]:
    return resolved(RS, body)


PLAYERS = "  players: Ann is Bulletproof, Bob is Godfather, Cid is Escort, Dee is Strong-willed, Eve is Macho, Fay is Doctor, Gus is Vigilante, Hal is Bodyguard\n"


def test_a_night_immunity_stops_every_nightkill() -> None:
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Bob kills Ann\n")
    assert verdict == "determined" and "Ann dies" not in atoms, atoms
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Gus targets Bob\n")
    assert verdict == "determined" and "Bob dies" not in atoms, atoms
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Bob kills Dee\n")
    assert "Dee dies" in atoms, atoms  # (the others die as before)


def test_a_night_immunity_is_not_used_up() -> None:
    text = PLAYERS + "  night 1:\n    Bob kills Ann\n  night 2:\n    Bob kills Ann\n"
    verdict, atoms = _outcome(text)
    assert verdict == "determined" and "Ann dies" not in atoms, atoms


def test_a_roleblock_immunity_keeps_the_holders_action() -> None:
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Cid targets Dee\n    Dee targets Bob\n")
    assert verdict == "determined", verdict
    assert "Dee is roleblocked" not in atoms and any(a.startswith("Dee learns") for a in atoms), (
        atoms
    )
    # without it, the same roleblock stops a Vigilante's shot
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Cid targets Gus\n    Gus targets Eve\n")
    assert "Gus is roleblocked" in atoms and "Eve dies" not in atoms, atoms


def test_no_protection_saves_the_macho() -> None:
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Fay targets Eve\n    Bob kills Eve\n")
    assert verdict == "determined" and "Eve dies" in atoms, atoms
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Hal targets Eve\n    Bob kills Eve\n")
    assert "Eve dies" in atoms and "Hal dies" not in atoms, atoms
    verdict, atoms = _outcome(PLAYERS + "  night 1:\n    Fay targets Gus\n    Bob kills Gus\n")
    assert "Gus dies" not in atoms, atoms  # (a protection saves anyone else)


@pytest.mark.parametrize(
    ("text", "trait"),
    [
        ("You cannot be killed at night.", "night immunity"),
        ("Cannot be killed at night.", "night immunity"),
        ("Is immune to nightkills.", "night immunity"),
        ("You are immune to night kills.", "night immunity"),
        ("Night kills have no effect on you.", "night immunity"),
        ("You cannot be roleblocked.", "roleblock immunity"),
        ("Immune to roleblocks.", "roleblock immunity"),
        ("Roleblocks do not affect you.", "roleblock immunity"),
        ("You cannot be protected.", "unprotectable"),
        ("You may not be protected by the Doctor.", "unprotectable"),
        ("Doctors cannot protect you.", "unprotectable"),
    ],
)
def test_the_wordings_of_an_immunity(text: str, trait: str) -> None:
    assert any(ln.startswith(trait) for ln in meaning(text)), meaning(text)


@pytest.mark.parametrize(
    "text",
    [
        "Protects a player each night. They cannot be roleblocked.",
        "Protects a player each night. That player cannot be roleblocked.",
        "Protects a player each night. Your target cannot perform actions and cannot be killed that night.",
        "You cannot be killed.",  # (by day too? the sentence does not say: a note)
    ],
)
def test_said_of_the_target_or_of_no_time_it_is_no_immunity(text: str) -> None:
    got = meaning(text)
    assert not any(
        ln.startswith(("night immunity", "roleblock immunity", "unprotectable")) for ln in got
    ), got


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_immunities(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS)))
