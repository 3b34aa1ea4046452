"""Owns the clause language's readings of a role's powers said in parts
(grammar/clause/powers.lark, words in grammar/lexicon/powers.toml): the day's vote swayed
(a vote doubled or blocked, a player saved from the lynch, a player lynched in the
victim's place: logic/effects/sway.py), a role scanned (of a living player: an
investigation of the role; of a dead one: logic/effects/afterlife.py's ReadDead), one
death survived (the automatic protection of logic/effects/attack.py, as a trait), and the
natures a role's text lists in parentheses. Each reads into the pieces the frame grammar's
readers build for the same mechanic (logic/lang/read/sway.py, investigate.py, protect.py,
roles.py), so a GM's wording and the seed's sentence mean the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.effects.afterlife import ReadDead
from logic.effects.attack import AutoProtect
from logic.effects.convert import ConvertImmune
from logic.effects.investigate import Info, Investigate
from logic.effects.sway import Spare, Substitute, SurviveLynch, VoteBlock, VoteDouble
from logic.lang.clause_parts import Actor, NoReading, Nothing
from logic.lang.kinds.traits import Trait
from logic.lang.read.pieces import _AbilityStart, _DayAbility, _Natures, nature_tags
from logic.model.ir import Frequency, NoSelfTarget, Why


@dataclass(frozen=True)
class Whom:
    """The player an ability names: `other` ("one other", "another": not its user),
    `dead` ("a dead player")."""

    other: bool
    dead: bool


@dataclass(frozen=True)
class WhoseVote:
    """Whose vote is swayed: the user's own, or another player's (the ability's target)."""

    own: bool


def _tokens(children: list[Any]) -> list[Token]:
    return [c for c in children if isinstance(c, Token)]


def _frequency(children: list[Any]) -> Frequency:
    """The ability's frequency: the one its sentence names, or each night (the natures
    list after it may make it once per game, as the frame grammar's readers do)."""
    freqs = [c for c in children if isinstance(c, Frequency)]
    return next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)


class PowerReading:
    """The methods of powers.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def _subject_of(self, children: list[Any]) -> str | None:
        raise NotImplementedError

    def _all_said_of(self, children: list[Any], parts: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(p for part in parts for p in self._said_of(children, part))

    def this_one(self, _: list[Any]) -> Actor:
        """'This werewolf may select ...': the role of the line, described (not a role the
        sentence names)."""
        return Actor(None)

    def whom(self, children: list[Any]) -> Whom:
        toks = _tokens(children)
        other = any(
            t.type == "OTHER" or (t.type == "A" and str(t).lower() == "another") for t in toks
        )
        return Whom(other, any(t.type == "DEAD" for t in toks))

    # the day's vote
    def others_vote(self, _: list[Any]) -> WhoseVote:
        return WhoseVote(False)

    def own_vote(self, _: list[Any]) -> WhoseVote:
        return WhoseVote(True)

    def _vote(self, children: list[Any], name: str, effect: Any) -> tuple[Any, ...]:
        vote = next(c for c in children if isinstance(c, WhoseVote))
        freq = _frequency(children)
        if vote.own:
            return self._all_said_of(children, (_DayAbility(name, 0, freq, (effect,), self.why),))
        ability = _DayAbility(name, 1, freq, (effect,), self.why)
        return self._all_said_of(children, (ability, NoSelfTarget(self.why)))  # another's

    def sway_double(self, children: list[Any]) -> tuple[Any, ...]:
        own = any(isinstance(c, WhoseVote) and c.own for c in children)
        return self._vote(children, "double vote", VoteDouble(own, self.why))

    def sway_block(self, children: list[Any]) -> tuple[Any, ...]:
        if any(isinstance(c, WhoseVote) and c.own for c in children):
            raise self._no_reading("a player's own vote blocked")
        return self._vote(children, "block vote", VoteBlock(self.why))

    def _on_one(self, children: list[Any], name: str, effect: Any) -> tuple[Any, ...]:
        whom = next(c for c in children if isinstance(c, Whom))
        if whom.dead:
            raise self._no_reading("a dead player swaying the day's lynch")
        ability = _DayAbility(name, 1, _frequency(children), (effect,), self.why)
        rest = (NoSelfTarget(self.why),) if whom.other else ()
        return self._all_said_of(children, (ability, *rest))

    def sway_spare(self, children: list[Any]) -> tuple[Any, ...]:
        return self._on_one(children, "save", Spare(self.why))

    def substitute(self, children: list[Any]) -> tuple[Any, ...]:
        return self._on_one(children, "substitute", Substitute(self.why))

    # a role scanned
    def scan_role(self, children: list[Any]) -> tuple[Any, ...]:
        """A scan of a living player's role is an ability used as 'targets' that learns the
        role (as the frame grammar read 'choose ... to scan the role of'; a scenario writes
        'Seer targets Cid'); of a dead player's, the afterlife's ReadDead, used by day or
        night (logic/effects/afterlife.py)."""
        whom = next(c for c in children if isinstance(c, Whom))
        freq = _frequency(children)
        if whom.dead:
            ability = _DayAbility("investigate", 1, freq, (ReadDead(self.why),), self.why)
            rest: tuple[Any, ...] = (NoSelfTarget(self.why),) if whom.other else ()
            return self._all_said_of(children, (ability, *rest))
        start = _AbilityStart("targets", freq, self.why, self._subject_of(children))
        parts = (
            Investigate(Info.ROLE, self.why),
            *((NoSelfTarget(self.why),) if whom.other else ()),
        )
        return (start, *parts)

    # one death survived
    def survives_death(self, children: list[Any]) -> tuple[Any, ...]:
        """'Survives one death via any means except lynching': the automatic protection
        (a night's kill is survived once; a lynch never is in the model, logic/effects/
        attack.py), as 'has a one-shot vest' reads; "via any means" ("from any cause")
        makes it any death, a day's kill too, the one protection for both
        (logic/effects/endure.py). The exception is read as what the protection does
        anyway, so a sentence without it means the same (a choice: said)."""
        means = any(isinstance(c, Token) and c.type == "MEANS" for c in children)
        return self._said_of(children, Trait(AutoProtect(self.why, by_day=means)))

    def survives_lynch(self, children: list[Any]) -> tuple[Any, ...]:
        """'This player can survive one lynching attempt.': a lynch survived once."""
        return self._said_of(children, Trait(SurviveLynch(self.why)))

    def revealed_too(self, _: list[Any]) -> tuple[Any, ...]:
        raise NoReading("the holder's role revealed to everyone when a lynch is survived")

    def lost_vote(self, _: list[Any]) -> tuple[Any, ...]:
        raise NoReading("a vote lost for the rest of the game after a survived lynch")

    def no_lynch_instead(self, _: list[Any]) -> tuple[Any, ...]:
        """'Nobody is lynched in their place.': what a survived lynch gives anyway (no
        lynch that day, logic/effects/sway.py): a note."""
        return (Nothing(self.why),)

    def immune(self, children: list[Any]) -> tuple[Any, ...]:
        """'This player is immune to infection from the werewolves.': a conversion fails
        on the role (logic/effects/convert.py)."""
        return self._said_of(children, Trait(ConvertImmune(self.why)))

    # natures
    def natures(self, children: list[Any]) -> tuple[Any, ...]:
        once = any(t.type == "ONCE" for t in _tokens(children))
        words = [str(t) for t in _tokens(children)]
        return (_Natures(once, self.why, defined=True, tags=nature_tags(words)),)
