"""Owns the clause language's reading of grammar/clause/items.lark (words in
grammar/lexicon/items.toml), mixed into logic/lang/kinds.Readings: a card's "Items: Gun,
Car-keys." is a role trait (`Holds`), "Can steal one item from one person per night."
begins a night ability on one player named "Steal" whose effect is `Steal`
(logic/effects/items.py), and the GM's rulings on it set the node's fields: "An already
stolen item will be gone ..." (`gone`), "Items stolen will NOT be added ..." (`kept`),
'... all thieves will "get the same item."' (`shared`), "The player who was stolen from
will get a notification ..." (`told`), "The target is also presented with a notice stating
just how many thieves ..." (`counted`), "Everyone involved gets the info, ... that 2 (or
more) thiefs wanted this item." (`involved`). Agasa's "Watch: Can also lend the watch to anyone
for one night except for himself ..." is a day ability named by the item whose effect is
`Lend`; "The wristwatch protects the holder ..." (`protects`) and "If sniped, ... the watch
will be destroyed ..." (`breaks`) set its fields, and the bow-tie's "(Not both)" (`one`) and "If the recipient of the Bow-tie has
a normal Interrogate or Investigate due to his/her role, he can use both ..." (`beside`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.items import Holds, Lend, Steal
from logic.lang.read.pieces import _AbilityStart, _AddTo, _DayAbility, _Trait
from logic.model.ir import Frequency, NoSelfTarget, Why


class ItemsReading:
    """The methods of items.lark's rules."""

    why: Why

    def it_name(self, children: list[Any]) -> str:
        return " ".join(str(c) for c in children if isinstance(c, Token))

    def it_card(self, children: list[Any]) -> tuple[Any, ...]:
        names = tuple(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return (_Trait(None, Holds(names, self.why), self.why),)

    def it_steal(self, children: list[Any]) -> tuple[Any, ...]:
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, None, 1, "Steal")
        return (start, Steal(self.why))

    def it_gone(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Steal, "gone", self.why),)

    def it_kept(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Steal, "kept", self.why),)

    def it_shared(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Steal, "shared", self.why),)

    def it_told(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Steal, "told", self.why),)

    def it_lend(self, children: list[Any]) -> tuple[Any, ...]:
        """The day ability named by the item ("Watch: ..."), on one player, not himself."""
        name = str(children[0])
        lend = Lend(name, self.why)
        rule = (NoSelfTarget(self.why),)
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (lend,), self.why, rule),)

    def it_protects(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Lend, "protects", self.why),)

    def it_acts_as(self, children: list[Any]) -> tuple[Any, ...]:
        """The holder of the item the ability before lends acts as the role named."""
        (role,) = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        return (_AddTo(Lend, "acts_as", self.why, (role, self.why)),)

    def it_breaks(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Lend, "breaks", self.why),)

    def it_count(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Steal, "counted", self.why),)

    def it_one(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Lend, "one", self.why),)

    def it_beside(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Lend, "beside", self.why),)

    def it_involved(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(Steal, "involved", self.why),)
