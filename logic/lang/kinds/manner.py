"""Owns the clause language's reading of grammar/clause/manner.lark (words in
grammar/lexicon/manner.toml), mixed into logic/lang/kinds.Readings: "If used privately,
it takes effect from the moment the GG makes it public." gives logic/effects/manner.py's
`AtAnnouncement`, an effect of the ability before it (a private use of it takes effect
where its case line stands, the game's rule for private uses notwithstanding); "If the
power is used privately, it only counts TWICE at the deadline, when the vote doubled is
disclosed (...)." `Disclosed`; "However, the rioting CAN be done overtly, ..."
`UseManner` (public); "Mechanics are similar to the rioter" `MannerAs`."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.manner import AtAnnouncement, Disclosed, MannerAs, UseManner
from logic.model.ir import Why


class MannerReading:
    """The methods of manner.lark's rules."""

    why: Why

    def mn_at_announcement(self, _: list[Any]) -> tuple[Any, ...]:
        return (AtAnnouncement(self.why),)

    def mn_disclosed(self, _: list[Any]) -> tuple[Any, ...]:
        return (Disclosed(self.why),)

    def mn_overt(self, _: list[Any]) -> tuple[Any, ...]:
        return (UseManner(True, self.why),)

    def mn_like(self, children: list[Any]) -> tuple[Any, ...]:
        role = next(str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME")
        return (MannerAs(role, self.why),)
