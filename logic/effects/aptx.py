"""Owns APTX, the Black Org's poisoning by day, read from the GM's sentences: "During each
day any BO member may attempt to poison another player (BO or Townie) by sending a PM with
that players name and identity to the GM." (a whole-game sentence that gives each member
of the faction a day ability, `AptxGrant`), "The actions and the votes of the victim
doesn't count and the target dies." (`AptxKills`), and "Same for APTX." after "If the
person who got the most lynch votes is also arrested that same phase, there will be no
lynch." (`NoLynchAptx`). Its phrases are grammar/game/aptx.lark, read by
logic/lang/game_kinds/aptx.py (words in grammar/lexicon/aptx.toml).

Vocabulary:
  AptxGrant        the whole game's: each member of `faction` (named as the sentence names
                   it: "BO" is the faction whose name's initials it is) has a day ability
                   "poison" on one player, whose `Aptx` leaves the player to decide the
                   target's identity (a role of the ruleset: `X decides "Satou"`)
  Aptx             the day ability's effect: the attempt lands when the target holds the
                   role named ("Succseful APTX: The target was that role (success).")
  AptxKills        a landed attempt: the target dies that day, and his day actions (but an
                   arrest or a poisoning of his own) and his vote do not count
  Charm            a day ability on one player (Kazuha's "Can give out the Health Charm.");
                   `shields` ("The same phase and the phase afterwards, the target will be
                   protected from APTX poisoning."): a poisoning of the target that day
                   does not land
  NoLynchAptx      the most voted player poisoned that day is not lynched, and no one is
                   (`spared`); of two tied, one poisoned, the other is lynched ("... is
                   arrested or APTXed, the other will be lynched.", logic/effects/
                   dayarrest.py's `TiedArrestedOut`: `withdrawn`)
  CharmSpent       the whole game's "The Charm will only be used up, if the person with the
                   charm would have been poisoned otherwise.": of two poisonings of the
                   charm's holder that would land the same day, the charm stops one
  Guard            a day ability's protection from APTX that another kind's ability carries
                   (a pair's Lovey-Dovey, logic/effects/lovey.py): no poisoning of its
                   target lands that day
  CharmSelfOnce    the whole game's "Can only give the charm to herself once.": a charm its
                   giver gives to himself on a day after one he gave himself does not take
                   place (the state `CHARMED`: who gave himself one, and on which day)

An arrest of the poisoner that day stops the attempt ("Arresting the BO member who does the
poisoning WILL hinder the poisoning.": the arrested player's day actions fail, but
arrests, logic/effects/dayarrest.py). What a poisoning costs (the capsules: how many, kept,
lost, confiscated, handed on) is logic/effects/capsules.py's, which asks `named_right`. Not
modelled: travellers and the notices (Sherry's poison by night, which the charm's
"phase afterwards" stops, is logic/effects/aptxnight.py's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import dayarrest
from logic.effects.base import Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.ir import Ability, Frequency, Role, canon
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class Aptx:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    options: tuple[str, ...] = ()  # the identities the player may name: the ruleset's roles

    def describe(self) -> str:
        return "aptx: the target dies when the identity named is the target's role"


@dataclass(frozen=True)
class AptxGrant:
    """A whole-game sentence that gives each member of `faction` a day ability (`grants`:
    logic/lang/assemble/finish.py asks such a node for the roles it changes)."""

    grants: ClassVar[bool] = True
    faction: str
    verb: str  # the ability's name: the sentence's verb
    why: Why = meta()

    def describe(self) -> str:
        return f"every member of {self.faction} may use APTX on one player by day, naming a role"

    def owner(self, factions: Sequence[str]) -> str | None:
        """The faction the sentence names: by name, or by its name's initials ("BO")."""
        for f in factions:
            initials = "".join(w[:1] for w in f.split()).upper()
            if canon(f) == canon(self.faction) or initials == self.faction.upper():
                return f
        return None

    def granted(
        self, roles: Sequence[Role], factions: Sequence[str], nodes: Sequence[Any] = ()
    ) -> list[Role]:
        """The roles with the ability given to the faction's members."""
        owner = self.owner(factions)
        names = tuple(r.name for r in roles)
        out = []
        for r in roles:
            if owner is not None and canon(r.faction) == canon(owner):
                effect = Aptx(self.why, names)
                ab = Ability(self.verb, "targets", Frequency.EACH_NIGHT, (effect,), why=self.why)
                r = replace(r, abilities=(*r.abilities, ab))
            out.append(r)
        return out


@dataclass(frozen=True)
class AptxKills:
    why: Why = meta()

    def describe(self) -> str:
        return "an APTX that lands: the target dies; his actions and vote that day fail"


