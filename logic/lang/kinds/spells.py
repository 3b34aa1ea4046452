"""Owns the clause language's readings of grammar/clause/spells.lark: how often a role's
powers may be used (`Budget`, logic/effects/hex.py), a vote that counts more (`VoteWeight`,
read by traits.py's `vote_weight`), what a tie gives and a lynch passed on (`TieRule`,
logic/effects/vote.py), a swap said in the passive (`Redirect`), a faction's victory while
nothing can stop it (`Victory`), a nightkill made stronger or faster (`Modify`,
logic/effects/modify.py), and what a new role replaces. Each is the part the frame
grammar's readers (logic/lang/read/hexes.py, vote.py, redirect.py, victory.py, kill.py)
build for the same sentence; a sentence that adds to an ability another sentence of the
role gives (the swap, the nightkill made stronger) is the reader's `_Capability` itself,
as the frame reader builds it. Mixed into logic/lang/kinds.Readings."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.hex import Budget
from logic.effects.identity import Bond
from logic.effects.modify import Modify
from logic.effects.redirect import Redirect
from logic.effects.vote import Immune, Powerless, TieRule
from logic.lang.clause_parts import NUMBERS, About, Actor, Nothing
from logic.lang.kinds.traits import Fact, Trait
from logic.lang.read.pieces import _Capability
from logic.model.ir import Frequency, Why
from logic.model.win import Victory


def _tokens(children: list[Any], *types: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type in types]


def _number(tok: Token) -> int:
    return int(tok) if tok.type == "NUMERAL" else NUMBERS.get(str(tok).lower(), 1)


def _word(children: list[Any]) -> str:
    """The word a rule of this reading gave (a period, a mode): a str that is no token."""
    return next(c for c in children if isinstance(c, str) and not isinstance(c, Token))


def _named(children: list[Any]) -> str | None:
    """The role a clause names: an actor's, or a ROLENAME of its own words."""
    actor = next((c.role for c in children if isinstance(c, Actor) and c.role), None)
    return actor or next((str(t) for t in _tokens(children, "ROLENAME")), None)


