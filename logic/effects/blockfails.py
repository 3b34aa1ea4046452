"""Owns when a roleblock itself fails, read from the GM's sentence (DCTP's Discombobulate
section: 'He will also get that message ["Your action failed"] in case he wanted to
discombobulate someone that isn't in Japan, or if he discombobulated the killer if Bribe is
in effect.', reworded as a whole-game Ruling). Its phrases are
grammar/game/discombobulate.lark, read by logic/lang/game_kinds/discombobulate.py. Where a
player is is logic/effects/travel.py's, a bribed kill logic/effects/bribe.py's.

Vocabulary:
  BlockFails  the roleblocks (discombobulations) that do not take place (`cases`):
    abroad    on a player who is not in Japan (abroad, on the ground), unless he attempts
              to use Travel that phase (the Travel sections' "Discombobulate and Frighten
              DO still work while a player is out of the country if the player attempts to
              use Travel in a phase where it would be affected.": then it lands and stops
              his travel, R14). Unsaid, it lands on him and does nothing (he has no action
              to stop but Travel)
    bribed    on the player who carries out the Black Org's kill while it is bribed
              (logic/effects/bribe.py: a kill nothing hinders). Unsaid, it takes place and
              does not stop the kill
  Its user is told his action failed (a case's `X's action fails`); a discombobulation
  that did not take place is on no record and in no report (Betrayal's, R17).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import bribe, travel
from logic.effects.base import Kind
from logic.effects.block import Roleblock
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class BlockFails:
    cases: tuple[str, ...]  # "abroad", "bribed"
    why: Why = meta()

    def describe(self) -> str:
        said = {"abroad": "on a player abroad", "bribed": "on a bribed killer"}
        return "a discombobulation fails " + " and ".join(said[c] for c in self.cases)


def _travels(b: NightBuilder, q: str) -> Expr:
    """q attempts to use Travel tonight (his slot sends one, whatever then stops it)."""
    return any_of(
        conj(any_of(c for c, _ in b.effects(j, travel.Travel)), b.sc.taken(j))
        for j in range(b.n)
        if b.actor(j) == q
    )


def _killer(b: NightBuilder, q: str) -> Expr:
    """q carries out a bribed nightkill tonight (`bribe.unstoppable` of a nightkill)."""
    return any_of(
        conj(any_of(c for c, _ in b.sc.nightkill_of(j)), bribe.unstoppable(b, j))
        for j in range(b.n)
        if b.actor(j) == q
    )


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i is a roleblock on a player a `BlockFails` sentence names."""
    said = [x for x in b.rs.healing if isinstance(x, BlockFails)]
    if not said:
        return FALSE
    block = any_of(c for c, _ in b.effects(i, Roleblock))
    if block == FALSE:
        return FALSE
    parts = []
    for q in b.sc.players:
        on = conj(block, b.aims(i, q))
        if on == FALSE or q == b.actor(i):
            continue
        for x in said:
            gate = label(b.sc.switch(x.why), x.why)
            if "abroad" in x.cases:
                parts.append(conj(on, gate, travel.abroad(b, q), neg(_travels(b, q))))
            if "bribed" in x.cases:
                parts.append(conj(on, gate, _killer(b, q)))
    return any_of(parts)


KIND = Kind("blockfails", (BlockFails,), stops=stops)
