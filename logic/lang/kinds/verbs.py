"""Owns what an ability's verb makes of it in the clause language: the verb the ability
is used as (`targets`, `checks`, `visits`, `kills`) by the lexicon's category of its verb,
which verb names an ability of several, and what the verb does to the target (its effect
kind's node). The clause reader (logic/lang/clause.py) and the readings of restrictions
(common2.implied) ask it; it asks no reader."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from logic.effects.attack import Protect
from logic.effects.block import Jail, Roleblock
from logic.effects.convert import Convert
from logic.effects.redirect import Redirect
from logic.effects.registry import KINDS
from logic.lang.clause_parts import NoReading
from logic.model.ir import Why

# the verb an ability is used as, by the lexicon's category of its verb: the one place that
# decides it for the clause language. An interrogation ("The player can choose to
# Interrogate one player.", then 'He'll get the result "BO" or "Not BO".') learns what the
# target's card shows, so it is a check like a Cop's: "interrogate" is a CHECK verb and its
# ability "checks" (the frame grammar's verbatim rule that read it as "targets" is deleted;
# an ability of either grammar with an Interrogate effect is made a check by
# logic/lang/assemble/finish.py's _card_checks, so an age observation is one too; only a
# parity result, logic/effects/investigate.py, and a role's last scan read "checks", neither
# in rulesets with interrogations).
USED_AS = {
    "CHOOSE": "targets",
    "TARGET": "targets",
    "PROTECT": "targets",
    "GUARD": "targets",
    "BLOCK": "targets",
    "JAIL": "targets",
    "REDIRECT": "targets",
    "CONVERT": "targets",
    "CHECK": "checks",
    "VISIT": "visits",
    "KILL": "kills",
}
# and the verbs the kinds declare (`Kind.actions`): a kind's module says what its verb is
# used as and what it does (logic/effects/base.py)
DECLARED = {cat: (used, make) for k in KINDS for cat, used, make in k.actions}
USED_AS.update((cat, used) for cat, (used, _) in DECLARED.items())
# which of several verbs of one ability names it ("visits one player and roleblocks them":
# a visit); the first of this order that the sentence has
HEAD = ("KILL", "CHECK", "VISIT", "TARGET", "CHOOSE")


def effects_of(verb: str, why: Why, into: str | None, count: int) -> Iterable[Any]:
    """What an ability's verb does to its target, by its effect kind."""
    match verb:
        case "PROTECT" | "GUARD":
            yield Protect(why)
        case "BLOCK":
            yield Roleblock(why)
        case "JAIL":  # "Each night you may jail a player.": the jailed player cannot act,
            yield Roleblock(why)  # and no other action reaches him (block.py's Jail)
            yield Jail(why)
        case "KILL":
            pass  # the ability's verb is "kills": the assembler gives it its Kill
        case "CONVERT":
            if into is None:
                raise NoReading("a conversion that does not say into what")
            yield Convert(into, why)
        case "REDIRECT":
            if count != 2:
                raise NoReading("a redirection names two players")
            yield Redirect(why)
        case _ if verb in DECLARED:
            yield DECLARED[verb][1](why)
        case _:
            pass
