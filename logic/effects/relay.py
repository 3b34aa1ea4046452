"""Owns results relayed to another player: each night a leader is told results of his
subordinates, drawn at random (DCTP's FBI Leader, James: "After each night, James will
receive two results from his subordinates chosen at random (the number of reports he gets
relies on the number of subordinates in the game, but he may not receive more than two).")
and, of some subordinates, one result only ("With concern to Akai, James will receive only
one of his investigations.", "In the case of Kir, James will receive only one of her actions
(Betrayal, Investigation, or Special Investigation), chosen at random."). Its phrases are
grammar/clause/relay.lark, read by logic/lang/kinds/relay.py. No other file names it.

Vocabulary (each a trait of the holder's role):
  Relayed   after each night (not the prep phase), the holder (alive when the night began)
            is told the results of `count` of his subordinates, drawn at random among
            those told a result tonight: fewer when fewer were ("the number of reports he
            gets relies on the number of subordinates in the game, but he may not receive
            more than two"), never two of one subordinate. A subordinate's results are the
            texts his role's abilities and traits gave him tonight (not what another's
            action told him, as a protector's "identity of the attacker"), as he was told
            them (the form of a report is not said: the result's own text). His subordinates are the roles his count
            names (logic/effects/census.py's `Census`, "... how many of his subordinated
            (Jodie, Akai, Camel, Kir) are in the game."): without that sentence, none
  RelayOne  of a subordinate holding `role`, the holder is told the results of one of his
            actions of the night (the sentence that gave them), drawn at random; unsaid, all
            of them. When the sentence names them
            by an ability's noun (`of`: "only one of his investigations"), only the results
            of his role's abilities so named (by the stem: Investigate's) are among them;
            "her actions (...)" names none: every result of hers

Readings (the source is silent): the draw is among subordinates told a result tonight (a
subordinate with none gives no report); who gets the report is the role dealt (a player
disguised as a subordinate is no subordinate; a subordinate's results of abilities lent
him, as the bow-tie's, are not reported); the relay happens when the holder can read
(alive, not in custody), as any text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind, first_drawn
from logic.effects.census import Census
from logic.model.expr import FALSE, Expr, any_of, conj, disj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Relayed:
    count: int
    why: Why = meta()

    def describe(self) -> str:
        return f"after each night, told the results of {self.count} subordinates drawn at random"


@dataclass(frozen=True)
class RelayOne:
    # the subordinate's role; `check`, as a card's lines, so that each sentence is a trait
    # of its own (logic/lang/assemble/prose.py's _same_trait)
    check: tuple[str, ...]
    why: Why = meta()

    @property
    def role(self) -> str:
        return self.check[0]

    @property
    def of(self) -> str | None:
        """The noun the sentence names the results by ("investigations"), if any."""
        return self.check[1] if len(self.check) > 1 else None

    def describe(self) -> str:
        of = f" ({self.of})" if self.of else ""
        return f"of {self.role}'s results{of}, told one drawn at random"


def _traits(role: Role, kind: type) -> list[Any]:
    return [t for t in role.traits if isinstance(t, kind)]


def _subordinates(b: NightBuilder, leader: Role) -> list[tuple[Role, Expr]]:
    """The roles the leader's count names, each with its sentence in force."""
    out = []
    for c in _traits(leader, Census):
        said = label(b.sc.switch(c.why), c.why)
        names = {canon(g) for g in c.groups}
        out += [(r, said) for r in b.rs.roles if canon(r.name) in names]
    return out


def _own(role: Role) -> set[Why]:
    """The sentences of the role's abilities and traits: its results are the texts they
    give (not what another's action told the holder)."""
    whys = {e.why for ab in role.abilities for e in ab.effects}
    return whys | {t.why for t in role.traits if hasattr(t, "why")}


def _stem(word: str) -> str:
    w = "".join(ch for ch in word.casefold() if ch.isalpha())
    for end in ("ions", "ion", "es", "s", "e"):
        if w.endswith(end):
            return w.removesuffix(end)
    return w


