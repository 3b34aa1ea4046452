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

  AmplifyNight  the same power by night (the sentence's "for a day or night-time period":
           a night ability of the same name, one use for both): `twice` (its sentence)
           "For example, a seer will get a double scan that night, guard gets double
           protection that night, the hunter gets two kills": the amplified player's night
           ability is used a second time that night (a case's second line of it: a second
           slot, which takes place only if the amplification did; binding allows it
           through `Kind.doubles`); without `twice` the amplification by night gives no
           second use; `forced`, `notified`, `spent` as by day, over the night (a target
           holding a night power who uses none that night is `drained`: "but they HAVE to
           be at that time, or they are BOTH lost").

Readings (the source is silent): "MUST use" has the consequence the GM gives of the
Hunter's two kills ("they HAVE to be at that time, or they are BOTH lost"); a use that
was blocked was used; a target with no day power (a Seer by day) loses nothing (the
amplification is wasted), nor one with no night power by night. By night, the second use
is a second action of the same ability (the source's examples: a second scan, a second
protection, a second kill), on any target its sentence allows (the same player again
too: "double protection" may mean either, not said); it is "not a second use" of the
power's budget in the source's words, but the engine counts a use per action taken (no
ability of the pool has a budget above one, so nothing turns on it). Its lasting state is
exchange's `drained`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind, Outcome
from logic.effects.exchange import DRAINED_ATOM
from logic.model.expr import FALSE, TRUE, Expr, all_of, any_of, conj, disj, label, neg
from logic.model.ir import Ability, Frequency, canon
from logic.model.phase import Act, Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

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
        if e.by_day and e.tripled is not None
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
            if not e.by_day:  # (the night's node, AmplifyNight)
                continue
            for q in db.players:
                hit = conj(db.ok(j), c, db.sc.aims(j, q))
                if hit != FALSE and e.spent is not None:
                    hit = conj(hit, label(neg(_used_up(db, q)), e.spent))
                if hit != FALSE:
                    yield q, hit, e


def _spent(ab: Ability, phase: int, used: int, sent: list[Expr]) -> Expr:
    """Ability `ab` is used up before phase number `phase`: its uses in the history
    (`used`), or a once-a-game use sent on an earlier phase of a chain (`sent`)."""
    if not ab.frequency.allows(phase, used):
        return TRUE
    if ab.frequency is Frequency.ONCE_PER_GAME:
        return any_of(sent)
    return FALSE


def _used_up(db: DayBuilder, q: str) -> Expr:
    """q holds a role with powers, every one of which was used up before today (its
    uses in the history, or sent on an earlier day of a chain)."""

    def gone(ab: Ability) -> Expr:
        return _spent(ab, db.day, db.sc.history.used(q, ab.name), db.sc.sent_before(q, ab.name))

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


@dataclass(frozen=True)
class AmplifyNight(Amplify):
    by_day: ClassVar[bool] = False  # the night's ability of the same name
    twice: Why | None = None  # "For example, a seer will get a double scan that night, ..."

    def describe(self) -> str:
        twice = (
            "the target's night ability may be used a second time tonight"
            if self.twice
            else "the target's power enhanced tonight (no second use said)"
        )
        forced = (
            "; a target with a night power who uses none tonight loses it" if self.forced else ""
        )
        told = "; the target is told 'amplified'" if self.notified else ""
        spent = "; on a target whose powers are used up, nothing" if self.spent else ""
        return "amplify by night: " + twice + forced + told + spent


def doubles(acts: Sequence[Act], actor: str, ability: Ability) -> bool:
    """Binding: a night's second action of `ability` by `actor` may be bound when an
    amplification is among the night's acts (whether it lands on him, a meddling may
    decide, and whether it takes place is the night's: `stops`)."""
    if any(getattr(e, "by_day", False) for e in ability.effects):
        return False
    return any(
        a.actor != actor and any(isinstance(e, AmplifyNight) for e in a.ability.effects)
        for a in acts
    )


def _boosts(b: NightBuilder, q: str) -> list[tuple[Expr, AmplifyNight]]:
    """(a night's amplification landed on q, its node), for each that may; with `spent`,
    not on a player whose powers were all used up before tonight."""
    out = []
    for j in range(b.n):
        for c, e in b.effects(j, AmplifyNight):
            hit = conj(b.ok(j), c, b.aims(j, q))
            if hit != FALSE and e.spent is not None:
                hit = conj(hit, label(neg(_night_used_up(b, q)), e.spent))
            if hit != FALSE:
                out.append((hit, e))
    return out


def _night_used_up(b: NightBuilder, q: str) -> Expr:
    """q holds a role with powers, every one of which was used up before tonight."""

    def gone(ab: Ability) -> Expr:
        return _spent(ab, b.night, b.sc.history.used(q, ab.name), b.sc.sent_before(q, ab.name))

    return any_of(
        conj(b.sc.role_is(q, r), all_of(gone(ab) for ab in r.abilities))
        for r in b.sc.ruleset.roles
        if r.abilities
    )


def _second(b: NightBuilder, i: int) -> Expr:
    """Slot i is its actor's second action tonight of an ability he used in an earlier
    slot (the one an amplification allows)."""
    q = b.actor(i)
    return any_of(
        conj(ci, ck)
        for k in range(i)
        if b.actor(k) == q
        for ci, ai in b.sc.abilities(i)
        for ck, ak in b.sc.abilities(k)
        if canon(ai.name) == canon(ak.name)
    )


def stops(b: NightBuilder, i: int) -> Expr:
    """A second action of one ability does not take place unless an amplification whose
    ruleset says it gives a second use (`twice`) landed on its actor tonight."""
    if not any(b.effects(j, AmplifyNight) for j in range(b.n)):
        return FALSE
    second = _second(b, i)
    if second == FALSE:
        return FALSE
    boosts = _boosts(b, b.actor(i))
    given = any_of(label(x, e.twice) for x, e in boosts if e.twice is not None)
    why = next(e.why for j in range(b.n) for _, e in b.effects(j, AmplifyNight))
    return label(conj(second, neg(given)), why)


def atoms(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The forced use by night: a player amplified tonight who holds a night power and
    took no action tonight is `drained` (his powers are lost)."""
    out: dict[Atom, Expr] = {}
    night_roles = [
        r
        for r in b.sc.ruleset.roles
        if any(not getattr(e, "by_day", False) for a in r.abilities for e in a.effects)
    ]
    for q in b.sc.players:
        for hit, e in _boosts(b, q):
            if e.forced is None:
                continue
            power = any_of(b.sc.role_is(q, r) for r in night_roles)
            acted = any_of(b.sc.taken(i) for i in range(b.n) if b.actor(i) == q)
            x = label(conj(hit, power, neg(acted)), e.forced)
            if x != FALSE:
                a = Atom(DRAINED_ATOM, q)
                out[a] = disj(out.get(a, FALSE), x)
    return out


def phase_texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """The notice by night: an amplification that took place tells its target so."""
    return [
        TextSource(q, label(hit, e.notified), NOTICE, (), e.notified)
        for q in b.sc.players
        for hit, e in _boosts(b, q)
        if e.notified is not None
    ]


KIND = Kind(
    "amplify",
    (Amplify, AmplifyNight),
    day_marked=day_marked,
    day_atoms=day_atoms,
    day_texts=day_texts,
    stops=stops,
    atoms=atoms,
    phase_texts=phase_texts,
    doubles=doubles,
)
