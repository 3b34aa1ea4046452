"""Owns a power enhanced by another player (the Amplifier's "This player can enhance the
potency of one other player's action for a day or night-time period."): its node and the
status of the day it gives, which the lynch reads (logic/effects/vote.py's weight: a vote
doubled and `tripled` counts three times). Its phrase is grammar/clause/amplify.lark, its
words grammar/lexicon/amplify.toml, its reading logic/lang/kinds/amplify.py.

Vocabulary:
  Amplify  a day action on another player: `tripled` (its sentence) a vote that player
           doubles today counts three times, not twice ("If a rioter is targeted, the
           Rioter MUST use the power and their rioting targets gets their vote
           TRIPLICATED, (not two separate double votes)", read for every doubling power:
           the Reverber's own vote alike); a target whose power is spent or not used
           today gains nothing; `spent` (its sentence) "If the targets power was already
           spent, nothing happens and the amplification is wasted.": on a target whose
           powers are all used up (before today) the amplification does nothing (no forced
           use, no notice), and the Amplifier's use is spent; `forced` (its sentences) "It is a FORCED enhancement of the activity,
           not a second use. Thus, the target MUST use the power in that timeframe,
           although what they do with it is their choice.": a target holding
           a day power who uses none that day loses his powers (logic/effects/exchange.py's
           `drained`, read from then on); `notified` (its sentence) "The amplified player
           gets notified of the extra power.": the target is told "amplified" that day
           (the source gives no words: the engine's)

Readings (the source is silent): "MUST use" has the consequence the GM gives of the
Hunter's two kills ("they HAVE to be at that time, or they are BOTH lost"); a use that
was blocked was used; a target with no day power (a Seer by day) loses nothing (the
amplification is wasted). Not modelled: the night half (a Seer's double scan, a Guard's
double protection, a Hunter's two kills: an action with two targets where its sentence
gives one). Its lasting state is exchange's `drained`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind, Outcome
from logic.effects.exchange import DRAINED_ATOM
from logic.model.expr import FALSE, TRUE, Expr, all_of, any_of, conj, disj, label, neg
from logic.model.ir import Ability, Frequency
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

TRIPLED = "tripled"  # a doubled vote counts three times (its source: who doubled it)


@dataclass(frozen=True)
class Amplify:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    forced: Why | None = None  # "It is a FORCED enhancement ... Thus, the target MUST use ..."
    tripled: Why | None = None  # "... their rioting targets gets their vote TRIPLICATED, ..."
    notified: Why | None = None  # "The amplified player gets notified of the extra power."
    spent: Why | None = None  # "If the targets power was already spent, nothing happens ..."

    def describe(self) -> str:
        forced = "; a target with a day power who uses none today loses it" if self.forced else ""
        tripled = "a vote the target doubles today counts three times" if self.tripled else ""
        told = "; the target is told 'amplified'" if self.notified else ""
        spent = "; on a target whose powers are used up, nothing" if self.spent else ""
        return (
            "amplify: " + (tripled or "the target's power enhanced today") + forced + told + spent
        )


def _amplified(db: DayBuilder, a: str) -> Expr:
    """A day action with Amplify whose vote is tripled took place on a today."""
    return any_of(
        label(conj(db.ok(j), c, db.sc.aims(j, a)), e.tripled)
        for j in range(db.n)
        for c, e in db.effects(j, Amplify)
        if e.tripled is not None
    )


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """`tripled` on p: p's vote is doubled today by a player whom an Amplify reached."""
    if name != TRIPLED:
        return []
    out: list[tuple[Expr, str]] = []
    for x, a in db.marked(p, "doubled"):
        y = conj(x, _amplified(db, a))
        if y != FALSE:
            out.append((y, a))
    return out


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The forced use: a player amplified today who holds a day power and used none
    today is `drained` (his powers are lost)."""
    out: dict[Atom, Expr] = {}
    day_roles = [
        r
        for r in db.sc.roles()
        if any(any(getattr(e, "by_day", False) for e in a.effects) for a in r.abilities)
    ]
    for q, hit, e in _landed(db):
        if e.forced is None:
            continue
        power = any_of(db.role_is(q, r) for r in day_roles)
        acted = any_of(db.sc.taken(i) for i in range(db.n) if db.actor(i) == q)
        x = label(conj(hit, power, neg(acted)), e.forced)
        if x != FALSE:
            a = Atom(DRAINED_ATOM, q)
            out[a] = disj(out.get(a, FALSE), x)
    return out


def _landed(db: DayBuilder) -> Iterator[tuple[str, Expr, Amplify]]:
    """(q, a day's amplification landed on q, its node), for each that may; with `spent`,
    not on a player whose powers were all used up before today ("nothing happens")."""
    for j in range(db.n):
        for c, e in db.effects(j, Amplify):
            for q in db.players:
                hit = conj(db.ok(j), c, db.sc.aims(j, q))
                if hit != FALSE and e.spent is not None:
                    hit = conj(hit, label(neg(_used_up(db, q)), e.spent))
                if hit != FALSE:
                    yield q, hit, e


def _used_up(db: DayBuilder, q: str) -> Expr:
    """q holds a role with powers, every one of which was used up before today (its
    uses in the history, or sent on an earlier day of a chain)."""

    def gone(ab: Ability) -> Expr:
        if not ab.frequency.allows(db.day, db.sc.history.used(q, ab.name)):
            return TRUE
        if ab.frequency is Frequency.ONCE_PER_GAME:
            return any_of(db.sc.sent_before(q, ab.name))
        return FALSE

    return db.once(
        f"amplify:used up:{q}",
        lambda: any_of(
            conj(db.role_is(q, r), all_of(gone(ab) for ab in r.abilities))
            for r in db.sc.roles()
            if r.abilities
        ),
    )


NOTICE = "amplified"  # what the amplified player is told (the source gives no words)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """The notice: an amplification that took place tells its target so."""
    return [
        TextSource(q, label(hit, e.notified), NOTICE, (), e.notified)
        for q, hit, e in _landed(db)
        if e.notified is not None
    ]


KIND = Kind("amplify", (Amplify,), day_marked=day_marked, day_atoms=day_atoms, day_texts=day_texts)
