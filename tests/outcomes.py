"""Test helper: the distinct outcomes of a chained symbolic model under a solver's
constraints (each outcome: its atoms of `kinds` and its result texts as `learns` atoms,
subjects as the chain names them, e.g. "Ann (night 1)")."""

from __future__ import annotations

from collections.abc import Collection

import z3

from logic.backends import symbolic
from logic.model.expr import evaluate
from logic.model.semantics import Atom, PhaseModel


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
