"""Owns the clause language's readings of grammar/clause/detect.lark, mixed into
logic/lang/kinds.Readings: "Can detect if one certain role is in the game per night." gives a
night ability aimed at no one, named by its verb, whose effect is `Detect`
(logic/effects/detect.py): its user decides a role and learns whether it is in the game;
the GM's sentences about the disguises it meets are traits of the holder (`DetectRule`);
"If Megure were in the game, Uehara would receive "true"." gives its answer (`Detect.yes`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.detect import Detect, DetectRule
from logic.lang.clause_parts import NoReading, subject_of
from logic.lang.read.pieces import _AbilityStart, _AddTo, _Trait
from logic.model.ir import Frequency, Why


def _names(children: list[Any], kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


class DetectReading:
    """The methods of detect.lark's rules."""

    why: Why

    def dt_detect(self, children: list[Any]) -> tuple[Any, ...]:
        (verb,) = _names(children, "NAME")
        freqs = [c for c in children if isinstance(c, Frequency)]
        freq = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        name = verb[:1].upper() + verb[1:]
        start = _AbilityStart("targets", freq, self.why, subject_of(children), 0, name)
        return (start, Detect(self.why))

    def dt_own(self, children: list[Any]) -> tuple[Any, ...]:
        roles = _names(children, "ROLENAME")
        if len(set(roles)) != 1:
            raise NoReading("the role in the game and the role detected are one")
        rule = DetectRule(self.why, own=self.why, roles=(roles[0],))
        return (_Trait(None, rule, self.why),)

    def dt_same(self, children: list[Any]) -> tuple[Any, ...]:
        (role,) = _names(children, "ROLENAME")
        rule = DetectRule(self.why, same=self.why, same_roles=(role,))
        return (_Trait(None, rule, self.why),)

    def dt_class(self, children: list[Any]) -> tuple[Any, ...]:
        words = [str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "POLICE")]
        verb, kind = words[0], words[-1]
        name = f"{kind[:1].upper()}{kind[1:]} {verb[:1].upper()}{verb[1:]}"
        subject = _names(children, "ROLENAME")[0]
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, self.why, subject, 0, name)
        return (start, Detect(self.why))

    def dt_where(self, children: list[Any]) -> None:
        return None  # where the class is said ("In the experimental ruleset"): no meaning

    def dt_pool(self, children: list[Any]) -> tuple[Any, ...]:
        rule = DetectRule(self.why, pool=self.why, pool_roles=tuple(_names(children, "ROLENAME")))
        return (_Trait(None, rule, self.why),)

    def dt_through(self, children: list[Any]) -> tuple[Any, ...]:
        """The rule, of the ability it names first ("Police Detect differs from ...")."""
        tokens = [c for c in children if isinstance(c, Token)]
        at = next((k for k, t in enumerate(tokens) if t.type == "FROM"), len(tokens))
        head = [str(t) for t in tokens[: at - 1] if t.type in ("NAME", "POLICE")]
        named = " ".join(w[:1].upper() + w[1:] for w in head)
        rule = DetectRule(self.why, through=self.why, per=named)
        return (_Trait(None, rule, self.why),)

    def dt_worn(self, children: list[Any]) -> tuple[Any, ...]:
        return (_Trait(None, DetectRule(self.why, worn=self.why), self.why),)

    def dt_true(self, children: list[Any]) -> tuple[Any, ...]:
        """The answer when the role asked is in the game, of the Detect before it."""
        text = next(str(c) for c in children if isinstance(c, Token) and c.type == "STRING")
        return (_AddTo(Detect, "yes", self.why, (self.why, text[1:-1])),)
