"""Owns a count told to a role's holder in the prep phase, before night 1, read from the
GM's sentences (DCTP's NOC, Kir: "Player gets to know how many Black Org members are
present in the current game (not their identities)."; the FBI Leader, James: "At the onset
of the round, the FBI Leader is given notice of how many of his subordinated (Jodie, Akai,
Camel, Kir) are in the game."). Its phrases are grammar/clause/census.lark, read by
logic/lang/kinds/census.py. No other file names it.

Vocabulary:
  Census  a trait of the role: in the prep phase (a case's `prep:` block) the holder
          learns how many players hold one of `groups` (roles or factions), as a number
          ("2"). Without a prep phase nothing is told
  CensusWorn  a trait of the role: "This count includes characters disguised as his
          subordinated.": a player who wears one of the roles counted (a disguise put
          on in the prep phase, asked through `Kind.wears`) counts too. Not modelled: a
          faction counted is not matched by a role worn
  CensusHint  a trait of the role: 'If someone is disguised as a subordinate, James will
          receive a small hint akin to, "..."': in the prep phase the holder is told the
          text when a player wears one of the roles his count counts
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Expr, any_of, at_least, conj, disj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Census:
    groups: tuple[str, ...]  # the roles or factions counted
    why: Why = meta()

    def describe(self) -> str:
        return f"told in the prep phase how many players are {' or '.join(self.groups)}"


@dataclass(frozen=True)
class CensusWorn:
    why: Why = meta()

    def describe(self) -> str:
        return "the count includes players disguised as one of the roles counted"


@dataclass(frozen=True)
class CensusHint:
    text: str
    why: Why = meta()

    def describe(self) -> str:
        return f'told "{self.text}" in the prep phase when a player wears a role counted'


def _wears(b: NightBuilder, q: str, groups: tuple[str, ...]) -> Expr:
    """q wears one of the roles `groups` names tonight (a disguise: `Kind.wears`)."""
    names = {canon(g) for g in groups}
    return any_of(
        x for k in b.kinds if k.wears for name, x in k.wears(b, q) if canon(name) in names
    )


def told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """In the prep phase (night 0): each holder's count, one text per possible number."""
    if b.night != 0:
        return []
    out: list[TextSource] = []
    for role in b.rs.roles:
        worn = [t for t in role.traits if isinstance(t, CensusWorn)]
        hints = [t for t in role.traits if isinstance(t, CensusHint)]
        for c in (t for t in role.traits if isinstance(t, Census)):
            members = [any_of(b.member(q, g) for g in c.groups) for q in b.sc.players]
            for w in worn:
                on = label(b.sc.switch(w.why), w.why)
                members = [
                    disj(m, conj(on, _wears(b, q, c.groups)))
                    for m, q in zip(members, b.sc.players, strict=True)
                ]
            said = label(b.sc.switch(c.why), c.why)
            for p in b.sc.players:
                holds = b.sc.role_is(p, role)
                if holds == FALSE or not b.reads(p):
                    continue
                for h in hints:
                    dressed = any_of(_wears(b, q, c.groups) for q in b.sc.players)
                    gate = conj(holds, label(b.sc.switch(h.why), h.why), dressed)
                    if gate != FALSE:
                        out.append(TextSource(p, gate, h.text, why=h.why))
                for n in range(len(members) + 1):
                    exact = conj(at_least(n, members), neg(at_least(n + 1, members)))
                    gate = conj(holds, said, exact)
                    if gate != FALSE:
                        out.append(TextSource(p, gate, str(n), why=c.why))
    return out


KIND = Kind("census", (Census, CensusWorn, CensusHint), phase_texts=told)
