"""Owns attacks and the saves that stop them: kills, protection, protection by sacrifice,
and telling a saved target who attacked them.

Vocabulary:
  Kill     the target dies unless saved. `strength`: how many saves stop it ("requiring
           two people to save their victim"); `lethal_if`: only when the police records
           show the target as a member of that faction (a check that kills: "use lethal
           force"); `random`: the victim is drawn at random ("randomly selects a target")
  Protect  the target cannot be killed that night. `sacrifice`: the protector dies in
           the target's place when the target is attacked ("protect with their life");
           `tells`: the saved target learns the name of who attacked them; `strikes`:
           the attacker dies ("you and the attacker both die"; with two attackers, which
           one the sentence leaves to the host); `notifies`: the protector is told
           "your target was attacked" when the target was attacked that night, saved or
           not ("You will be notified if your target was attacked.")
  Pierce   a role trait: no protection stops the holder's kills ("Your kill cannot be
           stopped by protection.")

An attack takes effect in its own tier, or at the ruleset's casualty report when it has
one ("people who were attacked and not saved are removed"): then a save of any tier that
night counts, and a Doctor the Mafia attacks still saves himself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects import records
from logic.effects.base import Death, Kind, Outcome, holds_trait
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    Var,
    any_of,
    at_least,
    conj,
    disj,
    eq,
    label,
    neg,
)
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Kill:
    kills: ClassVar[bool] = True  # a case's "X kills Y" names it (logic/effects/base.Effect)
    why: Why = meta()
    strength: int = 1
    lethal_if: str | None = None
    random: bool = False

    def describe(self) -> str:
        extra = f"; needs {self.strength} saves" if self.strength > 1 else ""
        if self.lethal_if:
            extra += f"; only if the records show a member of {self.lethal_if}"
        extra += "; the target is drawn at random" if self.random else ""
        return f"kill: the target dies unless protected{extra}"


@dataclass(frozen=True)
class Protect:
    why: Why = meta()
    sacrifice: bool = False
    tells: Why | None = None
    strikes: Why | None = None
    notifies: Why | None = None
    # the fields whose sentence alone says the target is saved: "If they would be killed,
    # you die instead." after a bare "Pick a player each night." is a protection
    implied_by: ClassVar[frozenset[str]] = frozenset({"sacrifice", "strikes"})

    def describe(self) -> str:
        extra = "; the protector dies instead when the target is attacked" if self.sacrifice else ""
        extra += "; the attacker dies" if self.strikes else ""
        extra += "; the target learns who attacked them" if self.tells else ""
        extra += (
            f"; the protector is told {ATTACKED!r} if the target was attacked"
            if self.notifies
            else ""
        )
        return f"protect: the target cannot be killed that night{extra}"


@dataclass(frozen=True)
class AutoProtect:
    """A faction trait: "afforded one automatic protection against a nightkill. This
    protection will protect the Secret Boss from all nightkills and wears off at Day."
    The first night a member is attacked, every attack that night is stopped; then it is
    used up (the mark `automatic protection`). `span` is the sentence that makes it stop
    every attack of that night; without one it is a protection against one nightkill,
    and a second attack that night gets through. A jail that stops the member's alignment
    powers stops it too (logic/effects/block.py). Also a role trait, the holder's own:
    "This player survives one death via any means except lynching." (the Thug), which
    `by_day` says holds against a day's kill too (logic/effects/endure.py)."""

    why: Why = meta()
    span: Why | None = None
    by_day: bool = False
    # "You cannot be killed at night." "Immune to nightkills.": never used up
    lasting: bool = False

    def describe(self) -> str:
        if self.lasting:
            return "night immunity: no nightkill kills the holder (a strengthened one aside)"
        return "automatic protection: the first night attacked, every nightkill is stopped (once)"


