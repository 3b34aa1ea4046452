"""Vests, as role PMs say them: "You have two vests. Use one at night to survive any
attack." (an ability with no target that protects its user, as many uses as vests) and
"You survive the first attempt to kill you at night." (an automatic protection, once).
`resolve` shows them; deleting a sentence undoes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_immunities import resolved

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "vests.rules"
RS = load_ruleset(PATH)
PLAYERS = "  players: Ann is Survivor, Bob is Bulletproof, Cid is Townie, Dee is Goon\n"


def _atoms(body: str, rs: Any = RS) -> tuple[str, set[str]]:
    return resolved(rs, PLAYERS + body)


def test_a_vest_used_saves_its_wearer() -> None:
    verdict, atoms = _atoms("  night 1:\n    Ann uses Vest\n    Dee kills Ann\n")
    assert verdict == "determined" and "Ann dies" not in atoms, atoms
    verdict, atoms = _atoms("  night 1:\n    Dee kills Ann\n")
    assert "Ann dies" in atoms, atoms


def test_two_vests_are_two_uses() -> None:
    nights = "".join(f"  night {k}:\n    Ann uses Vest\n    Dee kills Ann\n" for k in (1, 2, 3))
    verdict, atoms = _atoms(nights)
    assert verdict == "determined" and "Ann dies" in atoms and "Ann's action fails" in atoms
    verdict, atoms = _atoms(nights.rsplit("  night 3", 1)[0])
    assert "Ann dies" not in atoms, atoms


def test_the_first_attack_on_the_bulletproof_fails() -> None:
    body = "  night 1:\n    Dee kills Bob\n  night 2:\n    Dee kills Bob\n"
    verdict, atoms = _atoms(body)
    assert verdict == "determined", verdict
    assert "Bob dies on night 2" in atoms or any(a.startswith("Bob dies") for a in atoms), atoms


def test_without_the_sentences_nobody_survives() -> None:
    text = PATH.read_text()
    text = text.replace(" Use one at night to survive any attack.", "")
    text = text.replace(
        "Bulletproof: You survive the first attempt to kill you at night.",
        "Bulletproof: You have no special abilities.",
    )
    rs = parse_ruleset(text, str(PATH))
    _, atoms = resolved(rs, PLAYERS + "  night 1:\n    Dee kills Bob\n")
    assert "Bob dies" in atoms, atoms
