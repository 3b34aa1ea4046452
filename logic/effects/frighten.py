"""Owns Frighten: a night action whose target loses the next day, read from the GM's
sentences ("The Frightened player can't use his ability the next day."). Its phrases are grammar/clause/frighten.lark, its words
grammar/lexicon/frighten.toml, its reading logic/lang/kinds/frighten.py.

Vocabulary:
  Frighten  a night action: when it takes place its target gets the mark `frightened`
            (logic/effects/status.py carries it to the day after), and that day the
            target's day actions do not take place. ("He also can't vote the next day."
            is the base language's: a second effect of the same action, the target's
            vote with no power the next day: logic/effects/hex.py's `powerless`.)

A frightened player whose day action the frightening stopped is told "failed" when a
sentence says he is told ("If he used a Day action, then the GM will PM him that his actions
failed.": `FrightTold`; the text is the engine's, the sentence gives none). Unsaid, he is
told nothing.

An ability the whole game's sentences exempt is not stopped ("Arrest can't be frightened.":
`FrightExempt`, the ability by its name).

A frightening is a crime when the ruleset's list of crimes says so ("Frightening"): the
record of logic/effects/crimes.py sees it by its keyword, as every action. The mark is
read on the day after the night only ("the next day").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import block, status
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Expr, any_of, conj, disj, label, neg
from logic.model.ir import canon
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

FRIGHTENED = "frightened"


@dataclass(frozen=True)
class Frighten:
    why: Why = meta()

    def describe(self) -> str:
        return "frighten: the target cannot use day actions the next day"


@dataclass(frozen=True)
class FrightExempt:
    """'Arrest can't be frightened.': the ability named `ability` is not stopped by a
    frightening the night before."""

    ability: str
    why: Why = meta()

    def describe(self) -> str:
        return f"a frightening does not stop {self.ability}"


@dataclass(frozen=True)
class FrightTold:
    """'If he used a Day action, then the GM will PM him that his actions failed.': the
    frightened user of a day action the frightening stopped learns `text` (R165)."""

    why: Why = meta()
    text: str = "failed"  # the engine's: the sentence quotes no text

    def describe(self) -> str:
        return f'a frightened player whose day action failed is told "{self.text}"'


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The mark `frightened` on each target of a frightening that took place tonight."""
    out: dict[Atom, Expr] = {}
    for i in range(b.n):
        for c, e in b.effects(i, Frighten):
            for q in b.sc.players:
                hit = conj(c, b.ok(i), b.aims(i, q))
                if hit == FALSE:
                    continue
                key = status.mark_atom(q, FRIGHTENED, b.actor(i))
                out[key] = disj(out.get(key, FALSE), label(hit, e.why))
    return out


def _frightens(db: DayBuilder) -> list[Frighten]:
    return [
        e
        for r in db.sc.roles()
        for ab in r.abilities
        for e in ab.effects
        if isinstance(e, Frighten)
    ]


def frightened(db: DayBuilder, p: str) -> Expr:
    """p was frightened the night before this day (the mark, whoever gave it)."""
    return any_of(c for c, _ in status.day_marks(db, p, FRIGHTENED))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """Day slot i's actor was frightened the night before: "The Frightened player can't
    use his ability the next day.\""""
    nodes = _frightens(db)
    if not nodes:
        return FALSE
    why = nodes[0].why
    exempt = [
        conj(c, label(db.switch(x.why), x.why))
        for x in db.rs.healing
        if isinstance(x, FrightExempt)
        for c, ab in db.sc.abilities(i)
        if canon(ab.name) == canon(x.ability)
    ]
    exempt.append(block.unhindered(db, i))  # its section: "can't be frightened"
    stopped = conj(frightened(db, db.actor(i)), db.switch(why), neg(any_of(exempt)))
    return label(stopped, why)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """The frightened user of each day action the frightening stopped learns the
    sentence's text (`FrightTold`)."""
    told = [x for x in db.rs.healing if isinstance(x, FrightTold)]
    if not told:
        return []
    out = []
    for i in range(db.n):
        stopped = day_stops(db, i)
        if stopped == FALSE:
            continue
        for t in told:
            gate = label(conj(db.sc.taken(i), stopped, db.switch(t.why)), t.why)
            out.append(TextSource(db.actor(i), gate, t.text, (), t.why))
    return out


def day_hinders(db: DayBuilder, p: str) -> Expr:
    """p was frightened the night before: his day abilities are stopped, used or not."""
    nodes = _frightens(db)
    if not nodes:
        return FALSE
    return label(conj(frightened(db, p), db.switch(nodes[0].why)), nodes[0].why)


KIND = Kind(
    "frighten",
    (Frighten, FrightExempt, FrightTold),
    actions=(("FRIGHTEN", "targets", Frighten),),
    transition=transition,
    day_stops=day_stops,
    day_hinders=day_hinders,
    day_texts=day_texts,
)
