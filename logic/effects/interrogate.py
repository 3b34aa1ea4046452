"""Owns interrogations: a check whose result each role states for itself
("Interrogation: BO", "Interrogation: Not BO"), and slander, which inverts it for a night.

Vocabulary:
  Interrogate     the actor learns the target's interrogation result, one of `results`
                  ("He'll get the result "BO" or "Not BO".")
  InterrogatesAs  a role trait: what an interrogation of the holder shows ("Interrogation:
                  BO"); a role that states none shows nothing
  Slander         "If the slandered target is interrogated that night, the interrogation
                  result will be inverted.": a slander that took place on the target turns
                  one of the two results into the other (slandered twice is still inverted
                  once: the source counts no slanders)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Interrogate:
    results: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"interrogate: learns {' or '.join(self.results)}, as the target's role states"


@dataclass(frozen=True)
class InterrogatesAs:
    text: str
    why: Why = meta()

    def describe(self) -> str:
        return f'an interrogation of the holder shows "{self.text}"'


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


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    out: list[TextSource] = []
    me = b.actor(i)
    for c, e in b.effects(i, Interrogate):
        shown: dict[str, list[Expr]] = {}
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q))
            if hit == FALSE:
                continue
            inverted = slandered(b, q)
            for role in b.roles:
                trait = next((t for t in role.traits if isinstance(t, InterrogatesAs)), None)
                holds = conj(hit, b.sc.role_is(q, role))
                if trait is None or holds == FALSE:
                    continue
                own = label(holds, trait.why)
                shown.setdefault(trait.text, []).append(conj(own, neg(inverted)))
                other = _inverse(trait.text, e.results)
                if other is not None and inverted != FALSE:
                    shown.setdefault(other, []).append(conj(own, inverted))
        for text, conds in shown.items():
            out.append(TextSource(me, label(any_of(conds), e.why), text, why=e.why))
    return out


KIND = Kind("interrogate", (Interrogate, InterrogatesAs, Slander), texts=texts)
