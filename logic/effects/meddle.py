"""Owns what a scan of a player gives, and where an action aimed at him lands: fake scan
results for a player, the Meddler's "This werewolf may provide fake scan
results for the actions/status of another player (wolf or not) at night-time. ... If the
Meddler provides a preferred answer, that is what is given as a scan result, if not the
GG randomly selects one (possible) answer." Its phrases are grammar/clause/meddle.lark,
its words grammar/lexicon/meddle.toml, its reading logic/lang/kinds/meddle.py.

Vocabulary:
  Meddle  an action naming a player: tonight, every role scan of him (whoever scans)
          shows one fake role instead of his own: the role the player decided (`X decides
          "ROLE"` in a case: `options`, the roles of `pool`'s factions, filled in when the
          ruleset is assembled), else one drawn at random from those roles other than his
          own (`meddle:P:ROLE`, a draw of chance), in play or not; without the sentence
          that says so (`decided`), the host's open choice. One fake for every scan of
          him ("only by type (scan vs target), not by specific action")
  excludes (of a Meddle, its sentence) "The meddler can exclude some specific roles.": the
          roles the player leaves out (`X excludes "ROLE", ...` in a case) are not drawn;
          a symbolic night (`check`) leaves none out (it does not search exclusions)
  pool    the factions whose roles are the fake answers (`options`), "the entire villager
          pool (core, exclusive, general)"
  ScanBlock  an action naming a player: tonight every scan aimed at him fails (the
          Smoker's first mode: "This werewolf may block one other player from any
          night-time scan activity.", its example "if Player Y was the target of night
          activities/scans, they fail": read as the scans)
  scatter (of a Meddle, its sentence) "If the action is a target, a random other player is
          chosen.": tonight every action aimed at the meddled player that is not a scan
          (an action whose every effect tells its user something, a kind with `texts`:
          the Seer's, the Seeker's, the Spy's, the Undertaker's) lands on a player drawn at
          random from the others but the Meddler (`scatter:LINE:COL:SLOT:K:P:J`, a draw of
          chance; the werewolves' kill too: "the action" is any)

Asked by the role scan (logic/effects/investigate.py) through the `shows_role` hook, and
by every kind through the `retarget` hook (where an action lands). A scan of the actions
of a player (the Spy's, the Seeker's) is not faked. Readings (the source is silent): the
player drawn may be any other than the meddled one and the Meddler, the actor and the
dead included; a meddling moves the actions of the night it takes place (its `ok`),
whatever their tier.
The Meddler himself is not drawn: an action that landed on him (a block) could stop the
meddling that moved it, which would not have moved it (a paradox the source does not
speak to; W23). No lasting state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, ite, label, neg
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class ScanBlock:
    why: Why = meta()

    def describe(self) -> str:
        return "scan block: every scan aimed at the target tonight fails"


@dataclass(frozen=True)
class Meddle:
    why: Why = meta()
    pool: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    pool_why: Why | None = None
    decided: Why | None = None
    scatter: Why | None = None
    excludes: Why | None = None

    def describe(self) -> str:
        among = " or ".join(self.pool) if self.pool else "no pool"
        moved = "; an action aimed at him that is no scan lands on a random other player"
        left = " but those its player excludes" if self.excludes else ""
        return (
            "meddle: the target's role scans tonight show a fake role: the one decided, "
            f"else a random role of {among}{left}" + (moved if self.scatter else "")
        )


def meddled(b: NightBuilder, q: str) -> list[tuple[int, Expr, Meddle]]:
    """(slot, a meddling of q took place tonight, its node)."""
    return b.once(
        f"meddled:{q}",
        lambda: [
            (j, conj(c, b.ok(j), b.aims(j, q)), e)
            for j in range(b.n)
            for c, e in b.effects(j, Meddle)
            if conj(c, b.aims(j, q)) != FALSE
        ],
    )


def shows_role(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """What a role scan of q shows instead of his role tonight, and when."""
    out: list[tuple[str, Expr]] = []
    for j, x, e in meddled(b, q):
        if not e.options:
            continue
        undecided = x
        if e.decided is not None:  # the player's answer, else one drawn at random
            decided = b.sc.decision(j, e.options)
            for k, name in enumerate(e.options):
                out.append((name, label(conj(x, eq(decided, Const(k))), e.decided)))
            undecided = conj(x, eq(decided, Const(-1)))
        if undecided == FALSE:
            continue
        left = b.sc.excluded(j) if e.excludes is not None else ()
        out += [(shown, conj(undecided, x)) for shown, x in drawn(b, q, e, left)]
    return out


def drawn(b: NightBuilder, q: str, e: Meddle, left: tuple[str, ...] = ()) -> list[tuple[str, Expr]]:
    """(the answer not decided is `shown`, shown) for each role of the pool's: one drawn
    from the roles other than q's and those the Meddler left out (`left`, "The meddler can
    exclude some specific roles.") (`meddle:q:ROLE`, a draw for each role q may hold).
    Made once a night for q, each a variable fixed by the scenario (`meddled:q:NAME`):
    each meddling of q reads it (one for each player who may be the Meddler)."""
    out_ = {canon(o) for o in left}
    tag = "".join(f":-{canon(o)}" for o in sorted(out_))

    def make() -> list[tuple[str, Expr]]:
        why = e.pool_why or e.why
        parts: dict[str, list[Expr]] = {}
        for role in b.roles:
            holds = b.sc.role_is(q, role)
            if holds == FALSE:
                continue
            others = [o for o in e.options if canon(o) != canon(role.name) and canon(o) not in out_]
            if not others:
                continue
            name = f"meddle:{q}:{canon(role.name)}{tag}"
            # no sentence says who picks the answer: the host's open choice
            pick = (
                b.choice(name, range(len(others)), random=True)
                if e.decided is not None
                else b.choice(f"open:{name}", range(len(others)))
            )
            for k, shown in enumerate(others):
                parts.setdefault(shown, []).append(conj(holds, eq(pick, Const(k))))
        out = []
        for shown, xs in parts.items():
            x = label(any_of(xs), why)
            if tag and e.excludes is not None:
                x = label(x, e.excludes)
            out.append((shown, b.define(f"meddled:{q}:{shown}{tag}", x, shared=b.fixed(x))))
        return out

    return b.once(f"meddle:drawn:{q}:{e.options}{tag}", make)


def _scan(b: NightBuilder, i: int) -> Expr:
    """Slot i's action is a scan: an ability whose every effect tells its user something
    (its kind has `texts`), not a target ("only by type (scan vs target)")."""
    tells = {n for k in b.kinds if k.texts for n in k.nodes}
    return any_of(
        c
        for c, ab in b.sc.abilities(i)
        if ab.effects and all(isinstance(e, tuple(tells)) for e in ab.effects)
    )


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i's scan does not take place: it is aimed at a player a scan block reached
    tonight."""
    blocks = b.once(
        "scanblocks", lambda: [(j, c, e) for j in range(b.n) for c, e in b.effects(j, ScanBlock)]
    )
    scan = _scan(b, i) if blocks else FALSE
    if scan == FALSE:
        return FALSE
    out: list[Expr] = []
    for j, c, e in blocks:
        if j != i:
            for q in b.sc.players:
                x = conj(c, b.ok(j), b.sc.aims(j, q), scan, b.aims(i, q))
                if x != FALSE:
                    out.append(label(x, e.why))
    return any_of(out)


def retarget(b: NightBuilder, i: int, k: int, t: Expr) -> Expr:
    """Slot i's k-th target aimed at a player meddled with tonight, when it is no scan:
    a player drawn at random from the others ("a random other player is chosen")."""
    players = b.sc.players
    target = neg(_scan(b, i))
    for j in range(b.n):
        if j == i:
            continue
        for c, e in b.effects(j, Meddle):
            if e.scatter is None:
                continue
            for qi, q in enumerate(players):
                x = conj(c, b.ok(j), b.sc.aims(j, q), target, eq(t, Const(qi)))
                if x == FALSE:
                    continue
                others = [players.index(p) for p in players if p not in (q, b.actor(j))]
                if not others:
                    continue
                at = e.scatter.loc
                d = b.choice(f"scatter:{at.line}:{at.column}:{i}:{k}:{q}:{j}", others, random=True)
                t = ite(label(x, e.scatter), d, t)
    return t


KIND = Kind("meddle", (Meddle, ScanBlock), shows_role=shows_role, retarget=retarget, stops=stops)
