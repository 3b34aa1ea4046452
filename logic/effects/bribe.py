"""Owns the bribe, read from the GM's sentences (DCTP's Pisco): an action aimed at no one
that makes the nightkill of its user's faction that night one nothing hinders, and what
becomes of the actions that try to. Its phrases are grammar/clause/bribe.lark, read by
logic/lang/kinds/bribe.py (words in grammar/lexicon/bribe.toml). No other file names it.

Vocabulary:
  Bribe       the ability's effect ('One per game, Pisco may "Bribe" the GM with a
              suitcase full of cash.': a night action on no one, once a game). Alone it
              does nothing: what it does is its user's line's `BribeRule`
  BribeRule   a sentence of the briber's line, about his bribe (`tag`, each set by its own
              sentence; unsaid, the engine does not do it):
    unhindered  "The Black Org's kill that night cannot be hindered by any means
                whatsoever, including an arrest on the killing player.": the night a bribe
                takes place, the nightkill of every faction its user belongs to takes
                place whatever would stop it (a discombobulation, an arrest, the killer's
                death, a traveler's absence: `Kind.unstoppable`) and no save, no
                traveler's or arrested target's safety stops it (a strengthened kill,
                logic/effects/attack.py). Said again by "The kill itself cannot be
                stopped.", "Even if the victim is a traveler and out of the country, the
                kill will still be a success." and "Bribe will still kill a traveler,
                whether they are in the country or not and will also kill someone that
                is arrested." (each alone changes nothing; deleted together, a case)
    absolute    "Bribe is absolute and cannot be stopped in any way, including
                discombobulating the one offering the bribe.": the bribe itself takes
                place whatever would stop it
    foiled      "If a player attempts to protect the victim or discombobulate the killer,
                their action will fail as if discombobulated.": on a night a member bribes
                (whatever `unhindered` says), a save (any `Protect`: a reading, the sentence says "protect")
                aimed at its victim and a discombobulation (`Roleblock`) aimed at its
                killer do not take place

The faction whose kill is bribed is read as the briber's own (a reading: the sentence
names "The Black Org", Pisco's faction; B1). A bribed kill still counts in the kill cycle
(logic/effects/rotation.py) as any kill that took place; whether a member may bribe a
second kill of his before the cycle is done is not said: the bribe overrides the cycle's
refusal as it overrides every stop ("by any means whatsoever", B2).

Not modelled: the bribe victim's erased body and will ("The body of a bribe victim will be
erased and only the killing player will learn their identity."), Betrayal's report of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.attack import Protect
from logic.effects.base import Kind, line_says
from logic.effects.block import Roleblock
from logic.model.expr import FALSE, Expr, any_of, conj
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

TAGS = {
    "unhindered": "the faction's kill that night is hindered by nothing",
    "absolute": "the bribe itself cannot be stopped",
    "foiled": "a save of the victim and a discombobulation of the killer fail",
}


@dataclass(frozen=True)
class Bribe:
    why: Why = meta()

    def describe(self) -> str:
        return "bribe: tonight's kill of the user's faction (as the user's line says)"


@dataclass(frozen=True)
class BribeRule:
    """The sentences of a briber's line about his bribe, each a field (see the module;
    None: the sentence is not in the ruleset)."""

    why: Why = meta()
    unhindered: Why | None = None
    absolute: Why | None = None
    foiled: Why | None = None

    def describe(self) -> str:
        said = [w for tag, w in TAGS.items() if getattr(self, tag) is not None]
        return "bribe: " + "; ".join(said)


def _said(b: Any, p: str, tag: str) -> Expr:
    """p holds a role whose line says `tag` (its sentence in force)."""
    return line_says(b, p, BribeRule, tag)


def _bribes(b: NightBuilder, j: int) -> Expr:
    """Slot j is a bribe."""
    return any_of(c for c, _ in b.effects(j, Bribe))


def bribed(b: NightBuilder, faction: str) -> Expr:
    """Tonight's nightkill of `faction` is bribed: a bribe by a member took place, and his
    line says what a bribe does to the kill."""

    def make() -> Expr:
        parts = []
        for j in range(b.n):
            took = _bribes(b, j)
            if took == FALSE:
                continue
            p = b.actor(j)
            member = b.member(p, faction)
            parts.append(conj(took, b.ok(j), member, _said(b, p, "unhindered")))
        return any_of(parts)

    got: Expr = b.once(f"bribe:{canon(faction)}", make)
    return got


def _bribed_kill(b: NightBuilder, i: int) -> Expr:
    """Slot i is a nightkill, bribed tonight."""
    return any_of(conj(c, bribed(b, f)) for c, f in b.sc.nightkill_of(i))


def unstoppable(b: NightBuilder, i: int) -> Expr:
    """Slot i is a bribe its user's line calls absolute, or a bribed nightkill."""
    own = conj(_bribes(b, i), _said(b, b.actor(i), "absolute"))
    return any_of([own, _bribed_kill(b, i)])


def kill_modified(b: NightBuilder, i: int, mode: str) -> Expr:
    """A bribed nightkill is saved by nothing (strengthened)."""
    return _bribed_kill(b, i) if mode == "strengthen" else FALSE


def stops(b: NightBuilder, k: int) -> Expr:
    """Slot k is a save aimed at a bribed kill's victim, or a discombobulation aimed at its
    killer, when the briber's line says they fail."""
    saves = any_of(c for c, _ in b.effects(k, Protect))
    blocks = any_of(c for c, _ in b.effects(k, Roleblock))
    if saves == FALSE and blocks == FALSE:
        return FALSE
    parts = []
    for j in range(b.n):
        took = _bribes(b, j)
        if took == FALSE:
            continue
        briber = b.actor(j)
        foiled = _said(b, briber, "foiled")
        if foiled == FALSE:
            continue
        for i in range(b.n):
            if i == k:
                continue
            kill = any_of(conj(c, b.member(briber, f)) for c, f in b.sc.nightkill_of(i))
            if kill == FALSE:
                continue
            on = any_of(
                [
                    conj(saves, b.shares(i, k)),
                    conj(blocks, b.aims(k, b.actor(i))),
                ]
            )
            parts.append(conj(took, b.ok(j), kill, b.sc.taken(i), on, foiled))
    return any_of(parts)


KIND = Kind(
    "bribe",
    (Bribe, BribeRule),
    stops=stops,
    unstoppable=unstoppable,
    kill_modified=kill_modified,
)