@dataclass(frozen=True)
class Charm:
    """'Can give out the Health Charm.': a day ability on one player; `shields` ("The same
    phase and the phase afterwards, the target will be protected from APTX poisoning."):
    a poisoning of the target that day does not land, and, the night after, a poisoning by
    night (logic/effects/aptxnight.py reads the day's atom `X holds the charm`)."""

    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    shields: Why | None = None

    def describe(self) -> str:
        if self.shields is None:
            return "charm: gives the target the Health Charm (nothing said of what it does)"
        return "charm: the target is protected from APTX that day"


@dataclass(frozen=True)
class CharmSpent:
    """The whole game's "The Charm will only be used up, if the person with the charm would
    have been poisoned otherwise.": a charm that stops one poisoning is used up, and a
    second poisoning of its holder that day lands. Unsaid, the charm stops every
    poisoning of its holder that day."""

    why: Why = meta()

    def describe(self) -> str:
        return "the charm is used up by the poisoning it stops"


@dataclass(frozen=True)
class Guard:
    """A day ability's protection from APTX, carried by another kind's ability (a pair's
    Lovey-Dovey: logic/effects/lovey.py, "This protect will hinder lynching, killing,
    sniping and even APTX."): a poisoning of its target that day does not land (no charm's
    using up applies to it)."""

    why: Why = meta()

    def describe(self) -> str:
        return "the target is protected from APTX that day"


@dataclass(frozen=True)
class CharmSelfOnce:
    why: Why = meta()

    def describe(self) -> str:
        return "the giver of a charm gives it to himself once a game"


@dataclass(frozen=True)
class NoLynchAptx:
    why: Why = meta()

    def describe(self) -> str:
        return "a player APTXed on the day the votes pick is not lynched, and no one is"


def _said(db: DayBuilder, kind: type) -> Expr:
    nodes: list[Any] = [x for x in db.rs.healing if isinstance(x, kind)]
    return any_of(label(db.switch(x.why), x.why) for x in nodes)


def _tries(db: DayBuilder) -> list[tuple[int, str, Expr, Expr]]:
    """(slot, the target, the attempt took place, it named the target's role) for each
    poisoning of the day."""

    def make() -> list[tuple[int, str, Expr, Expr]]:
        out = []
        for i in range(db.n):
            for c, e in db.effects(i, Aptx):
                decided = db.sc.decision(i, e.options)
                for q in db.players:
                    took = conj(c, db.ok(i), db.sc.aims(i, q))
                    if took == FALSE:
                        continue
                    right = any_of(
                        conj(eq(decided, Const(k)), db.role_is(q, role))
                        for k, name in enumerate(e.options)
                        if (role := db.rs.role(name)) is not None
                    )
                    out.append((i, q, took, label(right, e.why)))
        return out

    got: list[tuple[int, str, Expr, Expr]] = db.once("aptx:tries", make)
    return got


def named_right(db: DayBuilder, i: int) -> tuple[Expr, Expr]:
    """(day slot i's poisoning took place, and it named its target's role): a success in
    the source's words ("Succseful APTX: The target was that role (success)."), whatever
    a charm then does."""
    mine = [(took, right) for j, _, took, right in _tries(db) if j == i]
    return any_of(t for t, _ in mine), any_of(conj(t, r) for t, r in mine)


def _shielded(db: DayBuilder) -> list[tuple[int, str, Expr, Expr, Expr]]:
    """(slot, the target, the attempt took place, it named the target's role, a Health
    Charm stops it) for each poisoning of the day."""

    def make() -> list[tuple[int, str, Expr, Expr, Expr]]:
        tries = _tries(db)
        spent = _said(db, CharmSpent)
        out = []
        for i, q, took, right in tries:
            shield = charmed(db, q)
            if spent != FALSE and shield != FALSE:
                # "The Charm will only be used up, if the person with the charm would have
                # been poisoned otherwise.": used up by one poisoning, it stops no other
                other = any_of(conj(t, r) for j, p, t, r in tries if p == q and j != i)
                shield = conj(shield, neg(conj(spent, other)))
            out.append((i, q, took, right, shield))
        return out

    got: list[tuple[int, str, Expr, Expr, Expr]] = db.once("aptx:shielded", make)
    return got


def _attempts(db: DayBuilder) -> list[tuple[int, str, Expr]]:
    """(slot, the target, the attempt took place, named the target's role and no charm
    stopped it)."""

    def make() -> list[tuple[int, str, Expr]]:
        out = []
        for i, q, took, right, shield in _shielded(db):
            x = conj(took, right, neg(shield), neg(guarded(db, q)))
            if x != FALSE:
                out.append((i, q, x))
        return out

    got: list[tuple[int, str, Expr]] = db.once("aptx:attempts", make)
    return got


def charm_stopped(db: DayBuilder, i: int) -> Expr:
    """Day slot i's poisoning took place and named its target's role, and a Health Charm
    stopped it (logic/effects/capsules.py asks what that costs)."""
    return any_of(
        conj(took, right, shield) for j, _, took, right, shield in _shielded(db) if j == i
    )


