"""Owns pairs of players joined by a status, made by an ability and read from the GM's
sentences (DCTP's Lovers: Yumi's Amor in the prep phase, "Chooses four players, two of
which will become lovers."), and what a pair does: the other's death when one dies. Its
phrases are grammar/clause/couple.lark (the ability) and grammar/game/couple.lark (the
whole game's sentences), read by logic/lang/kinds/couple.py and
logic/lang/game_kinds/couple.py (words in grammar/lexicon/couple.toml). No other file
names it.

Vocabulary:
  Pair        an effect: of the ability's targets, two (which two: the host's choice,
              named by the sentence; the source does not say, P1) become a pair of
              `status` ("lovers") when the ability takes place
  PairDeath   the whole game's: "When one lover dies, the other commits suicide that same
              phase.": when one of a pair of `status` dies, the other dies in the same
              phase (at the same tier of a night), whatever killed the first
  PairUnsaved "No amount of healing or protecting may prevent the death of a suicidal
              lover.": no save stops that death. Unsaid, a save that lands on the other
              that night stops it (the engine does not make a death no one can stop
              unless a sentence says so); by day no save is read

The state a phase leaves (`PAIRS`): the pairs made so far, (status, p, q) with p before
q; a pair is never undone. A pair made in a phase is the atom `p is STATUS with q` of
that phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from logic.effects import attack
from logic.effects.base import Death, Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, conj, disj, eq, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

Pairs = dict[tuple[str, str, str], Expr]  # (status, p, q) -> the pair holds


@dataclass(frozen=True)
class Pair:
    status: str  # "lovers", as the sentence names it
    why: Why = meta()
    size: int = 2  # how many of the targets the pair takes ("two of which")

    def describe(self) -> str:
        return f"pair: two of the targets become {self.status} (which two: not said)"


@dataclass(frozen=True)
class PairDeath:
    status: str  # "lover", as the sentence names one of the pair
    why: Why = meta()

    def describe(self) -> str:
        return f"when one {self.status} dies, the other dies that same phase"


@dataclass(frozen=True)
class PairUnsaved:
    status: str
    why: Why = meta()

    def describe(self) -> str:
        return f"no save stops the death of a {self.status} whose pair died"


def _kind(status: str) -> str:
    """The atom's kind: `Ann is lovers with Bob`."""
    return f"is {canon(status)} with"


def _same(status: str, word: str) -> bool:
    """The status a sentence names ("lover") is the pair's ("lovers")."""
    a, b = canon(status), canon(word)
    return a == b or a.rstrip("s") == b.rstrip("s")


def _said(b: Any, kind: type) -> list[Any]:
    return [x for x in b.rs.healing if isinstance(x, kind)]


# ----------------------------------------------------------------------------- the night


def made(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The pairs made tonight: slot i's Pair took place, and the host's choice of two of
    its targets (one variable per slot and sentence) falls on p and q."""
    out: dict[Atom, Expr] = {}
    idx = {p: k for k, p in enumerate(b.sc.players)}
    for i in range(b.n):
        for c, pair in b.effects(i, Pair):
            n = max((ab.targets for _, ab in b.sc.abilities(i)), default=0)
            options = [f"{a}+{z}" for a, z in combinations(range(n), 2)]
            if not options:
                continue
            loc = f"{pair.why.loc.line}:{pair.why.loc.column}"
            pick = b.choice(f"pair:{i}:{loc}", options) if len(options) > 1 else None
            for a, z in combinations(range(n), 2):
                chosen = TRUE if pick is None else eq(pick, Const(f"{a}+{z}"))
                for p, q in combinations(b.sc.players, 2):
                    on = disj(
                        conj(eq(b.target(i, a), Const(idx[p])), eq(b.target(i, z), Const(idx[q]))),
                        conj(eq(b.target(i, a), Const(idx[q])), eq(b.target(i, z), Const(idx[p]))),
                    )
                    x = conj(c, b.ok(i), chosen, on)
                    if x != FALSE:
                        key = Atom(_kind(pair.status), p, q)
                        out[key] = disj(out.get(key, FALSE), label(x, pair.why))
    return out


def _pairs(b: Any, status: str) -> list[tuple[str, str, Expr]]:
    """(p, q, the pair holds) for each pair of `status` made before this phase."""
    before: Pairs = b.before(PAIRS)
    return [(p, q, x) for (s, p, q), x in before.items() if _same(s, status) and x != FALSE]


def echoes(b: NightBuilder, deaths: Sequence[Death]) -> list[Death]:
    """One of a pair dies tonight: the other dies at the same tier (unless a save lands on
    him, when no sentence says none stops it)."""
    out: list[Death] = []
    for rule in _said(b, PairDeath):
        said = label(b.sc.switch(rule.why), rule.why)
        unsaid = [u for u in _said(b, PairUnsaved) if _same(u.status, rule.status)]
        for p, q, x in _pairs(b, rule.status):
            for a, other in ((p, q), (q, p)):
                for victim, tier, cond in deaths:
                    if victim != a:
                        continue
                    stop: Expr = attack.protected(b, other)
                    for u in unsaid:
                        stop = conj(stop, neg(label(b.sc.switch(u.why), u.why)))
                    alive = b.sc.alive_now(other)
                    why = conj(x, said, cond, alive, neg(stop))
                    if why != FALSE:
                        out.append((other, tier, why))
    return out


# ----------------------------------------------------------------------------- the day


def day_echoes(db: DayBuilder, atoms: dict[Atom, Expr]) -> dict[Atom, Expr]:
    """One of a pair dies by day (lynched, poisoned): the other dies with him."""
    out = dict(atoms)
    for rule in _said(db, PairDeath):
        said = label(db.switch(rule.why), rule.why)
        for p, q, x in _pairs(db, rule.status):
            for a, other in ((p, q), (q, p)):
                died = atoms.get(Atom("dies", a), FALSE)
                if died == FALSE:
                    continue
                extra = conj(x, said, died, db.alive(other))
                out[Atom("dies", other)] = disj(out.get(Atom("dies", other), FALSE), extra)
    return out


# ----------------------------------------------------------------------------- lasting state


def _step(before: tuple[tuple[str, str, str], ...], end: PhaseEnd) -> tuple[Any, ...]:
    made = {(a.kind[3:-5], a.subject, a.obj) for a in end.atoms if _is_pair(a.kind)}
    return tuple(sorted(set(before) | made))


def _is_pair(kind: str) -> bool:
    return kind.startswith("is ") and kind.endswith(" with")


def _chain(before: Pairs, end: ChainEnd) -> Pairs:
    out = dict(before)
    for a, e in end.atoms:
        if _is_pair(a.kind):
            key = (a.kind[3:-5], a.subject, a.obj)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, str, str], ...], night: int) -> Pairs:
    return {key: TRUE for key in state}


PAIRS = Lasting("pairs", (), _step, _chain, _view)


KIND = Kind(
    "couple",
    (Pair, PairDeath, PairUnsaved),
    transition=made,
    echoes=echoes,
    day_echoes=day_echoes,
    lasting=(PAIRS,),
)
