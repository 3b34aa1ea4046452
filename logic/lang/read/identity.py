"""Owns reading changes of identity (logic/effects/identity.py, convert.py): bonds (what
the bond makes of the two: logic/lang/kinds/spells.py), deaths bound to another's, stealing a
role, and what a conversion's protections are. (Defecting instead of dying:
logic/lang/kinds/survival.py; the conversion and the immunity to it: logic/lang/kinds/powers.py.)"""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.convert import Convert
from logic.effects.identity import DeathLink
from logic.lang.errors import RulingError, line_of
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _AddTo, _Capability, _names, _Note, _Trait
from logic.model.ir import Frequency, Why, canon


def _nightkiller(words: str, why: Why, text: str) -> str:
    """'mafia nightkills' -> 'mafia': the faction of "the player that the mafia nightkills"."""
    faction, _, verb = words.rpartition(" ")
    if canon(verb) != "nightkills" or not faction:
        raise RulingError(
            "expected 'the player that the FACTION nightkills.'",
            why.loc,
            line_of(text, why.loc.line),
        )
    return faction


@v_args(meta=True)
class IdentityReader(Reader):
    """Parse tree -> sentence pieces, for changes of identity. One method per grammar rule."""

    def aligned_start(self, meta: Meta, children: list[Any]) -> _Note:
        # "begins as a Town-aligned character, with a victory condition to match": the
        # faction of its heading (Town roles are given to Town players)
        return _Note(self._why(meta))

    def bond_pick(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(
            _names(children)[0],
            (),
            (),
            Frequency.ONCE_PER_GAME,
            False,
            why,
            name="pick",
            targets=2,
        )

    def death_link(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], DeathLink(why), why)

    def steal_lasts(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # a stolen role is the holder's until it changes again

    def steal_keeps(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # a Steal changes the role only, never the faction

    def steal_vanilla(self, meta: Meta, children: list[Any]) -> None:
        # a night's use is spent when sent (logic/model/transition.py next_history), and a
        # victim with no role gives nothing to take (logic/effects/identity.py)
        return None

    def protections_apply(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Convert, "protections", self._why(meta))
