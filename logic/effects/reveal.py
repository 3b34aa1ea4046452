"""Owns what a night tells a killer: "If a player is killed, however, only the killer shall
know the deceased's alignment and role." (`vote.Reveal` with `when` "kill", a rule of the
game read in logic/lang/rules.py; the lynch's reveal to all is the day's, in vote.py).

The killer is the actor of an attack that took place on the player who died (for a
faction's nightkill, the member who carried it out); the text is "ROLE (FACTION)".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.effects import afterlife, attack
from logic.effects.base import Kind, Outcome
from logic.effects.vote import Reveal
from logic.model.expr import FALSE, conj, label
from logic.model.phase import TextSource

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


def told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
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
        pieces = tuple(
            (conj(b.sc.role_is(q, r), b.sc.faction_is(q, f)), afterlife.shown(r, f, "kill"))
            for r in b.roles
            for f in b.rs.factions
            if conj(b.sc.role_is(q, r), b.sc.faction_is(q, f)) != FALSE
        )
        out.append(TextSource(killer, label(gate, rule.why), None, pieces, rule.why))
    return out


KIND = Kind("reveal", (), phase_texts=told)
