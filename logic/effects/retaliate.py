"""Owns what a lynched player does to the one they voted for, read from the GM's
sentences: Revenge ('When they get lynched, the target of their own lynching vote will
become "injured".', Chianti and Korn) and Vengeance ("If Akai gets lynched, he'll kill
the person he voted for too."), and what a blocked killer does to his blocker ("If you
are roleblocked, you will kill the roleblocker instead."). Its phrases are
grammar/clause/retaliate.lark, its words
grammar/lexicon/retaliate.toml, its reading logic/lang/kinds/retaliate.py.

Vocabulary (role traits):
  DeathInjures  "If killed successfully, he will injure his attacker before he dies." (by
                night, R76): the attacker of each kill on the holder tonight, when the
                holder dies tonight, is injured (the mark `injured` of
                logic/effects/heal.py) from the next phase on
  Hindered      "If Frightened, he can't vote and can't use this action.": a frightening
                the night before stops the lynched holder's vengeance that day (as it
                takes his vote's power: the same rule)
  HinderedAtNight  "Same with discombobulation.": a roleblock on the holder tonight stops
                his vengeance by night (R76)
  BrokenRevenges  "If injured by Bone Breaking, the sniper can still use this action (only
                exception).": an injured holder's revenge does not take place unless a
                bone breaking injured him (R78)
  LynchMarks  when the holder is lynched, the player their vote was cast for gets the
              mark `mark` (the sentence's quoted word: "injured", the mark the heal kind's
              injuries are, logic/effects/heal.py), for the rest of the game
  LynchKills  when the holder is lynched, the player their vote was cast for dies too
  KillsBlocker  "If you are roleblocked, you will kill the roleblocker instead." (by
              night): when the holder's kill is submitted and a roleblock lands on the
              holder, each player whose roleblock landed dies (at the kill's tier),
              unless saved; the blocked kill itself fails, as every blocked action does

The vote is the holder's vote of that day as it counts: a vote with no power today (a
frightening the night before: "If Frightened, he can't vote and can't use this action.")
reaches no one. Not modelled: Revenge on an arrest (the officer's temporary injury is the
crimes kind's, logic/effects/crimes.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import attack, block, frighten, heal
from logic.effects.base import Death, Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class LynchMarks:
    mark: str
    why: Why = meta()

    def describe(self) -> str:
        return f"revenge: when lynched, the player the holder voted for becomes {self.mark}"


@dataclass(frozen=True)
class DeathInjures:
    why: Why = meta()

    def describe(self) -> str:
        return "vengeance by night: killed, the holder injures his attacker"


@dataclass(frozen=True)
class Hindered:
    """A frightening the night before stops the holder's vengeance that day."""

    why: Why = meta()
    by: ClassVar[str] = "frightened"

    def describe(self) -> str:
        return f"the holder's vengeance does not take place when he is {self.by}"


@dataclass(frozen=True)
class HinderedAtNight(Hindered):
    """A discombobulation that night stops the holder's vengeance by night."""

    by: ClassVar[str] = "discombobulated"


@dataclass(frozen=True)
class BrokenRevenges:
    """'If injured by Bone Breaking, the sniper can still use this action (only
    exception).' (R78, with Condition's "they will lose their role-specific abilities
    (including Revenge)"): an injured holder's revenge does not take place, unless his
    injury is a bone breaking's (the mark `bone broken`, kept for good)."""

    why: Why = meta()

    def describe(self) -> str:
        return "revenge: lost by an injury, but a bone breaking's"


@dataclass(frozen=True)
class LynchKills:
    why: Why = meta()

    def describe(self) -> str:
        return "vengeance: when lynched, the player the holder voted for dies too"


@dataclass(frozen=True)
class KillsBlocker:
    why: Why = meta()

    def describe(self) -> str:
        return "roleblocked, the holder's kill falls on the roleblocker"


def blockers_die(b: NightBuilder) -> list[Death]:
    """The blocker of a holder of KillsBlocker who sent a kill tonight dies, unless saved."""
    out: list[Death] = []
    for role in b.roles:
        for t in role.traits:
            if not isinstance(t, KillsBlocker):
                continue
            for i in range(b.n):
                p = b.actor(i)
                sent = conj(b.sc.role_is(p, role), b.sc.taken(i), attack.kills(b, i))
                if sent == FALSE:
                    continue
                for j, lands, _ in b.lands(block.Roleblock, p):
                    q = b.actor(j)
                    if q == p:
                        continue
                    dies = conj(sent, lands, neg(attack.saved(b, q, 1, i)))
                    out.append((q, attack.death_tier(b, i), label(dies, t.why)))
    return out


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
                voiceless = disj(voiceless, _hindered_by_day(db, h, role))
                if kind is LynchMarks:
                    voiceless = disj(voiceless, _lost_by_injury(db, h, role))
                for k, q in enumerate(db.players):
                    if q == h:
                        continue
                    x = conj(holds, eq(db.sc.vote(h), Const(k)), neg(voiceless))
                    if x != FALSE:
                        out.append((q, label(x, why), t))
    return out


