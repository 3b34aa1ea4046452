"""Owns Cover, read from the GM's sentences (DCTP's Calvados): a day action that chooses an
ally, whose night abilities the coverer holds the night after, and who may be covered. Its
phrases are grammar/clause/cover.lark, read by logic/lang/kinds/cover.py (words in
grammar/lexicon/cover.toml). No other file names it: the binder (logic/model/binding.py)
asks it for the abilities it lends (`Kind.lends`).

Vocabulary:
  Cover      the day ability ("Can choose one ally during the day."): names the ally. One
             that takes place is the day's atom `X covers Y` (kept as `COVERS` for the
             night after). Named "Cover" (the card's "Day action: Cover.")
  CoverRule  a sentence of the coverer's line (each a field; unsaid, the engine does not do
             it):
    lends      "The next night, Calvados can use one night ability from that ally.": the
               night after a cover, the coverer holds the night abilities of the ally's role
               (a case's lines use them by name; they are his actions: investigations,
               stake-outs and the record of crimes see him do them). Unsaid, a cover gives
               nothing. Its "one" (`one`): a night he sends two or more of them, one is
               played and the others do not take place; which is the host's choice
               (`ambiguous` where it matters: "the last valid action prior to the countdown
               ending will be the one played", a real-time order a case does not hold, as
               logic/effects/either.py's OR)
    allies     "Allies are all BOs (even if that BO happens to be a BO/Town lover) and
               Calvados's own lover.": a cover of a player who is neither of the faction
               named (`faction`, by name or initials: "BOs") nor, when `lover`, a lover of
               the coverer (a pair made by the couple kind, logic/effects/couple.py) does
               not take place. Unsaid, anyone may be covered
    barred     "Can't cover: Frighten, Revenge, Arrest, House Search, Travel.": the abilities
               of those names (or keywords) are not lent
    arrested_today  "Will still work if the ally was arrested during the day Calvados
               covered him/her.": a cover of an ally arrested by day that same day takes
               place (`day_exempt`: logic/effects/dayarrest.py asks it; unsaid, "Any and all
               actions on arrested players will fail" stops it)
    snipes     "But Calvados can cover the sniping or erasing ability, so in case Calvados is
               doing the killing, he'll be able to use sniping or erasing etc.": the night
               after a cover (that works), the ally's role's statuses are the coverer's too
               (`borrows`: logic/effects/heal.py asks it, so the kill he carries out is a
               snipe when the ally is a sniper). Unsaid, a cover lends abilities only
    not_on     "Will not work on dead or already arrested allies.": a cover of a player dead
               when the day begins, or (`arrested`) in custody (logic/effects/crimes.py),
               does not take place
    disguises  "Can cover abilities from disguises.": the abilities a disguise lends the ally
               that night (logic/effects/disguise.py's, a worn role's) are lent too
    dies       "Doesn't work if Calvados or the target dies during the day.": a cover whose
               coverer or ally dies that day (the lynch) does not work: the ally's
               abilities are lent, but none of them takes place that night

  Uncovered  an ability section's nature line that says it cannot be covered ("Night
             action, crime, cannot be covered.", written in "Ability Bribe: ..."): the
             ability of that section (`names`, filled in by the section it is written in,
             logic/lang/assemble/roles.py) is not lent by a cover, as if the coverer's line
             barred it. Unsaid, a cover lends it (the Cover section's "one night ability
             from that ally")
  Coverable  the same nature line when it says the ability can be covered ("Night action,
             crime, can be covered.", in "Ability Slander: ..."): the ability of that section
             is one a cover lends. Where the ruleset says of some abilities that they can be
             covered, a lent ability no line says either of (neither `Coverable` nor
             `Uncovered` nor barred by the coverer's line) is the source's silence: its use
             takes place or not at the host's open choice (`ambiguous` where it matters,
             R100). Unsaid everywhere, a cover lends every night ability but those barred

Readings (CV1-CV5, R62-R67, R100-R101 in casebook/dctp-mini-mafia.rules): a covered
ability used is the coverer's action, so a covered crime is his crime (the source never
says a covered action is no crime); "one night ability" is one a night (R67); the
abilities' own "cannot be covered" and "can be covered" are read where their sections are
defined once (R62, R100), and an ability neither speaks of is open (R100: the leader's
order, R101); `check`'s symbolic nights lend nothing (as a disguise's abilities).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import couple, crimes, disguise, inquiry
from logic.effects.base import Kind, Lasting, Outcome, SectionTrait, line_rules
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Ability, Role, Ruleset
    from logic.model.phase import History
    from logic.model.semantics import NightBuilder

COVERS = "covers"  # the day's atom: X covers Y (X holds Y's night abilities the night after)
VOID = "cover is void"  # the day's atom: X's cover of Y does not work (one of them died)
NAME = "Cover"


@dataclass(frozen=True)
class Cover:
    by_day: ClassVar[bool] = True
    why: Why = meta()

    def describe(self) -> str:
        return "cover: chooses an ally whose night abilities are the coverer's the night after"


@dataclass(frozen=True)
class CoverRule:
    """The sentences of the coverer's line, each a field (see the module; None: the
    sentence is not in the ruleset)."""

    why: Why = meta()
    lends: Why | None = None
    one: bool = False  # `lends`': "one night ability": one of them a night
    allies: Why | None = None
    faction: str = ""  # `allies`': the faction named ("BOs")
    lover: bool = False  # `allies`': and the coverer's lover
    barred: Why | None = None
    names: tuple[str, ...] = ()  # `barred`'s: the abilities not lent
    dies: Why | None = None
    disguises: Why | None = None
    not_on: Why | None = None
    arrested: bool = False  # `not_on`'s: nor on a player in custody
    snipes: Why | None = None
    arrested_today: Why | None = None

    def describe(self) -> str:
        said = []
        if self.lends is not None:
            one = " (one a night)" if self.one else ""
            said.append("the ally's night abilities are the coverer's the night after" + one)
        if self.allies is not None:
            said.append(f"allies are {self.faction}" + (" and his lover" if self.lover else ""))
        if self.barred is not None:
            said.append(f"not lent: {', '.join(self.names)}")
        if self.dies is not None:
            said.append("nothing if the coverer or the ally dies that day")
        if self.disguises is not None:
            said.append("the ally's disguises' abilities too")
        if self.not_on is not None:
            said.append("not on the dead" + (" or the arrested" if self.arrested else ""))
        if self.snipes is not None:
            said.append("the ally's sniping too")
        if self.arrested_today is not None:
            said.append("on an ally arrested that day too")
        return "cover: " + "; ".join(said)


@dataclass(frozen=True)
class Uncovered(SectionTrait):
    """The ability of the section the sentence is written in cannot be covered."""

    def describe(self) -> str:
        return f"cover: {', '.join(self.names)} cannot be covered"


@dataclass(frozen=True)
class Coverable(SectionTrait):
    """The ability of the section the sentence is written in can be covered."""

    def describe(self) -> str:
        return f"cover: {', '.join(self.names)} can be covered"


def _said(rs: Ruleset) -> tuple[set[str], set[str]]:
    """The names of the abilities the ruleset says can be covered, and of those it says
    cannot be (the sections' nature lines and the coverer's "Can't cover: ...")."""
    traits = [t for r in rs.roles for t in r.traits]
    can = {canon(n) for t in traits if isinstance(t, Coverable) for n in t.names}
    cannot = {canon(n) for t in traits if isinstance(t, Uncovered) for n in t.names}
    cannot |= {canon(n) for t in traits if isinstance(t, CoverRule) for n in t.names}
    return can, cannot


def _names(rs: Ruleset, a: Ability) -> set[str]:
    return {canon(n) for n in (a.name, *a.aliases, inquiry.keyword(rs, a))}


def _faction(rs: Any, group: str) -> str | None:
    """The faction `group` names: by its name or its initials, singular or plural ("BOs")."""
    for word in (group, group[:-1] if group.endswith("s") else group):
        if rs.faction(word) is not None:
            return word
        for f in rs.factions:
            if "".join(w[0] for w in f.split()).casefold() == word.casefold():
                return str(f)
    return None


def _ally(db: DayBuilder, p: str, q: str) -> Expr:
    """q may be covered by p, by every line that says who the allies are."""
    parts = []
    for r, w, t in line_rules(db, CoverRule, "allies"):
        faction = _faction(db.rs, t.faction)
        member = db.sc.faction_is(q, faction) if faction is not None else FALSE
        lover: Expr = FALSE
        if t.lover:
            lover = any_of(x for a, c, x in couple.pairs(db, "lovers") if {a, c} == {p, q})
        ok = disj(member, lover)
        parts.append(conj(db.sc.role_is(p, r), label(db.sc.switch(w), w), neg(ok)))
    return any_of(parts)


def _out(db: DayBuilder, p: str, q: str) -> Expr:
    """q is dead or (when said) in custody when the day begins, where p's line says a
    cover does not work on them."""
    parts = []
    for r, w, t in line_rules(db, CoverRule, "not_on"):
        gone = disj(db.sc.dead_before(q), crimes.in_custody(db, q) if t.arrested else FALSE)
        parts.append(conj(db.sc.role_is(p, r), label(db.sc.switch(w), w), gone))
    return any_of(parts)


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A cover of a player who is no ally, or dead or arrested, does not take place."""
    parts = []
    for c, _ in db.effects(i, Cover):
        p = db.actor(i)
        for q in db.players:
            bad = disj(_ally(db, p, q), _out(db, p, q))
            if bad != FALSE:
                parts.append(conj(c, db.sc.aims(i, q), bad))
    return any_of(parts)


