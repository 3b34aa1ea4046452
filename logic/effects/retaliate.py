"""Owns what a lynched player does to the one they voted for, read from the GM's
sentences: Revenge ('When they get lynched, the target of their own lynching vote will
become "injured".', Chianti and Korn) and Vengeance ("If Akai gets lynched, he'll kill
the person he voted for too."). Its phrases are grammar/clause/retaliate.lark, its words
grammar/lexicon/retaliate.toml, its reading logic/lang/kinds/retaliate.py.

Vocabulary (role traits):
  LynchMarks  when the holder is lynched, the player their vote was cast for gets the
              mark `mark` (the sentence's quoted word: "injured", the mark the heal kind's
              injuries are, logic/effects/heal.py), for the rest of the game
  LynchKills  when the holder is lynched, the player their vote was cast for dies too

The vote is the holder's vote of that day as it counts: a vote with no power today (a
frightening the night before: "If Frightened, he can't vote and can't use this action.")
reaches no one. Not modelled: Revenge on an arrest (the officer's temporary injury is the
crimes kind's, logic/effects/crimes.py), Vengeance against a night attacker, and the loss
of Revenge by an injured sniper.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class LynchMarks:
    mark: str
    why: Why = meta()

    def describe(self) -> str:
        return f"revenge: when lynched, the player the holder voted for becomes {self.mark}"


@dataclass(frozen=True)
class LynchKills:
    why: Why = meta()

    def describe(self) -> str:
        return "vengeance: when lynched, the player the holder voted for dies too"


def _struck(db: DayBuilder, kind: type) -> list[tuple[str, Expr, object]]:
    """(q, it holds, the trait) for each holder of a trait of `kind` lynched today whose
    vote (with power) was cast for q."""
    out: list[tuple[str, Expr, object]] = []
    for role in db.sc.roles():
        for t in role.traits:
            if not isinstance(t, kind):
                continue
            why: Why = t.why  # type: ignore[attr-defined]
            for h in db.players:
                lynched = db.atoms.get(Atom("lynched", h), FALSE)
                holds = conj(db.role_is(h, role), db.powered(h), lynched, db.switch(why))
                if holds == FALSE:
                    continue
                voiceless = any_of(c for c, _ in db.marked(h, "powerless"))
                for k, q in enumerate(db.players):
                    if q == h:
                        continue
                    x = conj(holds, eq(db.sc.vote(h), Const(k)), neg(voiceless))
                    if x != FALSE:
                        out.append((q, label(x, why), t))
    return out


def day_deaths(db: DayBuilder) -> list[tuple[str, Expr]]:
    """The player a lynched holder of LynchKills voted for dies."""
    return [(q, x) for q, x, _ in _struck(db, LynchKills)]


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The mark a lynched holder of LynchMarks leaves on the player they voted for (with
    the mark they had before: a chain carries the last value)."""
    out: dict[Atom, Expr] = {}
    for q, x, t in _struck(db, LynchMarks):
        mark = t.mark  # type: ignore[attr-defined]
        key = Atom("mark", q, mark)
        out[key] = disj(out.get(key, db.flagged(q, mark)), x)
    return out


KIND = Kind("retaliate", (LynchMarks, LynchKills), day_deaths=day_deaths, day_atoms=day_atoms)
