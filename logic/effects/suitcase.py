"""Owns the Black Suitcase, read from the GM's sentences (DCTP's Black Org leader): a day
action that gives the suitcase to a player, the night action of whoever holds it that
pretends to use a night ability (nothing of it happens), what investigations make of the
pretended action, and whether it is a crime. Its phrases are grammar/clause/suitcase.lark,
read by logic/lang/kinds/suitcase.py (words in grammar/lexicon/suitcase.toml). No other
file names it: investigations (logic/effects/inquiry.py) ask it through `Kind.pretends`,
`Kind.feigns` and `Kind.unseen`, the binder (logic/model/binding.py) through `Kind.lends`.

Vocabulary:
  Give         the day ability ('During each day the Leader (...) can decide to give the
               "Black Suitcase" to any player (even himself).'): names the receiver, who
               holds the suitcase the night after (`X has the Black Suitcase`, the state
               `HOLDERS`). Named by the suitcase's name ("Black Suitcase": a case's
               `X uses Black Suitcase on Y` in a day block)
  Substitute   the day ability of a second receiver ("He can also choose a substitute in case
               that player is killed/arrested."): names a player who holds the suitcase the
               night after when the same user's gift of that day was aimed at a receiver
               killed (died that day: the lynch, an APTX) or arrested that day (a gift to
               him then does not take place)
               (logic/effects/dayarrest.py). Named "Substitute" (`X uses Substitute on Z`
               in a day block). Unsaid, a receiver killed or arrested holds it alone
  Pretend      the night ability ("During the next night the receiver can pretend to use
               any existing Night ability."): names a player, and the ability pretended is
               a decision among every role's night abilities and the faction's kill
               (`X decides "Interrogate"`). It takes place only for a player who holds the
               suitcase that night (the receiver of the day before; else nothing of it
               happens); it does nothing to its target and tells its user nothing. Lent
               to the receiver for that night (`lends`), named as the suitcase
  SuitcaseRule a sentence of the holder's line about the suitcase (each a field; unsaid,
               the engine does not do it):
    first_night  "Anokata can use the Black Suitcase during Night 1 for himself.": on
                 night 1 the holder of the line holds the suitcase himself
    seen         "Black Suitcase and Blamed actions appear as if they were legitimate
                 actions.": a pretend that took place is seen by every investigation of
                 actions and stake-out of that night as its user doing the action
                 pretended to its target (by the action's keyword), and not as a use of
                 the suitcase. Unsaid, investigations see the suitcase's use only
    innocent     "Using the Black Suitcase for any action is not a crime, including using
                 it to commit a crime.": the pretended action is kept off the record of
                 crimes (logic/effects/crimes.py: an arrest, a house search and a
                 cross-examination do not find it; `Kind.feigns`, seen tonight only).
                 Unsaid, the record keeps it as any action that was seen (`Kind.pretends`)
    instead      "Alternatively, the receiver can use Blame instead of a fake Night
                 ability.": the abilities named (`lent`, found by name on any role's line)
                 are lent to the receiver for the night too, and are real

Readings (BS1-BS3 in casebook/dctp-mini-mafia.rules): a pretend stopped (discombobulated)
did not take place and is seen by no one; the Special Investigate of a later night reads
the record, so it does not see a pretend the `innocent` sentence keeps off it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import dayarrest, inquiry
from logic.effects.base import Kind, Lasting, Outcome, line_rules, member_named
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Ability, Role, Ruleset
    from logic.model.phase import History
    from logic.model.semantics import NightBuilder

KILL = "Kill"  # the option of the faction's kill
SUBSTITUTE = "Substitute"  # the day ability of the second receiver
HOLDS = "has the Black Suitcase"  # the day's atom: the receiver holds it the night after


@dataclass(frozen=True)
class Give:
    by_day: ClassVar[bool] = True
    why: Why = meta()

    def describe(self) -> str:
        return "black suitcase: gives the suitcase to the target for the night after"


@dataclass(frozen=True)
class Substitute:
    by_day: ClassVar[bool] = True
    why: Why = meta()

    def describe(self) -> str:
        return "black suitcase: the target holds it if the receiver is killed or arrested today"


@dataclass(frozen=True)
class Pretend:
    why: Why = meta()
    options: tuple[str, ...] = ()  # the ability pretended, decided by the player

    def with_roles(self, roles: Sequence[Role]) -> Pretend:
        """The options: the faction's kill and every role's night ability, by name."""
        names = [KILL]
        for r in roles:
            for a in r.abilities:
                night = not any(getattr(e, "by_day", False) for e in a.effects)
                pretend = any(isinstance(e, Pretend) for e in a.effects)
                if night and not pretend and canon(a.name) not in {canon(n) for n in names}:
                    names.append(a.name)
        return replace(self, options=tuple(names))

    def describe(self) -> str:
        return "black suitcase: pretends to use a night ability on the target (nothing happens)"


@dataclass(frozen=True)
class SuitcaseRule:
    """The sentences of the suitcase holder's line, each a field (see the module; None:
    the sentence is not in the ruleset)."""

    why: Why = meta()
    first_night: Why | None = None
    seen: Why | None = None
    innocent: Why | None = None
    instead: Why | None = None
    lent: tuple[str, ...] = ()  # `instead`'s: the abilities named
    members: Why | None = None
    members_of: tuple[int, str] | None = None  # `members`': the day and the group named

    def describe(self) -> str:
        said = {
            "first_night": "the holder of the line has the suitcase on night 1",
            "seen": "a pretended action is seen as done",
            "innocent": "a pretended action is no crime",
            "instead": f"the holder may use {', '.join(self.lent)} instead",
            "members": "on day {} it may be given to any member of the {}".format(
                *(self.members_of or (0, ""))
            ),
        }
        return "black suitcase: " + "; ".join(v for k, v in said.items() if getattr(self, k))


def _in_force(b: Any, tag: str) -> Expr:
    """Some line says `tag`, its sentence in force (the suitcase's sentences hold for
    whoever holds it, not only for the holder of the line)."""
    return any_of(label(b.sc.switch(w), w) for _, w, _ in line_rules(b, SuitcaseRule, tag))


def holds(b: NightBuilder, p: str) -> Expr:
    """p holds the suitcase tonight: given to him the day before, or, on night 1, his
    line says he uses it then."""
    given: dict[str, Expr] = b.before(HOLDERS)
    parts = [given.get(p, FALSE)]
    if b.night == 1:
        for r, w, _ in line_rules(b, SuitcaseRule, "first_night"):
            parts.append(conj(b.sc.role_is(p, r), label(b.sc.switch(w), w)))
    return any_of(parts)


def stops(b: NightBuilder, i: int) -> Expr:
    """A pretend by a player who does not hold the suitcase tonight does not take place."""
    return any_of(
        label(conj(c, neg(holds(b, b.actor(i)))), e.why) for c, e in b.effects(i, Pretend)
    )


def item_use(b: NightBuilder, i: int) -> Expr:
    """Slot i uses the suitcase: its pretend, or an ability a line lets the receiver use
    instead (`instead`'s, lent with it), by a player who holds it tonight."""
    named = {canon(n) for _, _, rule in line_rules(b, SuitcaseRule, "instead") for n in rule.lent}
    parts = [c for c, _ in b.effects(i, Pretend)]
    if named:
        parts += [c for c, ab in b.sc.abilities(i) if canon(ab.name) in named]
    uses = any_of(parts)
    if uses == FALSE:
        return FALSE
    return conj(uses, holds(b, b.actor(i)))


def _pretended(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    """(the user, the keyword of the action pretended, a pretend that took place aims it
    at q tonight and the `seen` sentence is in force), made once a night for q."""
    got: list[tuple[str, str, Expr]] = b.once(f"suitcase:{q}", lambda: _made(b, q))
    return got


def _made(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    said = _in_force(b, "seen")
    if said == FALSE:
        return []
    out: list[tuple[str, str, Expr]] = []
    for j in range(b.n):
        for c, e in b.effects(j, Pretend):
            took = conj(c, b.ok(j), b.aims(j, q), said)
            if took == FALSE:
                continue
            decided = b.sc.decision(j, e.options)
            for k, name in enumerate(e.options):
                x = conj(took, eq(decided, Const(k)))
                if x != FALSE:
                    out.append((b.actor(j), inquiry.keyword_named(b.rs, name, KILL), x))
    return out


def pretends(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    """The pretended actions seen tonight and kept on the record (no sentence says they
    are no crime)."""
    innocent = _in_force(b, "innocent")
    return [(a, k, conj(x, neg(innocent))) for a, k, x in _pretended(b, q)]


def feigns(b: NightBuilder, q: str) -> list[tuple[str, str, Expr]]:
    """The pretended actions seen tonight and kept off the record of crimes."""
    innocent = _in_force(b, "innocent")
    if innocent == FALSE:
        return []
    return [(a, k, conj(x, innocent)) for a, k, x in _pretended(b, q)]


def unseen(b: NightBuilder, keyword: str) -> Expr:
    """The suitcase's own use is not seen when a pretend appears as the action pretended."""
    names = {
        canon(inquiry.keyword(b.rs, a))
        for r in b.rs.roles
        for a in r.abilities
        if any(isinstance(e, Pretend) for e in a.effects)
    }
    if canon(keyword) not in names:
        return FALSE
    return _in_force(b, "seen")


# ----------------------------------------------------------------------------- the day


def _substitutes(db: DayBuilder, outcome: Outcome, q: str) -> list[Expr]:
    """q holds the suitcase as a substitute: named by a user whose gift of today was
    aimed at a receiver killed or arrested today."""
    parts = []
    for j in range(db.n):
        for c, e in db.effects(j, Substitute):
            named = label(conj(c, db.ok(j), db.sc.aims(j, q)), e.why)
            if named == FALSE:
                continue
            for i in range(db.n):
                if db.actor(i) != db.actor(j):
                    continue
                for r in db.players:
                    gone = disj(neg(outcome.alive_after[r]), dayarrest.arrested_today(db, r))
                    for c2, g in db.effects(i, Give):
                        # (aimed at r: a gift to a player arrested today does not take place)
                        gift = label(conj(c2, db.sc.aims(i, r)), g.why)
                        parts.append(conj(named, gift, gone))
    return parts


def _members_only(db: DayBuilder, i: int, q: str, gift: Expr) -> Expr:
    """Day slot i's gift to q holds, as far as a line's "During Day 1, it may be given to
    any member of the Black Org." goes: today is its day and q is no member of the group,
    and whether the gift then holds is the host's open choice (the note against the gift's
    "to any player (even himself)", BS2, R162); otherwise it holds."""
    parts = []
    for _, w, rule in line_rules(db, SuitcaseRule, "members"):
        if rule.members_of is None or rule.members_of[0] != db.day:
            continue
        outside = conj(neg(member_named(db, q, rule.members_of[1])), label(db.switch(w), w))
        if outside == FALSE:
            continue
        loc = w.loc
        held = db.choice(
            f"suitcase:members:{loc.line}:{loc.column}:{i}:{q}",
            [True, False],
            decides=conj(gift, outside),
        )
        parts.append(conj(outside, neg(label(held, w))))
    return neg(any_of(parts))


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X has the Black Suitcase`: a gift of today's that took place names X (one the
    members' note leaves open, `_members_only`), or X is its substitute and its receiver
    was killed or arrested today."""
    out: dict[Atom, Expr] = {}
    for q in db.players:
        parts = []
        for i in range(db.n):
            for c, e in db.effects(i, Give):
                gift = label(conj(c, db.ok(i), db.sc.aims(i, q)), e.why)
                if gift != FALSE:
                    parts.append(conj(gift, _members_only(db, i, q, gift)))
        x = any_of([*parts, *_substitutes(db, outcome, q)])
        if x != FALSE:
            out[Atom(HOLDS, q)] = x
    return out


def lends(
    rs: Ruleset,
    history: History,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Ability]:
    """The pretend, for the night after a day the suitcase was given to p, and the
    abilities a line says the receiver may use instead."""
    if phase[0] != "night" or p not in history.state(HOLDERS.name, ()):
        return []
    pretend = [
        a for r in rs.roles for a in r.abilities if any(isinstance(e, Pretend) for e in a.effects)
    ][:1]
    named = {
        canon(n) for r in rs.roles for t in r.traits if isinstance(t, SuitcaseRule) for n in t.lent
    }
    found = {canon(a.name): a for r in rs.roles for a in r.abilities if canon(a.name) in named}
    return pretend + list(found.values())


# ----------------------------------------------------------------------------- lasting state


def _step(before: tuple[str, ...], end: PhaseEnd) -> tuple[str, ...]:
    """Who holds the suitcase for the phase after this one (only a day gives it)."""
    return tuple(sorted(a.subject for a in end.atoms if a.kind == HOLDS))


def _chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    out: dict[str, Expr] = {}
    for a, e in end.atoms:
        if a.kind == HOLDS:
            out[a.subject] = disj(out.get(a.subject, FALSE), e)
    return out


def _view(state: tuple[str, ...], night: int) -> dict[str, Expr]:
    return {p: TRUE for p in state}


HOLDERS = Lasting("suitcase", (), _step, _chain, _view)


KIND = Kind(
    "suitcase",
    (Give, Substitute, Pretend, SuitcaseRule),
    stops=stops,
    pretends=pretends,
    feigns=feigns,
    unseen=unseen,
    day_atoms=day_atoms,
    lends=lends,
    item_use=item_use,
    lasting=(HOLDERS,),
)
