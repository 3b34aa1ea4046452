"""Owns what actions tell their actor: investigations (who visited whom, a role) and
result texts with their conditions (success, failure, alignment against the last scan).

Vocabulary:
  Investigate  the actor learns `info` about the target; the text lists names (of a
               faction's visits, `faction`: whom its members visited, with no target)
  Result       the actor receives `text` when `cond` holds

A visit check sees an action by its visiting class: visiting actions by default, or the
roles a "seen by" list names (the ruleset's `SeenBy` sentences).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import attack, forge, registration
from logic.effects.base import Kind, Outcome, Table
from logic.model import frame
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.ir import VisitClass
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import VisitClass
    from logic.model.semantics import NightBuilder
    from logic.model.table import Play, State


class Info(enum.Enum):
    """What an investigative effect reports about its target."""

    VISITS = "who that player visited"
    VISITORS = "who visited that player"
    VISITOR_ROLES = "what roles visited that player"
    ROLE = "the role of that player"
    # "You will learn whether they are Vanilla or not.": "Vanilla" when the role a scan of
    # the target shows has no ability and no trait of its own (a faction's kill is the
    # faction's), else "Not Vanilla"
    VANILLA = "whether that player's role is vanilla"
    # "You can see who the Mafia visit each night." (the Spy): the players a faction's
    # members visited tonight, as a tracker of each would see them (no target of its own)
    FACTION_VISITS = "whom the members of a faction visited"


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
    faction: str | None = None  # Info.FACTION_VISITS's faction (the word, then the faction)

    def describe(self) -> str:
        if self.info is Info.FACTION_VISITS:
            return f"investigate: learns whom the members of {self.faction} visited"
        return f"investigate: learns {self.info.value}"


@dataclass(frozen=True)
class Result:
    text: str
    cond: Cond
    why: Why = meta()

    def describe(self) -> str:
        return f'result: receives "{self.text}" {self.cond.value}'


@dataclass(frozen=True)
class AlignmentCheck:
    """The actor learns the target's alignment as one of `results` (a text per faction,
    "Town", "Mafia"), or `unknown` ("Unknown verdicts may happen for a variety of reasons,
    including being roleblocked, scanning the Secret Boss, and others."): when the check
    fails, and for the factions in `unknown_for`. The sentence's "and others" names no
    other reason; the engine knows none."""

    results: tuple[str, ...]
    why: Why = meta()
    unknown: str | None = None
    unknown_why: Why | None = None
    unknown_for: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"alignment check: learns one of {', '.join(self.results)}"


@dataclass(frozen=True)
class Unlinked:
    """A role trait: "the Investigator cannot link him to the Mafia": an alignment check
    by `by` never shows `faction`; which other result it shows the sentence does not say
    (left open for the whole game: `game:unlinked:ROLE`)."""

    by: str
    faction: str
    why: Why = meta()

    def describe(self) -> str:
        return f"an alignment check by the {self.by} does not show the {self.faction}"


@dataclass(frozen=True)
class SeenAfterKill:
    """A role trait: "after his first kill, the Investigator will no longer see him as
    Town": once the holder's kill has killed someone (the mark `first kill`), a check by
    `by` does not show `faction`; what it shows instead is open (`game:after-kill:ROLE`)."""

    by: str
    faction: str
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"after a first kill, an alignment check by the {self.by} does not show {self.faction}"
        )


FIRST_KILL = "first kill"


def alignment_texts(b: NightBuilder, i: int) -> list[TextSource]:
    out: list[TextSource] = []
    for c, e in b.effects(i, AlignmentCheck):
        checker = b.actor(i)
        unknown = e.unknown or "Unknown"
        failed = conj(c, b.sc.taken(i), neg(b.ok(i)))
        if e.unknown_why is not None:
            out.append(
                TextSource(checker, label(failed, e.unknown_why), unknown, why=e.unknown_why)
            )
        # a forged result replaces what the check shows (logic/effects/forge.py)
        forged = forge.overrides(b, i)
        own = neg(any_of(x for x, _, _ in forged))
        shown: dict[str, list[Expr]] = {}
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q), own)
            if hit == FALSE:
                continue
            for text, cond in _shows(b, q, e, checker):
                shown.setdefault(text, []).append(conj(hit, cond))
        for text, conds in shown.items():
            out.append(TextSource(checker, label(any_of(conds), e.why), text, why=e.why))
        for x, text, why in forged:
            out.append(TextSource(checker, conj(c, b.ok(i), x), text, why=why))
    return out


def _shows(b: NightBuilder, q: str, e: AlignmentCheck, checker: str) -> list[tuple[str, Expr]]:
    """(text, condition) for what a check shows of q."""
    unknown = e.unknown or "Unknown"
    out: list[tuple[str, Expr]] = []
    hidden = [f for f in e.unknown_for]
    is_hidden = any_of(b.sc.faction_is(q, f) for f in hidden)
    if is_hidden != FALSE:
        out.append((unknown, label(is_hidden, e.unknown_why or e.why)))
    for faction in e.results:
        if faction == unknown:
            continue
        member = conj(b.sc.faction_is(q, faction), neg(is_hidden))
        if member == FALSE:
            continue
        for role in b.roles:
            holds = conj(member, b.sc.role_is(q, role))
            if holds == FALSE:
                continue
            masks = [
                (t, cond) for t, cond in _masks(b, q, role, faction, checker, e) if cond != FALSE
            ]
            if not masks:
                out.append((faction, holds))
                continue
            masked = any_of(cond for _, cond in masks)
            out.append((faction, conj(holds, neg(masked))))
            for t, cond in masks:
                out.append((t, conj(holds, cond)))
    return out


def _masks(
    b: NightBuilder, q: str, role: Any, faction: str, checker: str, e: AlignmentCheck
) -> list[tuple[str, Expr]]:
    """What a trait of q's role shows instead of `faction`, and when."""
    out: list[tuple[str, Expr]] = []
    for t in role.traits:
        if isinstance(t, (Unlinked, SeenAfterKill)) and canon(t.faction) == canon(faction):
            by = b.rs.role(t.by)
            if by is None or b.sc.role_is(checker, by) == FALSE:
                continue
            when = label(b.sc.role_is(checker, by), t.why)
            if isinstance(t, SeenAfterKill):
                when = conj(when, b.sc.marked_before(q, FIRST_KILL))
            tag = "unlinked" if isinstance(t, Unlinked) else "after-kill"
            others = [f for f in e.results if canon(f) != canon(faction)]
            shown = _open_choice(b, f"game:{tag}:{canon(role.name)}", others)
            for k, other in enumerate(others):
                out.append((other, conj(when, eq(shown, Const(k)))))
    for kind in b.kinds:  # what another kind shows instead (a registration)
        if kind.shows_as is not None:
            out.extend(kind.shows_as(b, q, role, faction, checker, e.results))
    return out


def _open_choice(b: NightBuilder, name: str, options: list[str]) -> Expr:
    return b.choice(name, range(len(options)))


def first_kills(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The mark `first kill` of a holder of a role whose look depends on it."""
    readers = [r for r in b.roles if any(isinstance(t, SeenAfterKill) for t in r.traits)]
    out: dict[Atom, Expr] = {}
    for role in readers:
        trait = next(t for t in role.traits if isinstance(t, SeenAfterKill))
        for p in b.sc.players:
            holder = b.sc.role_is(p, role)
            if holder == FALSE:
                continue
            killed = any_of(
                conj(hit, outcome.died.get(q, FALSE))
                for i, q, hit, _ in attack.attacks(b)
                if b.actor(i) == p and b.sc.slots[i].kind == "ability"
            )
            out[Atom("mark", p, FIRST_KILL)] = disj(
                label(b.sc.marked_before(p, FIRST_KILL), trait.why), conj(holder, killed)
            )
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    out = [investigation(b, i, c, e) for c, e in b.effects(i, Investigate)]
    out.extend(alignment_texts(b, i))
    for c, r in b.effects(i, Result):  # c includes the result sentence's switch
        gate = label(conj(c, result_gate(b, i, r)), r.why)
        out.append(TextSource(b.actor(i), gate, r.text, why=r.why))
    return out


def seen(b: NightBuilder, vc: VisitClass, checker: str) -> Expr:
    """Whether an action of class `vc` shows up on `checker`'s visit checks (labelled)."""
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


def scan_shows(b: NightBuilder, q: str) -> list[tuple[Expr, str]]:
    """(a role scan of q shows `name` tonight, name): q's role, or a fake shown instead
    of it (`Kind.shows_role`: a meddling, a registration), whoever scans. Made once a
    night, each a variable of the symbolic night (`scan:q:NAME`, defined once): every
    scan of q reads it, where each used to rebuild the fakes (the werewolf pool's
    Meddler: its fakes were most of `check`'s 5-player query, once per scanner)."""
    return b.once(f"scan:{q}", lambda: _scan_shows(b, q))


def _scan_shows(b: NightBuilder, q: str) -> list[tuple[Expr, str]]:
    fakes = [x for k in b.kinds if k.shows_role for x in k.shows_role(b, q)]
    own = neg(any_of(c for _, c in fakes))
    parts: dict[str, list[Expr]] = {}
    for role in b.roles:
        x = conj(b.sc.role_is(q, role), own)
        if x != FALSE:
            parts.setdefault(role.name, []).append(x)
    for text, c in fakes:
        if c != FALSE:
            parts.setdefault(text, []).append(c)
    out = []
    for name, xs in parts.items():
        x = any_of(xs)
        if fakes:  # (without a fake, q's role alone: nothing to share)
            x = b.define(f"scan:{q}:{name}", x, shared=b.fixed(x))
        if x != FALSE:
            out.append((x, name))
    return out


def investigation(b: NightBuilder, i: int, c: Expr, e: Investigate) -> TextSource:
    gate = label(conj(c, b.ok(i)), e.why)
    pieces: list[tuple[Expr, str]] = []
    checker = b.actor(i)
    if e.info in (Info.ROLE, Info.VANILLA):
        said = (lambda name: name) if e.info is Info.ROLE else (lambda name: vanilla(b, name))
        for q in b.sc.players:
            aims = b.aims(i, q)
            if aims == FALSE:
                continue
            pieces += [
                (x, said(name))
                for shows, name in scan_shows(b, q)
                if (x := conj(aims, shows)) != FALSE
            ]
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
            if e.info is Info.FACTION_VISITS:
                member = b.sc.faction_is(b.actor(j), e.faction or "")
                for q in b.sc.players:
                    x = conj(shown, member, b.aims(j, q))
                    if x != FALSE:
                        pieces.append((x, q))
            elif e.info is Info.VISITS:
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


def vanilla(b: NightBuilder, name: str) -> str:
    """What a vanilla check says of a scan that shows the role called `name`."""
    role = b.rs.role(name)
    plain = role is not None and not role.abilities and not role.traits
    return "Vanilla" if plain else "Not Vanilla"


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


def table_told(play: Play, st: State, before: State, k: int, node: Any, text: str) -> bool | None:
    """At the table (logic/model/table.py): "X is the C", learned of a target's
    character, may be told when X's character may register as C."""
    if not isinstance(node, Investigate) or node.info is not Info.ROLE:
        return None
    m = re.fullmatch(r"(\w+) is the (.+)", text)
    if m is None:
        return False
    return registration.may_show_as(play.s, st.chars[play.seat(m.group(1))], m.group(2))


KIND = Kind(
    "investigate",
    (Investigate, Result, AlignmentCheck, Unlinked, SeenAfterKill),
    texts=texts,
    transition=first_kills,
    nouns=(("investigation", (Investigate, AlignmentCheck)),),
    table=Table(told=table_told),
)
