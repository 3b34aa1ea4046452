"""The kinds' interface to a phase builder (logic/model/builder.py, semantics.py): a name
asked twice is one variable, and a name asked again over something else is a bug of the
kind that asked, raised at once rather than made into a night no scenario satisfies."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.engine import KINDS
from logic.lang.rules import load_ruleset
from logic.model.expr import Var, conj, eq, neg
from logic.model.ir import Chooser
from logic.model.semantics import NightBuilder, SymbolicNight

ROOT = Path(__file__).resolve().parent.parent


def _night() -> NightBuilder:
    rs = load_ruleset(ROOT / "casebook" / "trouble-brewing.rules")
    return NightBuilder(SymbolicNight(rs, ["Ann", "Bob"]), KINDS)


def test_a_choice_asked_again_over_other_values_raises() -> None:
    b = _night()
    first = b.choice("tells:ann", range(3), by=Chooser.STORYTELLER)
    assert b.choice("tells:ann", range(3), by=Chooser.STORYTELLER) == first
    with pytest.raises(ValueError, match="other values"):
        b.choice("tells:ann", range(13), by=Chooser.STORYTELLER)


def test_a_definition_asked_again_over_another_term_raises() -> None:
    """helper-33's finding (issue 29): `b.define` over terms holding the storyteller's
    registration choices made `check` report "no scenario at all". The cause was a
    definition's name made per effect class and per look, so two sentences a search seat
    may hold (the Washerwoman's and the Librarian's "1 of 2 players is ...") defined one
    name twice, over different terms: `define` kept both equations, and a night where
    the two terms differ (the storyteller registers Ann as one and not the other) had
    no solution. Now the second definition raises; the same term again is the same
    variable, with no second equation."""
    b = _night()
    ann = b.choice("registers:ann:look", [False, True], by=Chooser.STORYTELLER)
    bob = b.choice("registers:bob:look", [False, True], by=Chooser.STORYTELLER)
    term = conj(eq(ann, eq(bob, bob)), neg(eq(bob, ann)))
    x = b.define("looks:ann", term)
    assert x == Var("looks:ann")
    count = len(b.equations)
    assert b.define("looks:ann", term) == x
    assert len(b.equations) == count  # no second equation
    with pytest.raises(ValueError, match="another term"):
        b.define("looks:ann", eq(bob, ann))
