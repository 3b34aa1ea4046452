"""Owns what a night tells a killer: "If a player is killed, however, only the killer shall
know the deceased's alignment and role." (`vote.Reveal` with `when` "kill", a rule of the
game read in logic/lang/rules.py; the lynch's reveal to all is the day's, in vote.py).

The killer is the actor of an attack that took place on the player who died (for a
faction's nightkill, the member who carried it out); the text is "ROLE (FACTION)".

"Flips are full." (`when` "death"): every player who died in the night is revealed to every
player alive at its end, "NAME was ROLE (FACTION)", as the lynched player is by day; "A player
killed at night has their role revealed in the morning." (`when` "night") the same, the
lynched player's card kept hidden (vote.py reads the lynch's reveal).

Vocabulary:
  Clean   an action's effect on its target ("Each night you may clean a player.", "If that
          player dies that night, their role will not be revealed."): if the target dies
          that night, the reveal to all shows nothing of the card (`shown` None), or shows
          `shown` in its place ("their role will be shown as Townie."). Only a reveal the
          ruleset makes is changed: without one, a clean changes nothing (`check` calls
          it a dead rule). The killer's own reveal is not the town's: a clean leaves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import afterlife, attack
from logic.effects.base import Kind, Outcome
from logic.effects.vote import Reveal
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Clean:
    """The target's card is not shown to all if they die tonight (`shown`: a text shown
    instead)."""

    shown: str | None = None
    why: Why = meta()

    def describe(self) -> str:
        if self.shown is None:
            return "clean: if the target dies that night, their card is not revealed"
        return f'clean: if the target dies that night, their card is revealed as "{self.shown}"'

    @classmethod
    def said(cls, why: Why) -> Clean:
        """The clean the verb gives ("You may clean a player."): no card shown."""
        return cls(None, why)

    def refines(self, other: object) -> bool:
        """ "Each night, choose a player to clean. If they die, their role will be shown as
        Townie.": what the later sentence says the clean does takes the verb's place."""
        return isinstance(other, Clean) and other is not self


def told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    return _to_killer(b, outcome) + _to_all(b, outcome)


def _cards(b: NightBuilder, q: str, when: str, prefix: str = "") -> tuple[tuple[Expr, str], ...]:
    """What a reveal shows of q: a piece for each role and faction q may hold."""
    return tuple(
        (conj(b.sc.role_is(q, r), b.sc.faction_is(q, f)), prefix + afterlife.shown(r, f, when))
        for r in b.roles
        for f in b.rs.factions
        if conj(b.sc.role_is(q, r), b.sc.faction_is(q, f)) != FALSE
    )


def _to_all(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    rule = next(
        (r for r in b.rs.day_rules if isinstance(r, Reveal) and r.when in ("death", "night")), None
    )
    if rule is None:
        return []
    out: list[TextSource] = []
    for q, dies in outcome.died.items():
        if dies == FALSE:
            continue
        pieces = _cards(b, q, "lynch", f"{q} was ")
        cleans = b.lands(Clean, q)
        shown = conj(dies, neg(any_of(x for _, x, _ in cleans)))
        for p in b.sc.players:
            alive = outcome.alive_after.get(p, FALSE)
            if p == q or alive == FALSE:
                continue
            if (gate := conj(shown, alive)) != FALSE:
                out.append(TextSource(p, label(gate, rule.why), None, pieces, rule.why))
            for _, x, e in cleans:  # a card shown in place of the real one
                if e.shown is not None and (gate := conj(dies, x, alive)) != FALSE:
                    gate = label(label(gate, rule.why), e.why)
                    out.append(TextSource(p, gate, f"{q} was {e.shown}", why=e.why))
    return out


def _to_killer(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    rule = next((r for r in b.rs.day_rules if isinstance(r, Reveal) and r.when == "kill"), None)
    if rule is None:
        return []
    out: list[TextSource] = []
    for i, q, hit, _ in attack.attacks(b):
        killer = b.actor(i)
        dies = outcome.died.get(q, FALSE)
        gate = conj(hit, b.ok(i), dies)
        if gate == FALSE or killer == q:
            continue
        out.append(TextSource(killer, label(gate, rule.why), None, _cards(b, q, "kill"), rule.why))
    return out


KIND = Kind(
    "reveal",
    (Clean,),
    phase_texts=told,
    actions=(("CLEAN", "targets", Clean.said),),
    verbs=(("clean", (Clean,)),),
)
