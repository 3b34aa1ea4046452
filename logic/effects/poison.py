"""Owns poison: a death that comes the night after the action that causes it, and the
example of a kind whose state outlasts its phase, written in one place: this module (its
node, its constraints, what it carries from night to night), its phrase
(grammar/clause/poison.lark: "poison" is a verb of an ability) and its word
(grammar/lexicon/poison.toml), and the reading of its outcome said in words
(logic/lang/kinds/poison.py). No other file names it.

Vocabulary:
  Poison  an action: the target is poisoned tonight, and dies at the end of the
          following night unless a protection lands on them that night (the common
          reading of a Poisoner, e.g. "Each night, you may poison a player. They will die
          the following night unless they are healed."). Poisoning a poisoned player
          again starts the count again.

The state a night leaves is the atom `is poisoned` of each player poisoned that night,
carried to the next night as the lasting state `POISONED` (a day keeps it: the poison
acts at night). The next night reads it: a poisoned player dies at its end (a death of
tier LATE: it stops no action that night), unless protected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Death, Kind, Lasting, Outcome
from logic.model import frame
from logic.model.expr import TRUE, Const, Expr, any_of, conj, label, labels, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

POISONED_ATOM = "is poisoned"
LATE = Const(10**6)  # the poison acts at the end of the night: it stops no action


@dataclass(frozen=True)
class Poison:
    why: Why = meta()

    def describe(self) -> str:
        return "poison: the target dies at the end of the following night, unless protected"


# ----------------------------------------------------------------------------- the night


def poisoned_tonight(b: NightBuilder, q: str) -> Expr:
    """A poisoning landed on q tonight."""
    return any_of(label(hit, e.why) for _, hit, e in b.lands(Poison, q))


def deaths(b: NightBuilder) -> list[Death]:
    """Who was poisoned the night before dies at the end of this one, unless protected."""
    before: Poisoned = b.before(POISONED)
    out: list[Death] = []
    for q, causes in before.items():
        spared = attack.protected(b, q)
        for cond, why in causes:
            out.append((q, LATE, label(conj(cond, neg(spared)), why)))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Who is poisoned when the night ends (the atoms `is poisoned`)."""
    out = {}
    for q in b.sc.players:
        hit = poisoned_tonight(b, q)
        if hit != Const(False):
            out[Atom(POISONED_ATOM, q)] = conj(hit, outcome.alive_after[q])
    return out


# ----------------------------------------------------------------------------- lasting state

Poisoned = dict[str, list[tuple[Expr, Why]]]  # player -> (poisoned, the sentence)


def _step(before: tuple[tuple[str, Why], ...], end: PhaseEnd) -> tuple[tuple[str, Why], ...]:
    """A night replaces the poisoned with its own; a day keeps them."""
    if end.kind != "night":
        return before
    got = [(a.subject, _cause(end.why(a))) for a in sorted(end.atoms) if a.kind == POISONED_ATOM]
    return tuple(got)


def _cause(whys: tuple[Why, ...]) -> Why:
    """The sentence that poisoned (not an axiom of the frame)."""
    return next((w for w in whys if w.kind != "axiom"), whys[0] if whys else frame.TAKES_PLACE)


def _chain(before: Poisoned, end: ChainEnd) -> Poisoned:
    if end.kind != "night":
        return before
    out: Poisoned = {}
    for a, e in end.atoms:
        if a.kind == POISONED_ATOM:
            why = next(iter(labels(e)), frame.TAKES_PLACE)
            out.setdefault(a.subject, []).append((e, why))
    return out


def _view(state: tuple[tuple[str, Why], ...], night: int) -> Poisoned:
    out: Poisoned = {}
    for q, why in state:
        out.setdefault(q, []).append((TRUE, why))
    return out


POISONED = Lasting("poisoned", (), _step, _chain, _view)


KIND = Kind(
    "poison",
    (Poison,),
    deaths=deaths,
    transition=transition,
    lasting=(POISONED,),
    actions=(("POISON", "targets", Poison),),
)