@dataclass(frozen=True)
class Unprotectable:
    """A role trait: "You cannot be protected." "Doctors are unable to save you." (the
    Macho): no protection that lands on the holder saves him, nor does a guard die in his
    place."""

    why: Why = meta()

    def describe(self) -> str:
        return "unprotectable: no protection saves the holder"


@dataclass(frozen=True)
class Pierce:
    """A role trait: "Your kill cannot be stopped by protection." (the Strongman's): no
    protection stops the holder's kills (his ability's or his faction's nightkill he
    carries out), the actions' nor the target's own (a vest, a night immunity). What the
    target's role does when attacked (a bomb) still happens."""

    why: Why = meta()

    def describe(self) -> str:
        return "pierce: no protection stops the holder's kills"


def kills(b: NightBuilder, i: int) -> Expr:
    """Slot i is a kill: an ability that kills, or a faction's nightkill."""
    return any_of([*(c for c, _ in b.effects(i, Kill)), *(c for c, _ in b.sc.nightkill_of(i))])


def pierces(b: NightBuilder, i: int) -> Expr:
    """Slot i is a kill of a holder of `Pierce` (labelled with its sentence)."""
    held = holds_trait(b, b.actor(i), Pierce)
    return conj(kills(b, i), held) if held != FALSE else FALSE


@dataclass(frozen=True)
class Duel:
    """A rule: "two players with nightkills target each other, and neither has any form of
    kill protection": the victor is drawn at random (`duel:i:j`), the loser's kill fails."""

    why: Why = meta()

    def describe(self) -> str:
        return "two killers who target each other, unprotected: the victor is random"


USED = "automatic protection"

Attack = tuple[int, str, Expr, Kill]  # (slot, target, the attack took place on it, effect)


def attacks(b: NightBuilder) -> list[Attack]:
    """Every attack that may take place tonight."""
    return b.once("attacks", lambda: _attacks(b))


def _attacks(b: NightBuilder) -> list[Attack]:
    out: list[Attack] = []
    for i in range(b.n):
        for c, e in b.effects(i, Kill):
            for q in b.sc.players:
                hit = conj(c, b.aims(i, q))
                if hit == FALSE:
                    continue
                if e.lethal_if is not None:  # a check that kills: only on a 'yes'
                    guilty = records.shows_guilty(b, q, e.lethal_if, b.tiers[i])
                    hit = conj(hit, label(guilty, e.why))
                out.append((i, q, label(conj(hit, b.ok(i)), e.why), e))
    return out


def attacked(b: NightBuilder, q: str) -> Expr:
    return any_of(x for _, v, x, _ in attacks(b) if v == q)


def saves(b: NightBuilder, q: str) -> list[Expr]:
    """Each save that may land on q tonight (labelled with its sentence), unless q's role
    cannot be protected."""
    bare = unprotectable(b, q)
    return [conj(label(x, e.why), neg(bare)) for _, x, e in b.lands(Protect, q)]


def unprotectable(b: NightBuilder, q: str) -> Expr:
    """q holds a role no protection saves (labelled with its sentence)."""
    return b.once(f"unprotectable:{q}", lambda: holds_trait(b, q, Unprotectable))


def protected(b: NightBuilder, q: str) -> Expr:
    key = f"protected:{q}"
    return b.once(key, lambda: b.define(key, any_of(saves(b, q))))


def saved(b: NightBuilder, q: str, strength: int, i: int | None = None) -> Expr:
    """Enough saves land on q to stop an attack of `strength` (of slot i: a strengthened
    nightkill is stopped by nothing, a hastened one by no protection). What else bears on
    it, the kinds say (`Kind.saves_against`, `spares`, `kill_modified`)."""
    by_saves = protected(b, q) if strength <= 1 else at_least(strength, saves(b, q))
    if i is None:
        return disj(by_saves, auto_protected(b, q))
    against = [
        x for k in b.kinds if k.saves_against for x in [k.saves_against(b, q, i)] if x is not None
    ]
    if against:  # a snipe: some saves do not stop it (every kind's say holds)
        by_saves = conj(*against)
    hasted = b.kill_modified(i, "hasten")
    strong = disj(b.kill_modified(i, "strengthen"), pierces(b, i))
    # a role's choice not to die of a nightkill (a defection) is a power: a hastened
    # nightkill is resolved before it, a strengthened one ignores it
    by_saves = disj(by_saves, *(k.spares(b, q, i) for k in b.kinds if k.spares))
    return conj(neg(strong), disj(conj(neg(hasted), by_saves), auto_protected(b, q)))


