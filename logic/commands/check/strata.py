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
- the second half in two parts (`second_parts`; in a small night each of them cut by the
  layers too, the listings by the player who gets them: `second_count`): the copies
  agree on the defined
  variables that read an open choice they may differ in (`cut`), so copy b shares all
  those define, or differ in one of them (DCTP's 5-player half, the travel pick free:
  over 222 M as one query, 0.1 + 10.6 M so).
"""

from __future__ import annotations

import re
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


def shared_by(n: Night, given: set[str]) -> frozenset[str]:
    """The outcome variables of night `n` that are the same in two outcomes that agree on
    `given`: those, and each defined variable whose definition reads only the scenario
    and variables already so (a closure). In the second half copy b takes copy a's
    (a substitution: the solver need not prove them equal, each is one term)."""
    scen = set(n.model.scenario_vars)
    reads = {v: r for v, r in n.reads.items() if v not in scen}
    out = set(given)
    grew = True
    while grew:
        grew = False
        for v, r in reads.items():
            if v not in out and r <= scen | out:
                out.add(v)
                grew = True
    return frozenset(out)


def parts(
    n: Night,
    names: list[str],
    fine: bool,
    agreed: frozenset[str] = frozenset(),
    layered: bool = False,
) -> list[list[Any]]:
    """The ambiguity query over the primary variables `names` of night `n`, in parts that
    together are the whole: the two halves, the first of them by the layers of signals
    when `fine` (module docstring). In each part copy a's outcome is the lesser
    (`symbolic.lex_less`: the copies are interchangeable, each pair of outcomes is met
    once). `agreed`: open choices the second half's copies agree on (a cause already
    reported: `Ambiguities`); with the `ok`, copy b shares them and whatever they
    define (`shared_by`). `layered`: the second half's parts cut by layers too
    (`second_parts`)."""
    oks = [v for v in names if v.startswith("ok:")]
    rest = [v for v in names if not v.startswith("ok:") and v not in agreed]
    a, b = n.copy("a"), n.copy("b")
    keys = list(n.sig_terms)
    in_a = n.in_copy("a")
    out: list[list[Any]] = []
    if oks:
        in_b = n.in_copy("b")
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
        out += second_parts(n, names, agreed, layered)
    return out


SECOND_PARTS = 2  # (the second half's parts, `second_parts`: the last parts of `parts`)


def second_count(n: Night, layered: bool) -> int:
    """How many parts `second_parts` gives (the same for any `agreed`: a part with no
    signal left to differ in is one that cannot hold)."""
    return SECOND_PARTS * (len(_groups(n)) if layered else 1)


def _groups(n: Night) -> list[tuple[int, str | None]]:
    """The groups of signals a layered second half is cut by: each layer
    (`signal_layer`), the listings by the player who gets them (DCTP's 3-player
    night, its second half's first part with two causes met: 60 M units of work as one
    query, over a query's budget of 27 M; its listings alone 31 M; 9, 16 and 18 M by
    player)."""
    return [(layer, None) for layer in range(_LAYERS - 1)] + [(_LAYERS - 1, p) for p in n.names]


def _in_group(key: tuple[str, ...], group: tuple[int, str | None]) -> bool:
    layer, who = group
    return signal_layer(key) == layer and (who is None or key[1] == who)


def second_half(
    n: Night,
    names: list[str],
    agreed: frozenset[str],
    also: frozenset[str] = frozenset(),
    differ: frozenset[str] = frozenset(),
    layered: bool = False,
) -> list[list[Any]]:
    """The second half of the ambiguity query over the primary variables `names`: the
    copies agree on the `ok` and on the open choices `agreed`, and so on whatever those
    define (`shared_by`: copy b takes copy a's), and differ in what anyone sees. `also`:
    defined variables the copies agree on too (shared, with what they define); `differ`:
    defined variables of which the copies differ in one (`second_parts`). One part, or
    (`layered`) one a group of signals (`_groups`) in which the copies differ first,
    every signal of the groups before it equal: together the whole."""
    oks = [v for v in names if v.startswith("ok:")]
    rest = [v for v in names if not v.startswith("ok:") and v not in agreed]
    a, b = n.copy("a"), n.copy("b")
    in_a = n.in_copy("a")
    same = shared_by(n, {*oks, *agreed, *also})
    like = n.in_copy("b", like=("a", same))
    apart = [symbolic.any_of([a.var(v) != b.var(v) for v in sorted(differ)])] if differ else []
    head = [
        in_a[0],
        like[0],
        *(a.var(v) == b.var(v) for v in sorted(same) if v in n.model.domains),  # (b's witness)
        symbolic.lex_less([a.var(v) for v in rest], [b.var(v) for v in rest]),
        *apart,
    ]
    pairs = [
        (k, x, y) for k, x, y in zip(n.sig_terms, in_a[1:], like[1:], strict=True) if not x.eq(y)
    ]
    if not layered:
        return [[*head, symbolic.any_of([x != y for _, x, y in pairs])]]
    out: list[list[Any]] = []
    equal: list[Any] = []
    for group in _groups(n):
        mine = [(x, y) for k, x, y in pairs if _in_group(k, group)]
        out.append([*head, *equal, symbolic.any_of([x != y for x, y in mine])])
        equal += [x == y for x, y in mine]
    return out


def cut(n: Night, names: list[str], agreed: frozenset[str]) -> frozenset[str]:
    """The defined variables of night `n` that read an open choice the second half's
    copies may differ in (not `agreed`), the `ok` left out: where the copies agree on
    these too, they agree on whatever reads only them, the actions and the agreed
    choices (DCTP's `travel:stands:P`, read by the kills that spare a traveler; the
    travel pick, both a travel and another action sent, reaches the deaths only so)."""
    oks = {v for v in names if v.startswith("ok:")}
    free = {v for v in names if v not in oks and v not in agreed}
    same = shared_by(n, {*oks, *agreed})
    return frozenset(v for v, r in n.reads.items() if v not in same and v not in oks and r & free)


def second_parts(
    n: Night, names: list[str], agreed: frozenset[str], layered: bool = False
) -> list[list[Any]]:
    """The second half in `SECOND_PARTS` parts that together are the whole: the copies
    agree on the `cut` too (so copy b shares all that it defines: one term in both
    copies, which the solver need not prove equal), or differ in one of its variables.
    DCTP's 3-player night, the travel pick the only choice free, at two actions: 12.7 M
    units of work as one query, 0.0 M + 4.1 M so (17.3 M when the traveler's standing
    was no variable)."""
    c = cut(n, names, agreed)
    none = [[symbolic.value(False)]] * (len(_groups(n)) if layered else 1)
    return [
        *second_half(n, names, agreed, also=c, layered=layered),
        *(second_half(n, names, agreed, differ=c, layered=layered) if c else none),
    ]


def family(name: str, players: tuple[str, ...]) -> str:
    """An open choice's family: its name with each slot, index and player left out
    ("past:now:3" -> "past:now", "steal:keeps:0:Bob" -> "steal:keeps"): one choice of
    the rules, met once per slot and player of a night, the same in a night of any size
    (`Ambiguities`: an ambiguity is reported once per family that decides it)."""
    words = [w for w in name.split(":") if w not in players and not re.fullmatch(r"\d+", w)]
    return ":".join(words)
