"""Owns a secret vote apart from the public one: its nodes and the statuses of the day
they give, which the lynch reads (logic/effects/vote.py's tally: a vote marked `secret`
counts for its source, a public vote marked `public-void` does not). Its phrases are
grammar/clause/secretvote.lark, its words grammar/lexicon/secretvote.toml, its reading
logic/lang/kinds/secretvote.py.

Vocabulary:
  SecretVote  a day action: the target is the actor's secret vote, counted in the day's
              lynch as a vote of his, with its weight ("This player submits a private
              vote that is different than their public vote.")
  PublicVoid  with SecretVote: once the secret vote is cast, the actor's public vote
              does not count ("Once enacted, the public vote from then on does not count,
              but the bluff can still vote as usual."); without it both would count

The secret vote is the actor's vote as far as the day's sways go: doubled by a riot,
without power when soothed (the Reverber's "It doubles whatever the valid vote is", read
for every sway: a reading). No lasting state: the statuses hold for the day.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind
from logic.model.expr import FALSE, TRUE, Expr, conj, label
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

SECRET = "secret"  # p's secret vote is for the status's source
VOID = "public-void"  # p's public vote does not count today


@dataclass(frozen=True)
class SecretVote:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "secret vote: the target is the actor's secret vote in the day's lynch"


@dataclass(frozen=True)
class PublicVoid:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "public vote void: once the secret vote is cast, the public vote does not count"


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """`secret` (source: the player voted for) and `public-void` on p, from p's own day
    action today."""
    if name not in (SECRET, VOID):
        return []
    out: list[tuple[Expr, str]] = []
    for i in range(db.n):
        if db.actor(i) != p:
            continue
        if name == SECRET:
            for c, e in db.effects(i, SecretVote):
                for q in db.players:
                    x = conj(db.ok(i), c, db.sc.aims(i, q))
                    if x != FALSE:
                        out.append((label(x, e.why), q))
        else:
            for c, e in db.effects(i, PublicVoid):
                x = conj(db.ok(i), c, TRUE)
                if x != FALSE:
                    out.append((label(x, e.why), ""))
    return out


KIND = Kind("secretvote", (SecretVote, PublicVoid), day_marked=day_marked)
