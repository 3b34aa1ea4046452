"""Owns a night ability on a list of players that tells its user the role of one of them,
drawn at random, and not whose it is (DCTP's Spy section: "The user chooses a list of
players not in the BO (4 - 6, depending on the size of the game. GM ultimately decides how
many). Of these, the GM picks a random one and sends the name of the role to the player.").
Its phrases are grammar/clause/spylist.lark, read by logic/lang/kinds/spylist.py. Not the
werewolf pool's Spy (logic/effects/spy.py: a watch on a player or a role).

Vocabulary (effects of the ability, whose targets are the list):
  SpyList  the list's rule: `low` to `high` players, none of `faction` ("not in the BO":
           a faction named or by its initials); a list that breaks it is no use of the
           ability (the action does not take place). `gm` ("GM ultimately decides how
           many."): the exact length is the host's, an open choice between `low` and
           `high` (`spylist:count`, not random: a list of another length does not take
           place); unsaid, any length between them does
  SpyRole  when the action takes place, one listed player is drawn at random and the
           user is told the name of his role (the role dealt). `worn` ("This does not
           reveal if someone is Kid, the player will just get the disguised role."): a
           player wearing a disguise tonight (`Kind.wears`) is told as the role worn.
           `again` ("The player can't use Spy again as long as the player with that
           role/disguise isn't killed or arrested."): after a use drew a player, the
           user's later uses do not take place while that player is alive and not in
           custody (a lasting state, `SPIED`). `town` ("Can't be used when there are less
           than 4 townspeople alive or if there are less than BO+1 townsplayer alive."):
           (the sentence, N, k, the faction): no use when fewer than N players outside
           the faction, or fewer than its members plus k, are alive when the night
           begins. `unseen` ("Spy cannot be investigated or staked out in any form."):
           tonight's investigations and stake-outs do not see the ability's action
           (`Kind.unseen`; the record of crimes still holds it)

Readings (the source is silent): "townspeople" are the players outside the faction the
list may not name; a drawn player is the one "with that role/disguise".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import crimes, inquiry
from logic.effects.base import Kind, Lasting, Outcome
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    any_of,
    at_least,
    conj,
    disj,
    eq,
    label,
    neg,
)
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class SpyList:
    faction: str
    low: int
    high: int
    why: Why = meta()
    gm: Why | None = None  # "GM ultimately decides how many."

    def describe(self) -> str:
        gm = ", the host decides how many" if self.gm is not None else ""
        return f"a list of {self.low} to {self.high} players, none of the {self.faction}{gm}"


@dataclass(frozen=True)
class SpyRole:
    why: Why = meta()
    worn: Why | None = None
    again: Why | None = None
    town: tuple[Why, int, int] | None = None  # (the sentence, N alive, the faction + k)
    unseen: Why | None = None

    def describe(self) -> str:
        more = [
            ("; a disguise is told as the role worn", self.worn),
            ("; not again while the player drawn is alive and free", self.again),
            ("; not with too few townspeople alive", self.town),
            ("; unseen by investigations and stake-outs", self.unseen),
        ]
        said = "".join(t for t, x in more if x is not None)
        return f"spy: learns the role of one listed player drawn at random{said}"


SPIED = "spied"  # the night's atom: X's spy drew Y


def _faction(b: Any, group: str) -> str | None:
    """The faction `group` names: by its name, or by its initials ("BO")."""
    if b.rs.faction(group) is not None:
        return group
    for f in b.rs.factions:
        if "".join(w[0] for w in f.split()).casefold() == group.casefold():
            return str(f)
    return None


def _listed(b: NightBuilder, i: int) -> int:
    """How many players slot i names (its targets up to the first none)."""
    n = 0
    while n < len(b.sc.players) and b.target(i, n) != Const(-1):
        n += 1
    return n


def _at(b: NightBuilder, i: int, k: int, q: str) -> Expr:
    return eq(b.target(i, k), Const(b.sc.players.index(q)))


def _bad_list(b: NightBuilder, i: int, c: Expr, e: SpyList) -> Expr:
    """Slot i's list breaks the rule: a member of the faction named, or a wrong length."""
    n = _listed(b, i)
    f = _faction(b, e.faction)
    barred: Expr = FALSE
    if f is not None:
        barred = any_of(
            conj(_at(b, i, k, q), b.member(q, f)) for k in range(n) for q in b.sc.players
        )
    if n < e.low or n > e.high:
        return label(c, e.why)
    wrong: Expr = FALSE
    if e.gm is not None:
        name = f"spylist:count:{i}:{e.gm.loc.line}:{e.gm.loc.column}"
        how = b.choice(name, list(range(e.low, e.high + 1)), decides=c)
        wrong = label(conj(label(b.sc.switch(e.gm), e.gm), neg(eq(how, Const(n)))), e.gm)
    return conj(c, disj(label(barred, e.why), wrong))


