"""Owns the clause language's readings of grammar/clause/turns.lark (words in
grammar/lexicon/turns.toml), mixed into logic/lang/kinds.Readings: a role's action as the
GM of a game in rounds tells it, read into the frame reader's pieces of a role line:

- a kill the group makes together (`_Capability(group=True)`), one every other round that
  takes several saves (`Kill(strength=...)`), one at random (`Kill(random=True)`), one the
  role must make each turn (`Forced`);
- police records (logic/effects/records.py): a record reversed, but not one's own
  (`Reverse`, `NoSelfTarget`); every record reverting when the reversers are gone (the
  ruleset's `Revert`); a role the records list as a member (`OnRecords`);
- an arrest that lasts until the arrester's next turn (`Arrest(until=...)`), a kill of
  whoever a check finds (`Kill(lethal_if=...)`);
- a protection of others only, which must be used (`NoSelfTarget`, `Forced`), and one paid
  with the protector's life, the killer named to the target (`Protect(sacrifice=True)`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.attack import Kill, Protect
from logic.effects.records import OnRecords, Reverse, Revert
from logic.effects.status import Arrest
from logic.lang.clause_parts import NUMBERS
from logic.lang.read.pieces import _Capability, _quoted, _RulesetFact, _Trait
from logic.model.ir import Forced, Frequency, NoSelfTarget, Why


class TkRole(str):
    """A role the sentence names as its subject (not one named in an aside)."""


def _role(children: list[Any]) -> str | None:
    return next((str(c) for c in children if isinstance(c, TkRole)), None)


def _rolenames(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]


class TurnsReading:
    """The methods of turns.lark's rules."""

    why: Why

    def tk_role(self, children: list[Any]) -> TkRole:
        return TkRole(_rolenames(children)[0])

    def _can(self, role: str | None, *effects: Any, **more: Any) -> tuple[Any, ...]:
        return (_Capability(role, effects, why=self.why, **more),)

    def tk_group(self, children: list[Any]) -> tuple[Any, ...]:
        return self._can(_role(children), Kill(self.why), group=True)

    def tk_saves(self, children: list[Any]) -> int:
        (n,) = children
        return int(n) if n.type == "NUMERAL" else NUMBERS[str(n).lower()]

    def tk_strikes(self, children: list[Any]) -> tuple[Any, ...]:
        n = next((c for c in children if type(c) is int), None)
        kill = Kill(self.why, strength=n) if n is not None else Kill(self.why)
        return self._can(_role(children), kill, frequency=Frequency.EVERY_SECOND_NIGHT)

    def tk_random(self, children: list[Any]) -> tuple[Any, ...]:
        return self._can(_role(children), Kill(self.why, random=True))

    def tk_must_kill(self, children: list[Any]) -> tuple[Any, ...]:
        return self._can(_role(children), Kill(self.why), restrictions=(Forced(self.why),))

    def tk_reverse(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        return self._can(_role(children), Reverse(why), restrictions=(NoSelfTarget(why),))

    def tk_revert(self, children: list[Any]) -> tuple[Any, ...]:
        return (_RulesetFact("revert", Revert(_role(children) or "", self.why), self.why),)

    def tk_listed(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(_role(children), OnRecords(True, self.why), self.why),)

    def tk_arrest_lasts(self, children: list[Any]) -> tuple[Any, ...]:
        return self._can(_rolenames(children)[0], Arrest(self.why, until=self.why))

    def tk_lethal(self, children: list[Any]) -> tuple[Any, ...]:
        yes = _quoted(next(c for c in children if isinstance(c, Token) and c.type == "STRING"))
        return self._can(_role(children), Kill(self.why, lethal_if=f"yes:{yes}"))

    def tk_others_only(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        limits = (NoSelfTarget(why), Forced(why))
        return self._can(_role(children), Protect(why), restrictions=limits)

    def tk_told(self, children: list[Any]) -> bool:
        return True

    def tk_sacrifice(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        told = why if True in children else None
        return self._can(_role(children), Protect(why, sacrifice=True, tells=told))
