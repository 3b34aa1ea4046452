"""Owns the blame, read from the GM's sentences (DCTP's Anokata): a night action that pins
an action on another player, which investigations then see and the record of crimes keeps
as his, and the blame itself that investigations do not see. Its phrases are
grammar/clause/blame.lark, read by logic/lang/kinds/blame.py (words in
grammar/lexicon/blame.toml). No other file names it.

Vocabulary:
  Blame      the ability's effect ("May opt to blame a townie for committing a crime on the
             same night."): a night action naming two players, the blamed and the victim,
             and the action pinned on the blamed (a decision among `options`: the
             faction's kill, "Kill", and every role's night ability, by name; a case's
             `X decides "Kill"`). Alone it pins nothing: what it does is its user's line's
             `BlameRule`
  BlameRule  a sentence of the blamer's line (each a field; unsaid, the engine does not do
             it):
    seen       'Any investigations for the blamed action will come back as "true", and the
               townie may be arrested for the blamed action as well.': a blame that took
               place makes the blamed seen as having done the action on the victim that
               night, by every investigation of actions and stake-out, and puts it on his
               record (an arrest, a house search, a cross-examination find it: the record
               is what investigations see, logic/effects/crimes.py). Said again by
               "Blamed actions count as a crime."
    hidden     '"Blame" itself may not be investigated and will come back as a false.': no
               investigation of actions or stake-out of tonight sees the blame (it stays
               on the blamer's record: "Blaming" is on the list of crimes)

Readings: the action pinned is seen by the keyword an investigation sees it by
(logic/effects/inquiry.py: "Kill", "Slander"); whether the blamed is a townie and the action
a crime the engine does not check (BL1); the victim is any player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from logic.effects import inquiry
from logic.effects.base import Kind, line_rules
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder

KILL = "Kill"  # the option of the faction's kill (a case's `X kills Y`)


@dataclass(frozen=True)
class Blame:
    why: Why = meta()
    options: tuple[str, ...] = ()  # the action pinned, decided by the player

    def with_roles(self, roles: Sequence[Role]) -> Blame:
        """The options: the faction's kill and every role's night ability, by name."""
        names = [KILL]
        for r in roles:
            for a in r.abilities:
                night = not any(getattr(e, "by_day", False) for e in a.effects)
                if night and canon(a.name) not in {canon(n) for n in names}:
                    names.append(a.name)
        return replace(self, options=tuple(names))

    def describe(self) -> str:
        return "blame: pins an action on the first player, on the second, tonight"


@dataclass(frozen=True)
class BlameRule:
    """The sentences of a blamer's line about the blame, each a field (see the module;
    None: the sentence is not in the ruleset)."""

    why: Why = meta()
    seen: Why | None = None
    hidden: Why | None = None

    def describe(self) -> str:
        said = []
        if self.seen is not None:
            said.append("the blamed action is seen and on the blamed's record")
        if self.hidden is not None:
            said.append("no investigation sees the blame itself")
        return "blame: " + "; ".join(said)


def _said(b: Any, tag: str) -> Expr:
    """A blamer's line says `tag`, its sentence in force: the sentences are the blame's,
    whoever uses it (a blame lent with the Black Suitcase, logic/effects/suitcase.py)."""
    return any_of(label(b.sc.switch(w), w) for _, w, _ in line_rules(b, BlameRule, tag))


def _is(b: NightBuilder, target: Expr, q: str) -> Expr:
    return eq(target, Const(b.sc.players.index(q)))


def pretends(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    """(the blamed, the action's keyword, a blame that took place pins it on q tonight)."""
    out: list[tuple[str, str, Expr]] = []
    for j in range(b.n):
        for c, e in b.effects(j, Blame):
            said = _said(b, "seen")
            took = conj(c, b.ok(j), said, _is(b, b.target(j, 1), q))
            if took == FALSE:
                continue
            decided = b.sc.decision(j, e.options)
            for k, name in enumerate(e.options):
                pinned = conj(took, eq(decided, Const(k)))
                if pinned == FALSE:
                    continue
                for a in b.sc.players:
                    x = conj(pinned, _is(b, b.target(j, 0), a))
                    if x != FALSE:
                        out.append((a, inquiry.keyword_named(b.rs, name, KILL), x))
    return out


def unseen(b: NightBuilder, keyword: str) -> Expr:
    """The blame's own keyword, when a blamer's line hides it."""
    return any_of(
        label(b.sc.switch(w), w)
        for r, w, _ in line_rules(b, BlameRule, "hidden")
        for ab in r.abilities
        if any(isinstance(e, Blame) for e in ab.effects)
        and canon(inquiry.keyword(b.rs, ab)) == canon(keyword)
    )


KIND = Kind("blame", (Blame, BlameRule), pretends=pretends, unseen=unseen)
