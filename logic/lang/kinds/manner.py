"""Owns the clause language's reading of grammar/clause/manner.lark (words in
grammar/lexicon/manner.toml), mixed into logic/lang/kinds.Readings: "If used privately,
it takes effect from the moment the GG makes it public." gives logic/effects/manner.py's
`AtAnnouncement`, an effect of the ability before it (a private use of it takes effect
where its case line stands, the game's rule for private uses notwithstanding)."""

from __future__ import annotations

from typing import Any

from logic.effects.manner import AtAnnouncement
from logic.model.ir import Why


class MannerReading:
    """The methods of manner.lark's rules."""

    why: Why

    def mn_at_announcement(self, _: list[Any]) -> tuple[Any, ...]:
        return (AtAnnouncement(self.why),)