def auto_protected(b: NightBuilder, q: str) -> Expr:
    """q's automatic protection holds tonight (not used before, not stopped), or q's night
    immunity."""
    return b.once(f"auto:{q}", lambda: disj(_auto_once(b, q), _immune(b, q)))


def _auto_once(b: NightBuilder, q: str) -> Expr:
    """q's one automatic protection (the faction's or the role's) holds tonight."""
    parts = []
    for faction, trait in b.rs.faction_traits:
        if isinstance(trait, AutoProtect):
            fresh = neg(b.sc.marked_before(q, USED))
            stopped = any_of(k.stops_auto(b, q) for k in b.kinds if k.stops_auto)
            member = b.sc.faction_is(q, faction)
            # without its span ("from all nightkills and wears off at Day") it is one
            # protection against a nightkill: a second attack that night gets through
            one = TRUE if trait.span is not None else neg(at_least(2, _on(b, q)))
            parts.append(label(conj(member, fresh, neg(stopped), one), trait.span or trait.why))
    for role, trait in _role_auto(b):  # a role's own ("survives one death")
        if not trait.lasting:
            fresh = neg(b.sc.marked_before(q, USED))
            parts.append(label(conj(b.sc.role_is(q, role), fresh), trait.why))
    return any_of(parts)


def _on(b: NightBuilder, q: str) -> list[Expr]:
    """Each attack that may take place on q tonight."""
    return [x for _, v, x, _ in attacks(b) if v == q]


def _immune(b: NightBuilder, q: str) -> Expr:
    """q's role cannot be killed at night (a role's lasting AutoProtect)."""
    return holds_trait(b, q, AutoProtect, lambda t: t.lasting)


def _role_auto(b: NightBuilder) -> list[tuple[Role, AutoProtect]]:
    """Roles whose holder has the automatic protection as a role trait (the Thug)."""
    return [(r, t) for r in b.rs.roles for t in r.traits if isinstance(t, AutoProtect)]


def lost_duel(b: NightBuilder, i: int) -> Expr:
    """Slot i's kill loses a duel: its target killed back at it in the same tier, neither
    protected, and the random draw went to the other."""
    if b.rs.duel is None:
        return FALSE
    out = []
    for j, q, hit_j, _ in attacks(b):
        if j == i or q != b.actor(i):
            continue
        for i2, p, hit_i, _ in attacks(b):
            if i2 != i or p != b.actor(j):
                continue
            a, c = min(i, j), max(i, j)
            name = f"duel:{a}:{c}"
            b.choice(name, [a, c], random=True)
            unprotected = conj(neg(protected(b, p)), neg(protected(b, q)))
            same = eq(b.tiers[i], b.tiers[j])
            duel = conj(hit_i, hit_j, unprotected, same)
            out.append(label(conj(duel, eq(Var(name), Const(j))), b.rs.duel.why))
    return any_of(out)


def death_tier(b: NightBuilder, i: int) -> Expr:
    """When slot i's attack takes effect: at the casualty report, else in its tier."""
    if b.rs.casualties is not None:
        return Const(b.rs.casualties)
    return b.tiers[i]


