"""Owns the clause language's readings of grammar/clause/common2.lark (words in
grammar/lexicon/common2.toml), mixed into logic/lang/kinds.Readings:

- a check whose result is whether the target is of a named faction ("learn whether they
  are Mafia", "can check if someone is a mafia member"): `RecordsCheck(faction)` of
  logic/effects/records.py, the seeds' check with results by faction (no texts named);
- a check of the target's alignment ("learn the alignment of one player", "to learn their
  alignment"): `RecordsCheck("")`, a check that names no faction; the assembler gives it
  the ruleset's records sentence, or the one faction other than the role's own (with more,
  or none, an error asks which faction: the engine's check answers one faction, yes or no);
- two verbs of one effect kind ("heal or save"): that effect (of two kinds: refused);
- a protection "from the Mafia's attack", or said by its outcome ("If that person is
  attacked, they survive."): `Protect`;
- roleblocks in more words ("cancels one person's ability", "and block their night
  action", ", roleblocking them"): `Roleblock`;
- a restriction or a learning with no ability before it ("The Doctor cannot save
  themselves.", "You cannot protect the same player two nights in a row.", "You find out
  who that player visited that night."): `Implied`, the ability its verb says (a
  protection, a check), each night (the sentence says no frequency: the nearest, said
  here); after an ability, `Implied` adds nothing (logic/lang/assemble/roles.py);
- a note (no effect kind): a frame's night ("They will appear guilty to the Cop that
  night.");
- the swap in more words ("Whatever targets one of them goes to the other instead."):
  `Redirect`, as traits.lark's swaps;
- "You can protect yourself once per game.": no restriction of the engine counts
  self-targets, refused with that reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.effects.attack import Protect
from logic.effects.investigate import Info, Investigate
from logic.effects.records import RecordsCheck
from logic.lang.clause_parts import (
    NoReading,
    Nothing,
    Objects,
    Starts,
    Tail,
    TargetRef,
    Verb,
    about,
    subject_of,
)
from logic.lang.kinds.common import Uses, on_itself, uses_parts
from logic.lang.kinds.verbs import USED_AS, effects_of
from logic.model.ir import Frequency, SelfAllowed, SelfAtMost, Why


@dataclass(frozen=True)
class Implied:
    """The ability a sentence's verb says, for a role with no ability before the sentence:
    used as `verb` ("targets", "checks", ...), with `effects`."""

    verb: str
    effects: tuple[Any, ...]
    why: Why
    # how often, where the sentence says it ("Once per game, find out who one player visits.")
    frequency: Frequency = Frequency.EACH_NIGHT


def implied(children: list[Any], why: Why, verb: str | None = None) -> tuple[Any, ...]:
    """The `Implied` ability of a restriction's verb among `children` ("cannot save
    themselves": a protection), or of `verb` ("checks": a learning); () when none."""
    if verb is not None:
        return (Implied(verb, (), why, _frequency(children)),)
    verbs = [c.category for c in children if isinstance(c, Verb)]
    if len(verbs) != 1 or verbs[0] not in USED_AS:
        return ()
    try:
        effects = tuple(effects_of(verbs[0], why, None, 1))
    except NoReading:
        return ()
    return (Implied(USED_AS[verbs[0]], effects, why),)


_AIMS = {"TARGET", "VISIT", "CHOOSE"}  # "whatever targets / visits / is aimed at"


def _faction(children: list[Any]) -> str:
    return next(str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "ROLENAME"))


def _frequency(children: list[Any]) -> Frequency:
    freqs = [c for c in children if isinstance(c, Frequency)]
    if len(set(freqs) - {Frequency.EACH_NIGHT}) > 1:
        raise NoReading("two different frequencies")
    return next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)


