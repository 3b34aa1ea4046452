"""Owns the clause language's readings of grammar/clause/hexes.lark (words in
grammar/lexicon/hexes.toml), mixed into logic/lang/kinds.Readings: what a night action
leaves on its target for the following day and what is told of it (logic/effects/hex.py):

- a mark for the following day: a silence ("may not speak during the following day"), a
  vote with no power, a charm on the vote for the caster or on the caster's lynch: `Hex`;
- the target told of it at dawn: `Informed`; not told (what the engine does unless a
  sentence says otherwise): a note;
- the caster told the target's alignment, one way ("but the hexed player does not know
  the Witch's alignment"): `Telepathy`;
- the caster's death the night after the target's: `Backlash`;
- notes beside a mark (the engine does what they say already): a silenced player may still
  vote, a vote with no power still shows in the tallies, a death the mark brings that
  nothing prevents.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.hex import Backlash, Hex, Informed, Telepathy
from logic.lang.clause_parts import NoReading, Nothing
from logic.model.ir import Why


class HexReading:
    """The methods of hexes.lark's rules."""

    why: Why

    def hex_silenced(self, _: list[Any]) -> tuple[Any, ...]:
        return (Hex("silenced", self.why),)

    def hex_powerless(self, _: list[Any]) -> tuple[Any, ...]:
        return (Hex("powerless", self.why),)

    def hex_charm_vote(self, _: list[Any]) -> tuple[Any, ...]:
        return (Hex("charm-vote", self.why),)

    def hex_charm_lynch(self, _: list[Any]) -> tuple[Any, ...]:
        return (Hex("charm-lynch", self.why),)

    def hex_informed(self, _: list[Any]) -> tuple[Any, ...]:
        return (Informed(self.why),)

    def hex_untold(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # no one is told a mark unless a sentence says so

    def hex_telepathy(self, _: list[Any]) -> tuple[Any, ...]:
        return (Telepathy(self.why),)

    def hex_backlash(self, _: list[Any]) -> tuple[Any, ...]:
        return (Backlash(self.why),)

    def hex_vote_only(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # a silenced player votes: the silence stops no vote

    def hex_tallied(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # the tallies are not modelled; the vote's power is

    def hex_unstoppable(self, children: list[Any]) -> tuple[Any, ...]:
        noun = next(c for c in children if isinstance(c, Token) and c.type == "KILL")
        if str(noun).lower() not in ("death", "deaths"):
            raise NoReading("a kill nothing prevents: say it with the kill (a strengthened kill)")
        return (Nothing(self.why),)  # the mark's death: the mark says nothing stops it