def day_exempt(db: DayBuilder, i: int, q: str) -> Expr:
    """Day slot i's cover of q takes place though q is arrested today, where the
    coverer's line says it still works."""
    parts = []
    for r, w, _ in line_rules(db, CoverRule, "arrested_today"):
        said = conj(db.sc.role_is(db.actor(i), r), label(db.sc.switch(w), w))
        for c, _ in db.effects(i, Cover):
            parts.append(conj(c, db.sc.aims(i, q), said))
    return any_of(parts)


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X covers Y`: X's cover of Y took place today; `X's cover of Y is void`: and X or Y
    died today, when a line says the cover then does not work."""
    out: dict[Atom, Expr] = {}
    for i in range(db.n):
        p = db.actor(i)
        for c, e in db.effects(i, Cover):
            for q in db.players:
                x = label(conj(c, db.ok(i), db.sc.aims(i, q)), e.why)
                if x == FALSE:
                    continue
                atom = Atom(COVERS, p, q)
                out[atom] = disj(out.get(atom, FALSE), x)
                died = disj(neg(outcome.alive_after[p]), neg(outcome.alive_after[q]))
                for r, w, _ in line_rules(db, CoverRule, "dies"):
                    void = conj(x, db.sc.role_is(p, r), label(db.sc.switch(w), w), died)
                    if void != FALSE:
                        key = Atom(VOID, p, q)
                        out[key] = disj(out.get(key, FALSE), void)
    return out


def _lent_in(b: NightBuilder, j: int, p: str) -> Expr:
    """Slot j's ability is one p holds tonight by his cover, not by a role he may hold."""
    parts = []
    for c, ab in b.sc.abilities(j):
        if any(ab in r.abilities and b.sc.role_is(p, r) != FALSE for r in b.rs.roles):
            continue
        parts.append(conj(c, lent(b, p, ab)))
    return any_of(parts)