def deaths(b: NightBuilder) -> list[Death]:
    out: list[Death] = []
    for i, q, hit, e in attacks(b):
        killed = conj(hit, neg(saved(b, q, e.strength, i)), neg(lost_duel(b, i)))
        out.append((q, death_tier(b, i), killed))
    out.extend(_struck(b))
    for i in range(b.n):
        for c, p in b.effects(i, Protect):
            if not p.sacrifice:
                continue
            for q in b.sc.players:  # the protector dies in the place of an attacked target
                guard = conj(c, b.ok(i), b.aims(i, q), neg(unprotectable(b, q)))
                if guard != FALSE:
                    cond = label(conj(guard, attacked(b, q)), p.why)
                    out.append((b.actor(i), death_tier(b, i), cond))
    return out


def _struck(b: NightBuilder) -> list[Death]:
    """A protection that strikes back: the attacker of its target dies with the attack.
    Of two attacks on the target, which attacker dies the sentence does not say: an open
    choice of the host (`strike:i:q`), one of the attacks that took place."""
    out: list[Death] = []
    for i in range(b.n):
        for c, p in b.effects(i, Protect):
            if p.strikes is None:
                continue
            for q in b.sc.players:
                guard = conj(c, b.ok(i), b.aims(i, q))
                on_q = [(j, hit) for j, v, hit, _ in attacks(b) if v == q and j != i]
                if guard == FALSE or not on_q:
                    continue
                hits = [hit for _, hit in on_q]
                many = conj(guard, at_least(2, hits)) if len(hits) > 1 else FALSE
                pick: Expr = FALSE
                if many != FALSE:  # which of two attackers dies: the host's
                    pick = b.choice(f"strike:{i}:{q}", [j for j, _ in on_q], decides=many)
                    took = any_of(conj(eq(pick, Const(j)), hit) for j, hit in on_q)
                    b.equations.append((disj(neg(many), took), p.strikes))
                for j, hit in on_q:
                    which = disj(neg(many), eq(pick, Const(j))) if many != FALSE else TRUE
                    cond = label(conj(guard, hit, which), p.strikes)
                    out.append((b.actor(j), death_tier(b, j), cond))
    return out


ATTACKED = "your target was attacked"  # what a protector who `notifies` is told


def tells(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """A protected target told who attacked them ("the killer's original target will be
    given the name of the killer who targeted them"); a protector told their target was
    attacked (`notifies`)."""
    out = []
    for i in range(b.n):
        for c, e in b.effects(i, Protect):
            if e.notifies is None:
                continue
            hit = any_of([conj(b.aims(i, q), attacked(b, q)) for q in b.sc.players])
            guard = conj(c, b.ok(i), hit)
            if guard != FALSE:
                out.append(
                    TextSource(b.actor(i), label(guard, e.notifies), ATTACKED, (), e.notifies)
                )
    for q in (q for q in b.sc.players if b.reads(q)):
        for _, lands, e in b.lands(Protect, q):
            if e.tells is None:
                continue
            guard = conj(lands, attacked(b, q))
            if guard == FALSE:
                continue
            pieces = tuple((x, b.actor(i)) for i, v, x, _ in attacks(b) if v == q)
            out.append(TextSource(q, label(guard, e.tells), None, pieces, e.tells))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The automatic protection is used up the night a member is attacked with it (a
    night immunity, `lasting`, is not)."""
    out: dict[Atom, Expr] = {}
    once = [t for _, t in _role_auto(b) if not t.lasting]
    if not any(isinstance(t, AutoProtect) for _, t in b.rs.faction_traits) and not once:
        return out
    for q in b.sc.players:
        used = conj(_auto_once(b, q), attacked(b, q))
        if used != FALSE:  # made tonight (a flag once given holds for good: the frame's)
            out[Atom("mark", q, USED)] = used
    return out


KIND = Kind(
    "attack",
    (Kill, Protect, AutoProtect, Unprotectable, Pierce, Duel),
    deaths=deaths,
    phase_texts=tells,
    transition=transition,
    nouns=(("nightkill", (Kill,)), ("killing", (Kill,)), ("protection", (Protect,))),
    verbs=(("protect", (Protect,)), ("kill", (Kill,))),
)
