"""Owns reading actions that stop their target's actions (logic/effects/block.py, status.py):
roleblocks and their other words, jails, arrests, what a block reaches and who is told, and
the rulings on blocks ('If the Jailer targets the Hooker, ...' patches, consumed uses)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.base import Effect
from logic.effects.block import Jail, Roleblock
from logic.effects.status import Arrest
from logic.lang.read.base import Reader
from logic.lang.read.pieces import (
    _as_ruling,
    _Capability,
    _names,
    _Ruling,
)
from logic.model.ir import NoSelfTarget, OutcomeRuling


@v_args(meta=True)
class BlockReader(Reader):
    """Parse tree -> sentence pieces, for actions that stop their target's actions. One method per grammar rule."""

    def roleblock(self, meta: Meta, children: list[Any]) -> tuple[Effect, ...]:
        why = self._why(meta)
        return (Roleblock(why), Jail(why)) if children else (Roleblock(why),)

    def jail(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def roleblock_syn(self, meta: Meta, children: list[Any]) -> tuple[Effect, ...]:
        return (Roleblock(self._why(meta)),)

    def no_self_jail(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (), (NoSelfTarget(why),), None, False, why)

    def choose_block(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Roleblock(why),), (), None, False, why)

    def block_told(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Roleblock(why, tells=why),), (), None, False, why, adds=True)

    def arrest(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Arrest(why),), (), None, False, why)

    def block_aimed(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        role, subject = _names(children)
        return _Ruling(
            OutcomeRuling("roleblock", "fails", target=role, subject=subject, why=why), why
        )
