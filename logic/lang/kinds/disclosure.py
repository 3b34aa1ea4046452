"""Owns the clause language's readings of what another role's check is made to show and
what a use shows to everyone (grammar/clause/disclosure.lark): learning a found role's
target and deciding its check's result (`Forge`, logic/effects/forge.py), a player an
alignment check cannot tie to a faction (`Unlinked`), and a use announced without its
user's name (a note), as the frame grammar's readers build them (logic/lang/read/forge.py,
investigate.py, days.py), mixed into logic/lang/kinds.Readings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from logic.effects.forge import Forge
from logic.effects.investigate import Unlinked
from logic.lang.clause_parts import About, Nothing, subject_of
from logic.lang.read.pieces import _Capability, _Trait
from logic.model.ir import Why


@dataclass(frozen=True)
class FoundNight:
    """'including the night he finds the Investigator': the night `role` is found counts."""

    role: str


def _names(children: list[Any], *kinds: str) -> list[str]:
    """The words of the direct tokens of `kinds` (ROLENAME by default), in order."""
    kinds = kinds or ("ROLENAME",)
    return [str(c) for c in children if isinstance(c, Token) and c.type in kinds]


def _has(children: list[Any], kind: str) -> bool:
    return any(isinstance(c, Token) and c.type == kind for c in children)


class DisclosureReading:
    """The methods of disclosure.lark's rules."""

    why: Why

    def _no_reading(self, reason: str) -> Exception:
        raise NotImplementedError

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def found_night(self, children: list[Any]) -> FoundNight:
        return FoundNight(_names(children)[0])

    def forge_found(self, children: list[Any]) -> tuple[Any, ...]:
        """'Once he finds the Investigator, his powers change.': a forgery of that role's
        check, from the night it is found."""
        forge = Forge(_names(children)[0], self.why)
        return self._said_of(children, _Capability(None, (forge,), (), None, False, self.why))

    def forge_learns(self, children: list[Any]) -> tuple[Any, ...]:
        """'From this point on (including the night he finds the Investigator), he may
        learn of the Investigator's target that night.': once the role is found, its
        target is learnt each night; from the night it is found when the sentence counts
        that night in, else from the next."""
        role = _names(children)[-1]
        found = next((c for c in children if isinstance(c, FoundNight)), None)
        if found is not None and found.role.lower() != role.lower():
            raise self._no_reading("the role found is not the role whose target is learnt")
        why = self.why
        forge = Forge(role, why, learns=why, same_night=why if found else None)
        return self._said_of(children, _Capability(None, (forge,), (), None, False, why))

    def forge_decides(self, children: list[Any]) -> tuple[Any, ...]:
        """'the Forger may decide whether the Investigator will find that person Town or
        Mafia': the found role's check of its target shows the option chosen."""
        names = _names(children, "ROLENAME", "NAME")
        if _has(children, "APPEAR"):  # "whether that person appears as Town or Mafia to X"
            role, options = names[-1], names[:-1]
        else:  # "whether X will find that person Town or Mafia"
            role, options = names[0], names[1:]
        forge = Forge(role, self.why, options=tuple(options), options_why=self.why)
        return (_Capability(subject_of(children), (forge,), (), None, False, self.why),)

    def unlinked(self, children: list[Any]) -> tuple[Any, ...]:
        """'the Investigator cannot link him to the Mafia': an alignment check by the
        Investigator never shows the Mafia (of the role the sentence is about)."""
        names = _names(children, "ROLENAME", "NAME")
        if _has(children, "BY"):  # "You cannot be linked to the Mafia by the Investigator."
            side, by, who = names[0], names[-1], None
        else:  # "the Investigator cannot link him (the Godfather) to the Mafia"
            by, side = names[0], names[-1]
            who = names[1] if len(names) == 3 else None
        trait = _Trait(None, Unlinked(by, side, self.why), self.why)
        if who is not None:
            return (About(who, trait),)
        return self._said_of(children, trait)

    def anonymous(self, children: list[Any]) -> tuple[Any, ...]:
        # the use is announced without naming its user: what the announcing effect before
        # it (the day's rock of logic/effects/day.py) says already, a note
        named = _names(children)
        return (About(named[0], Nothing(self.why)),) if named else (Nothing(self.why),)
