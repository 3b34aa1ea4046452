"""Owns how the ambiguity query is cut into parts that together are exactly the whole
(`parts`): a scenario with two outcomes that differ in what anyone sees, asked as "the
outcomes differ first in this" for each thing in turn, so that each part is a query the
solver ends within its budget where the whole one did not (issue 26).

Two cuts, over the outcome proper (`Ambiguities._primary_names`):
- two halves: the outcomes differ in which actions take place (`ok:i`), or they agree
  on it and differ in an open choice; in the second, copy b's `ok` are copy a's (a
  substitution: whatever reads only them and the scenario is one term in both copies,
  and the solver need not prove it equal);
- (`fine`, the night at the bound) the first half by the first kind of signal the
  outcomes differ in (`signal_layer`: deaths, the other atoms, the fixed result texts,
  the listings): the signals of the kinds before it are equal there. On DCTP's 5-player
  night (its 3-player classes blocked) that half was over 222 M units of work as one
  query; its four layers took 14, 18, 8 and 20 M. (The second half cut so, or by the
  first family of open choices that differs, was slower there: DCTP's listings with
  every other signal equal, 205 M against 181 M for the whole half.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from logic.backends import symbolic

if TYPE_CHECKING:
    from logic.commands.check.night import Night

_LAYERS = 4


def signal_layer(key: tuple[str, ...]) -> int:
    """The layer of a signal (`signals.signals`' key): deaths 0, the other atoms 1, the
    fixed result texts 2, the listings 3 (cheap to compare first)."""
    match key:
        case ("atom", "dies", *_):
            return 0
        case ("atom", *_):
            return 1
        case ("text", *_):
            return 2
    return 3


def parts(n: Night, names: list[str], fine: bool) -> list[list[Any]]:
    """The ambiguity query over the primary variables `names` of night `n`, in parts that
    together are the whole: the two halves, the first of them by the layers of signals
    when `fine` (module docstring). In each part copy a's outcome is the lesser
    (`symbolic.lex_less`: the copies are interchangeable, each pair of outcomes is met
    once)."""
    oks = [v for v in names if v.startswith("ok:")]
    rest = [v for v in names if not v.startswith("ok:")]
    a, b = n.copy("a"), n.copy("b")
    keys = list(n.sig_terms)
    terms = list(n.sig_terms.values())
    in_a = n.renamed_all([n.valid, *terms], "a")
    out: list[list[Any]] = []
    if oks:
        in_b = n.renamed_all([n.valid, *terms], "b")
        head = [
            in_a[0],
            in_b[0],
            symbolic.any_of([a.var(v) != b.var(v) for v in oks]),
            symbolic.lex_less([a.var(v) for v in names], [b.var(v) for v in names]),
        ]
        pairs = list(zip(keys, in_a[1:], in_b[1:], strict=True))
        layers = range(_LAYERS) if fine else [None]
        equal: list[Any] = []
        for layer in layers:
            mine = [(x, y) for k, x, y in pairs if layer is None or signal_layer(k) == layer]
            if not mine:
                continue
            out.append([*head, *equal, symbolic.any_of([x != y for x, y in mine])])
            equal += [x == y for x, y in mine]
    if rest:
        like = n.renamed_all([n.valid, *terms], "b", like=("a", frozenset(oks)))
        out.append(
            [
                in_a[0],
                like[0],
                *(a.var(v) == b.var(v) for v in oks),  # (copy b's, for its witness)
                symbolic.any_of([x != y for x, y in zip(in_a[1:], like[1:], strict=True)]),
                symbolic.lex_less([a.var(v) for v in rest], [b.var(v) for v in rest]),
            ]
        )
    return out
