"""`expr.interning`: inside a phase's build, equal nodes made again are the node made
before (DCTP's 3-player night: 575,000 nodes, 128,000 different, each walked by every back
end); a label is shared only with one of the same sentence; outside a build nothing is."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from logic.engine import build_symbolic_night
from logic.lang.errors import Loc
from logic.lang.rules import load_ruleset
from logic.model import expr
from logic.model.expr import (
    And,
    Const,
    Label,
    Var,
    conj,
    disj,
    eq,
    interned,
    interning,
    ite,
    label,
    neg,
)
from logic.model.semantics import SymbolicNight
from logic.model.why import Why

ROOT = Path(__file__).resolve().parent.parent


def _why(k: int, text: str = "sentence") -> Why:
    return Why(Loc("x.rules", k), text)


def _made() -> list[object]:
    a, b, c = Var("a"), Var("b"), Var("c")
    return [
        conj(a, eq(b, Const(1))),
        disj(neg(a), c),
        ite(a, b, c),
        conj(disj(a, b), neg(c)),
    ]


def test_equal_nodes_made_twice_in_a_build_are_one() -> None:
    with interning():
        first, again = _made(), _made()
    assert all(x is y for x, y in zip(first, again, strict=True))
    assert first == again


def test_outside_a_build_nothing_is_shared() -> None:
    first, again = _made(), _made()
    assert first == again
    assert all(x is not y for x, y in zip(first, again, strict=True))


def test_a_label_is_shared_with_its_own_sentence_only() -> None:
    """A label is kept with the very `Why` it was given (two equal ones stay two: each
    node's citation is the one its kind gave it)."""
    one, other = _why(1), _why(1)
    assert one == other and one is not other
    with interning():
        x, y, z = label(Var("a"), one), label(Var("a"), one), label(Var("a"), other)
    assert x is y
    assert x is not z and isinstance(z, Label) and z.why is other


def test_blocks_nest_and_the_table_goes_with_the_outermost() -> None:
    @interned
    def inner() -> object:
        return conj(Var("a"), Var("b"))

    with interning():
        x = inner()  # (a build inside a build: the outer table)
        assert x is conj(Var("a"), Var("b"))
    assert isinstance(x, And) and x is not conj(Var("a"), Var("b"))


def test_a_night_built_with_its_nodes_shared_is_the_same_formula(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sharing changes no meaning: the werewolf pool's 3-player night, built with and
    without it, has the same equations, atoms and texts, by structure."""
    rs = load_ruleset(str(ROOT / "casebook" / "werewolf-pool.rules"))
    names = ("Ann", "Bob", "Cid")
    shared = build_symbolic_night(SymbolicNight(rs, names))
    monkeypatch.setattr(expr, "interning", contextlib.nullcontext)
    plain = build_symbolic_night(SymbolicNight(rs, names))
    assert [e for e, _ in shared.equations] == [e for e, _ in plain.equations]
    assert shared.atoms == plain.atoms
    assert shared.texts == plain.texts
    assert shared.domains == plain.domains
