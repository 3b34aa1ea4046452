"""Owns the clause language's reading of grammar/clause/identify.lark (words in
the base lexicon), mixed into logic/lang/kinds.Readings: "Decide together to
Identify one person's role (...)." is a day ability on one player, named as the sentence
names it, whose effect is `IdentifyRole` (logic/effects/identify.py); "If one of the
Detective Boys is prevented from using his day ability ..., the Identification could either
succeed or fail, depending on the number of undisturbed Detective Boys." adds its chance of
failure to it. "Allows Uehara to identify other players for police roles." is Police
Identify, a day ability on one player named by the class and the verb (`PoliceIdentify`);
"If PhoenixTears were Megure, the result would be "true"." adds its answer; "Uehara may use
Police Identify every day phase until she makes a positive identification." (and "Once she
does, the ability is considered expired ...") its expiry."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.identify import IdentifyRole, PoliceIdentify
from logic.lang.read.pieces import _AddTo, _DayAbility, _quoted
from logic.model.ir import Frequency, Why


class IdentifyReading:
    """The methods of identify.lark's rules."""

    why: Why

    def id_ability(self, children: list[Any]) -> tuple[Any, ...]:
        name = next(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        node = IdentifyRole(self.why)
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (node,), self.why),)

    def id_chance(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(IdentifyRole, "chance", self.why),)

    def id_police(self, children: list[Any]) -> tuple[Any, ...]:
        words = [str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "POLICE")]
        verb, kind = words[0], words[-1]
        name = f"{kind[:1].upper()}{kind[1:]} {verb[:1].upper()}{verb[1:]}"
        node = PoliceIdentify(self.why)
        return (_DayAbility(name, 1, Frequency.EACH_NIGHT, (node,), self.why),)

    def id_true(self, children: list[Any]) -> tuple[Any, ...]:
        text = _quoted(next(c for c in children if isinstance(c, Token) and c.type == "STRING"))
        return (_AddTo(PoliceIdentify, "yes", self.why, (self.why, text)),)

    def id_expires(self, children: list[Any]) -> tuple[Any, ...]:
        return (_AddTo(PoliceIdentify, "expires", self.why),)
