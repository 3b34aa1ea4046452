"""A protection from one group's kills, as role PMs say it ("Each night you may protect a
player from the Mafia.", "if the Mafia attack that player, they survive."): succession.py's
`SafeFrom`, which the Demon's kill already obeyed, now stops attack.py's kills too (a
faction's nightkill, an ability's) when their user is of the group (`Kind.spares`).
`resolve` shows it; deleting the group makes it a plain protection; the symbolic chain
agrees with `resolve` on random games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games
from test_immunities import determined

from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
PATH = ROOT / "tests" / "rulesets" / "safe-from.rules"
RS = load_ruleset(PATH)
PLAYERS = (
    "  players: Ann is Guard, Bob is Watchman, Cid is Townie, Dee is Goon, Eve is Serial Killer\n"
)


def _atoms(body: str, rs: Any = RS) -> set[str]:
    return determined(rs, PLAYERS + body)


def test_the_mafias_kill_on_a_guarded_player_fails() -> None:
    for guard in ("Ann", "Bob"):
        atoms = _atoms(f"  night 1:\n    {guard} targets Cid\n    Dee kills Cid\n")
        assert "Cid dies" not in atoms, (guard, atoms)


def test_another_killer_is_not_stopped() -> None:
    for guard in ("Ann", "Bob"):
        atoms = _atoms(f"  night 1:\n    {guard} targets Cid\n    Eve targets Cid\n")
        assert "Cid dies" in atoms, (guard, atoms)


def test_without_the_group_it_is_a_plain_protection() -> None:
    text = PATH.read_text().replace("a player from the Mafia.", "a player.")
    atoms = _atoms(
        "  night 1:\n    Ann targets Cid\n    Eve targets Cid\n", parse_ruleset(text, str(PATH))
    )
    assert "Cid dies" not in atoms, atoms


def test_without_the_sentence_the_watchman_saves_no_one() -> None:
    text = PATH.read_text().replace("; if the Mafia attack that player, they survive.", ".")
    atoms = _atoms(
        "  night 1:\n    Bob targets Cid\n    Dee kills Cid\n", parse_ruleset(text, str(PATH))
    )
    assert "Cid dies" in atoms, atoms


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_protections_from_a_group(data: Any) -> None:
    """Random two-night games of this ruleset: the symbolic chain, fixed to the game, gives
    exactly the outcomes `resolve` gives, night by night."""
    _compare(RS, *data.draw(games(RS, own_kills=True)))
