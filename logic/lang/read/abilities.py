"""Owns reading ability sentences: who acts, the verb ('targets', 'checks', 'visits',
'chooses', ...) and how often (each night, the first night, once per game, every other
night), in the three voices; an ability activated on its user ('may activate ...')."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.lang.read.base import Reader
from logic.lang.read.pieces import _AbilityStart, _Capability, _names
from logic.model.ir import Frequency

_CHOOSE = ("choose", "select", "pick")

# the verbs of the ability sentence in other words (stems): what each means
_SYNONYM_VERBS = {
    **dict.fromkeys(("target", *_CHOOSE), "targets"),
    "check": "checks",
    "visit": "visits",
    "kill": "kills",
}


@v_args(meta=True)
class AbilitiesReader(Reader):
    """Parse tree -> sentence pieces, for ability sentences. One method per grammar rule."""

    def verb(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0]).lower()

    def action_verb(self, meta: Meta, children: list[Token]) -> str:
        word = str(children[0]).lower()
        return "targets" if word.rstrip("s") in _CHOOSE else word

    def first_night(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.FIRST_NIGHT

    def subsequent_nights(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.SUBSEQUENT_NIGHTS

    def each_night(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.EACH_NIGHT

    def once_per_game(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.ONCE_PER_GAME

    def every_second(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.EVERY_SECOND_NIGHT

    def ability(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        verb = next(c for c in children if isinstance(c, str))
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = Frequency.EACH_NIGHT
        for f in freqs:
            if f is not Frequency.EACH_NIGHT:
                frequency = f
        return _AbilityStart(verb, frequency, self._why(meta))

    def ability_syn(
        self, meta: Meta, children: list[Any], verb: str | None = None
    ) -> _AbilityStart:
        # the verb is a kept token; a role's name (the third person) is a plain str
        tokens = [str(c).lower() for c in children if isinstance(c, Token)]
        if verb is None:
            verb = next(
                _SYNONYM_VERBS[w.rstrip("s")] for w in tokens if w.rstrip("s") in _SYNONYM_VERBS
            )
        names = _names(children)
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        return _AbilityStart(verb, frequency, self._why(meta), names[0] if names else None)

    def ability_person(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        """'Checks a person each night.': the ability sentence with 'person'."""
        return self.ability(meta, children)

    def ability_third_targets(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        return self.ability_syn(meta, children, "targets")

    def ability_third_checks(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        return self.ability_syn(meta, children, "checks")

    def ability_third_visits(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        return self.ability_syn(meta, children, "visits")

    def activate(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        name = next(str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING")
        return _Capability(
            _names(children)[0],
            (),
            (),
            Frequency.ONCE_PER_GAME,
            False,
            why,
            name=name,
            targets=0,
            on_self=True,
        )
