"""Test helper: the distinct outcomes of a chained symbolic model under a solver's
constraints (each outcome: its atoms of `kinds` and its result texts as `learns` atoms,
subjects as the chain names them, e.g. "Ann (night 1)")."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import z3

from logic.backends import symbolic
from logic.model.expr import Expr, evaluate
from logic.model.semantics import Atom, PhaseModel


class OutcomeBlocker:
    """What an outcome of a chained model reads (every atom's condition, every text's
    gate and the pieces of a text told), and the clause that blocks one outcome: the next
    model differs in an atom, a text told or a piece of a text told (a piece of a text not
    told is no part of the outcome). Enumerating so gives one model per outcome, not one
    per scenario behind it."""

    def __init__(self, model: PhaseModel, enc: symbolic.Encoding) -> None:
        self.conds: list[Expr] = [*model.atoms.values()]
        self.owner: list[int | None] = [None] * len(self.conds)  # a piece's text's gate
        for src in model.texts:
            self.owner.append(None)
            self.conds.append(src.gate)
            at = len(self.conds) - 1
            for c, _ in src.pieces:
                self.conds.append(c)
                self.owner.append(at)
        self.terms = [enc.term(c) for c in self.conds]

    def block(self, ev: Callable[[Expr], Any]) -> z3.BoolRef:
        """The clause that no later model has the outcome `ev` (a model's evaluator) reads."""
        values = [bool(ev(c)) for c in self.conds]
        return z3.Or(
            [
                z3.Not(t) if v else t
                for t, v, o in zip(self.terms, values, self.owner, strict=True)
                if o is None or values[o]
            ]
        )


def chain_outcomes(
    model: PhaseModel,
    enc: symbolic.Encoding,
    s: z3.Solver,
    kinds: Collection[str],
    limit: int,
) -> set[frozenset[Atom]]:
    """Enumerate outcomes, not models: each found outcome's observable values are
    blocked before the next query. More than `limit` outcomes is an error, not a cut: a
    set cut at the limit compared with a backend's whole set looks like a disagreement
    (a steal on the night of an abduction has one outcome per abducted character and
    item, over a hundred, and read as a backend bug while the limit was 100)."""
    watched = [e for a, e in model.atoms.items() if a.kind in kinds]
    for src in model.texts:
        watched += [src.gate, *(c for c, _ in src.pieces)]
    terms = [enc.term(e) for e in watched]
    found: set[frozenset[Atom]] = set()
    while s.check() == z3.sat and len(found) < limit:
        m = s.model()
        env = {v: symbolic.read(m, enc.var(v)) for v in model.domains}
        atoms = {a for a, e in model.atoms.items() if a.kind in kinds and evaluate(e, env)}
        for src in model.texts:
            if evaluate(src.gate, env):
                holds = [n for c, n in src.pieces if evaluate(c, env)]
                atoms.add(Atom("learns", src.actor, src.render(holds)))
        found.add(frozenset(atoms))
        values = [bool(evaluate(e, env)) for e in watched]
        s.add(z3.Or([t != z3.BoolVal(v) for t, v in zip(terms, values, strict=True)]))
    if len(found) == limit and s.check() == z3.sat:
        raise AssertionError(f"more than {limit} outcomes: raise the limit")
    return found