def _hindered_by_day(db: DayBuilder, h: str, role: Any) -> Expr:
    """h's role says a frightening stops his vengeance, and h was frightened the night
    before."""
    said = [t for t in role.traits if type(t) is Hindered]
    if not said:
        return FALSE
    scared = frighten.frightened(db, h)
    return any_of(label(conj(scared, db.switch(t.why)), t.why) for t in said)


def _lost_by_injury(db: DayBuilder, h: str, role: Any) -> Expr:
    """h's role says an injury but a bone breaking's takes his revenge, and h is injured
    by something else (R78)."""
    said = [t for t in role.traits if isinstance(t, BrokenRevenges)]
    if not said:
        return FALSE
    hurt = conj(db.flagged(h, heal.INJURED), neg(db.flagged(h, BROKEN)))
    return any_of(label(conj(hurt, db.switch(t.why)), t.why) for t in said)


def _broken_why(rs: Any) -> Why | None:
    """The sentence that asks for the `bone broken` flag (what explains the flag)."""
    return next((t.why for r in rs.roles for t in r.traits if isinstance(t, BrokenRevenges)), None)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The attacker of a holder of DeathInjures killed tonight is injured (unless a
    sentence says a discombobulation hinders it and the holder was discombobulated); a
    player injured by a bone breaking is marked so, for good, when a sentence asks it."""
    out: dict[Atom, Expr] = {}
    why = _broken_why(b.rs)
    if why is not None:
        for p in b.sc.players:
            before = label(b.sc.marked_before(p, BROKEN), why)
            broke = disj(before, heal.broken_tonight(b, p))
            if broke != FALSE:
                out[Atom("mark", p, BROKEN)] = broke
    for role in b.roles:
        for t in role.traits:
            if not isinstance(t, DeathInjures):
                continue
            for h in b.sc.players:
                died = outcome.died.get(h, FALSE)
                holds = conj(b.sc.role_is(h, role), died, label(b.sc.switch(t.why), t.why))
                if holds == FALSE:
                    continue
                holds = conj(holds, neg(_hindered_by_night(b, h, role)))
                for i, v, hit, _ in attack.attacks(b):
                    if v != h or b.actor(i) == h:
                        continue
                    key = Atom("mark", b.actor(i), heal.INJURED)
                    out[key] = disj(out.get(key, FALSE), conj(holds, hit))
    return {k: v for k, v in out.items() if v != FALSE}


def _hindered_by_night(b: NightBuilder, h: str, role: Any) -> Expr:
    said = [t for t in role.traits if isinstance(t, HinderedAtNight)]
    if not said:
        return FALSE
    tricked = any_of(x for _, x, _ in b.lands(block.Roleblock, h))
    return any_of(label(conj(tricked, b.sc.switch(t.why)), t.why) for t in said)


def day_deaths(db: DayBuilder) -> list[tuple[str, Expr]]:
    """The player a lynched holder of LynchKills voted for dies."""
    return [(q, x) for q, x, _ in _struck(db, LynchKills)]


BROKEN = "bone broken"  # an injury by a bone breaking (a flag of the frame, for good)


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The mark a lynched holder of LynchMarks leaves on the player they voted for (with
    the mark they had before: a chain carries the last value); the `bone broken` flags,
    said again."""
    out: dict[Atom, Expr] = {}
    why = _broken_why(db.rs)
    if why is not None:
        for p in db.players:
            broke = label(db.flagged(p, BROKEN), why)
            if broke != FALSE:
                out[Atom("mark", p, BROKEN)] = broke
    for q, x, t in _struck(db, LynchMarks):
        mark = t.mark  # type: ignore[attr-defined]
        key = Atom("mark", q, mark)
        out[key] = disj(out.get(key, db.flagged(q, mark)), x)
    return out


KIND = Kind(
    "retaliate",
    (LynchMarks, LynchKills, DeathInjures, Hindered, HinderedAtNight, BrokenRevenges, KillsBlocker),
    deaths=blockers_die,
    transition=transition,
    day_deaths=day_deaths,
    day_atoms=day_atoms,
)
