"""Owns what actions tell their actor: investigations (who visited whom, a role) and
result texts with their conditions (success, failure, alignment against the last scan).

Vocabulary:
  Investigate  the actor learns `info` about the target; the text lists names
  Result       the actor receives `text` when `cond` holds

A visit check sees an action by its visiting class: visiting actions by default, or the
roles a "seen by" list names (the ruleset's `SeenBy` sentences).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.model import frame
from logic.model.expr import FALSE, Const, Expr, any_of, conj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import VisitClass
    from logic.model.semantics import NightBuilder


class Info(enum.Enum):
    """What an investigative effect reports about its target."""

    VISITS = "who that player visited"
    VISITORS = "who visited that player"
    VISITOR_ROLES = "what roles visited that player"
    ROLE = "the role of that player"


class Cond(enum.Enum):
    """When a result text is received."""

    SUCCESSFUL = "if successful"
    FAILED = "otherwise"
    SAME_AS_LAST = "if the player is of the same alignment as the last player scanned"
    OPPOSITE_AS_LAST = "if the player is of the opposite alignment as the last player scanned"


@dataclass(frozen=True)
class Investigate:
    info: Info
    why: Why = meta()

    def describe(self) -> str:
        return f"investigate: learns {self.info.value}"


@dataclass(frozen=True)
class Result:
    text: str
    cond: Cond
    why: Why = meta()

    def describe(self) -> str:
        return f'result: receives "{self.text}" {self.cond.value}'


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    out = [investigation(b, i, c, e) for c, e in b.effects(i, Investigate)]
    for c, r in b.effects(i, Result):  # c includes the result sentence's switch
        gate = label(conj(c, result_gate(b, i, r)), r.why)
        out.append(TextSource(b.actor(i), gate, r.text, why=r.why))
    return out


def seen(b: NightBuilder, vc: VisitClass, checker: str) -> Expr:
    """Whether an action of class `vc` shows up on `checker`'s visit checks (labelled)."""
    from logic.model.ir import VisitClass

    lists = [s for s in b.rs.seen_by if s.visit_class is vc]
    if not lists:
        return label(Const(vc is not VisitClass.NON), frame.SEEN_DEFAULT)
    parts = []
    for s in lists:
        for name in s.roles:
            role = b.rs.role(name)
            if role is not None:
                parts.append(label(conj(b.sc.switch(s.why), b.sc.role_is(checker, role)), s.why))
    return any_of(parts)


def investigation(b: NightBuilder, i: int, c: Expr, e: Investigate) -> TextSource:
    from logic.model.ir import VisitClass

    gate = label(conj(c, b.ok(i)), e.why)
    pieces: list[tuple[Expr, str]] = []
    checker = b.actor(i)
    if e.info is Info.ROLE:
        for q in b.sc.players:
            for role in b.roles:
                x = conj(b.aims(i, q), b.sc.role_is(q, role))
                if x != FALSE:
                    pieces.append((x, role.name))
        return TextSource(checker, gate, None, tuple(pieces), e.why)
    for j in range(b.n):
        if j == i:
            continue
        for vc in VisitClass:
            is_vc = b.class_is(j, vc)
            if is_vc == FALSE:
                continue
            shown = conj(is_vc, seen(b, vc, checker), b.ok(j))
            if shown == FALSE:
                continue
            if e.info is Info.VISITS:
                tracked = b.aims(i, b.actor(j))
                for q in b.sc.players:
                    x = conj(shown, tracked, b.aims(j, q))
                    if x != FALSE:
                        pieces.append((x, q))
            elif e.info is Info.VISITORS:
                x = conj(shown, b.shares(i, j))
                if x != FALSE:
                    pieces.append((x, b.actor(j)))
            elif e.info is Info.VISITOR_ROLES:
                for role in b.roles:
                    x = conj(shown, b.shares(i, j), b.sc.role_is(b.actor(j), role))
                    if x != FALSE:
                        pieces.append((x, role.name))
    return TextSource(checker, gate, None, tuple(pieces), e.why)


def alignment_same(b: NightBuilder, target: str, last: str, checker: str) -> Expr:
    """Whether `target` and `last` show the same alignment to `checker`'s role
    ('Checks as mafia by parity cop')."""

    def shows(p: str, f: str) -> Expr:
        parts = []
        for role in b.roles:
            is_role = b.sc.role_is(p, role)
            if is_role == FALSE:
                continue
            faction = canon(role.faction)
            for ap in role.appears_as:
                if ap.to is None:
                    faction = canon(ap.faction)
                    break
                to = b.rs.role(ap.to)
                if to is not None and b.sc.role_is(checker, to) != FALSE:
                    faction = canon(ap.faction)
                    break
            if faction == canon(f):
                parts.append(is_role)
        return any_of(parts)

    return any_of(conj(shows(target, f), shows(last, f)) for f in b.rs.factions)


def result_gate(b: NightBuilder, i: int, r: Result) -> Expr:
    match r.cond:
        case Cond.SUCCESSFUL:
            return b.ok(i)
        case Cond.FAILED:
            return conj(b.sc.taken(i), neg(b.ok(i)))
        case Cond.SAME_AS_LAST | Cond.OPPOSITE_AS_LAST:
            lasts = b.sc.last_checked(b.actor(i))
            if not lasts:
                return FALSE
            want = r.cond is Cond.SAME_AS_LAST
            parts = []
            for c, last in lasts:
                if c == FALSE:
                    continue
                for q in b.sc.players:
                    hit = b.aims(i, q)
                    if hit == FALSE:  # (a known target: one q left)
                        continue
                    same = alignment_same(b, q, last, b.actor(i))
                    parts.append(conj(c, hit, same if want else neg(same)))
            return conj(b.ok(i), any_of(parts))
    raise AssertionError(r.cond)


KIND = Kind("investigate", (Investigate, Result), texts=texts)
