"""Owns what the game tells a player without an action of theirs: reports of the roles of
the dead, and the Witness's glimpse of a murder.

Vocabulary:
  Report   the holder is told the role of each player who died in the night (`night`) or
           of the player voted out (`lynch`); the holder must be alive to be told
  Witness  each night the holder may be told the name of a player attacked that night:
           a random chance (`chance:P`, marked random), never when the holder was
           targeted; which player is a random pick (`seen:P`), told only if attacked
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import attack
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Report:
    when: str  # "night" or "lynch"
    why: Why = meta()

    def describe(self) -> str:
        what = "who died in the night" if self.when == "night" else "the player voted out"
        return f"report: is told the role of {what}"


@dataclass(frozen=True)
class Witness:
    why: Why = meta()
    chance: Why | None = None

    def describe(self) -> str:
        return "witness: may be told (by chance) the name of a player attacked tonight, never when targeted"


def role_reports(
    roles: list[Role],
    players: tuple[str, ...],
    role_is: Any,
    alive_after: Any,
    died: dict[str, Expr],
    when: str,
) -> list[TextSource]:
    """For each holder of a reporting role and each player who died: the dead player's
    role, told to the holder."""
    out = []
    for role in roles:
        for rep in (t for t in role.traits if isinstance(t, Report) and t.when == when):
            for p in players:
                holder = conj(role_is(p, role), alive_after(p))
                if holder == FALSE:
                    continue
                for q, dies in died.items():
                    gate = label(conj(holder, dies), rep.why)
                    if gate == FALSE:
                        continue
                    pieces = tuple((role_is(q, r), r.name) for r in roles if role_is(q, r) != FALSE)
                    out.append(TextSource(p, gate, None, pieces, rep.why))
    return out


def witness(b: NightBuilder) -> list[TextSource]:
    """The Witness's messages (their random draws join the night's random variables)."""
    out: list[TextSource] = []
    players = b.sc.players
    for role in b.roles:
        for w in (t for t in role.traits if isinstance(t, Witness)):
            for p in players:
                holder = conj(b.sc.role_is(p, role), b.sc.alive_now(p))
                if holder == FALSE:
                    continue
                chance = b.choice(f"chance:{p}", [False, True], random=True)
                seen = b.choice(f"seen:{p}", [-1, *range(len(players))], random=True)
                targeted = any_of(
                    conj(b.ok(j), b.aims(j, p)) for j in range(b.n) if b.actor(j) != p
                )
                # The draw is made whatever happens tonight (so that outcomes that differ
                # only by it are `random`, and the checker can share it between its two
                # copies of a night): it names a player, who is told only if attacked.
                for k, q in enumerate(players):
                    gate = conj(
                        holder,
                        label(chance, w.chance or w.why),
                        label(neg(targeted), w.chance or w.why),
                        eq(seen, Const(k)),
                        attack.attacked(b, q),
                    )
                    out.append(TextSource(p, label(gate, w.why), q, why=w.why))
    return out


def night_texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """Reports of the night's dead, and glimpses of the night's attacks."""
    reports = role_reports(
        b.roles, b.sc.players, b.sc.role_is, outcome.alive_after.__getitem__, outcome.died, "night"
    )
    return [*reports, *witness(b)]


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """Reports of the lynched player's role (and of any other death of the day)."""
    return role_reports(
        list(db.sc.roles()),
        db.players,
        db.role_is,
        outcome.alive_after.__getitem__,
        outcome.died,
        "lynch",
    )


KIND = Kind("report", (Report, Witness), phase_texts=night_texts, day_texts=day_texts)
