"""Owns reading how two roles' actions meet, a GM's ruling said of the whole game
(grammar/game/interplay.lark): each is the frame reader's ruling of a patch applied once the
roles are assembled (logic/lang/assemble/): a guard redirected spares the redirector ("guard
spares") and still strikes its visitors ("guard follows"), a roleblock the redirector moves
("redirects blocks"), a hastened kill on a bomb ("explode hastener"), whom a bomb's
explosion passes over ("explode spares"), and a use a roleblock consumes (an outcome ruling
for each role named); the sentence that announces such rulings is what the engine does
anyway."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.lang.game_kinds.base import GameBase
from logic.lang.game_kinds.parts import Default
from logic.lang.read.pieces import _as_ruling, _Patch, _Ruling
from logic.model.ir import OutcomeRuling


class IpRole(str):
    """A role the sentence names (its place in the sentence matters, not its words)."""


def _roles(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, IpRole)]


class InterplayReading(GameBase):
    def ip_role(self, children: list[Any]) -> IpRole:
        return IpRole(
            next(str(t) for t in children if isinstance(t, Token) and t.type == "ROLENAME")
        )

    def ip_guard(self, children: list[Any]) -> IpRole:
        return IpRole(
            next(str(t) for t in children if isinstance(t, Token) and t.type == "ROLENAME")
        )

    def _patch(self, kind: str, roles: tuple[str, ...]) -> _Ruling:
        why = _as_ruling(self.why)
        return _Ruling(_Patch(kind, roles, why), why)

    def ip_guard_spares(self, children: list[Any]) -> _Ruling:
        guard, spared = _roles(children)
        return self._patch("guard spares", (guard, spared))

    def ip_guard_follows(self, children: list[Any]) -> _Ruling:
        return self._patch("guard follows", (_roles(children)[0],))

    def ip_block_redirected(self, children: list[Any]) -> _Ruling:
        return self._patch("redirects blocks", tuple(_roles(children)))

    def ip_consumed(self, children: list[Any]) -> _Ruling:
        # the use is consumed (every use counts, blocked or not: the engine's uses); that a
        # roleblock stops it on that night is what the ruling adds
        why = _as_ruling(self.why)
        rulings = tuple(
            OutcomeRuling("roleblock", "fails", target=r, subject=r, why=why, lands=True)
            for r in _roles(children)
        )
        return _Ruling(rulings, why)

    def ip_hasten_explode(self, children: list[Any]) -> _Ruling:
        _hastener, bomb, _killed = _roles(children)
        return self._patch("explode hastener", (bomb,))

    def ip_spared_first(self, children: list[Any]) -> _Ruling:
        spared, bomb = _roles(children)
        return self._patch("explode spares", (bomb, spared))

    def ip_explode_spares(self, children: list[Any]) -> _Ruling:
        bomb, spared = _roles(children)
        return self._patch("explode spares", (bomb, spared))

    def ip_preface(self, children: list[Any]) -> Default:
        return self.default("the rulings after it say how")

    def ip_blocked_fails(self, children: list[Any]) -> Default:
        return self.default("a roleblocked player's actions do not take place")
