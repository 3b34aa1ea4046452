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
                disguised Vermouth-Megure is "true" for Megure); unsaid, the role dealt

  `together` ("They use Identify all together."; "So they can just Identify one player's
                role together per Day."): of the identifications the holders send one day,
                one is played, the others do not take place; which, the host's choice
                (`ambiguous`), unless `rank` ("The ranking of the DB are: Ayumi, Mitsuhiko,
                Genta.", the roles in order) and `by_rank` ("If the GM gets conflicting
                orders on whom to Identify, the GM will use this ranking.") are both said:
                then the highest-ranked sender's (DCTP's R85)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects.base import Kind, Outcome, line_rules
from logic.effects.detect import DetectRule, speaks_of
from logic.model.expr import FALSE, Const, Expr, any_of, at_least, conj, disj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class IdentifyRole:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    chance: Why | None = None  # "If one of the Detective Boys is prevented ..."
    together: Why | None = None  # "They use Identify all together."
    rank: tuple[Why, tuple[str, ...]] | None = None  # "The ranking of the DB are: ..."
    by_rank: Why | None = None  # "If the GM gets conflicting orders ..., ... this ranking."

    def describe(self) -> str:
        fails = (
            "; fails with the chance of the holders hindered today among those in the game"
            if self.chance is not None
            else ""
        )
        if self.together is not None:
            fails += "; one identification a day among the holders"
            if self.rank is not None and self.by_rank is not None:
                fails += f" (the highest-ranked sender's: {', '.join(self.rank[1])})"
        return f'identify: learns "PLAYER is ROLE", the target\'s role{fails}'


@dataclass(frozen=True)
class PoliceIdentify:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    options: tuple[str, ...] = ()
    # "If PhoenixTears were Megure, the result would be "true".": (the sentence, its answer)
    yes: tuple[Why, str] | None = None

    def with_roles(self, roles: Sequence[Any]) -> PoliceIdentify:
        """The options: every role of the ruleset (as Detect's)."""
        return replace(self, options=tuple(r.name for r in roles))

    def describe(self) -> str:
        said = f'learns "{self.yes[1]}" if so, else "false"' if self.yes else "nothing said"
        return f"police identify: decides a role, asks whether the target holds it; {said}"


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
        said, text = e.yes
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
                asked = conj(
                    eq(decided, Const(k)), disj(neg(pooled), _rule_says(db, p, "pool", name))
                )
                holds = db.role_is(q, role)
                worn = any_of(x for n, x in wears if canon(n) == canon(name))
                seen = disj(
                    conj(neg(through), holds), conj(through, disj(conj(holds, neg(covered)), worn))
                )
                yes.append(conj(at, asked, seen))
                no.append(conj(at, asked, neg(seen)))
        out.append(TextSource(p, label(any_of(yes), e.why), text, (), e.why))
        out.append(TextSource(p, label(any_of(no), e.why), "false", (), e.why))
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


def _senders(db: DayBuilder) -> list[tuple[int, Expr, IdentifyRole]]:
    """(slot, it sends an identification, the effect) for each slot of the day whose
    ability identifies with `together` said."""
    out = []
    for j in range(db.n):
        for c, e in db.effects(j, IdentifyRole):
            if e.together is not None:
                out.append(
                    (j, conj(c, db.sc.taken(j), label(db.switch(e.together), e.together)), e)
                )
    return out


def _place(db: DayBuilder, p: str, names: tuple[str, ...]) -> list[tuple[int, Expr]]:
    """(p's place in the rank, p holds that role) for each role the rank names."""
    return [(k, db.role_is(p, r)) for k, n in enumerate(names) if (r := db.rs.role(n)) is not None]


def _beats(db: DayBuilder, i: int, j: int, e: IdentifyRole, pick: Expr) -> Expr:
    """Slot j's identification is played over slot i's, both sent: the higher-ranked
    sender's where the rank and its use are said and name both senders' roles (R85), and
    else the host's choice (`pick`: the index of the sender chosen; where it names none who
    sent one, the earlier slot's)."""
    p, q = db.actor(i), db.actor(j)
    players = list(db.players)
    chosen = disj(
        eq(pick, Const(players.index(q))),
        conj(neg(eq(pick, Const(players.index(p)))), Const(j < i)),
    )
    if e.rank is None or e.by_rank is None:
        return chosen
    why, names = e.rank
    mine, theirs = _place(db, p, names), _place(db, q, names)
    higher = any_of(conj(x, y) for k, x in mine for m, y in theirs if m < k)
    said = conj(label(db.switch(why), why), label(db.switch(e.by_rank), e.by_rank))
    ranked = conj(said, any_of(x for _, x in mine), any_of(y for _, y in theirs))
    return disj(conj(ranked, higher), conj(neg(ranked), chosen))


def _one_a_day(db: DayBuilder, i: int) -> Expr:
    """Slot i's identification is not played: another holder's was sent the same day and
    is played over it ("So they can just Identify one player's role together per Day.")."""
    senders = _senders(db)
    mine = [(c, e) for j, c, e in senders if j == i]
    others = [(j, c) for j, c, _ in senders if j != i and db.actor(j) != db.actor(i)]
    if not mine or not others:
        return FALSE
    sent, e = mine[0]
    assert e.together is not None
    loc = e.together.loc
    many = at_least(2, [c for _, c, _ in senders])
    name = f"identify:together:{loc.line}:{loc.column}"
    pick = db.choice(name, range(len(db.players)), decides=many)
    return any_of(conj(sent, c, _beats(db, i, j, e, pick)) for j, c in others)


def day_stops(db: DayBuilder, i: int) -> Expr:
    """An identification that fails by chance does not take place, nor one another
    holder's is played over (`together`)."""
    return disj(
        any_of(
            conj(c, _fails(db, i, e))
            for c, e in db.effects(i, IdentifyRole)
            if e.chance is not None
        ),
        _one_a_day(db, i),
    )


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


KIND = Kind("identify", (IdentifyRole, PoliceIdentify), day_stops=day_stops, day_texts=day_texts)
