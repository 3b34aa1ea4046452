"""Owns checks whose result each role states on its card: interrogations
("Interrogation: BO", "Interrogation: Not BO"), which slander inverts for a night, and age
observations ("Observe: Adult"), which a card may leave to chance ("Observe:
Adult/Teenager/Child").

Vocabulary:
  Interrogate     the actor learns what the target's card says for the check `check`
                  ("interrogation", "observe"), one of `results` ("He'll get the result
                  "BO" or "Not BO".")
  InterrogatesAs  a role trait, one line of its card: what the check `check` of the holder
                  shows ("Interrogation: BO"); a role whose card says nothing for a check
                  shows nothing to it. A card of several results ("Adult/Teenager/Child")
                  shows one drawn at random each night, the same to every check of that
                  night ("If more than one person observes him in the same night, they
                  both receive the same random result.")
  Slander         "If the slandered target is interrogated that night, the interrogation
                  result will be inverted.": a slander that took place on the target turns
                  one of the two interrogation results into the other (slandered twice is
                  still inverted once: the source counts no slanders)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


INTERROGATION = "interrogation"


@dataclass(frozen=True)
class Interrogate:
    results: tuple[str, ...]
    why: Why = meta()
    check: str = INTERROGATION

    def describe(self) -> str:
        return f"{self.check}: learns {' or '.join(self.results)}, as the target's card states"


@dataclass(frozen=True)
class InterrogatesAs:
    text: str
    why: Why = meta()
    check: str = INTERROGATION

    def describe(self) -> str:
        return f'the holder\'s card: {self.check} shows "{self.text}"'


@dataclass(frozen=True)
class Slander:
    why: Why = meta()

    def describe(self) -> str:
        return "slander: an interrogation of the target tonight shows the other result"


def slandered(b: NightBuilder, q: str) -> Expr:
    return any_of(label(x, e.why) for _, x, e in b.lands(Slander, q))


def _inverse(text: str, results: tuple[str, ...]) -> str | None:
    keys = [canon(r) for r in results]
    if len(results) != 2 or canon(text) not in keys:
        return None
    return results[1 - keys.index(canon(text))]


def _card(role: Any, check: str) -> InterrogatesAs | None:
    return next(
        (t for t in role.traits if isinstance(t, InterrogatesAs) and t.check == check), None
    )


def _drawn(b: NightBuilder, q: str, check: str, options: list[str]) -> Expr:
    """The result a card of several drawn for q tonight (one draw a night and player)."""
    name = f"card:{check}:{q}"
    return b.choice(name, range(len(options)), random=True)


def _shown(
    b: NightBuilder, q: str, e: Interrogate, role: Any, holds: Expr, inverted: Expr
) -> list[tuple[str, Expr]]:
    """(text, when) for a check `e` of q reading `role`'s card when `holds`."""
    card = _card(role, e.check)
    if card is None or holds == FALSE:
        return []
    own = label(conj(holds, b.sc.switch(card.why)), card.why)
    options = [t.strip() for t in card.text.split("/")]
    if len(options) > 1:  # "Adult/Teenager/Child": drawn at random
        drawn = _drawn(b, q, e.check, options)
        return [(text, conj(own, eq(drawn, Const(k)))) for k, text in enumerate(options)]
    out = [(card.text, conj(own, neg(inverted)))]
    other = _inverse(card.text, e.results)
    if other is not None and inverted != FALSE:
        out.append((other, conj(own, inverted)))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The check's result: the target's card, or the card of a role he wears instead
    (`Kind.worn_card`: a disguise), inverted by a slander (an interrogation)."""
    out: list[TextSource] = []
    me = b.actor(i)
    # a kind that gives slot i's results instead tonight (a drunk's: logic/effects/sobriety.py)
    garbled = any_of(k.garbles(b, i) for k in b.kinds if k.garbles)
    for c, e in b.effects(i, Interrogate):
        shown: dict[str, list[Expr]] = {}
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q))
            if hit == FALSE:
                continue
            inverted = slandered(b, q) if e.check == INTERROGATION else FALSE
            worn = [x for k in b.kinds if k.worn_card for x in k.worn_card(b, i, q, e.check)]
            mine = conj(hit, neg(any_of(x for _, x in worn)))
            cards = [(role, conj(mine, b.sc.role_is(q, role))) for role in b.roles]
            cards += [(role, conj(hit, x)) for role, x in worn]
            for role, holds in cards:
                for text, x in _shown(b, q, e, role, holds, inverted):
                    shown.setdefault(text, []).append(x)
        for text, conds in shown.items():
            gate = conj(label(any_of(conds), e.why), neg(garbled))
            out.append(TextSource(me, gate, text, why=e.why))
    return out


KIND = Kind("interrogate", (Interrogate, InterrogatesAs, Slander), texts=texts)
