"""Owns reading votes and the lynch (logic/effects/vote.py): the lynch, ties and their
breaking, what is revealed, vote weights, and days without votes (a vote that counts
more, ties a role decides, immunity to the lynch: the clause language, logic/lang/kinds/spells.py)."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.effects.vote import (
    LastVoterDies,
    Lynch,
    NoVotes,
    PairVote,
    Reveal,
    TieRule,
    VoteWeight,
)
from logic.lang.read.base import Reader
from logic.lang.read.pieces import _names, _RulesetFact, _Trait
from logic.model.ir import Why


@v_args(meta=True)
class VoteReader(Reader):
    """Parse tree -> sentence pieces, for votes and the lynch. One method per grammar rule."""

    def lynch_rule(self, meta: Meta, children: list[Any]) -> tuple[_RulesetFact, ...]:
        why = self._why(meta)
        out = [_RulesetFact("lynch", Lynch(why), why)]
        for role in _names(children):  # "(or the player chosen by the Judge)"
            out.append(_RulesetFact("tie", TieRule("choice", role, why), why))
        return tuple(out)

    def lynch_daily(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("lynch", Lynch(why, daily=True), why)

    def tie_break(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("choice", _names(children)[0], why), why)

    def chosen_by(self, meta: Meta, children: list[Any]) -> str:
        return _names(children)[0]

    def tie_none(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("none", _names(children)[0], why), why)

    def tie_random(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("random", None, why), why)

    def tie_judgment(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("choice", _names(children)[0], why), why)

    def tie_random_among(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("random", None, why), why)

    def no_reveal(self, meta: Meta, children: list[Any]) -> Why:
        return self._why(meta)

    def no_votes(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        hidden = next((c for c in children if isinstance(c, Why)), None)
        return _RulesetFact("day", NoVotes(why, hidden), why)

    def reveal_lynch(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("day", Reveal("lynch", why), why)

    def reveal_kill(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("day", Reveal("kill", why), why)

    def vote_weight(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Trait(None, VoteWeight(n, why), why)

    def pair_vote(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        total = next(c for c in children if type(c) is int)
        return _Trait(None, PairVote(total, why), why)

    def last_voter(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, LastVoterDies(why), why)
