"""Owns what a night tells a killer: "If a player is killed, however, only the killer shall
know the deceased's alignment and role." (`vote.Reveal` with `when` "kill", a rule of the
game read in logic/lang/rules.py; the lynch's reveal to all is the day's, in vote.py).

The killer is the actor of an attack that took place on the player who died (for a
faction's nightkill, the member who carried it out); the text is "ROLE (FACTION)".

"Flips are full." (`when` "death"): every player who died in the night is revealed to every
player alive at its end, "NAME was ROLE (FACTION)", as the lynched player is by day.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.effects import afterlife, attack
from logic.effects.base import Kind, Outcome
from logic.effects.vote import Reveal
from logic.model.expr import FALSE, Expr, conj, label
from logic.model.phase import TextSource

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


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
    rule = next((r for r in b.rs.day_rules if isinstance(r, Reveal) and r.when == "death"), None)
    if rule is None:
        return []
    out: list[TextSource] = []
    for q, dies in outcome.died.items():
        if dies == FALSE:
            continue
        pieces = _cards(b, q, "lynch", f"{q} was ")
        for p in b.sc.players:
            gate = conj(dies, outcome.alive_after.get(p, FALSE))
            if p != q and gate != FALSE:
                out.append(TextSource(p, label(gate, rule.why), None, pieces, rule.why))
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


KIND = Kind("reveal", (), phase_texts=told)
