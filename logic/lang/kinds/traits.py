"""Owns the clause language's readings of what a role has and what adds to the ability
before (grammar/clause/traits.lark: `adds`, `trait`, `victory`; the results by faction): a
part for each, as the frame grammar's readers build them (logic/lang/read/protect.py,
block.py, records.py, vote.py, sway.py, victory.py), mixed into logic/lang/kinds.Readings, the clause language's
reading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.effects.attack import AutoProtect, Protect
from logic.effects.block import Roleblock
from logic.effects.hex import Hex
from logic.effects.identity import DeathLink
from logic.effects.investigate import Cond
from logic.effects.react import Explode
from logic.effects.records import OnRecords, RecordsCheck
from logic.effects.redirect import Redirect
from logic.effects.sway import VoteBlock
from logic.effects.vote import VoteWeight
from logic.lang import lexicon
from logic.lang.clause_parts import About, pointed
from logic.model.ir import Why
from logic.model.win import Victory


@dataclass(frozen=True)
class Adds:
    """The sentence adds to an effect of the ability before it: `field` of its effect of
    type `kind` becomes `value` (the sentence's `why` when None)."""

    kind: type
    field: str
    why: Why
    value: Any = None


@dataclass(frozen=True)
class OnceShown:
    """'Once revealed, ...': what follows holds once the holder's role is shown."""


@dataclass(frozen=True)
class Trait:
    """A passive effect of the role ("has a one-shot vest", "his vote counts twice")."""

    part: Any

    @property
    def why(self) -> Why:
        why: Why = self.part.why
        return why


@dataclass(frozen=True)
class Fact:
    """A sentence about the game as a whole, said on a role's line (its victory):
    `value`'s empty winner is the role of the line."""

    kind: str
    value: Any
    why: Why


@dataclass(frozen=True)
class Once:
    """'It only works once.': the role's one-time nature, said again."""

    why: Why


@dataclass(frozen=True)
class Member:
    """'if that player is Mafia': the condition of a result, by faction."""

    faction: str


@dataclass(frozen=True)
class Else:
    """'"Innocent" otherwise': the result when the condition does not hold."""

    text: str


_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5}


def _strings(children: list[Any]) -> list[str]:
    return [str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING"]


def _guilty(children: list[Any]) -> bool | None:
    """What a record's word says: guilty, innocent, or (a text the lexicon does not
    know) None."""
    lex = lexicon.lexicon()
    for c in children:
        if isinstance(c, Token) and c.type in ("GUILTY", "INNOCENT"):
            return c.type == "GUILTY"
        if isinstance(c, Token) and c.type == "STRING":
            cat = lex.category(str(c)[1:-1].split())
            if cat in ("GUILTY", "INNOCENT"):
                return cat == "GUILTY"
            return None
    return None


class TraitReading:
    """The methods of clause.lark's rules for traits, victories and additions."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def _subject_of(self, children: list[Any]) -> str | None:
        raise NotImplementedError

    def _tail(self, parts: tuple[Any, ...]) -> Any:
        raise NotImplementedError

    # additions
    def tells_blocked(self, _: list[Any]) -> tuple[Any, ...]:
        return (Adds(Roleblock, "tells", self.why),)

    def dies_instead(self, children: list[Any]) -> tuple[Any, ...]:
        return (Adds(Protect, "sacrifice", self.why, True),)

    def swaps(self, _: list[Any]) -> tuple[Any, ...]:
        return (Redirect(self.why),)

    def vote_blocked(self, _: list[Any]) -> Any:
        return self._tail((VoteBlock(self.why),))

    def vote_blocked_next(self, _: list[Any]) -> Any:
        return self._tail((Hex("powerless", self.why),))

    # traits
    def vest(self, children: list[Any]) -> tuple[Any, ...]:
        return self._said_of(children, Trait(AutoProtect(self.why)))

    def works_once(self, _: list[Any]) -> tuple[Any, ...]:
        return (Once(self.why),)

    def death_link(self, children: list[Any]) -> tuple[Any, ...]:
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        nouns = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        trait = Trait(DeathLink(self.why, "" if names or not nouns else nouns[0]))
        return _about(names[0], trait) if names else (trait,)

    def explode(self, children: list[Any]) -> tuple[Any, ...]:
        return self._said_of(children, Trait(Explode(self.why)))

    def once_shown(self, _: list[Any]) -> OnceShown:
        return OnceShown()

    def vote_weight(self, children: list[Any]) -> tuple[Any, ...]:
        n = next(
            (c for c in children if isinstance(c, Token) and c.type in ("NUMBER", "NUMERAL")), None
        )
        weight = 2 if n is None else int(n) if n.type == "NUMERAL" else _NUMBERS[str(n).lower()]
        if weight < 2:
            raise self._no_reading("a vote that counts as one")
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]
        # "Your vote will then count twice." after the reveal: once the role is shown
        then = any(isinstance(c, Token) and str(c).lower() == "then" for c in children)
        shown = self.why if then or any(isinstance(c, OnceShown) for c in children) else None
        trait = Trait(VoteWeight(weight, self.why, shown=shown))
        return self._said_of([], trait) if not names else _about(names[0], trait)

    def on_records(self, children: list[Any]) -> tuple[Any, ...]:
        guilty = _guilty(children)
        if guilty is None:
            raise self._no_reading("a result that does not say guilty or innocent")
        pointed(children, "how a player shows on the records (a frame)")
        return self._said_of(children, Trait(OnRecords(guilty, self.why)))

    # victories
    def wins_last(self, children: list[Any]) -> tuple[Any, ...]:
        who = self._subject_of(children) or ""
        return (Fact("victory", Victory(who, "last", who, 0, (), self.why), self.why),)

    # results by faction
    def if_member(self, children: list[Any]) -> Member:
        return Member(next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME"))

    def faction_results(self, children: list[Any]) -> tuple[Any, ...]:
        faction = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        yes, no = _strings(children)
        return (RecordsCheck(faction, yes, no, self.why),)

    def result_else(self, children: list[Any]) -> Else:
        return Else(_strings(children)[0])


def records_check(pending: list[tuple[str, Any]], why: Why) -> RecordsCheck | None:
    """'"Guilty" if that player is Mafia, or "Innocent" if not': a check of the target's
    faction, `yes` for a member and `no` otherwise (None: no result names a faction)."""
    members = [(t, c) for t, c in pending if isinstance(c, Member)]
    if not members:
        return None
    others = [t for t, c in pending if not isinstance(c, Member)]
    if (
        len(members) > 1
        or len(others) > 1
        or any(c is not Cond.FAILED for t, c in pending if t in others)
    ):
        return None
    (yes, member), no = members[0], (others[0] if others else None)
    return RecordsCheck(member.faction, yes, no, why)


def _about(subject: str, part: Any) -> tuple[Any, ...]:
    return (About(subject, part),)
