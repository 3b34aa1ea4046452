"""Owns reading votes and the lynch (logic/effects/vote.py): the lynch, ties and their
breaking, what is revealed, vote weights, and days without votes (a vote that counts
more, ties a role decides, immunity to the lynch: the clause language, logic/lang/kinds/spells.py;
a pair's votes and the last voter of a lynched player: logic/lang/kinds/days.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.vote import VoteWeight
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _Trait


@v_args(meta=True)
class VoteReader(Reader):
    """Parse tree -> sentence pieces, for votes and the lynch. One method per grammar rule."""

    def vote_weight(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Trait(None, VoteWeight(n, why), why)
