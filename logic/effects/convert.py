"""Owns conversion (infection): an action that makes its target a member of another faction,
keeping the target's role, and the immunity to it.

Vocabulary:
  Convert         an effect of an ability: the target becomes a member of `faction` at
                  the end of the night ("This werewolf may select one other player to
                  convert to a werewolf in the night-time period."); `protections`:
                  "Normal protections apply." (a protection that lands on the target
                  stops it, as it stops a kill)
  ConvertImmune   a role trait: the holder is immune to conversion; `once`: the first
                  conversion that lands on the holder spends it (the mark `immunity
                  used`) ("This player is immune to infection from the werewolves.
                  (Passive, One-time use, Night-time)")

A conversion of a player already in the faction is no change. A one-time immunity is
spent by the conversion it stops; a conversion a protection stopped first does not spend
it (a reading: the source does not say). The Blocker's roleblock does not stop it when
the block spares powers afforded by alignment and the conversion is the faction's own. The change is the outcome atom `X becomes FACTION` of logic/effects/identity.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Expr, any_of, conj, disj, label, neg
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

USED = "immunity used"  # the mark of a spent one-time immunity


@dataclass(frozen=True)
class Convert:
    faction: str
    why: Why = meta()
    protections: Why | None = None  # "Normal protections apply."

    def describe(self) -> str:
        stop = "; a protection on the target stops it" if self.protections else ""
        return f"convert: the target becomes a member of the {self.faction}{stop}"


@dataclass(frozen=True)
class ConvertImmune:
    why: Why = meta()
    once: bool = False

    def describe(self) -> str:
        return "conversion: the holder is immune" + (" (once)" if self.once else "")


def _immune(b: NightBuilder, q: str) -> Expr:
    """q holds an immunity to conversion tonight (one-time: not spent before)."""
    parts = []
    for role in b.rs.roles:
        for t in role.traits:
            if isinstance(t, ConvertImmune):
                holds = b.sc.role_is(q, role)
                if t.once:
                    holds = conj(holds, neg(b.sc.marked_before(q, USED)))
                parts.append(label(holds, t.why))
    return any_of(parts)


def _lands(b: NightBuilder, q: str) -> list[tuple[Expr, Convert]]:
    """Each conversion that takes place on q tonight, before protection and immunity."""
    out = []
    for j in range(b.n):
        for c, e in b.effects(j, Convert):
            x = conj(c, b.ok(j), b.aims(j, q))
            if x != FALSE:
                out.append((x, e))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X becomes FACTION` for a conversion that lands and is not stopped, and the mark of
    a one-time immunity it spends."""
    out: dict[Atom, Expr] = {}
    for q in b.sc.players:
        lands = _lands(b, q)
        if not lands:
            continue
        immune = _immune(b, q)
        reaches: list[Expr] = []  # a conversion no protection stopped
        for x, e in lands:
            stopped = label(attack.protected(b, q), e.protections) if e.protections else FALSE
            member = b.sc.faction_is(q, e.faction)
            reaches.append(conj(x, neg(stopped)))
            turned = label(conj(x, neg(stopped), neg(immune), neg(member)), e.why)
            key = Atom("becomes", q, b.rs.faction(e.faction) or e.faction)
            out[key] = disj(out.get(key, FALSE), turned)
        once = any(isinstance(t, ConvertImmune) and t.once for r in b.rs.roles for t in r.traits)
        if once:  # a one-time immunity is spent by the conversion it stops (not a protected one)
            spent = conj(immune, any_of(reaches))
            if spent != FALSE:
                out[Atom("mark", q, USED)] = disj(b.sc.marked_before(q, USED), spent)
    return out


KIND = Kind("convert", (Convert, ConvertImmune), transition=transition)
