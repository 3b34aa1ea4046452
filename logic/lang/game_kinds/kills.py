"""Owns reading who kills for a faction and two killers at once (grammar/game/kills.lark):
the faction's nightkill carried out by one member (the frame reader's nightkill rule), and
logic/effects/attack.py's Duel; a kill the faction may skip (what the engine does), and
what the engine does not model of a faction: a kill it must use, its talk, what its members
know of each other."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from logic.effects.attack import Duel
from logic.lang.game_kinds.base import GameBase, groups, ints
from logic.lang.game_kinds.parts import Default, KillerRule, NoReading, Unmodelled
from logic.lang.kinds.traits import Fact


class _Victims(str):
    """The word that names the group a faction's victim is of ("villager")."""


class KillReading(GameBase):
    def exclusive(self, children: list[Any]) -> bool:
        return True

    def group_killer(self, children: list[Any]) -> KillerRule:
        return KillerRule(groups(children)[0], any(c is True for c in children), self.why)

    def duel(self, children: list[Any]) -> Fact:
        why = replace(self.why, kind="ruling")  # a ruling of the GM's, as the frame read it
        return Fact("duel", Duel(why), why)

    def faction_kill(self, children: list[Any]) -> KillerRule:
        if any(n != 1 for n in ints(children)):  # "two players each night": not one kill
            raise NoReading("a faction's kill of several players")
        victims = next((c for c in children if isinstance(c, _Victims)), "")
        return KillerRule(groups(children)[0], False, self.why, str(victims))

    def faction_kill_agreed(self, children: list[Any]) -> KillerRule:
        """ "... and agree on one villager to eat.": the faction's kill (the word checked)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named and named[0] != "agree":
            raise NoReading(f"{named[0]!r} on a victim")
        return self.faction_kill(children)

    def faction_kill_victim(self, children: list[Any]) -> KillerRule:
        """ "... choose a victim together": the faction's kill (the word checked: a player
        chosen is no kill)."""
        player = [
            str(c).casefold() for c in children if isinstance(c, Token) and c.type == "PLAYER"
        ]
        if player != ["victim"]:
            raise NoReading("a player chosen, not a victim")
        return self.faction_kill(children)

    def kl_victims(self, children: list[Any]) -> _Victims:
        """ "a villager", "a town member": the group the victim is of, as written."""
        return _Victims(next(str(c) for c in children if isinstance(c, Token)))

    def forced_kill(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("forced faction kill")

    def optional_kill(self, children: list[Any]) -> Default:
        return self.default("a faction's nightkill is optional")

    def any_member_kills(self, children: list[Any]) -> Default:
        return self.default("any member of a faction may carry out its kill")

    def blocked_acts_not(self, children: list[Any]) -> Default:
        return self.default("a roleblocked player's action does not take place")

    def dies_once(self, children: list[Any]) -> Default:
        if ints(children) != [2]:
            raise NoReading("a number of kills other than two")
        return self.default("a player killed twice in a night dies once")

    def no_action_nothing(self, children: list[Any]) -> Default:
        return self.default("a player who sends no action does nothing")

    def lynch_unprotected(self, children: list[Any]) -> Default:
        return self.default("a protection is of the night: it does not stop a lynch")

    def faction_chat(self, children: list[Any]) -> Unmodelled:
        verbs = [c for c in children if isinstance(c, Token) and c.type == "UNMODELLED"]
        if any(
            not str(v).lower().startswith(("talk", "speak", "chat", "communicate")) for v in verbs
        ):
            raise NoReading(f"{verbs[0]!s} is not talk")  # "poison each other"
        return self.unmodelled("chat")

    def faction_knows(self, children: list[Any]) -> Unmodelled:
        return self.unmodelled("faction knowledge")
