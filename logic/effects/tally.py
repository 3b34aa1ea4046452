"""Owns the day powers that change how many votes count in a lynch, read from the GM's
sentences: Accompany ("She may accompany anyone during the day ..." "The target will have
his/her lynching votes reduced by 1 for that day." "She can't accompany herself.") and
Voice of Accusation ("When Kujou votes during a lynching, she may use Voice of
Accusation." "Voice of Accusation makes Kujou's vote count as an extra vote." "Voice of
Accusation may only be used when Kujou is voting to lynch somebody she has Cross-Examined
previously."). Its phrases are grammar/clause/tally.lark, its words
grammar/lexicon/tally.toml, its reading logic/lang/kinds/tally.py.

Vocabulary (effects of a day ability):
  Accompany   an ability on a player; `less` (the sentence "The target will have his/her
              lynching votes reduced by 1 for that day."): when it takes place the target
              holds the day's status `lessened` (logic/effects/vote.py counts one vote
              fewer for them)
  ExtraVote   an ability of the user's own vote; `counts` ("... makes Kujou's vote count
              as an extra vote."): when it takes place the user holds `doubled` (her vote
              counts twice, one vote more); `examined` ("may only be used when Kujou is
              voting to lynch somebody she has Cross-Examined previously"): it does not
              take place unless the player she votes for is on the record
              (logic/effects/crimes.py's `DEEDS`) as cross-examined by her in an earlier
              phase

  ExtraVote's `spent` ("Once Kujou has lynched somebody using Voice of Accusation was a
              deciding factor in having the person lynched, she may not use it again."):
              the day it decided a lynch, the user gets the lasting mark `accusation
              spent`, and her extra vote takes place no more (R77)

Not modelled: the notices ("the accompanied will learn that someone accompanied/followed
them", "a notice that one vote was increased by 1").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects import crimes, inquiry, status, vote
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, add, any_of, conj, disj, eq, label, le, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

LESSENED = "lessened"  # one vote fewer for the holder today (read by logic/effects/vote.py)
DOUBLED = "doubled"  # the holder's vote counts twice today (logic/effects/vote.py)


@dataclass(frozen=True)
class Accompany:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    less: Why | None = None  # "The target will have his/her lynching votes reduced by 1 ..."

    def describe(self) -> str:
        if self.less is None:
            return "accompany: follows the target (nothing said of the votes)"
        return "accompany: the target has one lynching vote fewer that day"


@dataclass(frozen=True)
class ExtraVote:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    counts: Why | None = None  # "... makes Kujou's vote count as an extra vote."
    examined: Why | None = None  # "... somebody she has Cross-Examined previously."
    spent: Why | None = (
        None  # "Once Kujou has lynched somebody using ... she may not use it again."
    )

    def describe(self) -> str:
        said = "the user's vote counts one more" if self.counts else "nothing said of the vote"
        only = "; only on a player she cross-examined before" if self.examined else ""
        spent = "; spent once it decided a lynch" if self.spent else ""
        return f"extra vote: {said}{only}{spent}"


def examined_before(db: DayBuilder, p: str, q: str) -> Expr:
    """q is on the record as cross-examined by p in a phase before today."""
    role_keywords = {
        inquiry.keyword(db.rs, ab)
        for r in db.sc.roles()
        for ab in r.abilities
        if any(isinstance(e, crimes.CrossExamine) for e in ab.effects)
    }
    got: crimes.Deeds = db.before(crimes.DEEDS)
    now = crimes.phase_index("day", db.day)
    return any_of(
        e
        for (a, k, on, at), e in got.items()
        if a == p and on == q and at < now and k in role_keywords
    )


def day_stops(db: DayBuilder, i: int) -> Expr:
    """An extra vote whose sentence says so does not take place unless the user votes for
    a player she cross-examined before; nor once it decided a lynch (`spent`, R77)."""
    p = db.actor(i)
    out: list[Expr] = []
    for c, e in db.effects(i, ExtraVote):
        if e.spent is not None:
            gone = any_of(x for x, _ in status.day_marks(db, p, SPENT))
            out.append(label(conj(c, db.switch(e.spent), gone), e.spent))
        if e.examined is None:
            continue
        vote = db.sc.vote(p)
        fits = any_of(
            conj(eq(vote, Const(k)), examined_before(db, p, q)) for k, q in enumerate(db.players)
        )
        out.append(label(conj(c, db.switch(e.examined), neg(fits)), e.examined))
    return any_of(out)


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """`lessened`: an accompaniment of p took place (when its sentence says so);
    `doubled`: p's own extra vote took place (when its sentence says so)."""
    out: list[tuple[Expr, str]] = []
    for i in range(db.n):
        if name == LESSENED:
            for c, a in db.effects(i, Accompany):
                if a.less is None:
                    continue
                x = conj(db.ok(i), c, db.sc.aims(i, p), label(db.switch(a.less), a.less))
                if x != FALSE:
                    out.append((x, db.actor(i)))
        elif name == DOUBLED and db.actor(i) == p:
            for c, v in db.effects(i, ExtraVote):
                if v.counts is None:
                    continue
                x = conj(db.ok(i), c, label(TRUE, v.why), label(db.switch(v.counts), v.counts))
                if x != FALSE:
                    out.append((x, p))
    return out


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The user of an extra vote whose sentence says it is spent once it decides a lynch
    gets the lasting mark `accusation spent` when it decided today's: the player she voted
    for is lynched, and with her one extra vote fewer he would not have had strictly the
    most votes (R77: the lynch of this ruleset is by plurality, a tie lynches no one)."""
    out: dict[Atom, Expr] = {}
    inputs: vote.DayInputs | None = None
    for i in range(db.n):
        p = db.actor(i)
        for c, e in db.effects(i, ExtraVote):
            if e.spent is None or e.counts is None:
                continue
            if inputs is None:
                inputs = vote.day_inputs(db)
            counts = [vote.tally(db.rs, inputs, k) for k in range(len(db.players))]
            parts = []
            for k, q in enumerate(db.players):
                lynched = db.atoms.get(Atom("lynched", q), FALSE)
                if lynched == FALSE:
                    continue
                less = add(counts[k], Const(-1))
                close = any_of(le(less, counts[j]) for j in range(len(db.players)) if j != k)
                parts.append(conj(lynched, eq(db.sc.vote(p), Const(k)), close))
            took = conj(db.ok(i), c, label(db.switch(e.spent), e.spent))
            decided = conj(took, any_of(parts))
            if decided != FALSE:
                key = status.mark_atom(p, SPENT)
                out[key] = disj(out.get(key, FALSE), decided)
    return out


SPENT = "accusation spent"

KIND = Kind(
    "tally",
    (Accompany, ExtraVote),
    day_stops=day_stops,
    day_marked=day_marked,
    day_atoms=day_atoms,
)
