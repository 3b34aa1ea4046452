"""Owns the clause language's readings of grammar/clause/phrasing.lark (words in
grammar/lexicon/phrasing.toml), mixed into logic/lang/kinds.Readings: more of the ways
hosts say the parts of the common mechanics, each read into the part the other kinds read
it into (most rules of the fragment are aliases of their methods: `survives_attack`,
`learn_which`, `appears`, `on_records`, `swap_more`, `vest`, `explode`, ...), and:

- what a check learns said as its purpose ("to see who visits them", "to learn their
  exact role"): `Investigate`; "to find out if they are suspicious", "learns their
  alignment": `RecordsCheck("")`, the check of the one faction other than the role's own
  (logic/lang/assemble/prose.py; with more factions an error asks which);
- "look at one player's card": a check that learns the role (`Investigate(ROLE)`);
- an ability kept off the first night ("You may not shoot on the first night."):
  `NotFirstNight`, which makes the ability before it (or the one its verb says, with none
  before) one used on the nights after the first (logic/lang/assemble/roles.py);
- "You cannot be killed at night." (a role PM's "you" is the role, never the target): a
  night immunity (attack.py's lasting `AutoProtect`); with no time said, a note;
- notes (no effect kind): what the role's actions show to others ("Your kills cannot be
  seen by Trackers.").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.effects.attack import AutoProtect, Pierce, Protect
from logic.effects.block import Unblocked
from logic.effects.day import Public
from logic.effects.investigate import Info, Investigate
from logic.effects.records import RecordsCheck
from logic.effects.redirect import Redirect
from logic.lang.clause_parts import (
    NoReading,
    Nothing,
    Objects,
    Otherwise,
    Starts,
    Tail,
    TargetRef,
    about,
    subject_of,
)
from logic.lang.kinds.common import _frequency, uses_parts
from logic.lang.kinds.common2 import Implied, implied
from logic.lang.kinds.traits import Adds, Trait
from logic.lang.read.pieces import _DayAbility
from logic.model.ir import Frequency, Why

_CLUE = "a clue to a role (a result that names several roles, one of them the target's)"

# the roles that see visits, by the start of their names ("Trackers", "a Watcher", "Lookouts")
_SEE_VISITS = ("tracker", "watcher", "lookout", "follower", "voyeur")


@dataclass(frozen=True)
class NotFirstNight:
    """The ability before the sentence is not used on the first night ("You may not shoot
    on the first night."): used each night, it is used on the nights after the first."""

    why: Why


def is_you(children: list[Any]) -> bool:
    """Whether the clause's pronoun subject is the role PM's "you"."""
    return any(
        isinstance(c, Token) and c.type == "HE" and str(c).lower() == "you" for c in children
    )


class PhrasingReading:
    """The methods of phrasing.lark's rules (those that are not aliases of other kinds')."""

    why: Why

    # what is learnt
    def ph_learn_purpose(self, children: list[Any]) -> Tail:
        info = next(c for c in children if isinstance(c, Info))
        return Tail((Investigate(info, self.why),))

    def ph_guilty_purpose(self, _: list[Any]) -> Tail:
        return Tail((RecordsCheck("", None, None, self.why),))

    def ph_for_guilt(self, _: list[Any]) -> Tail:
        return Tail((RecordsCheck("", None, None, self.why),))

    def ph_for_role(self, _: list[Any]) -> Tail:
        return Tail((Investigate(Info.ROLE, self.why),))

    def ph_for_clue(self, _: list[Any]) -> Tail:
        raise NoReading(_CLUE)

    def ph_execute(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You may execute your prisoner.": refused with its reason (the words checked)."""
        words = [str(c).casefold() for c in children if isinstance(c, Token)]
        if "execute" not in words or "prisoner" not in words:
            raise NoReading(f"{' '.join(words)!r}")
        raise NoReading("the Jailor's execution (a kill of the jailed player, decided once jailed)")

    def ph_clue_result(self, children: list[Any]) -> tuple[Any, ...]:
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        if named and named != ["list"]:
            raise NoReading(f"a {named[0]!r} of roles")
        raise NoReading(_CLUE)

    def ph_alignment_learnt(self, children: list[Any]) -> tuple[Any, ...]:
        implied_check = implied(children, self.why, "checks")  # with no ability before it
        return (*implied_check, RecordsCheck("", None, None, self.why))

    def ph_guilty_if(self, children: list[Any]) -> tuple[Any, ...]:
        """'If your target is a member of the Mafia, you will be told they are guilty.':
        whether the target is of that faction (no text named)."""
        faction = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        implied_check = implied(children, self.why, "checks")  # with no ability before it
        return (*implied_check, RecordsCheck(faction, None, None, self.why))

    def ph_innocent_else(self, children: list[Any]) -> tuple[Any, ...]:
        """'Otherwise you will be told they are innocent.': the other answer of the check
        the sentence before says (a note: the check answers it already)."""
        return (Nothing(self.why),)

    def ph_card_look(self, children: list[Any]) -> tuple[Any, ...]:
        freqs = [c for c in children if isinstance(c, Frequency)]
        if len(set(freqs) - {Frequency.EACH_NIGHT}) > 1:
            raise NoReading("two different frequencies")
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        starts = Starts("checks", frequency, self.why, subject_of(children))
        return (starts, Investigate(Info.ROLE, self.why), *uses_parts(children, self.why))

    def ph_for_protection(self, _: list[Any]) -> Tail:
        return Tail((Protect(self.why),))

    def ph_survives_any(self, children: list[Any]) -> tuple[Any, ...]:
        """'Your target will survive any kill attempt made on them that night.'"""
        named = any(isinstance(c, TargetRef) and c.named for c in children)
        implied = (Implied("targets", (), self.why),) if named else ()
        return (*implied, Protect(self.why))

    def result(self, children: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def ph_result_first(self, children: list[Any]) -> tuple[Any, ...]:
        """The condition first: the result, its condition, then the others."""
        conds = [c for c in children if not isinstance(c, Token | Otherwise)]
        texts = [c for c in children if isinstance(c, Token) and c.type == "STRING"]
        others = [c for c in children if isinstance(c, Otherwise)]
        return self.result([*texts, *conds, *others])

    # not modelled: refused, each with what it is
    def ph_reveals_self(self, children: list[Any]) -> tuple[Any, ...]:
        """'You may reveal yourself as the Mayor during the day.', 'Once per game, you may
        reveal your role to everyone.': a day ability with no target whose use is public
        (logic/effects/day.py's Public: the holder's role is announced and shown for
        good). An alignment shown, or a role shown to one player, is not modelled."""
        kinds = {c.type for c in children if isinstance(c, Token)}
        if "ALIGNMENT" in kinds:
            raise NoReading("an alignment shown by its holder")
        if any(isinstance(c, Objects) for c in children) or "PLAYER" in kinds:
            raise NoReading("a role shown by its holder to one player")
        day = _DayAbility("reveal", 0, _frequency(children), (Public(self.why),), self.why)
        return (*about(children, day), *uses_parts(children, self.why))

    def ph_redirect_to(self, children: list[Any]) -> tuple[Any, ...]:
        """'You may redirect a player's action to another player.': an ability naming two
        players, the first one's own action sent to the second (redirect.py's one way)."""
        freqs = [c for c in children if isinstance(c, Frequency)]
        if len(set(freqs) - {Frequency.EACH_NIGHT}) > 1:
            raise NoReading("two different frequencies")
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        starts = Starts("targets", frequency, self.why, subject_of(children), targets=2)
        return (starts, Redirect(self.why, one_way=True), *uses_parts(children, self.why))

    def ph_takes_role(self, _: list[Any]) -> tuple[Any, ...]:
        raise NoReading("a role taken from a dead player (the Amnesiac's)")

    def ph_first_to_second(self, _: list[Any]) -> tuple[Any, ...]:
        """'The first will target the second.': of the ability before (two players
        named), the first one's own action sent to the second (redirect.py's one way)."""
        return (Redirect(self.why, one_way=True),)

    # the role's kill stopped by nothing named (attack.py's Pierce, block.py's Unblocked)
    def ph_by_protection(self, _: list[Any]) -> Pierce:
        return Pierce(self.why)

    def ph_by_block(self, _: list[Any]) -> Unblocked:
        return Unblocked(self.why)

    def ph_pierce(self, children: list[Any]) -> tuple[Any, ...]:
        """Traits of the role whose kills they are ("Your kill", "The Strongman's kill")."""
        traits = dict.fromkeys(c for c in children if isinstance(c, Pierce | Unblocked))
        return tuple(p for t in traits for p in about(children, Trait(t)))

    def ph_kills_attacker(self, children: list[Any]) -> tuple[Any, ...]:
        """The protection before strikes back (attack.py's Protect `strikes`); said with
        the protector's death ("and die", "you and the attacker both die"), a sacrifice."""
        strikes: tuple[Any, ...] = (Adds(Protect, "strikes", self.why),)
        if any(isinstance(c, Token) and c.type == "DIE" for c in children):
            strikes += (Adds(Protect, "sacrifice", self.why, True),)
        return strikes

    # not on the first night
    def ph_not_first(self, children: list[Any]) -> tuple[Any, ...]:
        night = next((int(c) for c in children if isinstance(c, Token) and c.type == "NUMERAL"), 1)
        if night != 1:
            raise NoReading(f"an ability kept off night {night} only")
        return self._not_first(children)

    def _not_first(self, children: list[Any]) -> tuple[Any, ...]:
        """The ability before (or the one the sentence implies) kept off the first night."""
        parts = (*implied(children, self.why), NotFirstNight(self.why))
        return tuple(p for part in parts for p in about(children, part))

    def ph_wait_until(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You must wait until Night 2 to use your ability.": not on the first night (the
        word "wait"; another night than 2 is no reading)."""
        named = [str(c).casefold() for c in children if isinstance(c, Token) and c.type == "NAME"]
        night = next((int(c) for c in children if isinstance(c, Token) and c.type == "NUMERAL"), 0)
        if named != ["wait"] or night != 2:
            raise NoReading("an ability kept off the first night is 'wait until Night 2'")
        return self._not_first(children)

    # notes
    def you_immune(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You cannot be killed at night.": a night immunity; with no time said ("You
        cannot be killed."), a note (by day too? the sentence does not say)."""
        if not is_you(children):  # "They cannot be killed.": the target's protection
            raise NoReading("'they cannot be killed' is said of the target")
        if not any(isinstance(c, Frequency) for c in children):
            return (Nothing(self.why),)
        return (Trait(AutoProtect(self.why, lasting=True)),)

    def ph_unseen(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def ph_not_told(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # no result unless a sentence gives one

    def ph_unseen_by(self, children: list[Any]) -> tuple[Any, ...]:
        """ "You are not seen by Trackers or Watchers.": unseen by those who see visits (a
        note, as 'Your kills cannot be seen by ...'); by any other role (a Cop) it would
        say something else, and is not read so."""
        named = [
            str(c).casefold()
            for c in children
            if isinstance(c, Token) and c.type in ("NAME", "ROLENAME")
        ]
        if not named or not all(n.startswith(_SEE_VISITS) for n in named):
            raise NoReading("unseen by a role that does not see visits")
        return (Nothing(self.why),)

    def ph_faction_kill(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)  # the faction's kill: any member may carry it out


__all__ = ["NotFirstNight", "PhrasingReading", "is_you"]
