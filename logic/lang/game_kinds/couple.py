"""Owns reading what a pair of players joined by a status is, said of the whole game
(grammar/game/couple.lark; logic/effects/couple.py): "When one lover dies, the other
commits suicide that same phase." (`PairDeath`), "No amount of healing or protecting may
prevent the death of a suicidal lover." (`PairUnsaved`), "During Prep phase, if Sonoko's
friend is also someone named by Yumi, Sonoko's ability takes precedent." (`PairFirst`),
"Lovers know one another's actual identities." (`PairKnows`), "Friends may not also be
lovers." and "Detective Boys, Lovers, and Black Org members apart from Vermouth cannot be
befriended." (`PairApart`: who may not be of a pair)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.couple import (
    Bar,
    Borrows,
    BorrowsNot,
    PairApart,
    PairDeath,
    PairFirst,
    PairKnows,
    PairUnsaved,
)
from logic.lang.game_kinds.base import GameBase
from logic.lang.read.pieces import _Healing

_STATUS = ("NAME", "FLAVOUR_WORD")


def _status(children: list[Any]) -> str:
    """The status the sentence names: its last NAME ("lover")."""
    return [str(c) for c in children if isinstance(c, Token) and c.type in _STATUS][-1].lower()


_NAMES = ("NAME", "FLAVOUR_WORD")


class _Group(tuple[str, tuple[str, ...]]):
    """A group a bar names, and the roles it excepts."""


class _Alive(str):
    """'so long as her friend is still alive'."""


class _Friends(str):
    """'Sonoko and her friend': the pair of the befriender's status."""


class CoupleReading(GameBase):
    """The methods of game/couple.lark's rules."""

    def cp_suicide(self, children: list[Any]) -> _Healing:
        names = [str(c) for c in children if isinstance(c, Token) and c.type in _STATUS]
        return _Healing(PairDeath(names[0].lower(), self.why))

    def cp_unsaved(self, children: list[Any]) -> _Healing:
        return _Healing(PairUnsaved(_status(children), self.why))

    def cp_first(self, children: list[Any]) -> _Healing:
        """Sonoko's ability over Yumi's: the first role named and the other."""
        roles = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        first, over = roles[0], next(r for r in roles if r != roles[0])
        return _Healing(PairFirst(first, over, self.why))

    def cp_friends(self, children: list[Any]) -> _Friends:
        return _Friends("friends")

    def cp_knows(self, children: list[Any]) -> _Healing:
        said = next((c for c in children if isinstance(c, _Friends)), None)
        status = said or next(str(c) for c in children if isinstance(c, Token)).lower()
        disguise = any(isinstance(c, Token) and c.type == "DISGUISE" for c in children)
        return _Healing(PairKnows(status, self.why, disguise))

    def cp_knows_worn(self, children: list[Any]) -> _Healing:
        """'If Sonoko befriends Vermouth, she will befriend the disguised role and not know
        that it is Vermouth.': of a befriended holder of the role named."""
        roles = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        return _Healing(PairKnows("friends", self.why, True, (roles[1],)))

    def cp_group(self, children: list[Any]) -> _Group:
        """A group a bar names: its words ("Detective Boys", "Best Friends", "Black Org"),
        and the roles after "apart from"."""
        roles = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        if roles:
            return _Group((roles[0], tuple(roles[1:])))
        words = [str(c) for c in children if isinstance(c, Token) and c.type in _NAMES]
        return _Group((" ".join(words).lower(), ()))

    def cp_apart(self, children: list[Any]) -> _Healing:
        """'Friends may not also be lovers.', 'Detective Boys ... cannot be befriended.':
        the groups named and the status they may not be ("befriended": friends)."""
        groups = [c for c in children if isinstance(c, _Group)]
        tokens = [c for c in children if isinstance(c, Token)]
        if any(t.type == "BEFRIEND" for t in tokens):
            status = "friends"
        else:
            status = [str(t) for t in tokens if t.type in _STATUS][-1].lower()
        bars: tuple[Bar, ...] = tuple((g[0], status, g[1]) for g in groups)
        return _Healing(PairApart(bars, self.why))

    def cp_while_alive(self, children: list[Any]) -> _Alive:
        return _Alive("alive")

    def cp_borrows(self, children: list[Any]) -> _Healing:
        """'Sonoko can use the same abilities as her friend, so long as her friend is still
        alive.': the befriender's role, and whether the friend must be alive."""
        role = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        alive = any(isinstance(c, _Alive) for c in children)
        return _Healing(Borrows(role, alive, self.why))

    def cp_borrows_not(self, children: list[Any]) -> _Healing:
        """'If Sonoko befriends Kid or Vermouth, she will not be able to kill or steal.': the
        friends' roles named after the verb of befriending, and the abilities not lent."""
        tokens = [c for c in children if isinstance(c, Token)]
        at = next(k for k, t in enumerate(tokens) if t.type == "BEFRIEND")
        cut = next(k for k, t in enumerate(tokens) if t.type == "CANNOT")
        roles = tuple(str(t) for t in tokens[at:cut] if t.type == "ROLENAME")
        names = tuple(str(t).lower() for t in tokens[cut + 1 :] if t.type not in ("COMMA", "OR"))
        return _Healing(BorrowsNot(roles, names, self.why))