class SpellsReading:
    """The methods of spells.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    # budgets: how many, how often, over what
    def count(self, children: list[Token]) -> int:
        tok = children[0]
        return 1 if tok.type == "A" else _number(tok)

    def times(self, children: list[Token]) -> int:
        tok = children[0]
        if tok.type == "ONCE":
            return 1
        if tok.type == "TWICE":
            return 2
        return _number(tok)

    def per_night(self, _: list[Any]) -> str:
        return "night"

    def per_game(self, _: list[Any]) -> str:
        return "game"

    def _budget(self, children: list[Any], per: str, n: int) -> tuple[Any, ...]:
        if n < 1:
            raise self._no_reading("a budget of no uses")
        return self._said_of(children, Trait(Budget(per, n, self.why)))

    def budget_total(self, children: list[Any]) -> tuple[Any, ...]:
        """'may only cast one hex per night': at most n uses of the role's powers a night
        (or a game)."""
        n = next(c for c in children if type(c) is int)
        per = _word(children)
        return self._budget(children, per, n)

    def budget_times(self, children: list[Any]) -> tuple[Any, ...]:
        """'may use this ability at most twice per game': the role's uses, counted."""
        return self.budget_total(children)

    def budget_in_game(self, children: list[Any]) -> tuple[Any, ...]:
        """'You can only use this ability once.': the role's uses in a game."""
        n = next(c for c in children if type(c) is int)
        return self._budget(children, "game", n)

    def budget_each(self, children: list[Any]) -> tuple[Any, ...]:
        """'may cast each hex only once per game': each power, n times a game."""
        n = next(c for c in children if type(c) is int)
        if _word(children) != "game":
            raise self._no_reading("each power counted by the night")
        return self._budget(children, "each", n)

    # ties and the lynch
    def tie_vote(self, children: list[Any]) -> tuple[Any, ...]:
        """'if there is a tie, and his vote is on one of the vote leaders, that person
        will be lynched': the leader the role votes for (the role of the line, when the
        sentence does not name it)."""
        return (Fact("tie", TieRule("vote", _named(children), self.why), self.why),)

    def tie_exclude(self, children: list[Any]) -> tuple[Any, ...]:
        """'If the Tiebreaker is tied for the most votes ..., he will not be considered
        for the lynch.'"""
        return (Fact("tie", TieRule("exclude", _named(children), self.why), self.why),)

    def lynch_passes(self, _: list[Any]) -> tuple[Any, ...]:
        # a note: the frame reads it as one (the role's "cannot be lynched" acts)
        return (Nothing(self.why),)

    def replaces(self, _: list[Any]) -> tuple[Any, ...]:
        # a note: a role given to a player replaces the one it had (logic/effects/identity.py)
        return (Nothing(self.why),)

    # while the role's power is in effect
    def while_power(self, _: list[Any]) -> bool:
        return True

    def lynch_immune(self, children: list[Any]) -> tuple[Any, ...]:
        """'While its power is in effect, it cannot be lynched.' (the lynch passes on)"""
        return self._said_of(children, Trait(Immune(True in children, self.why)))

    def vote_powerless(self, children: list[Any]) -> tuple[Any, ...]:
        """'While its power is in effect, the Imaginary Friend's vote has no power.'"""
        part = Trait(Powerless(True in children, self.why))
        named = _named(children)
        return (About(named, part),) if named else (part,)

    def swap_told(self, children: list[Any]) -> tuple[Any, ...]:
        """'The Redirector is informed what powers were redirected and who they were
        originally intended for, but not who used the power.': adds to the swap."""
        why = self.why
        role = next((c.role for c in children if isinstance(c, Actor) and c.role), None)
        effect = Redirect(why, tells=why)
        return (_Capability(role, (effect,), (), None, False, why, targets=2, adds=True),)

    def bond(self, children: list[Any]) -> tuple[Any, ...]:
        """'From that point onward, these two players are Lovers.': what the ability
        before does to the two players it names (the role they take)."""
        role = str(_tokens(children, "ROLENAME", "NAME")[-1])
        if _number(_tokens(children, "NUMBER")[0]) != 2:
            raise self._no_reading("a bond of two players")
        return (_Capability(None, (Bond(role, self.why),), (), None, False, self.why),)

    def aside(self, _: list[Any]) -> tuple[Any, ...]:
        # a note: what the engine does anyway, or does not model (announcements)
        return (Nothing(self.why),)

    # a swap said in the passive: it adds to the ability that names the two players
    def swapped(self, _: list[Any]) -> tuple[Any, ...]:
        why = self.why
        return (_Capability(None, (Redirect(why),), (), None, False, why, targets=2),)

    # victories
    def sole_victory(self, children: list[Any]) -> tuple[Any, ...]:
        """'wins when nothing can stop them from being the sole living faction': read as
        when they are (the frame grammar's reading: logic/lang/read/victory.py)."""
        who = _named(children) or ""  # none: the role of the line
        return (Fact("victory", Victory(who, "sole", who, 0, (), self.why), self.why),)

    # a nightkill made stronger or faster
    def boost(self, children: list[Token]) -> str:
        return "strengthen" if children[0].type == "STRENGTHEN" else "hasten"

    def boost_ability(self, children: list[Any]) -> tuple[Any, ...]:
        """'The Strongman has the power, once per game, to strengthen the nightkill of
        the Mafia.': an ability on no one that changes a faction's nightkill tonight."""
        why = self.why
        mode = _word(children)
        named = [str(t) for t in _tokens(children, "ROLENAME", "NAME")]
        faction = named[-1]
        role = next((c.role for c in children if isinstance(c, Actor) and c.role), None)
        freqs = [c for c in children if isinstance(c, Frequency)]
        if len(set(freqs)) > 1:
            raise self._no_reading("two different frequencies")
        freq = freqs[0] if freqs else None
        effect = Modify(mode, faction, why)
        cap = _Capability(role, (effect,), (), freq, False, why, name=mode, targets=0)
        return (cap,)

    def boost_ignores(self, children: list[Any]) -> tuple[Any, ...]:
        if _word(children) != "strengthen":
            raise self._no_reading("a hastened nightkill is resolved first; it ignores nothing")
        return (Fact("modify", "strengthen", self.why),)

    def boost_first(self, children: list[Any]) -> tuple[Any, ...]:
        if _word(children) != "hasten":
            raise self._no_reading("a strengthened nightkill ignores protections; it is not first")
        return (Fact("modify", "hasten", self.why),)
