"""Owns the actions that stop other actions in their tier and later ones: the roleblock
(the target's own actions do not take place) and the jail (actions aimed at the target
do not take place).

Vocabulary:
  Roleblock  the target's actions in this tier and later ones do not take place
  Jail       the target cannot be targeted by other night actions in this tier and later
  Unblockable  a role trait: no roleblock stops the holder's actions
  Unblocked  a role trait: no roleblock stops the holder's kills ("Your kill cannot be
             stopped by roleblocks.")
  Untargetable  a role trait: another player's night action aimed at the holder does not
             take place ("You cannot be targeted at night."; the Ascetic's "You cannot be
             targeted by non-killing night actions.": kills still do, `kills` False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import attack, status
from logic.effects.base import Kind, Outcome, SectionTrait, holds_trait
from logic.effects.convert import Convert
from logic.model import frame
from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, disj, label, le, neg
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Ruleset
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Roleblock:
    why: Why = meta()
    # "For the night and the following day, that person cannot use their role.": the
    # block claims the whole night, against an order that puts some actions before it
    whole_night: Why | None = None
    # (the same sentence) the target cannot use their role on the following day either:
    # the mark `roleblocked` for that day (logic/effects/status.py, day.py)
    into_day: Why | None = None
    # "This does not affect powers afforded by alignment": faction kills go on
    roles_only: Why | None = None
    # "... can stop alignment powers if the Godfather or Secret Boss is jailed"
    alignment_of: tuple[str, ...] = ()
    tells: Why | None = None  # "The target is informed that they are roleblocked"
    # "This does not apply to normal WW powers such as ... infection": conversions go on
    infection: Why | None = None

    def describe(self) -> str:
        reach = "the whole night" if self.whole_night else "in this tier and later"
        out = f"roleblock: the target's actions {reach} do not take place"
        if self.infection:
            out += "; conversions (infection) go on"
        if self.roles_only:
            out += "; powers afforded by alignment go on"
            if self.alignment_of:
                out += f" (except those of {' or '.join(self.alignment_of)})"
        return out + ("; the target is told" if self.tells else "")


@dataclass(frozen=True)
class Jail:
    why: Why = meta()

    def describe(self) -> str:
        return "jail: the target cannot be targeted by other night actions"


@dataclass(frozen=True)
class Unblockable:
    """A role trait: "You cannot be roleblocked." "Roleblocks have no effect on you." (the
    Strong-willed): a roleblock that lands on the holder stops none of his actions, and he
    is not roleblocked (a jail still holds him)."""

    why: Why = meta()

    def describe(self) -> str:
        return "roleblock immunity: no roleblock stops the holder's actions"


@dataclass(frozen=True)
class Unblocked:
    """A role trait: "Your kill cannot be stopped by roleblocks." (the Strongman's): a
    roleblock on the holder does not stop his kills (his other actions it does)."""

    why: Why = meta()

    def describe(self) -> str:
        return "unblocked: no roleblock stops the holder's kills"


@dataclass(frozen=True)
class Untargetable:
    """A role trait: no other player's night action aimed at the holder takes place, as if
    he were jailed every night (`kills` False: "by non-killing night actions", his killers'
    actions still do)."""

    kills: bool = True
    why: Why = meta()

    def describe(self) -> str:
        which = "night actions" if self.kills else "night actions other than kills"
        return f"untargetable: other players' {which} aimed at the holder do not take place"


@dataclass(frozen=True)
class Unhindered(SectionTrait):
    """An ability section's nature line that says its ability cannot be hindered ("Day/Night
    action, can't be covered, can't be frightened or discombobulated."): no roleblock stops
    it (a discombobulation: DCTP's roleblock), and no frightening stops it by day
    (logic/effects/frighten.py asks `spared_fright`)."""

    def describe(self) -> str:
        return f"{', '.join(self.names)} cannot be frightened or discombobulated"


def unhindered(b: Any, i: int) -> Expr:
    """Slot i uses an ability whose section says it cannot be hindered (`Unhindered`),
    labelled with that sentence (a day builder's slot, or a night's)."""
    parts = []
    for r in b.rs.roles:
        for t in r.traits:
            if isinstance(t, Unhindered):
                names = {canon(n) for n in t.names}
                gate = label(b.sc.switch(t.why), t.why)
                parts += [conj(c, gate) for c, ab in b.sc.abilities(i) if canon(ab.name) in names]
    return any_of(parts)


def unblockable(b: NightBuilder, p: str) -> Expr:
    """p holds a role no roleblock stops (labelled with its sentence)."""
    return b.once(f"unblockable:{p}", lambda: holds_trait(b, p, Unblockable))


def reaches(b: NightBuilder, j: int, i: int, e: Roleblock) -> Expr:
    """Whether roleblock slot j reaches slot i of the player it lands on: slot i's tier
    is not earlier; or, for a block that claims the whole night against an order that
    acts on slot i first, an open question (`reach:j:i`, left open: ambiguous) unless a
    ruling settles it; and slot i is not a power afforded by alignment when the block
    only stops roles."""
    timely = le(b.tiers[j], b.tiers[i])
    if e.whole_night is not None and timely != TRUE:
        name = f"reach:{j}:{i}"
        timely = disj(timely, label(b.choice(name, [False, True]), e.whole_night))
    if e.roles_only is not None and b.sc.slots[i].kind == "kill":
        p = b.actor(i)
        stoppable = any_of(b.member(p, g) for g in e.alignment_of)
        return conj(timely, label(stoppable, e.roles_only))
    if e.infection is not None:
        converts = any_of(c for c, _ in b.effects(i, Convert))
        if converts != FALSE:
            return conj(timely, neg(label(converts, e.infection)))
    return timely


def alignment_stopped(b: NightBuilder, q: str) -> Expr:
    """A block that stops alignment powers of q's role or faction landed on q tonight."""
    return any_of(
        label(conj(x, any_of(b.member(q, g) for g in e.alignment_of)), e.why)
        for _, x, e in b.lands(Roleblock, q)
        if e.alignment_of
    )


def stops(b: NightBuilder, i: int) -> Expr:
    p = b.actor(i)
    blocked = any_of(
        label(conj(c, b.ok(j), b.aims(j, p), reaches(b, j, i, e)), e.why)
        for j in range(b.n)
        if j != i
        for c, e in b.effects(j, Roleblock)
    )
    if blocked != FALSE:
        held = holds_trait(b, p, Unblocked)
        own = conj(attack.kills(b, i), held) if held != FALSE else FALSE
        blocked = conj(blocked, neg(unblockable(b, p)), neg(own), neg(unhindered(b, i)))
    jailed = any_of(
        label(conj(c, b.ok(j), b.shares(i, j), le(b.tiers[j], b.tiers[i])), e.why)
        for j in range(b.n)
        if j != i
        for c, e in b.effects(j, Jail)
    )
    return any_of(
        [
            label(blocked, frame.ROLEBLOCK) if blocked != FALSE else FALSE,
            label(jailed, frame.JAIL) if jailed != FALSE else FALSE,
            shunned(b, i),
        ]
    )


def shunned(b: NightBuilder, i: int) -> Expr:
    """Slot i is aimed at another player whose role cannot be targeted by it
    (`Untargetable`, labelled with its sentence)."""
    if not b.once(
        "untargetable",
        lambda: any(isinstance(t, Untargetable) for r in b.rs.roles for t in r.traits),
    ):
        return FALSE
    p = b.actor(i)
    parts = []
    for q in b.sc.players:
        aims = b.aims(i, q) if q != p else FALSE
        if aims == FALSE:
            continue
        every, spared = _untargetable(b, q)
        parts.append(conj(aims, disj(every, conj(spared, neg(attack.kills(b, i))))))
    return any_of(parts)


def _untargetable(b: NightBuilder, q: str) -> tuple[Expr, Expr]:
    """q holds a role no action reaches, and one only kills reach (each labelled), made
    once a night (every slot aimed at q asks)."""
    return b.once(
        f"untargetable:{q}",
        lambda: (
            holds_trait(b, q, Untargetable, lambda t: t.kills),
            holds_trait(b, q, Untargetable, lambda t: not t.kills),
        ),
    )


def atoms(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X is roleblocked`: a roleblock landed on a living player (whatever they did)."""
    out = {}
    for p in b.sc.players:
        alive = neg(b.sc.dead_before(p))
        if alive != FALSE:
            blocks = [label(x, e.why) for _, x, e in b.lands(Roleblock, p)]
            out[Atom("roleblocked", p)] = conj(alive, any_of(blocks), neg(unblockable(b, p)))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """A roleblock that lasts "for the night and the following day" marks its living
    target for the day."""
    out = {}
    for p in b.sc.players:
        blocks = [label(x, e.into_day) for _, x, e in b.lands(Roleblock, p) if e.into_day]
        if blocks:
            held = conj(b.sc.alive_now(p), any_of(blocks), neg(unblockable(b, p)))
            out[status.mark_atom(p, "roleblocked")] = held
    return out


def told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """'The target is informed that they are roleblocked, even if it would have no
    effect.' (the text: "roleblocked")"""
    out = []
    for q in (q for q in b.sc.players if b.reads(q)):
        for _, x, e in b.lands(Roleblock, q):
            gate = label(conj(x, b.sc.alive_now(q)), e.tells) if e.tells else FALSE
            if gate != FALSE:
                out.append(TextSource(q, gate, "roleblocked", why=e.tells))
    return out


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A roleblock lasting into the day stops the target's day actions (the mark
    `roleblocked` the night left, `into_day`)."""
    blocked = any_of(c for c, _ in db.marked(db.actor(i), "roleblocked"))
    return FALSE if blocked == FALSE else label(blocked, block_why(db.rs))


def day_unpowered(db: DayBuilder, p: str) -> Expr:
    """Whether a roleblock lasting into the day stops p's passive powers of the day: an
    open choice (`open:roleblocked:P`) for a roleblocked holder of such a power (a trait
    read by day, `by_day`, or a part in a tie's rule)."""
    # T-day-5: whether a roleblock "for the night and the following day" also stops the
    # passive powers of the day (a vote's weight, a tie-break, immunity) is not said: for
    # a roleblocked holder of such a power both readings stay open (ambiguous if it matters)
    rs = db.rs
    breakers = {
        canon(r.role or "") for r in rs.tie_rules if r.kind in ("vote", "exclude", "choice")
    }
    passive = any_of(
        db.role_is(p, r)
        for r in db.sc.roles()
        if any(getattr(t, "by_day", False) for t in r.traits) or canon(r.name) in breakers
    )
    blocked = any_of(c for c, _ in db.marked(p, "roleblocked"))
    held = conj(passive, blocked)
    if held == FALSE:
        return FALSE
    return conj(held, label(db.choice(f"open:roleblocked:{p}", [False, True]), block_why(rs)))


def block_why(ruleset: Ruleset) -> Why:
    """The sentence that makes a roleblock last into the day (the roleblock's own)."""
    for role in ruleset.roles:
        for ab in role.abilities:
            for e in ab.effects:
                if isinstance(e, Roleblock):
                    return e.why
    return frame.TAKES_PLACE


KIND = Kind(
    "block",
    (Roleblock, Jail, Unblockable, Unblocked, Unhindered, Untargetable),
    stops=stops,
    atoms=atoms,
    phase_texts=told,
    transition=transition,
    nouns=(("roleblock", (Roleblock,)),),
    verbs=(("roleblock", (Roleblock,)), ("block", (Roleblock,)), ("jail", (Jail,))),
    stops_auto=alignment_stopped,
    day_stops=day_stops,
    day_unpowered=day_unpowered,
)
