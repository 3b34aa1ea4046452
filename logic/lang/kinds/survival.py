"""Owns the clause language's readings of surviving (grammar/clause/survival.lark): a
role's own automatic protection from a nightkill (`AutoProtect`) and how long it lasts,
how long a protection of a target lasts, defecting instead of dying (`Defect`,
logic/effects/identity.py) and winning as the last player alive, as the frame grammar's
readers build them (logic/lang/read/protect.py, identity.py, victory.py), mixed into
logic/lang/kinds.Readings."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.attack import AutoProtect
from logic.effects.identity import Defect
from logic.lang.clause_parts import About, NoReading, subject_of
from logic.lang.kinds.traits import Fact
from logic.lang.read.pieces import _Capability, _Trait
from logic.model.ir import Why
from logic.model.win import Victory


def _names(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type in ("ROLENAME", "NAME")]


class SurvivalReading:
    """The methods of survival.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def auto_protection(self, children: list[Any]) -> tuple[Any, ...]:
        """'the Secret Boss is afforded one automatic protection against a nightkill': the
        first night the holder is attacked, every attack is stopped."""
        return (_Trait(subject_of(children), AutoProtect(self.why), self.why),)

    def survives_one(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You can survive one night attack.": the holder's automatic protection; said
        of "they" (a target's), no reading."""
        tokens = [c for c in children if isinstance(c, Token)]
        if any(t.type == "HE" and str(t).lower() != "you" for t in tokens):
            raise NoReading("said of a target, not the holder")
        return (_Trait(next(iter(_names(children)), None), AutoProtect(self.why), self.why),)

    def protection_span(self, children: list[Any]) -> tuple[Any, ...]:
        """'This protection wears off at Day.' A protection the role has of its own
        ('will protect the Secret Boss from all nightkills and wears off at Day': it names
        the role) lasts the night it is used: its span. A protection of a target (the
        Doctor's) lasts its night anyway: the sentence adds nothing (read, as the frame
        grammar reads it, as nothing). A reading by what the sentence names, not by the
        protection before it: said of a target's protection with the role named, it
        would read as the role's own."""
        own = [
            str(c)
            for c in children
            if isinstance(c, Token) and c.type == "ROLENAME" and _after_protect(children, c)
        ]
        if own:
            return (_Trait(own[0], AutoProtect(self.why, span=self.why), self.why),)
        return ()

    def defect(self, children: list[Any]) -> tuple[Any, ...]:
        """'if he is targeted by the mafia's nightkill, he may choose, instead of dying, to
        become a vanilla Mafia': an ability used on himself, that night only."""
        by, faction = _names(children)[0], _names(children)[-1]
        effect = Defect(by, faction, None, self.why)
        capability = _Capability(
            None,
            (effect,),
            (),
            None,
            False,
            self.why,
            name=f"become a vanilla {faction}",
            targets=0,
            on_self=True,
        )
        who = subject_of(children)
        if who is not None:
            return (About(who, capability),)
        return (capability,)

    def power_count(self, children: list[Any]) -> tuple[Any, ...]:
        return ()  # the count of the abilities the next sentences give, each its own

    def last_alive(self, children: list[Any]) -> tuple[Any, ...]:
        who = subject_of(children) or ""
        victory = Victory(who, "last", who, 0, (), self.why)
        return (Fact("victory", victory, self.why),)  # as traits.lark's wins_last


def _after_protect(children: list[Any], token: Token) -> bool:
    """Whether `token` is the object of PROTECT ('will protect the Secret Boss')."""
    at = children.index(token)
    before = [c for c in children[:at] if isinstance(c, Token)]
    return len(before) >= 2 and before[-1].type == "THE" and before[-2].type == "PROTECT"