class Common2Reading:
    """The methods of common2.lark's rules."""

    why: Why

    def ability(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def _check(self, children: list[Any], faction: str) -> tuple[Any, ...]:
        objs = [c for c in children if isinstance(c, Objects)]
        if any(o.actions or o.count != 1 for o in objs):
            raise NoReading("a faction is checked of one player")
        why = self.why
        starts = Starts("checks", _frequency(children), why, subject_of(children))
        return (starts, RecordsCheck(faction, None, None, why), *uses_parts(children, why))

    # checks by faction
    def member_check(self, children: list[Any]) -> tuple[Any, ...]:
        return self._check(children, _faction(children))

    def learns_member(self, children: list[Any]) -> tuple[Any, ...]:
        implied_check = implied(children, self.why, "checks")  # with no ability before it
        return (*implied_check, RecordsCheck(_faction(children), None, None, self.why))

    def learns_vanilla(self, children: list[Any]) -> tuple[Any, ...]:
        implied_check = implied(children, self.why, "checks")  # with no ability before it
        return (*implied_check, Investigate(Info.VANILLA, self.why))

    def faction_visits(self, children: list[Any]) -> tuple[Any, ...]:
        """The Spy's "see who the Mafia visit": an ability on its user each night (its
        frequency and uses said), learning whom the faction named visited."""
        word = next(
            str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "ROLENAME")
        )
        spy = Investigate(Info.FACTION_VISITS, self.why, faction=word)
        return on_itself(children, self.why, "Spy", (spy,))

    def alignment_ability(self, children: list[Any]) -> tuple[Any, ...]:
        return self._check(children, "")

    def alignment_purpose(self, _: list[Any]) -> Tail:
        return Tail((RecordsCheck("", None, None, self.why),))

    def member_purpose(self, children: list[Any]) -> Tail:
        return Tail((RecordsCheck(_faction(children), None, None, self.why),))

    # two verbs, one effect
    def same_verb(self, children: list[Any]) -> Verb:
        a, b = (c for c in children if isinstance(c, Verb))
        if a.category != b.category:
            raise NoReading("two verbs of different effects joined by 'or'")
        return a

    def survives_attack(self, children: list[Any]) -> tuple[Any, ...]:
        """'If that person is attacked, they survive.': the ability before protects its
        target; "the person you protect" named with no ability before it: that ability."""
        named = any(isinstance(c, TargetRef) and c.named for c in children)
        return (*((Implied("targets", (), self.why),) if named else ()), Protect(self.why))

    # roleblocks
    def blocks_ability(self, children: list[Any]) -> tuple[Any, ...]:
        verbs = [c for c in children if isinstance(c, Verb)]
        if any(v.category != "BLOCK" for v in verbs):
            raise NoReading("only a block is said of a player's ability")
        return self.ability([*children, Objects(1, False)])

    def verb_purpose(self, children: list[Any]) -> Verb:
        verb = next(c for c in children if isinstance(c, Verb))
        has_ability = any(isinstance(c, Token) and c.type == "ABILITY" for c in children)
        if has_ability and verb.category != "BLOCK":
            raise NoReading("only a block is said of a player's ability")
        return verb

    def on_records(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def shown_to_checks(self, children: list[Any]) -> tuple[Any, ...]:
        return self.on_records(children)

    # the swap in more words
    def swaps(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def swap_more(self, children: list[Any]) -> tuple[Any, ...]:
        if any(isinstance(c, Verb) and c.category not in _AIMS for c in children):
            raise NoReading("only actions aimed at a player are swapped")
        return self.swaps(children)

    # not modelled
    def framed_guilty(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def self_limited(self, children: list[Any]) -> tuple[Any, ...]:
        """'You may heal yourself only once.' 'You can protect yourself twice per game.':
        of the ability before it (or, with none, the ability its verb says), its uses on
        its user counted over the game."""
        why = self.why
        uses = [c.count for c in children if isinstance(c, Uses)]
        once = Frequency.ONCE_PER_GAME in children
        if len(uses) + once != 1:
            raise NoReading("a self-target allowed a number of times, said with no number")
        own = tuple(p for i in implied(children, why) for p in about(children, i))
        return (*own, *about(children, SelfAtMost(uses[0] if uses else 1, why)))

    def self_allowed(self, children: list[Any]) -> tuple[Any, ...]:
        """'You may protect yourself.': of the ability before it (or, with none, the
        ability its verb says), spared a whole-game rule against self-targets."""
        why = self.why
        own = tuple(p for i in implied(children, why) for p in about(children, i))
        return (*own, *about(children, SelfAllowed(why)))


__all__ = ["Common2Reading", "Implied", "implied"]