def charmed(db: DayBuilder, q: str) -> Expr:
    """q holds a Health Charm given today whose sentence says it protects."""
    return any_of(
        conj(db.ok(i), c, db.sc.aims(i, q), label(db.switch(e.shields), e.shields))
        for i in range(db.n)
        for c, e in db.effects(i, Charm)
        if e.shields is not None
    )


def guarded(db: DayBuilder, q: str) -> Expr:
    """q is protected from APTX today by another kind's ability (`Guard`)."""
    return any_of(
        conj(db.ok(i), c, db.sc.aims(i, q)) for i in range(db.n) for c, _ in db.effects(i, Guard)
    )


def would_poison(db: DayBuilder, q: str) -> Expr:
    """A poisoning that named q's role took place on q today (whatever then stopped it)."""
    return any_of(conj(took, right) for _, p, took, right in _tries(db) if p == q)


def aptxed(db: DayBuilder, q: str) -> Expr:
    """q is poisoned today (an attempt landed, and a sentence says what that does)."""
    kills = _said(db, AptxKills)
    if kills == FALSE:
        return FALSE
    return conj(kills, any_of(x for _, p, x in _attempts(db) if p == q))


def _exempt(db: DayBuilder, i: int) -> Expr:
    """Day slot i is a poisoning or an arrest ("The only exceptions to this are arrests and
    poisonings with APTX.")."""
    return any_of(c for c, _ in db.effects(i, (Aptx, dayarrest.DayAccuse)))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """The victim's day action (but a poisoning or an arrest) does not count."""
    x = conj(aptxed(db, db.actor(i)), neg(_exempt(db, i)))
    return disj(x, _self_stops(db, i))


def day_deaths(db: DayBuilder) -> list[tuple[str, Expr]]:
    return [(q, x) for q in db.players if (x := aptxed(db, q)) != FALSE]


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """The victim's vote has no power (`powerless`); he is `spared` ("Same for APTX.") and
    `withdrawn` ("... is arrested or APTXed, the other will be lynched.")."""
    gates: dict[str, Any] = {
        "powerless": AptxKills,
        "spared": NoLynchAptx,
        "withdrawn": dayarrest.TiedArrestedOut,
    }
    kind = gates.get(name)
    if kind is None:
        return []
    x = conj(_said(db, kind), aptxed(db, p))
    return [] if x == FALSE else [(x, "")]


SELF = "gives the charm to"  # the day's atom of a charm its giver gave himself


def _self_once(db: DayBuilder) -> Expr:
    return any_of(
        label(db.switch(x.why), x.why) for x in db.rs.healing if isinstance(x, CharmSelfOnce)
    )


def _self_stops(db: DayBuilder, i: int) -> Expr:
    """Day slot i is a charm its giver gives himself after one he gave himself before."""
    said = _self_once(db)
    if said == FALSE:
        return FALSE
    p = db.actor(i)
    before: dict[tuple[str, int], Expr] = db.before(CHARMED)
    again = any_of(x for (q, _), x in before.items() if q == p)
    return any_of(conj(c, db.sc.aims(i, p), said, again) for c, _ in db.effects(i, Charm))


SHIELD = "holds the charm"  # the day's atom of a charm that protects its holder


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X holds the charm`: a charm whose sentence says it protects was given to X today
    (read the night after: "... and the phase afterwards, ...", logic/effects/
    aptxnight.py); `X gives the charm to X`: a charm its giver gave himself today (when a
    sentence limits it)."""
    del outcome
    out: dict[Atom, Expr] = {}
    for q in db.players:
        x = charmed(db, q)
        if x != FALSE:
            out[Atom(SHIELD, q)] = x
    if _self_once(db) == FALSE:
        return out
    for i in range(db.n):
        p = db.actor(i)
        x = any_of(conj(c, db.ok(i), db.sc.aims(i, p)) for c, _ in db.effects(i, Charm))
        if x != FALSE:
            key = Atom(SELF, p, p)
            out[key] = disj(out.get(key, FALSE), x)
    return out


def _step(before: tuple[tuple[str, int], ...], end: PhaseEnd) -> tuple[tuple[str, int], ...]:
    got = {(a.subject, end.number) for a in end.atoms if a.kind == SELF}
    return tuple(sorted(set(before) | got))


def _chain(before: dict[tuple[str, int], Expr], end: ChainEnd) -> dict[tuple[str, int], Expr]:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == SELF:
            key = (a.subject, end.number)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, int], ...], night: int) -> dict[tuple[str, int], Expr]:
    del night
    return {key: TRUE for key in state}


CHARMED = Lasting("charmed", (), _step, _chain, _view)


KIND = Kind(
    "aptx",
    (Aptx, AptxGrant, AptxKills, NoLynchAptx, Charm, CharmSpent, CharmSelfOnce, Guard),
    day_stops=day_stops,
    day_deaths=day_deaths,
    day_marked=day_marked,
    day_atoms=day_atoms,
    lasting=(CHARMED,),
)