def _town(b: NightBuilder, e: SpyRole) -> Expr:
    """Too few townspeople alive when the night begins for the use."""
    assert e.town is not None
    why, least, plus = e.town
    f = next((_faction(b, s.faction) for i in range(b.n) for _, s in b.effects(i, SpyList)), None)
    if f is None:
        return FALSE
    alive = [neg(b.sc.dead_before(q)) for q in b.sc.players]
    town = [conj(a, neg(b.member(q, f))) for a, q in zip(alive, b.sc.players, strict=True)]
    members = [conj(a, b.member(q, f)) for a, q in zip(alive, b.sc.players, strict=True)]
    few = neg(at_least(least, town))
    # fewer townspeople than members + k: for each count m of members, fewer than m + k
    short = any_of(
        conj(at_least(m, members), neg(at_least(m + 1, members)), neg(at_least(m + plus, town)))
        for m in range(len(b.sc.players) + 1)
    )
    return label(conj(label(b.sc.switch(why), why), disj(few, short)), why)


def _locked(b: NightBuilder, i: int, e: SpyRole) -> Expr:
    """The user's earlier use drew a player still alive and not in custody."""
    assert e.again is not None
    before: dict[tuple[str, str], Expr] = b.before(SPIED_STATE)
    p = b.actor(i)
    held = any_of(
        conj(x, neg(b.sc.dead_before(q)), neg(crimes.in_custody(b, q)))
        for (a, q), x in before.items()
        if a == p
    )
    return label(conj(label(b.sc.switch(e.again), e.again), held), e.again)


def stops(b: NightBuilder, i: int) -> Expr:
    """A list that breaks its rule; a user locked by his earlier draw; too few
    townspeople."""
    parts = [_bad_list(b, i, c, e) for c, e in b.effects(i, SpyList)]
    for c, e in b.effects(i, SpyRole):
        if e.again is not None:
            parts.append(conj(c, _locked(b, i, e)))
        if e.town is not None:
            parts.append(conj(c, _town(b, e)))
    return any_of(parts)


def _drawn(b: NightBuilder, i: int, e: SpyRole) -> list[tuple[str, Expr]]:
    """(q, the draw of slot i's list is q, the action having taken place)."""
    n = _listed(b, i)
    if n == 0:
        return []
    loc = f"{e.why.loc.line}:{e.why.loc.column}"
    draw = b.choice(f"spylist:{i}:{loc}", range(n), random=True) if n > 1 else None
    out = []
    for q in b.sc.players:
        x = any_of(
            conj(TRUE if draw is None else eq(draw, Const(k)), _at(b, i, k, q)) for k in range(n)
        )
        if x != FALSE:
            out.append((q, conj(b.ok(i), x)))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The user learns the name of the drawn player's role (or of the role he wears)."""
    out: list[TextSource] = []
    p = b.actor(i)
    for c, e in b.effects(i, SpyRole):
        for q, x in _drawn(b, i, e):
            wears = [w for k in b.kinds if k.wears for w in k.wears(b, q)]
            worn: Expr = FALSE
            if e.worn is not None:
                said = label(b.sc.switch(e.worn), e.worn)
                worn = conj(said, any_of(y for _, y in wears))
                for name, y in wears:
                    gate = label(conj(c, x, said, y), e.worn)
                    out.append(TextSource(p, gate, name, why=e.worn))
            for r in b.rs.roles:
                gate = conj(c, x, b.sc.role_is(q, r), neg(worn))
                if gate != FALSE:
                    out.append(TextSource(p, label(gate, e.why), r.name, why=e.why))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X spied Y`: X's use tonight drew Y (kept where a sentence locks the next use)."""
    out: dict[Atom, Expr] = {}
    for i in range(b.n):
        for c, e in b.effects(i, SpyRole):
            if e.again is None:
                continue
            for q, x in _drawn(b, i, e):
                key = Atom(SPIED, b.actor(i), q)
                out[key] = disj(out.get(key, FALSE), label(conj(c, x), e.again))
    return out


def unseen(b: NightBuilder, keyword: str) -> Expr:
    """Investigations and stake-outs do not see the action where a sentence says so."""
    return any_of(
        label(b.sc.switch(e.unseen), e.unseen)
        for r in b.rs.roles
        for ab in r.abilities
        for e in ab.effects
        if isinstance(e, SpyRole) and e.unseen is not None
        if canon(inquiry.keyword(b.rs, ab)) == canon(keyword)
    )


def _step(before: tuple[tuple[str, str], ...], end: PhaseEnd) -> tuple[tuple[str, str], ...]:
    got = {(a.subject, a.obj) for a in end.atoms if a.kind == SPIED}
    return tuple(sorted(set(before) | got)) if got else before


def _chain(before: dict[tuple[str, str], Expr], end: ChainEnd) -> dict[tuple[str, str], Expr]:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == SPIED:
            key = (a.subject, a.obj)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, str], ...], night: int) -> dict[tuple[str, str], Expr]:
    return {key: TRUE for key in state}


# (user, player drawn) of the earlier uses
SPIED_STATE = Lasting("spied", (), _step, _chain, _view)


KIND = Kind(
    "spylist",
    (SpyList, SpyRole),
    stops=stops,
    texts=texts,
    transition=transition,
    unseen=unseen,
    lasting=(SPIED_STATE,),
)
