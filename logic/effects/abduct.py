"""Owns abduction, read from the GM's sentences (DCTP's Irish): a night action aimed at no
one that takes a character no player holds, what its user is told of it, and how long he
waits before he abducts again. Its phrases are grammar/clause/abduct.lark, read by
logic/lang/kinds/abduct.py (words in grammar/lexicon/abduct.toml). No other file names it.

Vocabulary:
  Abduct      the ability's effect ("Irish will Abduct one character that is not played in
              the game by any player."): a night action on no one. An abduction that took
              place is the night's atom `X abducts` (kept as `ABDUCTIONS`)
  AbductRule  a sentence of the abductor's line (each a field; unsaid, the engine does not
              do it):
    told        "The GM will send him the name of one random town-sided character not in
                the game.": an abduction that took place tells its user the name of a role
                of `faction` ("town-sided": Town) that no player holds, drawn at random
                (`random`); nothing when every such role is dealt
    rest        "After 3 phases, he can use it again.": an abduction bars the next one in
                the `phases` phases after the one it took place in (night 1's bars night
                2's; night 3's may be: "Irish abducts Eisuke on Night 1. He waits Day 1,
                Night 2 and Day 2. On Night 3, he can use abducting again")

Readings: an abduction stopped (discombobulated) did not take place: it bars nothing and
tells nothing; a role abducted before may be drawn again (the source does not say).
Not modelled: "When Irish is killed his abducted character(s) will be discovered and the
name becomes known to the town." (an announcement), the abducted character as Irish's
temporary disguise (disguises), "Night action, can't be covered.".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind, Lasting, Outcome, first_drawn, line_rules
from logic.model.expr import (
    FALSE,
    TRUE,
    Expr,
    all_of,
    any_of,
    conj,
    disj,
    label,
    neg,
)
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

ABDUCTS = "abducts"  # the night's atom: his abduction took place


@dataclass(frozen=True)
class Abduct:
    why: Why = meta()

    def describe(self) -> str:
        return "abduct: takes a character no player holds"


@dataclass(frozen=True)
class AbductRule:
    """The sentences of an abductor's line about his abduction, each a field (see the
    module; None: the sentence is not in the ruleset)."""

    why: Why = meta()
    told: Why | None = None
    faction: str = ""  # `told`'s: the faction of the characters drawn
    rest: Why | None = None
    phases: int = 0  # `rest`'s: the phases an abduction bars after its own

    def describe(self) -> str:
        said = []
        if self.told is not None:
            said.append(f"told a random {self.faction} character no player holds")
        if self.rest is not None:
            said.append(f"abducts again after {self.phases} phases")
        return "abduct: " + "; ".join(said)


def _rules(b: Any, tag: str) -> list[tuple[Any, Why, AbductRule]]:
    """(role, the sentence, the trait) for each role whose line says `tag`."""
    return line_rules(b, AbductRule, tag)


def _abducts(b: NightBuilder, i: int) -> Expr:
    return any_of(c for c, _ in b.effects(i, Abduct))


def _took(b: NightBuilder, q: str) -> Expr:
    """q's abduction took place tonight."""
    return any_of(conj(_abducts(b, i), b.ok(i)) for i in range(b.n) if b.actor(i) == q)


def _now(b: Any) -> int:
    return 2 * b.night - 1


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i is an abduction within the rest its user's line says after an earlier one."""
    mine = _abducts(b, i)
    if mine == FALSE:
        return FALSE
    p = b.actor(i)
    before: Abductions = b.before(ABDUCTIONS)
    parts = []
    for r, w, t in _rules(b, "rest"):
        recent = any_of(x for (q, at), x in before.items() if q == p and _now(b) - at <= t.phases)
        parts.append(conj(mine, b.sc.role_is(p, r), recent, label(b.sc.switch(w), w)))
    return any_of(parts)


def _free(b: NightBuilder, role: Any) -> Expr:
    """No player holds `role`."""
    return all_of(neg(b.sc.role_is(q, role)) for q in b.sc.players)


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The abductor learns the character drawn."""
    out: list[TextSource] = []
    mine = _abducts(b, i)
    if mine == FALSE:
        return out
    p = b.actor(i)
    for r, w, t in _rules(b, "told"):
        holds = conj(mine, b.ok(i), b.sc.role_is(p, r), label(b.sc.switch(w), w))
        pool = [x for x in b.rs.roles if canon(x.faction or "") == canon(t.faction)]
        if holds == FALSE or not pool:
            continue
        free = {x.name: _free(b, x) for x in pool}
        names = [n for n, x in free.items() if x != FALSE]
        if not names:
            continue
        draw = f"abduct:{i}:{w.loc.line}:{w.loc.column}"
        picked = first_drawn(b, draw, [free[n] for n in names])
        for name, x in zip(names, picked, strict=True):
            out.append(TextSource(p, conj(holds, x), name, why=w))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X abducts`: X's abduction took place tonight."""
    out: dict[Atom, Expr] = {}
    for q in b.sc.players:
        x = _took(b, q)
        if x != FALSE:
            why = next((e.why for i in range(b.n) for _, e in b.effects(i, Abduct)), None)
            out[Atom(ABDUCTS, q)] = label(x, why) if why is not None else x
    return out


Abductions = dict[tuple[str, int], Expr]  # (abductor, phase index) -> it took place


def _step(before: tuple[tuple[str, int], ...], end: PhaseEnd) -> tuple[tuple[str, int], ...]:
    at = 2 * end.number - (1 if end.kind == "night" else 0)
    got = [(a.subject, at) for a in sorted(end.atoms) if a.kind == ABDUCTS]
    return (*before, *got) if got else before


def _chain(before: Abductions, end: ChainEnd) -> Abductions:
    at = 2 * end.number - (1 if end.kind == "night" else 0)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == ABDUCTS:
            out[(a.subject, at)] = disj(out.get((a.subject, at), FALSE), e)
    return out


def _view(state: tuple[tuple[str, int], ...], night: int) -> Abductions:
    return {key: TRUE for key in state}


ABDUCTIONS = Lasting("abductions", (), _step, _chain, _view)


KIND = Kind(
    "abduct",
    (Abduct, AbductRule),
    stops=stops,
    texts=texts,
    transition=transition,
    lasting=(ABDUCTIONS,),
)
