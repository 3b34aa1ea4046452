"""Owns Analyze, a day check of one of its user's past interrogations, read from DCTP's
Analyze section (Kogorou's line): "After the player gets Sober, he can analyze his
Interrogations during the Day (even the one before he got Sober)." "He gets the correct
answer with the Analysis, whether the result was wrong because of being Drunk or because it
was Slandered." Its phrases are grammar/clause/analyze.lark, its words
grammar/lexicon/analyze.toml, its reading logic/lang/kinds/analyze.py.

Vocabulary:
  Analyze  an effect of a day ability aimed at no one: its user decides a past phase (`X
           decides "night 1"`, `options`); it takes place only when he is sober today
           (logic/effects/sobriety.py: his role does not begin drunk, or something sobered
           him before today) and the phase named is before today. `correct` ("He gets the
           correct answer with the Analysis, ..."): for each player the record
           (logic/effects/crimes.py's `DEEDS`) shows him interrogating in that phase (an
           ability of his role with an interrogation, logic/effects/interrogate.py), he
           learns what the target's card says ("Interrogation: BO"), not the drunk draw nor
           the slander that phase gave. Without `correct`, the sentences say nothing of what
           he learns.

Readings: "his Interrogations" are his role's abilities that interrogate (the card check
"interrogation"). The card read is the one of the role the target was dealt: what a
disguise worn that night shows ("If Vermouth or Irish are disguised, they assume the
default interrogation result of the disguise they are wearing.") is not read here (ID7).
Not modelled: "Analyze can be frightened." (what the day frame does to every frightened
player's day action, Tequila's line) and its notice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects import crimes, inquiry, sobriety
from logic.effects.base import Kind, Outcome
from logic.effects.interrogate import INTERROGATION, Interrogate, InterrogatesAs
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class Analyze:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    correct: Why | None = None  # "He gets the correct answer with the Analysis, ..."
    options = crimes.PHASES  # the phase of the interrogation (a case's `decides`)

    def describe(self) -> str:
        said = "learns the card's result" if self.correct else "nothing said of what it learns"
        return f"analyze: a past phase's interrogation of the user's, once sober; {said}"


def _phase(db: DayBuilder, i: int) -> list[tuple[int, Expr]]:
    """(phase index, slot i decided it) for each phase before today."""
    decided = db.sc.decision(i, crimes.PHASES)
    now = crimes.phase_index("day", db.day)
    out = []
    for k, text in enumerate(crimes.PHASES):
        kind, number = text.split()
        at = crimes.phase_index(kind, int(number))
        if at < now:
            out.append((at, eq(decided, Const(k))))
    return out


def day_stops(db: DayBuilder, i: int) -> Expr:
    """An analysis by a user not sober today, or of no phase before today, does not take
    place ("After the player gets Sober, ...")."""
    parts = []
    for c, e in db.effects(i, Analyze):
        past = any_of(x for _, x in _phase(db, i))
        fits = conj(past, sobriety.sober(db, db.actor(i)))
        parts.append(label(conj(c, neg(fits)), e.why))
    return any_of(parts)


def _keywords(db: DayBuilder) -> set[str]:
    """What the record calls an interrogation (the keywords of abilities that interrogate)."""
    return {
        inquiry.keyword(db.rs, ab)
        for r in db.roles
        for ab in r.abilities
        if any(isinstance(e, Interrogate) and e.check == INTERROGATION for e in ab.effects)
    }


def _cards(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    """(the card's interrogation result, q holds the role) for each role of a card."""
    return [
        (t.text, label(conj(db.role_is(q, r), db.switch(t.why)), t.why))
        for r in db.roles
        for t in r.traits
        if isinstance(t, InterrogatesAs) and t.check == INTERROGATION
    ]


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """What an analysis that took place tells its user: the card of each player the record
    shows he interrogated in the phase named."""
    out: list[TextSource] = []
    got: crimes.Deeds = db.before(crimes.DEEDS)
    keys = _keywords(db)
    for i in range(db.n):
        p = db.actor(i)
        for c, e in db.effects(i, Analyze):
            if e.correct is None:
                continue
            said = label(db.switch(e.correct), e.correct)
            for at, named in _phase(db, i):
                for (a, k, q, when), did in got.items():
                    if a != p or when != at or k not in keys:
                        continue
                    for text, holds in _cards(db, q):
                        gate = conj(c, db.ok(i), named, did, holds, said)
                        if gate != FALSE:
                            out.append(TextSource(p, label(gate, e.why), text, (), e.why))
    return out


KIND = Kind("analyze", (Analyze,), day_stops=day_stops, day_texts=day_texts)