def _two(xs: list[Expr]) -> Expr:
    """At least two of `xs` hold."""
    return any_of(conj(x, y) for k, x in enumerate(xs) for y in xs[k + 1 :])


def _one(b: NightBuilder, i: int) -> Expr:
    """Slot i does not take place: its ability is lent by a cover whose line says "one
    night ability", its user sent another lent one tonight, and the host played that."""
    p = b.actor(i)
    slots = [j for j in range(b.n) if b.actor(j) == p]
    said = [(r, w) for r, w, t in line_rules(b, CoverRule, "lends") if t.one]
    if len(slots) < 2 or not said:
        return FALSE
    sent = [conj(b.sc.taken(j), _lent_in(b, j, p)) for j in slots]
    mine = sent[slots.index(i)]
    other = any_of(x for j, x in zip(slots, sent, strict=True) if j != i)
    if mine == FALSE or other == FALSE:
        return FALSE
    r, w = said[0]
    played = b.choice(
        f"cover:one:{p}:{w.loc.line}:{w.loc.column}", list(range(len(slots))), decides=_two(sent)
    )
    held = conj(b.sc.role_is(p, r), label(b.sc.switch(w), w))
    return label(conj(held, mine, other, neg(eq(played, Const(slots.index(i))))), w)


def stops(b: NightBuilder, i: int) -> Expr:
    """An ability slot i's user holds only by a cover that does not work (its coverer or
    its ally died the day it was made) does not take place; nor one of two lent abilities
    sent the same night, where the line says "one" (`_one`)."""
    p = b.actor(i)
    void: dict[tuple[str, str, str], Expr] = b.before(COVERED)
    said = [w for _, w, _ in line_rules(b, CoverRule, "dies")]
    parts = []
    for (tag, a, q), held in void.items():
        if tag != VOID or a != p or not said:
            continue
        x = label(held, said[0])  # (the sentence that made it void)
        for c, ab in b.sc.abilities(i):
            having = [r for r in b.rs.roles if ab in r.abilities]
            theirs = any_of(b.sc.role_is(q, r) for r in having)
            mine = any_of(b.sc.role_is(p, r) for r in having)
            parts.append(conj(c, x, theirs, neg(mine)))
    return disj(any_of(parts), _one(b, i), _unsaid(b, i))


