"""Owns the Demon's kill and its passing on: who may not be killed by a group's kill
("You are safe from the Demon.", "they are safe from the Demon tonight"), a death moved
to another player ("If you die at night, another player might die instead."), and a
character that passes to another player when its holder dies ("If you kill yourself this
way, a Minion becomes the Imp.", "If there are 5 or more players alive & the Demon dies,
you become the Demon.").

Vocabulary:
  Dies        an effect: the target dies ("choose a player: they die"): an attack of the
              holder's group (a kill stopped by `SafeFrom` of that group)
  SafeFrom    the target (an effect) or the holder (a trait) is not killed by the kills
              of `group` (`tonight`: this night only)
  DiesInstead a trait: when the holder would die at night, another player might die in
              their place (the storyteller's choice)
  Succession  a trait or effect: when `trigger` happens, `heir` (a player of that group,
              or the holder itself when None) becomes `becomes` (a role or a group);
              `self_kill`: the trigger is the holder killing itself with this ability;
              `min_alive`: only while at least that many players are alive
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Death, Kind
from logic.effects.registration import same
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.ir import Chooser
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Dies:
    why: Why = meta()

    def describe(self) -> str:
        return "kill: the target dies, unless safe from the holder's kind"


@dataclass(frozen=True)
class SafeFrom:
    group: str
    tonight: bool = False
    why: Why = meta()

    def describe(self) -> str:
        when = " tonight" if self.tonight else ""
        return f"safety: not killed by the {self.group}{when}"


@dataclass(frozen=True)
class DiesInstead:
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return f"safety: if the holder would die at night, another player might die instead ({self.by.value}'s choice)"


@dataclass(frozen=True)
class Succession:
    becomes: str
    heir: str | None = None  # a group one of whose players inherits; None: the holder
    self_kill: bool = False
    dies: str | None = None  # the group whose holder's death passes it on
    min_alive: int = 0
    why: Why = meta()

    def describe(self) -> str:
        who = f"a {self.heir}" if self.heir else "the holder"
        if self.self_kill:
            when = "if the holder kills itself this way"
        else:
            when = f"if the {self.dies} dies"
        if self.min_alive:
            when += f" while {self.min_alive} or more players are alive"
        return f"succession: {when}, {who} becomes the {self.becomes}"


# ----------------------------------------------------------------------------- the night


def of_group(b: NightBuilder, p: str, group: str) -> Expr:
    """p is of `group`: a faction (a character type) or a role the ruleset names so."""
    faction = next((f for f in b.rs.factions if same(f, group)), None)
    if faction is not None:
        return b.sc.faction_is(p, faction)
    role = b.rs.role(group)
    return b.sc.role_is(p, role) if role is not None else FALSE


def safe(b: NightBuilder, killer: str, q: str) -> Expr:
    """q is safe tonight from `killer`'s kill: a SafeFrom of the killer's group lands on
    q, or q's role has one (labelled with its sentence)."""
    parts = [
        label(conj(lands, of_group(b, killer, s.group)), s.why)
        for _, lands, s in b.lands(SafeFrom, q)
    ]
    for role in b.roles:
        for t in role.traits:
            if isinstance(t, SafeFrom):
                held = conj(b.sc.role_is(q, role), of_group(b, killer, t.group))
                parts.append(label(held, t.why))
    return any_of(parts)


def deaths(b: NightBuilder) -> list[Death]:
    """The target of a `Dies` dies, unless safe from its killer (the storyteller's moves
    of a death, and the passing on of a character, are not built into a night yet)."""
    out: list[Death] = []
    for i in range(b.n):
        for c, e in b.effects(i, Dies):
            for q in b.sc.players:
                hit = conj(c, b.ok(i), b.aims(i, q))
                if hit == FALSE:
                    continue
                killed = conj(hit, neg(safe(b, b.actor(i), q)))
                out.append((q, attack.death_tier(b, i), label(killed, e.why)))
    return out


KIND = Kind("succession", (Dies, SafeFrom, DiesInstead, Succession), deaths=deaths)