def _of(role: Role, t: RelayOne) -> set[Why]:
    """The sentences of the results a `RelayOne` names: every result, or those of the
    role's abilities its noun names."""
    if t.of is None:
        return _own(role)
    return {
        e.why for ab in role.abilities if _stem(ab.name).startswith(_stem(t.of)) for e in ab.effects
    }


def _report(
    b: NightBuilder, leader: Role, draw: str, r: Role, mine: list[TextSource]
) -> list[tuple[TextSource, Expr]]:
    """(text, it is in the report of a subordinate holding r): every result, or, where a
    `RelayOne` names r, the results of one of his actions among those it names, drawn at
    random (an action: the sentence that gave the result; a draw among a few actions, not
    among every text a symbolic night may tell)."""
    cases = []
    for t in _traits(leader, RelayOne):
        if canon(t.role) != canon(r.name):
            continue
        named = _of(r, t)
        acts = sorted(
            {x.why for x in mine if x.why in named}, key=lambda w: (w.loc.line, w.loc.column)
        )
        did = [any_of(x.gate for x in mine if x.why == w) for w in acts]
        drawn = dict(
            zip(
                acts,
                first_drawn(b, f"{draw}:one:{canon(r.name)}:{t.why.loc.line}", did),
                strict=True,
            )
        )
        cases.append((label(b.sc.switch(t.why), t.why), drawn))
    every = neg(any_of(one for one, _ in cases))
    return [
        (
            x,
            disj(
                conj(every, x.gate),
                *(conj(one, d[x.why], x.gate) for one, d in cases if x.why in d),
            ),
        )
        for x in mine
    ]


def _merged(texts: list[TextSource]) -> list[TextSource]:
    """The texts, those of one sentence that tell the same words joined into one (told when
    any is): a symbolic night tells a role's name in as many texts as there are ways to
    learn it (Kir's identity of an erased body), and each would be copied to the leader."""
    fixed: dict[tuple[Why | None, str], list[TextSource]] = {}
    out: list[TextSource] = []
    for x in texts:
        if x.text is None:
            out.append(x)
        else:
            fixed.setdefault((x.why, x.text), []).append(x)
    for (why, text), xs in fixed.items():
        gate = xs[0].gate if len(xs) == 1 else any_of(x.gate for x in xs)
        out.append(TextSource(xs[0].actor, gate, text, (), why))
    return out


def relays(b: NightBuilder, told: Sequence[TextSource]) -> list[TextSource]:
    """Each holder is told the reports of the subordinates drawn tonight."""
    if b.night == 0:
        return []
    out: list[TextSource] = []
    for role in b.rs.roles:
        for t in _traits(role, Relayed):
            subs = _subordinates(b, role)
            for q in b.sc.players:
                holds = conj(b.sc.role_is(q, role), neg(b.sc.dead_before(q)))
                if holds == FALSE:
                    continue
                gate = conj(holds, label(b.sc.switch(t.why), t.why))
                draw = f"relay:{q}:{t.why.loc.line}:{t.why.loc.column}"
                # (player, role, he holds it and was told a result, his results)
                cands = []
                for s in b.sc.players:
                    for r, said in subs:
                        sub = conj(said, b.sc.role_is(s, r))
                        own = _own(r)
                        mine = _merged([x for x in told if x.actor == s and x.why in own])
                        if s == q or sub == FALSE or not mine:
                            continue
                        cands.append((s, r, conj(sub, any_of(x.gate for x in mine)), mine))
                chosen: list[Expr] = [FALSE] * len(cands)
                for k in range(t.count):
                    left = [conj(h, neg(c)) for (_, _, h, _), c in zip(cands, chosen, strict=True)]
                    picks = first_drawn(b, f"{draw}:{k}", left)
                    chosen = [disj(c, x) for c, x in zip(chosen, picks, strict=True)]
                for (s, r, _, mine), c in zip(cands, chosen, strict=True):
                    for x, y in _report(b, role, f"{draw}:{s}", r, mine):
                        g = label(conj(gate, c, y), t.why)
                        out.append(TextSource(q, g, x.text, x.pieces, t.why))
    return out


KIND = Kind("relay", (Relayed, RelayOne), relays=relays)
