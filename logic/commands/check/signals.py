"""Owns what an outcome shows: its observable signals (atoms, result texts, the names a
listing may include) and how each is described to people."""

from __future__ import annotations

from logic.model.expr import Expr, any_of, conj
from logic.model.semantics import Atom, PhaseModel


def signals(model: PhaseModel) -> dict[tuple[str, ...], Expr]:
    """Everything observable about an outcome, as Boolean expressions: each atom, each
    fixed result text, and each name a listing result may include."""
    out: dict[tuple[str, ...], Expr] = {}
    for atom, expr in model.atoms.items():
        out[("atom", atom.kind, atom.subject, atom.obj)] = expr
    parts: dict[tuple[str, ...], list[Expr]] = {}
    for src in model.texts:
        if src.text is not None:
            parts.setdefault(("text", src.actor, src.text), []).append(src.gate)
        else:
            parts.setdefault(("listing", src.actor), []).append(src.gate)
            for cond, name in src.pieces:
                parts.setdefault(("lists", src.actor, name), []).append(conj(src.gate, cond))
    for key, xs in parts.items():
        out[key] = any_of(xs)
    return out


def describe(key: tuple[str, ...]) -> str:
    match key:
        case ("atom", kind, subject, obj):
            return str(Atom(kind, subject, obj))
        case ("text", actor, text):
            return f'{actor} learns "{text}"'
        case ("listing", actor):
            return f"{actor} gets a result"
        case ("lists", actor, name):
            return f"{actor}'s result lists {name}"
    return " ".join(key)
