"""Owns the clause language's reading of grammar/clause/sobriety.lark (words in
grammar/lexicon/sobriety.toml): a drunk role's sentences, each a trait of the holder
(logic/effects/sobriety.py): "Always begins the game drunk." and "If Kogorou is drunk,
he'll get a random result." (`Drunk`), and what sobers him (`SoberOn`), one sentence shape
whatever the event: "If EVENT, X becomes sober.", "X becomes sober when EVENT.", "EVENT will
make X sober.", where the event is a named role's death, its injury saving someone at
night, a share of a group dead, or an item stolen (each its own rule, read below)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.sobriety import Drunk, SoberOn, Undisguised
from logic.lang.clause_parts import NoReading
from logic.lang.read.pieces import _Trait
from logic.model.ir import Why


def _tokens(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


_WORN = object()  # the aside "(discounting disguised roles)"


class SobrietyReading:
    """The methods of sobriety.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _trait(self, node: Any) -> tuple[Any, ...]:
        return (_Trait(None, node, self.why),)

    def sb_random(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(Drunk(self.why, random=self.why))

    def sb_onset(self, children: list[Any]) -> tuple[Any, ...]:
        return self._trait(Drunk(self.why, onset=self.why))

    def sb_sober(self, children: list[Any]) -> tuple[Any, ...]:
        """What sobers the holder: the event the sentence names (`sb_on_*`)."""
        (event,) = [c for c in children if isinstance(c, SoberOn)]
        if event.when == "fraction" and _tokens(children, "SUBSEQUENT"):
            # a share's death sobers him that night already (the source's reading): a
            # sentence that says the phase after says something else
            raise NoReading("a share of deaths sobers that night, not the phase after")
        if any(c is _WORN for c in children):
            # "(discounting disguised roles)": those who wear the roles named do not count
            return (
                *self._trait(event),
                *self._trait(Undisguised(event.roles, self.why, event.when)),
            )
        return self._trait(event)

    def sb_aside_worn(self, children: list[Any]) -> object:
        return _WORN

    def sb_undisguised(self, children: list[Any]) -> tuple[Any, ...]:
        """ "Those disguised do not count." (every role that sobers him), "A disguised Ran
        is not applicable to the sobering effect." (the roles named; not the drunk's own
        name, "... make Kogorou sober")."""
        roles = _tokens(children, "ROLENAME")
        if _tokens(children, "SOBER") and _tokens(children, "CANNOT"):
            roles = roles[:-1]
        return self._trait(Undisguised(tuple(roles), self.why))

    def sb_on_death(self, children: list[Any]) -> SoberOn:
        return SoberOn("death", self.why, roles=tuple(_tokens(children, "ROLENAME")))

    def sb_erased(self, children: list[Any]) -> tuple[Any, ...]:
        """ "get erased": the word after the roles (another is no reading)."""
        tokens = [c for c in children if isinstance(c, Token)]
        words = [str(t).casefold() if t.type == "NAME" else "" for t in tokens]
        if "erased" not in words:
            raise self._no_reading("not an erasure")
        upto = words.index("erased")
        # the roles named before "erased" (not the drunk of "Kogorou is not yet sober")
        roles = tuple(
            str(t)
            for k, t in enumerate(tokens[:upto])
            if t.type == "ROLENAME" and tokens[k + 1].type != "BE"
        )
        return self._trait(SoberOn("erased", self.why, roles=roles))

    def sb_on_injury(self, children: list[Any]) -> SoberOn:
        hurt = _tokens(children, "ROLENAME")[:1]  # "Ran is injured ..."
        return SoberOn("injury", self.why, roles=tuple(hurt))

    def sb_on_share(self, children: list[Any]) -> SoberOn:
        if _tokens(children, "QUARTER"):
            share = (1, 4)
        else:
            num = int(_tokens(children, "NUMERAL")[0])
            den_word = (_tokens(children, "FRACTION") or _tokens(children, "NUMERAL")[1:])[0]
            share = (num, int("".join(ch for ch in den_word if ch.isdigit())))
        # "the total townies" (a faction's players, the word its name begins) or "the total
        # players", "all players" (everyone: no group)
        after = [c for c in children if isinstance(c, Token) and c.type in ("NAME", "PLAYER")]
        word = str(after[0]).lower() if after and after[0].type == "NAME" else None
        return SoberOn("fraction", self.why, per=word, share=share)

    def sb_on_theft(self, children: list[Any]) -> SoberOn:
        item = _tokens(children, "NAME")[-1]
        return SoberOn("stolen", self.why, item=item)