def _coverables(b: NightBuilder) -> list[tuple[set[str], Expr]]:
    """(the names a "can be covered" line says, its sentence in force), of every such line."""
    traits = {t for r in b.rs.roles for t in r.traits if isinstance(t, Coverable)}
    return [({canon(n) for n in t.names}, label(b.sc.switch(t.why), t.why)) for t in traits]


def _unsaid(b: NightBuilder, i: int) -> Expr:
    """Slot i does not take place at the host's choice: its ability is p's tonight only by
    his cover, and no line in force says whether it can be covered, where a line in force
    says it of another (R100). (A line that says it cannot be is read by `lends`: the
    ability is not lent at all.)"""
    lines = _coverables(b)
    said = [w for _, w, _ in line_rules(b, CoverRule, "lends")]
    if not lines or not said:
        return FALSE
    _, cannot = _said(b.rs)
    p = b.actor(i)
    parts = []
    for c, ab in b.sc.abilities(i):
        own = {canon(n) for n in (ab.name, *ab.aliases)}  # (a section names its own ability)
        if _names(b.rs, ab) & cannot:
            continue
        if any(ab in r.abilities and b.sc.role_is(p, r) != FALSE for r in b.rs.roles):
            continue  # (his own role's: not only lent)
        x = conj(c, b.sc.taken(i), lent(b, p, ab))
        if x == FALSE:
            continue
        this = any_of(on for names, on in lines if names & own)
        others = any_of(on for names, on in lines if not names & own)
        silent = conj(x, neg(this), others)
        if silent == FALSE:
            continue
        w = said[0]
        played = b.choice(
            f"cover:unsaid:{p}:{canon(ab.name)}:{w.loc.line}:{w.loc.column}",
            [1, 0],
            decides=silent,
        )
        parts.append(conj(silent, eq(played, Const(0))))
    return label(any_of(parts), said[0]) if parts else FALSE


