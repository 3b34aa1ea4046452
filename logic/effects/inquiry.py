"""Owns investigations of actions: an inquiry that names one player's action on another
("Investigate 'Conia kills CTU'") or one player ("The policeman learns of all actions
performed to a player that night"), and learns which actions took place, by their
keywords.

Vocabulary:
  Keywords     a ruleset line "Heal — Healing / First-Aid": abilities of any of these
               names are one action to an inquiry, shown by the first name ("Heal")
  ActionCheck  the actor names two players and learns the keywords of the first one's
               actions that took place on the second that night ("no one" when none did)
  StakeOut     the actor learns the keywords of every action that took place on that
               player that night (no one's names); nothing when that player dies that night

An action that took place is one that was not stopped (a discombobulated action, or the
action of a player killed before it, was not done), whether or not its effect was then
undone (an attack that a heal stopped is still an attack). An ability that no keyword line
names is shown by its own name. What a kind says investigations see that did not take
place (a blamed action: `Kind.pretends`) is seen, and on the record of crimes, as if it
had (one a kind keeps off that record, a pretended action that is no crime:
`Kind.feigns`, is seen tonight only); an action of a keyword a kind hides (the blame itself: `Kind.unseen`) is on the
record but no investigation of tonight sees it. An investigation of an action is itself
an action on the player whose action it names ("xpon investigates conia" when he asks
"conia kills CTU"), not on the second player it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome, withheld
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import Ability, Ruleset
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Keywords:
    """'Heal — Healing / First-Aid': `names` are one action, shown as `keyword`."""

    keyword: str
    names: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"keywords: {', '.join(self.names)} are the action {self.keyword}"


@dataclass(frozen=True)
class ActionCheck:
    why: Why = meta()

    def describe(self) -> str:
        return "investigate an action: learns what the first player did to the second tonight"


@dataclass(frozen=True)
class StakeOut:
    why: Why = meta()

    def describe(self) -> str:
        return "stake-out: learns every action that took place on that player tonight"


def _norm(name: str) -> str:
    return "".join(name.casefold().replace("-", " ").split())


def keyword(rs: Ruleset, ability: Ability) -> str:
    """The action an inquiry sees `ability` as: its keyword line's first name, or its own
    name."""
    names = {_norm(n) for n in (ability.name, *ability.aliases)}
    for k in rs.keywords:
        if names & {_norm(n) for n in (k.keyword, *k.names)}:
            return k.keyword
    return ability.name


def keyword_named(rs: Ruleset, name: str, kill: str) -> str:
    """The action an inquiry sees an ability named `name` as (`kill`: the faction's kill, seen
    as its nightkill's): a pretended or blamed action named by its player."""
    if canon(name) == canon(kill):
        for f in rs.factions:
            nk = rs.nightkill(f)
            if nk is not None:
                return keyword(rs, nk.ability)
        return kill
    for r in rs.roles:
        for a in r.abilities:
            if canon(a.name) == canon(name):
                return keyword(rs, a)
    return name


def _on(b: NightBuilder, j: int, q: str) -> list[tuple[Expr, str]]:
    """(slot j's action took place on q, its keyword). An investigation of an action is
    on the player whose action it names ("Xpon investigates conia" for "conia kills
    CTU"), not on the second player it names. Made once a night for each slot and
    player (every investigation and stake-out asks again: DCTP's nights spent most of
    their building here)."""
    return b.once(f"inquiry:on:{j}:{q}", lambda: _made_on(b, j, q))


def _made_on(b: NightBuilder, j: int, q: str) -> list[tuple[Expr, str]]:
    out = []
    for c, ab in b.sc.abilities(j):
        first = any(isinstance(e, ActionCheck) for e in ab.effects)
        on = _is(b, b.target(j, 0), q) if first else b.aims(j, q)
        x = conj(c, b.ok(j), on)
        if x != FALSE:
            out.append((x, keyword(b.rs, ab)))
    for c, faction in b.sc.nightkill_of(j):
        nk = b.rs.nightkill(faction)
        x = conj(c, b.ok(j), b.aims(j, q))
        if nk is not None and x != FALSE:
            out.append((x, keyword(b.rs, nk.ability)))
    return out


def did(b: NightBuilder, q: str, but: int | None = None) -> list[tuple[str, str, Expr]]:
    """(actor, keyword, that actor's action of that keyword took place on q tonight)
    for every actor of the night; `but` leaves slot `but`'s own action out. Made once a
    night for q, each a variable of the symbolic night (`did:ACTOR:KEYWORD>q`, defined
    once): every investigation, stake-out and record of tonight reads it, where each
    listing used to rebuild every action (DCTP: most of `check`'s 5-player query). For
    `but`'s actor, his other slots' actions are written out (a few terms)."""
    out = [
        (a, k, x)
        for a, k, x in b.once(f"inquiry:did:{q}", lambda: _did(b, q))
        if but is None or a != b.actor(but)
    ]
    if but is not None:
        mine: dict[str, list[Expr]] = {}
        for j in range(b.n):
            if j != but and b.actor(j) == b.actor(but):
                for x, k in _on(b, j, q):
                    mine.setdefault(k, []).append(x)
        out += [(b.actor(but), k, any_of(xs)) for k, xs in mine.items()]
    return out


def _did(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    parts: dict[tuple[str, str], list[Expr]] = {}
    for j in range(b.n):
        for x, k in _on(b, j, q):
            parts.setdefault((b.actor(j), k), []).append(x)
    for kind in b.kinds:  # actions seen as taken that were not (a blamed action)
        if kind.pretends:
            for a, k, x in kind.pretends(b, q):
                parts.setdefault((a, k), []).append(x)
    return [(a, k, b.define(f"did:{a}:{k}>{q}", any_of(xs))) for (a, k), xs in parts.items()]


def pinned(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    """(actor, keyword, when) for the actions a kind pins on an actor tonight on q (a blamed
    action: `Kind.pretends`) that the actor did not take himself: on the record as his
    (`did`), and told apart there for a reader that may not count them
    (logic/effects/crimes.py's `NoBlamedArrest`)."""

    def make() -> list[tuple[str, str, Expr]]:
        real: dict[tuple[str, str], list[Expr]] = {}
        for j in range(b.n):
            for x, k in _on(b, j, q):
                real.setdefault((b.actor(j), k), []).append(x)
        out = []
        for kind in b.kinds:
            if kind.pretends:
                for a, k, x in kind.pretends(b, q):
                    only = conj(x, neg(any_of(real.get((a, k), []))))
                    if only != FALSE:
                        out.append((a, k, only))
        return out

    got: list[tuple[str, str, Expr]] = b.once(f"inquiry:pinned:{q}", make)
    return got


def _feigned(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    """(actor, keyword, when) for the actions a kind says tonight's investigations see on q
    that are kept off the record (a pretended action that is no crime: `Kind.feigns`)."""
    return b.once(
        f"inquiry:feigned:{q}",
        lambda: [x for kind in b.kinds if kind.feigns for x in kind.feigns(b, q)],
    )


def _is(b: NightBuilder, target: Expr, q: str) -> Expr:
    return eq(target, Const(b.sc.players.index(q)))


def _seen(b: NightBuilder, keyword: str) -> Expr:
    """Investigations see actions of `keyword` tonight: no kind says they do not. Made once
    a night for each keyword (each piece of every listing asks: DCTP's 3-player night
    spent most of its building here, the kinds' `unseen` going through every ability)."""
    return b.once(
        f"inquiry:seen:{keyword}",
        lambda: neg(any_of(k.unseen(b, keyword) for k in b.kinds if k.unseen)),
    )


def texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    out: list[TextSource] = []
    for i in range(b.n):
        me = b.actor(i)
        if not b.reads(me):
            continue
        told = neg(withheld(b, i))  # (an officer suspended tonight: crimes.ResultsWithheld)
        for c, e in b.effects(i, ActionCheck):
            gate = conj(c, b.ok(i), told)
            if gate == FALSE:
                continue
            first, second = b.target(i, 0), b.target(i, 1)
            pieces: list[tuple[Expr, str]] = []
            for q in b.sc.players:
                for a, k, x in did(b, q, but=i) + _feigned(b, q):
                    pieces.append((conj(_is(b, first, a), _is(b, second, q), x, _seen(b, k)), k))
            out.append(TextSource(me, label(gate, e.why), None, tuple(pieces), e.why))
        for c, e in b.effects(i, StakeOut):
            for q in b.sc.players:
                # "If the target was killed, then you won't get any results back."
                gate = conj(c, b.ok(i), told, b.aims(i, q), neg(outcome.died.get(q, FALSE)))
                if gate == FALSE:
                    continue
                seen = did(b, q, but=i) + _feigned(b, q)
                pieces = [(conj(x, _seen(b, k)), k) for _, k, x in seen]
                out.append(TextSource(me, label(gate, e.why), None, tuple(pieces), e.why))
    return out


def seen(b: NightBuilder, q: str) -> Expr:
    """Some action took place on q tonight (for explanations and tests)."""
    return any_of(x for j in range(b.n) for x, _ in _on(b, j, q))


KIND = Kind("inquiry", (ActionCheck, StakeOut, Keywords), phase_texts=texts)
