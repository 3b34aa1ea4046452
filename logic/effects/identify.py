"""Owns Identify, a day ability that learns the role of one player, and its chance of
failure when others who hold it are hindered, read from DCTP's Identify section (the
Detective Boys' lines): "Decide together to Identify one person's role (Akonyl is Sonoko,
Callid is Eisuke, mangaluva is Bourbon)." "If one of the Detective Boys is prevented from
using his day ability (for example by Tequila), the Identification could either succeed or
fail, depending on the number of undisturbed Detective Boys." Its phrases are
grammar/clause/identify.lark, its words the base lexicon, its reading
logic/lang/kinds/identify.py.

Vocabulary:
  IdentifyRole  an effect of a day ability on one player: when it takes place its user
                learns "PLAYER is ROLE" (the form of the sentence's examples, "Akonyl is
                Sonoko"), ROLE the role the player was dealt: a disguise is not seen
                through or taken for the role ("they can't Identify the disguise but have
                to Identify if the player is Kid or Vermouth": what the reading gives
                anyway, no worn role being read). `chance` ("If one of the Detective Boys
                is prevented ... depending on the number of undisturbed Detective Boys."):
                the group is every player in the game (alive, not in custody) whose role
                has an ability with this effect; when h of its n members are hindered today
                (`Kind.day_hinders`: frightened the night before, injured), the
                identification fails with chance h/n (a draw of chance: one member drawn
                of the n, failing when he is hindered), so never with none hindered, and
                always when the one left is. The source gives the chance for one hindered
                member ("if 2 other DB are still in the game, the chance to fail is 1/3.";
                "If only one more is still active the chance to fail is 1/2.") and for the
                last; for two hindered of three it says only "depending on the number of
                undisturbed Detective Boys" (ID2). A member in custody (arrested): ID1,
                the host's open choice between hindered ("prevented from using his day
                ability") and out of the game (not "still in the game")

  PoliceIdentify  an effect of a day ability on one player ("Allows Uehara to identify other
                players for police roles."), its user deciding a role (`X decides
                "Megure"`: `options`, every role of the ruleset, as Detect's; the roles its
                line's pool names, logic/effects/detect.py's `DetectRule.pool`, "In the
                experimental ruleset, these roles are: ...", the only ones it answers for);
                `yes` ("If PhoenixTears were Megure, the result would be "true"."): the
                answer when the target holds the role, and "false" when not (the source
                never says the other answer: ID4). A `DetectRule` whose `through` names
                the ability ("Police Identify differs from normal Identify in that it does
                NOT identify through disguises."): a role worn is what it sees (the
                disguised Vermouth-Megure is "true" for Megure); unsaid, the role dealt.
                `expires` ("Uehara may use Police Identify every day phase until she makes
                a positive identification.", "Once she does, the ability is considered
                expired ..."): after a day its answer was the positive one, its later uses
                do not take place (a lasting state, `EXPIRED`: R150)

  OnePerDay     "They use Identify all together. So they can just Identify one player's
                role together per Day." (said of the whole game, the ability named): of
                the orders of that ability sent today on different players (conflicting
                orders), one takes place; which one is the host's open choice
                (`identify:one`, R75) unless a ranking settles it
  Ranking       "The ranking of the DB are: Ayumi, Mitsuhiko, Genta." (the roles, the
                highest first)
  RankDecides   "If the GM gets conflicting orders on whom to Identify, the GM will use this
                ranking.": of conflicting orders, the highest-ranked sender's takes place
                (an order counts as sent whether or not it would fail otherwise)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects.base import Kind, Lasting, Outcome, line_rules
from logic.effects.detect import DetectRule, speaks_of
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
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class IdentifyRole:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    chance: Why | None = None  # "If one of the Detective Boys is prevented ..."

    def describe(self) -> str:
        fails = (
            "; fails with the chance of the holders hindered today among those in the game"
            if self.chance is not None
            else ""
        )
        return f'identify: learns "PLAYER is ROLE", the target\'s role{fails}'


@dataclass(frozen=True)
class PoliceIdentify:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    options: tuple[str, ...] = ()
    # "If PhoenixTears were Megure, the result would be "true".": (the sentence, its answer)
    yes: tuple[Why, str] | None = None
    # "Uehara may use Police Identify every day phase until she makes a positive
    # identification.": no use once an answer was positive (R150)
    expires: Why | None = None

    def with_roles(self, roles: Sequence[Any]) -> PoliceIdentify:
        """The options: every role of the ruleset (as Detect's)."""
        return replace(self, options=tuple(r.name for r in roles))

    def describe(self) -> str:
        said = f'learns "{self.yes[1]}" if so, else "false"' if self.yes else "nothing said"
        gone = "; expired after a positive answer" if self.expires is not None else ""
        return f"police identify: decides a role, asks whether the target holds it; {said}{gone}"


def _rule_says(db: DayBuilder, p: str, tag: str, role: str | None = None) -> Expr:
    """p holds a role whose line's `DetectRule` says `tag` of Police Identify (the pool:
    of `role`), its sentence in force."""
    return any_of(
        conj(db.role_is(p, r), label(db.switch(w), w))
        for r, w, t in line_rules(db, DetectRule, tag)
        if speaks_of(r, t, PoliceIdentify)
        if role is None or canon(role) in {canon(x) for x in t.pool_roles}
    )


def _wears(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    return [x for k in db.kinds if k.day_wears for x in k.day_wears(db, q)]


def _police_texts(db: DayBuilder, i: int) -> list[TextSource]:
    out: list[TextSource] = []
    p = db.actor(i)
    for c, e in db.effects(i, PoliceIdentify):
        if e.yes is None:
            continue
        text = e.yes[1]
        yes, no = _answers(db, i, c, e)
        out.append(TextSource(p, label(yes, e.why), text, (), e.why))
        out.append(TextSource(p, label(no, e.why), "false", (), e.why))
    return out


def _answers(db: DayBuilder, i: int, c: Expr, e: PoliceIdentify) -> tuple[Expr, Expr]:
    """Slot i's police identification took place and its answer is the positive one, or
    the other ("false")."""
    p = db.actor(i)
    assert e.yes is not None
    said = e.yes[0]
    decided = db.sc.decision(i, e.options)
    pooled = _rule_says(db, p, "pool")
    through = _rule_says(db, p, "through")
    yes, no = [], []
    for q in db.players:
        at = conj(c, db.ok(i), db.sc.aims(i, q), label(db.switch(said), said))
        if at == FALSE:
            continue
        wears = _wears(db, q)
        covered = any_of(x for _, x in wears)
        for k, name in enumerate(e.options):
            role = db.rs.role(name)
            if role is None:
                continue
            asked = conj(eq(decided, Const(k)), disj(neg(pooled), _rule_says(db, p, "pool", name)))
            holds = db.role_is(q, role)
            worn = any_of(x for n, x in wears if canon(n) == canon(name))
            seen = disj(
                conj(neg(through), holds), conj(through, disj(conj(holds, neg(covered)), worn))
            )
            yes.append(conj(at, asked, seen))
            no.append(conj(at, asked, neg(seen)))
    return any_of(yes), any_of(no)


IDENTIFIED = "police identified"  # the day's atom: X's police identification was positive


def _expired_step(before: tuple[str, ...], end: PhaseEnd) -> tuple[str, ...]:
    got = {a.subject for a in end.atoms if a.kind == IDENTIFIED}
    return tuple(sorted(set(before) | got)) if got else before


def _expired_chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == IDENTIFIED:
            out[a.subject] = disj(out.get(a.subject, FALSE), e)
    return out


def _expired_view(state: tuple[str, ...], night: int) -> dict[str, Expr]:
    return {p: TRUE for p in state}


# the players whose police identification was positive on an earlier day (R150)
EXPIRED = Lasting(
    "police identifications expired", (), _expired_step, _expired_chain, _expired_view
)


def _expired(db: DayBuilder, i: int) -> Expr:
    """Slot i is a police identification whose user had a positive one on an earlier day,
    and a sentence says it then expires (R150)."""
    before: dict[str, Expr] = db.before(EXPIRED)
    gone = before.get(db.actor(i), FALSE)
    if gone == FALSE:
        return FALSE
    return any_of(
        conj(c, gone, label(db.switch(e.expires), e.expires))
        for c, e in db.effects(i, PoliceIdentify)
        if e.expires is not None
    )


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X police identified`: X's police identification of the day answered positively
    (kept only where a sentence says the ability then expires)."""
    out: dict[Atom, Expr] = {}
    for i in range(db.n):
        for c, e in db.effects(i, PoliceIdentify):
            if e.yes is None or e.expires is None:
                continue
            yes, _ = _answers(db, i, c, e)
            if yes != FALSE:
                key = Atom(IDENTIFIED, db.actor(i))
                out[key] = disj(out.get(key, FALSE), yes)
    return out


def _members(db: DayBuilder, i: int, e: IdentifyRole) -> list[tuple[Expr, Expr]]:
    """(counted among the group today, hindered today) for each player who may hold a role
    whose ability identifies: in the game (alive, not in custody), hindered as
    `Kind.day_hinders` says; in custody, ID1 (open): "prevented from using his day
    ability" (an arrested player "may not use any abilities") or not "still in the game",
    the host's open choice, the same for each member in custody."""
    assert e.chance is not None
    roles = [
        r
        for r in db.roles
        if any(isinstance(x, IdentifyRole) for a in r.abilities for x in a.effects)
    ]
    free: list[tuple[str, Expr]] = []
    held: list[Expr] = []
    for p in db.players:
        holds = any_of(db.role_is(p, r) for r in roles)
        if holds == FALSE:
            continue
        free.append((p, conj(holds, db.alive(p))))
        held.append(conj(holds, neg(db.sc.dead_before(p)), db.held(p)))
    out = [(x, conj(x, db.hindered(p))) for p, x in free]
    if any(h != FALSE for h in held):
        loc = e.chance.loc
        name = f"identify:held:{i}:{loc.line}:{loc.column}"
        counts = label(db.choice(name, [False, True], decides=any_of(held)), e.chance)
        out += [(conj(h, counts), conj(h, counts)) for h in held if h != FALSE]
    return out


def _fails(db: DayBuilder, i: int, e: IdentifyRole) -> Expr:
    """Slot i's identification fails by chance: one of the n members counted today drawn
    at random is one of the h hindered (chance h/n)."""
    assert e.chance is not None
    members = _members(db, i, e)
    ins = [x for x, _ in members]
    hit = [h for _, h in members]
    if not any(h != FALSE for h in hit):
        return FALSE
    loc = e.chance.loc
    parts = []
    for n in range(1, len(members) + 1):
        exactly = conj(at_least(n, ins), neg(at_least(n + 1, ins)))
        if exactly == FALSE:
            continue
        if n == 1:
            parts.append(conj(exactly, at_least(1, hit)))
            continue
        drawn = db.choice(f"identify:{i}:{loc.line}:{loc.column}:{n}", range(n), random=True)
        # the drawn member is hindered: the k-th of n drawn, k < h
        parts += [conj(exactly, eq(drawn, Const(k)), at_least(k + 1, hit)) for k in range(n)]
    return label(any_of(parts), e.chance)


def day_stops(db: DayBuilder, i: int) -> Expr:
    """An identification that fails by chance does not take place; nor one that loses to
    a conflicting order (`OnePerDay`)."""
    chance = any_of(
        conj(c, _fails(db, i, e)) for c, e in db.effects(i, IdentifyRole) if e.chance is not None
    )
    return disj(chance, _outranked(db, i), _expired(db, i))


@dataclass(frozen=True)
class OnePerDay:
    ability: str
    why: Why = meta()

    def describe(self) -> str:
        return f"one {self.ability} a day for those who hold it"


@dataclass(frozen=True)
class Ranking:
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"ranking: {', '.join(self.roles)}"


@dataclass(frozen=True)
class RankDecides:
    ability: str
    why: Why = meta()

    def describe(self) -> str:
        return f"conflicting orders of {self.ability}: the highest-ranked sender's is played"


def _said(db: DayBuilder, kind: type, ability: str) -> list[Any]:
    return [
        x
        for x in db.rs.healing
        if isinstance(x, kind) and canon(getattr(x, "ability", ability)) == canon(ability)
    ]


def _orders(db: DayBuilder, name: str) -> list[tuple[int, Expr]]:
    """(slot, it is an order of the ability called `name`) for each day slot."""
    out = []
    for j in range(db.n):
        c = any_of(cond for cond, ab in db.sc.abilities(j) if canon(ab.name) == canon(name))
        if c != FALSE:
            out.append((j, c))
    return out


def _outranked(db: DayBuilder, i: int) -> Expr:
    """Slot i is an order of an ability sent once a day for its holders, and another
    order of it today names another player: the order played is the highest-ranked
    sender's (a ranking said), or the host's open choice."""
    parts = []
    for one in [x for x in db.rs.healing if isinstance(x, OnePerDay)]:
        orders = _orders(db, one.ability)
        mine = next((c for j, c in orders if j == i), FALSE)
        if mine == FALSE:
            continue
        gate = label(db.switch(one.why), one.why)
        clash = {
            j: any_of(
                conj(c, db.sc.aims(i, q), db.sc.aims(j, r))
                for q in db.players
                for r in db.players
                if q != r
            )
            for j, c in orders
            if j != i and db.actor(j) != db.actor(i)
        }
        if not clash:
            continue
        ranked = [
            (label(db.switch(d.why), d.why), rk)
            for d in _said(db, RankDecides, one.ability)
            for rk in db.rs.healing
            if isinstance(rk, Ranking)
        ]
        settled = any_of(g for g, _ in ranked)
        lost = []
        for j, x in clash.items():
            above = any_of(
                conj(g, label(db.switch(rk.why), rk.why), _above(db, db.actor(j), db.actor(i), rk))
                for g, rk in ranked
            )
            lost.append(conj(x, above))
        conflict = any_of(clash.values())
        loc = one.why.loc  # (unranked: which order is played, the host's open choice)
        name = f"identify:one:{loc.line}:{loc.column}"
        played = db.choice(
            name, [j for j, _ in orders], decides=conj(mine, gate, conflict, neg(settled))
        )
        loses = neg(eq(played, Const(i)))
        parts.append(conj(mine, gate, disj(any_of(lost), conj(neg(settled), conflict, loses))))
    return any_of(parts)


def _above(db: DayBuilder, q: str, p: str, rk: Ranking) -> Expr:
    """q holds a role the ranking puts above p's."""
    roles = [db.rs.role(n) for n in rk.roles]
    out = []
    for a, ra in enumerate(roles):
        for b in range(a + 1, len(roles)):
            rb = roles[b]
            if ra is not None and rb is not None:
                out.append(conj(db.role_is(q, ra), db.role_is(p, rb)))
    return any_of(out)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """What an identification that took place tells its user: the target's role (a police
    identification: whether he holds the role named)."""
    out: list[TextSource] = []
    for i in range(db.n):
        out += _police_texts(db, i)
        for c, e in db.effects(i, IdentifyRole):
            for q in db.players:
                at = conj(c, db.ok(i), db.sc.aims(i, q))
                if at == FALSE:
                    continue
                for r in db.roles:
                    gate = conj(at, db.role_is(q, r))
                    if gate != FALSE:
                        text = f"{q} is {r.name}"
                        out.append(TextSource(db.actor(i), label(gate, e.why), text, (), e.why))
    return out


KIND = Kind(
    "identify",
    (IdentifyRole, PoliceIdentify, OnePerDay, Ranking, RankDecides),
    day_stops=day_stops,
    day_texts=day_texts,
    day_atoms=day_atoms,
    lasting=(EXPIRED,),
)