def lent(b: NightBuilder, p: str, ability: Ability) -> Expr:
    """`ability` is p's tonight by a cover he made the day before (the role of the ally he
    covered has it, or, where a line says so, the role the ally wears tonight), as other kinds ask (a report that leaves covered abilities out)."""
    made: dict[tuple[str, str, str], Expr] = b.before(COVERED)
    having = [r for r in b.rs.roles if ability in r.abilities]
    # "Can cover abilities from disguises.": its sentence in force
    worn = any_of(label(b.sc.switch(w), w) for _, w, _ in line_rules(b, CoverRule, "disguises"))
    return any_of(
        conj(
            held,
            disj(
                any_of(b.sc.role_is(q, r) for r in having),
                conj(worn, disguise.lent(b, q, ability)) if worn != FALSE else FALSE,
            ),
        )
        for (tag, a, q), held in made.items()
        if tag == COVERS and a == p
    )


def borrows(b: NightBuilder, p: str) -> list[tuple[Role, Expr]]:
    """(role, when): the roles whose statuses p holds tonight beside his own: the role of
    the ally he covered the day before (the cover in force), when a line says the ally's
    sniping is his (`snipes`)."""
    said = [(r, w) for r, w, _ in line_rules(b, CoverRule, "snipes")]
    if not said:
        return []
    made: dict[tuple[str, str, str], Expr] = b.before(COVERED)
    out = []
    for (tag, a, q), held in made.items():
        if tag != COVERS or a != p:
            continue
        works = conj(held, neg(made.get((VOID, a, q), FALSE)))
        mine = any_of(conj(b.sc.role_is(p, r), label(b.sc.switch(w), w)) for r, w in said)
        for role in b.rs.roles:
            x = conj(works, mine, b.sc.role_is(q, role))
            if x != FALSE:
                out.append((role, x))
    return out


def lends(
    rs: Ruleset,
    history: History,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Ability]:
    """The night abilities of the role of the ally p covered the day before, but those a
    line bars, when a line says the coverer uses them."""
    rules = [t for r in rs.roles for t in r.traits if isinstance(t, CoverRule)]
    if phase[0] != "night" or not any(t.lends is not None for t in rules):
        return []
    _, barred = _said(rs)
    made = history.state(COVERED.name, ())
    allies = [q for tag, a, q in made if tag == COVERS and a == p and q in held]
    out: list[Ability] = []
    worn = any(t.disguises is not None for t in rules)
    for q in allies:
        role = rs.role(held[q])
        theirs = list(role.abilities) if role is not None else []
        if worn:  # the ally's worn roles' abilities (a disguise's lends)
            theirs += disguise.lends(rs, history, held, q, phase, None)
        for a in theirs:
            if any(getattr(e, "by_day", False) for e in a.effects):
                continue
            if not _names(rs, a) & barred:
                out.append(a)
    return out


# ----------------------------------------------------------------------------- lasting state


Covers = dict[tuple[str, str, str], Expr]  # (atom kind, coverer, ally) -> it holds


def _step(before: tuple[tuple[str, str, str], ...], end: PhaseEnd) -> tuple[Any, ...]:
    """The covers of the phase just ended (only a day makes them): for the night after."""
    return tuple(sorted((a.kind, a.subject, a.obj) for a in end.atoms if a.kind in (COVERS, VOID)))


def _chain(before: Covers, end: ChainEnd) -> Covers:
    out: Covers = {}
    for a, e in end.atoms:
        if a.kind in (COVERS, VOID):
            key = (a.kind, a.subject, a.obj)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, str, str], ...], night: int) -> Covers:
    return {key: TRUE for key in state}


COVERED = Lasting("covers", (), _step, _chain, _view)


KIND = Kind(
    "cover",
    (Cover, CoverRule, Uncovered, Coverable),
    stops=stops,
    day_stops=day_stops,
    day_exempt=day_exempt,
    day_atoms=day_atoms,
    lends=lends,
    borrows=borrows,
    lasting=(COVERED,),
)
