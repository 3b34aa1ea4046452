"""Owns crimes and arrests for them: a record of who did what to whom in which phase, kept
from phase to phase; which abilities are crimes; the arrest of a player accused of a crime
of a named past phase, custody for the rest of the game, and the suspension of an officer
who accuses falsely; the house search that arrests whoever has a crime on record; and the
cross-examination that asks whether a player has committed any crime so far.

Vocabulary:
  Crimes         the whole game's list of the abilities that are crimes ("List of
                 abilities that constitute crimes: Killing (...), Blaming, ..."): an
                 ability is one when one of its names or its keyword is the list's word
                 (a gerund: "Slandering" is Slander)
  Accuse         an action ("Can arrest any player at Night or Day, except for
                 themselves."): the actor names the accused and the past phase of the
                 crime (a decision: `X decides "night 1"` in a case). When the accused
                 committed a crime in that phase (it is on the record), the accused is
                 arrested: in custody for the rest of the game. Otherwise the officer is
                 suspended for the two phases after this one.
  HouseSearch    an action: when the target has a crime on the record, the target is
                 arrested (auto-arrest); otherwise the officer is suspended for two phases
                 and never searches again
  CrossExamine   an action: the actor learns the first of its texts when the target has
                 committed a crime in an earlier phase, the second otherwise

The record: every action that took place (one no one and nothing stopped: a hindered crime
"is treated as having failed and thus not happening"), by its actor, its keyword (what an
investigation sees, logic/effects/inquiry.py), the player it took place on, and its phase;
carried as the lasting state `DEEDS`. A phase may ask only about earlier phases ("it
CANNOT be in the same phase that the arrest is happening", "Crimes committed during the
same phase don't count").

Custody (`CUSTODY`): an arrested player's actions do not take place, nor do actions on
them, from the arrest's tier on (tonight) and in every later phase. Suspension
(`SUSPENDED`): the officer's actions do not take place in the two phases after the one he
was suspended in. A crime is recorded whoever it harmed; the accusation names the accused
and the phase, not the crime's name and victim (a reading: a case writes the phase).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from logic.effects import heal, inquiry, items
from logic.effects.base import Kind, Lasting, Outcome, member_named, withheld
from logic.model import frame
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, lt, neg
from logic.model.phase import Atom, ChainEnd, History, PhaseEnd, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Ruleset
    from logic.model.semantics import NightBuilder

# the phases an accusation may name (a game of live mini mafia is a few phases long)
PHASES = tuple(f"{k} {n}" for n in range(1, 8) for k in ("night", "day"))[:-1]
# the prep phase (night 0), which an arrest may name too, after the nights and days: option
# `len(PHASES)` of `ACCUSED` (so that option k < len(PHASES) is phase index k + 1)
PREP = "prep"
PREP_AT = -1  # phase_index("night", 0)
ACCUSED = (*PHASES, PREP)


def option_of(at: int) -> int:
    """The option of `ACCUSED` that names the phase of index `at`."""
    return len(PHASES) if at == PREP_AT else at - 1


def phase_index(kind: str, number: int) -> int:
    """Night 1 is 1, day 1 is 2, night 2 is 3, ..."""
    return 2 * number - (1 if kind == "night" else 0)


def _phase_of(text: str) -> tuple[str, int]:
    kind, number = text.split()
    return kind, int(number)


@dataclass(frozen=True)
class Crimes:
    names: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"crimes: {', '.join(self.names)}"


@dataclass(frozen=True)
class Accuse:
    why: Why = meta()
    options = ACCUSED  # the phase of the crime, decided by the player (a case's `decides`)

    def describe(self) -> str:
        return "arrest: the accused is arrested when they committed a crime in the phase named"


@dataclass(frozen=True)
class HouseSearch:
    why: Why = meta()

    def describe(self) -> str:
        return "house search: the target is arrested when they have a crime on record"


@dataclass(frozen=True)
class CrossExamine:
    why: Why = meta()
    yes: str | None = None  # what the actor learns: a crime before this phase, or none
    no: str | None = None
    told: Why | None = None  # the sentence that gives the answers

    def describe(self) -> str:
        said = f'"{self.yes}" or "{self.no}"' if self.yes else "no answer given"
        return f"cross-examine: learns whether the target committed a crime before ({said})"

    def answered(self, results: tuple[str, ...], why: Why) -> CrossExamine:
        """The answers a result sentence after it gives ('She'll get the result "true" or
        "false".'): the first when a crime is on record."""
        return replace(self, yes=results[0], no=results[1], told=why)


@dataclass(frozen=True)
class PastCheck:
    why: Why = meta()
    options = PHASES  # the phase asked about, decided by the player (a case's `decides`)

    def describe(self) -> str:
        return (
            "special investigate: learns what the first player did to the second in the phase named"
        )


@dataclass(frozen=True)
class Suspends:
    """'Police that attempt to arrest someone and are unsuccessful will be suspended for
    two phases following the arrest attempt.' (`by` "arrest"; a house search that finds
    no crime: "search"): the officer is suspended for the `phases` phases after. What a
    suspension does is `SuspensionStops`'s sentence, or this one's own (`stops`: "... and
    can't use any actions during that time", R71)."""

    by: str
    phases: int
    why: Why = meta()
    stops: bool = False

    def describe(self) -> str:
        said = ", no action meanwhile" if self.stops else ""
        return f"a failed {self.by} suspends the officer for {self.phases} phases{said}"


@dataclass(frozen=True)
class SuspensionStops:
    """'While suspended, the police officer in question will lose all abilities apart from
    voting.' (`reasons` the suspensions of a false arrest and a search in vain); 'While
    temporarily injured, ...' (the officer hurt by a sniper's resistance): no action of
    the officer takes place while the state lasts; his vote still counts (R71)."""

    reasons: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"no action while {' or '.join(self.reasons)} lasts, the vote kept"


@dataclass(frozen=True)
class EarlierOnly:
    """'Crimes committed during the same phase don't count.' (`asker` "any"); 'The crime
    can be done on any Night or Day, but it CANNOT be in the same phase that the arrest is
    happening' ("arrest"); 'If the target has not committed a crime yet, but commits a
    crime in the same phase as the House Search order is given, the House Search will
    still be considered a failure, ...' ("search"): the asker reads the record of earlier
    phases only. Unsaid, a crime of the asker's own phase counts when it takes place
    (R70: the record is of what took place, and nothing else bounds it)."""

    asker: str
    why: Why = meta()
    # "The crime can be done on any Night or Day, ...": the phases of a crime it names are
    # nights and days (an arrest naming the prep phase: `prep_named`)
    nights_days: bool = False

    def describe(self) -> str:
        who = "nothing" if self.asker == "any" else f"a {self.asker}"
        said = "; a crime is of a night or a day" if self.nights_days else ""
        return f"{who} counts a crime of its own phase{said}"


@dataclass(frozen=True)
class AnyPast:
    """The Arrest section's 'Needs to accuse a player for a specific crime during a specific
    past phase: ...' (reworded 'An arrest accuses a player of a specific crime during a
    specific past phase.'): an arrest may name any past phase, the prep phase too (its
    Disguise is a "Prep action, crime"). Against `EarlierOnly`'s "The crime can be done on
    any Night or Day" (a night or a day), whether an arrest naming the prep phase holds is
    the host's open choice (`prep_named`). The crime named is not compared (R10): the phase
    is. Unsaid, an arrest may name the prep phase as any other (the record is read)."""

    why: Why = meta()

    def describe(self) -> str:
        return "an arrest may name any past phase (the prep phase too)"


@dataclass(frozen=True)
class Hurt:
    """'Police that successfully arrest an uninjured sniper will be injured for two phases
    following the arrest.' (no action of the officer takes place for `phases` phases)."""

    phases: int
    why: Why = meta()

    def describe(self) -> str:
        return f"arresting an uninjured sniper injures the officer for {self.phases} phases"


@dataclass(frozen=True)
class AutoArrest:
    """'If a house search uncovers a crime of any sort, the target is automatically
    arrested.'"""

    why: Why = meta()

    def describe(self) -> str:
        return "a house search that finds a crime arrests its target"


@dataclass(frozen=True)
class Barred:
    """'He won't be able to use House search for the rest of the game.' (after a search
    that found no crime)"""

    why: Why = meta()

    def describe(self) -> str:
        return "an officer whose house search found no crime searches no more"


@dataclass(frozen=True)
class HeldFails:
    """'The action and/or vote of a successfully arrested player will not go thorough and
    will fail.' (from the arrest on, for the rest of the game)"""

    why: Why = meta()

    def describe(self) -> str:
        return "an arrested player's actions and vote fail"


@dataclass(frozen=True)
class OnHeldFails:
    """'Any and all actions on arrested players will fail with the exception of Lawsuit to
    free them.'"""

    why: Why = meta()

    def describe(self) -> str:
        return "actions on an arrested player fail"


@dataclass(frozen=True)
class NotTwice:
    """'You can't arrest someone for the same crime twice.' (the crimes of one phase are
    one charge: an accusation names the phase)"""

    why: Why = meta()

    def describe(self) -> str:
        return "no one is arrested twice for the same crime"


@dataclass(frozen=True)
class Release:
    """'Can bring back anyone who has been arrested with a lawsuit.': the target, in
    custody, is free when the night ends (actions on an arrested player fail "with the
    exception of Lawsuit to free them")."""

    why: Why = meta()

    def describe(self) -> str:
        return "lawsuit: an arrested target is out of custody"


@dataclass(frozen=True)
class HindersCrime:
    """'If the target has not committed a crime yet, but commits a crime in the same phase
    as the House Search order is given, ... The crime, however, will be hindered and
    Auto-arrest won't happen.': a crime of the searched player that comes after the
    search in the order of actions does not take place; one that comes before it (a
    kill: "Killing always comes before House Search") is open (D9)."""

    why: Why = meta()

    def describe(self) -> str:
        return "a house search that finds no crime hinders the target's crime of that phase"


@dataclass(frozen=True)
class SuspensionExempt:
    """'But he can use the bow-tie actions in case he get's the bow-tie.' (after "The police
    officer can't use any action ... for the next 2 phases if he accuses someone falsely"):
    a suspended officer's action with an ability the item lent to him gives
    (logic/effects/items.py's `acts_with`) takes place; his own stay stopped. Unsaid, a
    suspension stops every action of his (R161)."""

    item: str
    why: Why = meta()

    def describe(self) -> str:
        return f"a suspended officer still acts with the {self.item}"


@dataclass(frozen=True)
class ResultsWithheld:
    """RC31's 'Injured/suspended people do not recieve results on the phase they're
    injured/suspended.' (`reasons`: the states it names, ARREST_REASON and SEARCH_REASON for
    "suspended", INJURY_REASON for "injured"): an officer put in one of them tonight (a
    false accusation, a house search in vain, an uninjured sniper arrested) learns no
    result of tonight's actions (`withholds`); the state itself begins the phase after.
    Unsaid, his results of tonight are told (the state stops the later phases' actions
    only). A player injured by a save or a first aid: his actions of that night fail
    anyway (logic/effects/heal.py), so the sentence says again what is done there."""

    reasons: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"no results the phase one is put in a state of: {', '.join(self.reasons)}"


@dataclass(frozen=True)
class NoBlamedArrest:
    """'The BO can't arrest someone for a blamed action in any way.' (`group` a faction, by
    its name or its initials), 'Vermouth may not arrest someone for a blamed action for
    any reason.' (a role): an arrest or a house search by a player of `group` does not
    count, on the record, an action a blame pinned on the accused (one he did not take
    himself: `inquiry.pinned`). Such an arrest is unsuccessful (its officer is suspended as
    any: a reading, R160). Unsaid, a blamed action counts for every officer."""

    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"{self.group} may not arrest for a blamed action"


# ----------------------------------------------------------------------------- crimes


def crimes_of(rs: Ruleset) -> list[Crimes]:
    return [x for x in rs.healing if isinstance(x, Crimes)]


def _stem(word: str) -> str:
    w = "".join(ch for ch in word.casefold() if ch.isalpha())
    w = w.removesuffix("ing")
    return w.removesuffix("e")


_CRIMES: dict[int, tuple[Ruleset, dict[str, Why | None]]] = {}
"""`is_crime`'s answers, by the ruleset's id (the ruleset kept beside them, so its id is
not another's): a symbolic night asks them some 150,000 times (DCTP's 3-player night:
two thirds of its building went to stemming each crime's names again)."""


def is_crime(rs: Ruleset, keyword: str) -> Why | None:
    """The sentence that makes actions of `keyword` crimes (None: not a crime)."""
    held = _CRIMES.get(id(rs))
    if held is None or held[0] is not rs:
        if len(_CRIMES) > 16:
            _CRIMES.clear()
        held = _CRIMES[id(rs)] = (rs, {})
    known = held[1]
    if keyword not in known:
        key = _stem(keyword)
        known[keyword] = next(
            (c.why for c in crimes_of(rs) if any(_stem(n) == key for n in c.names)), None
        )
    return known[keyword]


def in_play(rs: Ruleset) -> bool:
    """The ruleset speaks of crimes: the record is kept (others keep none)."""
    if crimes_of(rs):
        return True
    nodes = (Accuse, HouseSearch, CrossExamine, PastCheck, Release)
    return any(isinstance(e, nodes) for r in rs.roles for a in r.abilities for e in a.effects)


# ----------------------------------------------------------------------------- the record

Deeds = dict[
    tuple[str, str, str, int], Expr
]  # (actor, keyword, on whom, phase index) -> it took place
DID = "did"
PIN = "pinned"


def deeds(b: NightBuilder) -> dict[Atom, Expr]:
    """The atoms `did` of tonight: actor, "KEYWORD>PLAYER"."""
    return {Atom(DID, a, f"{k}>{q}"): x for q in b.sc.players for a, k, x in inquiry.did(b, q)}


def pins(b: NightBuilder) -> dict[Atom, Expr]:
    """The atoms `pinned` of tonight: actor, "KEYWORD>PLAYER", an action on his record that a
    blame pinned on him (`inquiry.pinned`). Every blame that may pin the same action counts
    (a symbolic night lists one entry per blamer: a dict of them kept the last one only)."""
    parts: dict[Atom, list[Expr]] = {}
    for q in b.sc.players:
        for a, k, x in inquiry.pinned(b, q):
            parts.setdefault(Atom(PIN, a, f"{k}>{q}"), []).append(x)
    return {atom: any_of(xs) for atom, xs in parts.items()}


ARREST_ASKER, SEARCH_ASKER, CROSS_ASKER = "arrest", "search", "cross-examination"


def counts_now(b: NightBuilder, p: str, asker: str, by: str | None = None) -> Expr:
    """p commits a crime tonight that `asker` counts: every crime of p that takes place
    tonight, unless a sentence says the asker reads earlier phases only (`EarlierOnly`);
    for an asker `by` who may not count a blamed action (`NoBlamedArrest`), not one
    pinned on p."""
    # (made once a phase: the accusations and arrests of every slot ask it, and one
    # expression asked again is one term for the solver, not a copy of it)
    return b.once(f"crimes:now:{p}:{asker}:{by}", lambda: _counts_now(b, p, asker, by))


def _counts_now(b: NightBuilder, p: str, asker: str, by: str | None) -> Expr:
    gate = any_of(g for g, e in said(b, EarlierOnly) if e.asker in (asker, "any"))
    if gate == TRUE:
        return FALSE
    tonight = b.once(f"crimes:tonight:{p}", lambda: _crimes_tonight(b, p))
    barred_by = no_blamed(b, by)
    if barred_by != FALSE and tonight != FALSE:
        unpinned = neg(
            any_of(
                conj(x, barred_by)
                for q in b.sc.players
                for a, k, x in inquiry.pinned(b, q)
                if a == p and is_crime(b.rs, k) is not None
            )
        )
        tonight = any_of(
            conj(x, unpinned)
            for q in b.sc.players
            for a, k, x in inquiry.did(b, q)
            if a == p and is_crime(b.rs, k) is not None
        )
    return conj(neg(gate), tonight)


def _crimes_tonight(b: NightBuilder, p: str) -> Expr:
    parts = []
    for q in b.sc.players:
        for a, k, x in inquiry.did(b, q):
            why = is_crime(b.rs, k) if a == p else None
            if why is not None:
                parts.append(label(x, why))
    return any_of(parts)


def found(b: NightBuilder, p: str, asker: str, by: str | None = None) -> Expr:
    """p has a crime that `asker` (played by `by`) counts: on record, or tonight."""
    return disj(committed(b, p, by=by), counts_now(b, p, asker, by))


def committed(b: Any, p: str, phase: int | None = None, by: str | None = None) -> Expr:
    """p committed a crime before this phase (in phase `phase`, when given), by the record;
    as `by` counts it: not an action pinned on p, when a sentence says `by` may not
    arrest for one (`NoBlamedArrest`)."""
    got: Deeds = b.before(DEEDS)
    barred_by = no_blamed(b, by)
    pins: Deeds = b.before(PINNED) if barred_by != FALSE else {}
    parts = []
    for key, e in got.items():
        a, k, _, at = key
        if a != p or (phase is not None and at != phase):
            continue
        why = is_crime(b.rs, k)
        if why is not None:
            pin = pins.get(key, FALSE)
            if pin != FALSE:
                e = conj(e, neg(conj(barred_by, pin)))
            parts.append(label(e, why))
    return any_of(parts)


def no_blamed(b: Any, by: str | None) -> Expr:
    """A sentence says `by` may not arrest for a blamed action (`NoBlamedArrest`)."""
    if by is None:
        return FALSE
    return any_of(conj(g, member_named(b, by, e.group)) for g, e in said(b, NoBlamedArrest))


# ----------------------------------------------------------------------------- the night


def _now(b: NightBuilder) -> int:
    return phase_index("night", b.night)


def accusation_holds(b: NightBuilder, i: int, q: str) -> Expr:
    """Slot i accuses q of a crime of a past phase that q committed, and q was not
    arrested for the crimes of that phase before (when a sentence says so)."""
    return conj(_committed_as_accused(b, i, q), neg(repeated(b, i, q)))


def _committed_as_accused(b: NightBuilder, i: int, q: str) -> Expr:
    decided = b.sc.decision(i, ACCUSED)
    now = _now(b)
    parts = []
    by = b.actor(i)
    for k, text in enumerate(PHASES):
        at = phase_index(*_phase_of(text))
        if at > now:
            continue
        hit = counts_now(b, q, ARREST_ASKER, by) if at == now else committed(b, q, at, by)
        if hit != FALSE:
            parts.append(conj(eq(decided, Const(k)), hit))
    if now > PREP_AT + 1:  # the prep phase, once it is past
        named = eq(decided, Const(option_of(PREP_AT)))
        hit = conj(named, committed(b, q, PREP_AT, by))
        if hit != FALSE:
            parts.append(conj(hit, prep_named(b, i, hit)))
    return any_of(parts)


def prep_named(b: Any, i: int, hit: Expr) -> Expr:
    """Slot i's arrest naming the prep phase may hold (`hit`: it names it, a crime of it on
    record): `AnyPast` says any past phase, `EarlierOnly`'s "any Night or Day" a night or a
    day; both said, the host's open choice (`prep:i`, ambiguous where it matters); neither,
    the record is read as of any phase."""
    anyp = said_any(b, AnyPast)
    days = any_of(g for g, e in said(b, EarlierOnly) if e.nights_days)
    if days == FALSE:
        return TRUE
    if anyp == FALSE:
        return neg(days)
    why = next(e.why for _, e in said(b, AnyPast))
    open_ = label(b.choice(f"prep:{i}", [False, True], decides=conj(hit, anyp, days)), why)
    return disj(neg(days), conj(anyp, open_))


def repeated(b: NightBuilder, i: int, q: str) -> Expr:
    """Slot i accuses q of the crimes of a phase q was arrested for before ("You can't
    arrest someone for the same crime twice.")."""
    gate = said_any(b, NotTwice)
    if gate == FALSE:
        return FALSE
    decided = b.sc.decision(i, ACCUSED)
    got: dict[tuple[str, int], Expr] = b.before(CHARGES)
    return conj(
        gate,
        any_of(conj(eq(decided, Const(option_of(at))), e) for (p, at), e in got.items() if p == q),
    )


def charges(b: NightBuilder) -> dict[Atom, Expr]:
    """The atoms `charged` of tonight: the accused and the phase of each arrest that held."""
    out: dict[Atom, Expr] = {}
    now = _now(b)
    for q in b.sc.players:
        for j, x, _ in b.lands(Accuse, q):
            holds = conj(x, accusation_holds(b, j, q))
            if holds == FALSE:
                continue
            decided = b.sc.decision(j, ACCUSED)
            for at in (PREP_AT, *range(1, now)):
                named = eq(decided, Const(option_of(at)))
                key = Atom(CHARGED, q, str(at))
                out[key] = any_of([out.get(key, FALSE), conj(holds, named)])
    return out


def said(b: Any, kind: type) -> list[tuple[Expr, Any]]:
    """(its switch, the node) for each whole-game sentence of `kind` the ruleset holds."""
    nodes: list[Any] = [x for x in b.rs.healing if isinstance(x, kind)]
    return [(label(b.sc.switch(x.why), x.why), x) for x in nodes]


def said_any(b: Any, kind: type) -> Expr:
    """Some sentence of `kind` is said and switched on (`said`'s gates, any of them)."""
    return any_of(g for g, _ in said(b, kind))


def arrests_tonight(b: NightBuilder, q: str) -> list[tuple[Expr, Expr, int]]:
    """(q is arrested tonight, the tier it happens, the slot) for each arrest of q or
    house search of q that finds a crime on record (when a sentence says it arrests), and
    each arrest another kind makes (`Kind.arrests`: a pinch of a disguised player)."""
    return b.once(f"crimes:arrests:{q}", lambda: _arrests_tonight(b, q))


def _arrests_tonight(b: NightBuilder, q: str) -> list[tuple[Expr, Expr, int]]:
    out = []
    for j, x, e in b.lands(Accuse, q):
        out.append((label(conj(x, accusation_holds(b, j, q)), e.why), b.tiers[j], j))
    auto = said_any(b, AutoArrest)
    for j, x, e in b.lands(HouseSearch, q):
        hit = found(b, q, SEARCH_ASKER, b.actor(j))
        out.append((conj(label(conj(x, hit), e.why), auto), b.tiers[j], j))
    out += [x for k in b.kinds if k.arrests for x in k.arrests(b, q)]  # (a pinch's)
    return [(c, t, j) for c, t, j in out if c != FALSE]


def _tried(b: NightBuilder, p: str, kind: type) -> list[tuple[Expr, int, str]]:
    """(it took place, slot, on whom) for each of p's actions of `kind` tonight."""
    out = []
    for i in range(b.n):
        if b.actor(i) != p:
            continue
        for c, e in b.effects(i, kind):
            for q in b.sc.players:
                x = label(conj(c, b.ok(i), b.aims(i, q)), e.why)
                if x != FALSE:
                    out.append((x, i, q))
    return out


def false_accusation(b: NightBuilder, p: str) -> Expr:
    """p accused someone tonight of a crime the record does not hold; or of one they were
    arrested for before, when the arrest does not happen: whether the officer is then
    suspended the source does not say (`twice:i`, open)."""
    parts = []
    for x, i, q in _tried(b, p, Accuse):
        parts.append(conj(x, neg(_committed_as_accused(b, i, q))))
        again = repeated(b, i, q)
        if again != FALSE:
            parts.append(conj(x, again, b.choice(f"twice:{i}", [False, True])))
    return any_of(parts)


def searched_in_vain(b: NightBuilder, p: str) -> Expr:
    """p's house search tonight found no crime on record."""
    return any_of(
        conj(x, neg(found(b, q, SEARCH_ASKER, p))) for x, _, q in _tried(b, p, HouseSearch)
    )


def arrested_a_sniper(b: NightBuilder, p: str) -> Expr:
    """p's arrest tonight took an uninjured sniper (who resists: the officer is hurt)."""
    parts = []
    for x, i, q in _tried(b, p, Accuse):
        sniper = any_of(
            label(conj(b.sc.role_is(q, role), b.sc.switch(t.why)), t.why)
            for role in b.roles
            for t in role.traits
            if isinstance(t, heal.Sniper)
        )
        if sniper != FALSE:
            hurt = b.sc.marked_before(q, heal.INJURED)
            parts.append(conj(x, accusation_holds(b, i, q), sniper, neg(hurt)))
    return any_of(parts)


def in_custody(b: Any, p: str) -> Expr:
    got: dict[str, Expr] = b.before(CUSTODY)
    return got.get(p, FALSE)


def state_tag(reason: str, phases: int) -> str:
    """The name of a lasting state kept for `phases` phases for `reason`."""
    return f"{reason}:{phases}"


def suspended_now(b: Any, p: str, now: int, reasons: tuple[str, ...] | None = None) -> Expr:
    """p's actions are stopped by a suspension (or a hurt for a while) in phase `now`:
    given in one of the phases before it, for as many phases as its sentence says, when a
    sentence says what the state does (`SuspensionStops`, or the suspension's own); of
    `reasons` only, when given."""
    got: Suspensions = b.before(SUSPENDED)
    parts = []
    for (q, at, tag), e in got.items():
        reason, _, n = tag.partition(":")
        if reasons is not None and reason not in reasons:
            continue
        if q == p and n and at < now <= at + int(n):
            parts.append(conj(e, _stops(b, reason)))
    return any_of(parts)


def _stops(b: Any, reason: str) -> Expr:
    """A sentence says a state of `reason` stops its holder's actions."""
    parts = [g for g, e in said(b, SuspensionStops) if reason in e.reasons]
    parts += [g for g, e in said(b, Suspends) if e.by == reason and e.stops]
    return any_of(parts)


def suspended(b: NightBuilder, i: int) -> Expr:
    """Slot i's actor is suspended or hurt tonight, and slot i is not an action a sentence
    lets a suspended officer take (`SuspensionExempt`: with a lent item's ability)."""
    p, now = b.actor(i), _now(b)
    exempt = any_of(conj(g, items.acts_with(b, i, e.item)) for g, e in said(b, SuspensionExempt))
    if exempt == FALSE:
        return suspended_now(b, p, now)
    by_officer = suspended_now(b, p, now, (ARREST_REASON, SEARCH_REASON))
    return disj(conj(by_officer, neg(exempt)), suspended_now(b, p, now, (INJURY_REASON,)))


def barred(b: NightBuilder, p: str) -> Expr:
    got: Suspensions = b.before(SUSPENDED)
    return any_of(e for (q, _, tag), e in got.items() if q == p and tag == BARRED)


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i does not take place: its actor is suspended; in custody, or arrested
    tonight before its tier ("The action and/or vote of a successfully arrested player
    will not go thorough and will fail."); it lands on a player in custody or arrested
    tonight before its tier ("Any and all actions on arrested players will fail ...");
    it is a house search of an officer barred from searching."""
    if not in_play(b.rs):
        return FALSE
    p = b.actor(i)
    held = said_any(b, HeldFails)
    parts = [suspended(b, i)]
    mine = [in_custody(b, p)] + [conj(c, lt(t, b.tiers[i])) for c, t, _ in arrests_tonight(b, p)]
    parts.append(conj(held, any_of(mine)))
    on_held = said_any(b, OnHeldFails)
    frees = any_of(c for c, _ in b.effects(i, Release))  # "with the exception of Lawsuit"
    on_held = conj(on_held, neg(frees))
    if on_held != FALSE:
        for q in b.sc.players:
            on = b.aims(i, q)
            if on == FALSE:
                continue
            theirs = [in_custody(b, q)]
            theirs += [conj(c, lt(t, b.tiers[i])) for c, t, j in arrests_tonight(b, q) if j != i]
            parts.append(conj(on_held, on, any_of(theirs)))
    parts += [conj(c, barred(b, p)) for c, _ in b.effects(i, HouseSearch)]
    parts.append(hindered_by_search(b, i))
    return any_of(parts)


def crime_slot(b: NightBuilder, i: int) -> Expr:
    """Slot i's action is a crime (its keyword is on the list)."""
    parts = [c for c, ab in b.sc.abilities(i) if is_crime(b.rs, inquiry.keyword(b.rs, ab))]
    for c, faction in b.sc.nightkill_of(i):
        nk = b.rs.nightkill(faction)
        if nk is not None and is_crime(b.rs, inquiry.keyword(b.rs, nk.ability)):
            parts.append(c)
    return any_of(parts)


def hindered_by_search(b: NightBuilder, i: int) -> Expr:
    """Slot i is a crime of a player a house search tonight finds with none on record: it
    is hindered when it comes after the search; when it comes first (a kill), whether it
    is hindered is open (`hinder:i`: the GM's "will be hindered" against "Killing always
    comes before House Search", D9)."""
    rules = said(b, HindersCrime)
    if not rules:
        return FALSE
    crime = crime_slot(b, i)
    if crime == FALSE:
        return FALSE
    p = b.actor(i)
    parts = []
    for gate, e in rules:
        for j, x, _ in b.lands(HouseSearch, p):
            if j == i:
                continue
            vain = conj(x, neg(found(b, p, SEARCH_ASKER, b.actor(j))), crime, gate)
            if vain == FALSE:
                continue
            later = lt(b.tiers[j], b.tiers[i])
            # (the reading decides only where the crime comes first: `frame.MOOT`)
            first = conj(vain, neg(later))
            open_ = label(b.choice(f"hinder:{i}", [False, True], decides=first), e.why)
            parts.append(conj(vain, any_of([later, conj(neg(later), open_)])))
    return any_of(parts)


def withholds(b: NightBuilder, i: int) -> Expr:
    """Slot i's results tonight are withheld: its actor is suspended or hurt tonight, by a
    false accusation, a search in vain or an uninjured sniper's arrest (the state begins the
    phase after), and a sentence says no results are told the phase one is put in it
    (`ResultsWithheld`)."""
    rules = said(b, ResultsWithheld)
    if not rules or not in_play(b.rs):
        return FALSE
    p = b.actor(i)
    return b.once(f"crimes:withheld:{p}", lambda: _withheld(b, p, rules))


def _withheld(b: NightBuilder, p: str, rules: list[tuple[Expr, Any]]) -> Expr:
    causes = (
        (Suspends, ARREST_REASON, false_accusation),
        (Suspends, SEARCH_REASON, searched_in_vain),
        (Hurt, INJURY_REASON, arrested_a_sniper),
    )
    parts = []
    for gate, e in rules:
        for kind, reason, why_now in causes:
            if reason not in e.reasons:
                continue
            put = any_of(g for g, x in said(b, kind) if getattr(x, "by", reason) == reason)
            if put != FALSE:
                parts.append(conj(gate, put, why_now(b, p)))
    return any_of(parts)


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    out = []
    for c, e in b.effects(i, CrossExamine):
        if e.yes is None or e.no is None or not b.reads(b.actor(i)):
            continue
        hit = any_of(conj(b.aims(i, q), found(b, q, CROSS_ASKER)) for q in b.sc.players)
        for text, holds in ((e.yes, hit), (e.no, neg(hit))):
            gate = label(conj(c, b.ok(i), holds), e.told or e.why)
            out.append(TextSource(b.actor(i), gate, text, why=e.told or e.why))
    return out


def past_texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """A special investigation: the keywords of what the first player did to the second
    in the phase named, by the record ("no one" when nothing). The phase of tonight is
    open: "Can be the same night he's investigating too" against "Cannot investigate
    actions that are happening the night of special investigate" (`past:now:i`, left to
    the host: ambiguous where it matters)."""
    out: list[TextSource] = []
    got: Deeds = b.before(DEEDS)
    now = _now(b)
    for i in range(b.n):
        me = b.actor(i)
        if not b.reads(me):
            continue
        for c, e in b.effects(i, PastCheck):
            gate = conj(c, b.ok(i), neg(withheld(b, i)))
            if gate == FALSE:
                continue
            decided = b.sc.decision(i, PHASES)
            first, second = b.target(i, 0), b.target(i, 1)
            pieces: list[tuple[Expr, str]] = []
            for (a, k, q, at), x in got.items():
                if at >= now or a not in b.sc.players or q not in b.sc.players:
                    continue
                asked = conj(_is(b, first, a), _is(b, second, q))
                pieces.append((conj(asked, eq(decided, Const(at - 1)), x), k))
            hits = [
                (conj(_is(b, first, a), _is(b, second, q), eq(decided, Const(now - 1)), x), k)
                for q in b.sc.players
                for a, k, x in inquiry.did(b, q, but=i)
            ]
            # (the reading decides only where the investigation is of tonight and the
            # first player did something to the second tonight)
            tonight = b.choice(
                f"past:now:{i}", [False, True], decides=conj(gate, any_of(h for h, _ in hits))
            )
            for hit, k in hits:
                pieces.append((conj(hit, label(tonight, e.why)), k))
            out.append(TextSource(me, label(gate, e.why), None, tuple(pieces), e.why))
    return out


def _is(b: NightBuilder, target: Expr, q: str) -> Expr:
    return eq(target, Const(b.sc.players.index(q)))


CUSTODY_ATOM = "in custody"
SUSPENDED_ATOM = "suspended"
ARREST_REASON, SEARCH_REASON, INJURY_REASON = "arrest", "search", "injury"
BARRED = "barred"


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The record of tonight (`did`), who is in custody when the night ends, and who is
    suspended tonight, for how long and why (a false accusation, a search in vain, a
    sniper's resistance), and who may search no more."""
    if not in_play(b.rs):
        return {}
    out = deeds(b)
    if any(isinstance(x, NoBlamedArrest) for x in b.rs.healing):
        out.update(pins(b))
    out.update(charges(b))
    for q in b.sc.players:
        now = any_of(c for c, _, _ in arrests_tonight(b, q))
        freed = any_of(label(x, e.why) for _, x, e in b.lands(Release, q))
        held = conj(any_of([in_custody(b, q), now]), neg(freed))
        if held != FALSE:
            out[Atom(CUSTODY_ATOM, q)] = held
        causes = (
            (Suspends, ARREST_REASON, false_accusation),
            (Suspends, SEARCH_REASON, searched_in_vain),
            (Hurt, INJURY_REASON, arrested_a_sniper),
        )
        for kind, reason, why_now in causes:
            for gate, e in said(b, kind):
                if getattr(e, "by", reason) != reason:
                    continue
                x = conj(gate, why_now(b, q))
                if x != FALSE:
                    key = Atom(SUSPENDED_ATOM, q, state_tag(reason, e.phases))
                    out[key] = any_of([out.get(key, FALSE), x])
        vain = conj(said_any(b, Barred), searched_in_vain(b, q))
        if vain != FALSE:
            out[Atom(SUSPENDED_ATOM, q, BARRED)] = vain
    return out


# ----------------------------------------------------------------------------- the day


def day_held(db: DayBuilder, p: str) -> Expr:
    """p is in custody: no action, no vote today (when a sentence says so)."""
    held = [x for x in db.rs.healing if isinstance(x, HeldFails)]
    if not held:  # (a symbolic day has no sentence switches)
        return FALSE
    return label(in_custody(db, p), held[0].why)


# ----------------------------------------------------------------------------- lasting states


def cause_of(whys: tuple[Why, ...]) -> Why:
    """The sentence that made an atom hold (not an axiom of the frame), for a concrete
    state that is read again in later phases."""
    return next((w for w in whys if w.kind != "axiom"), whys[0] if whys else frame.TAKES_PLACE)


def _record(kind: str, name: str) -> Lasting:
    """A record of the atoms `kind` ("ACTOR", "KEYWORD>PLAYER") by phase, kept as `name`."""

    def step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
        at = phase_index(end.kind, end.number)
        got = []
        for a in sorted(end.atoms):
            if a.kind == kind:
                keyword, _, whom = a.obj.partition(">")
                got.append((a.subject, keyword, whom, at, cause_of(end.why(a))))
        return (*before, *got) if got else before

    def chain(before: Deeds, end: ChainEnd) -> Deeds:
        at = phase_index(end.kind, end.number)
        out = dict(before)
        for a, e in end.atoms:
            if a.kind == kind:
                keyword, _, whom = a.obj.partition(">")
                out[(a.subject, keyword, whom, at)] = e
        return out

    return Lasting(name, (), step, chain, _deeds_view)


def _deeds_view(state: Iterable[tuple[str, str, str, int, Why]], night: int) -> Deeds:
    return {(a, k, q, at): label(TRUE, why) for a, k, q, at, why in state}


DEEDS = _record(DID, "deeds")
PINNED = _record(PIN, "pinned")  # the actions on the record a blame pinned (NoBlamedArrest)


def _custody_step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    if CUSTODY_ATOM not in end.defined:
        return before
    return tuple(
        (a.subject, cause_of(end.why(a))) for a in sorted(end.atoms) if a.kind == CUSTODY_ATOM
    )


def _custody_chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    out = dict(before)
    out.update((a.subject, e) for a, e in end.atoms if a.kind == CUSTODY_ATOM)
    return out


def _custody_view(state: Iterable[tuple[str, Why]], night: int) -> dict[str, Expr]:
    return {q: label(TRUE, why) for q, why in state}


CUSTODY = Lasting("custody", (), _custody_step, _custody_chain, _custody_view)


Suspensions = dict[tuple[str, int, str], Expr]  # (officer, phase index, "why:phases") -> it holds


def _suspended_step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    at = phase_index(end.kind, end.number)
    got = [
        (a.subject, at, a.obj, cause_of(end.why(a)))
        for a in sorted(end.atoms)
        if a.kind == SUSPENDED_ATOM
    ]
    return (*before, *got) if got else before


def _suspended_chain(before: Suspensions, end: ChainEnd) -> Suspensions:
    at = phase_index(end.kind, end.number)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == SUSPENDED_ATOM:
            out[(a.subject, at, a.obj)] = e
    return out


def _suspended_view(state: Iterable[tuple[str, int, str, Why]], night: int) -> Suspensions:
    return {(q, at, tag): label(TRUE, why) for q, at, tag, why in state}


SUSPENDED = Lasting("suspended", (), _suspended_step, _suspended_chain, _suspended_view)


CHARGED = "charged"
Charges = dict[tuple[str, int], Expr]  # (the accused, the phase arrested for) -> it holds


def _charges_step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    got = [
        (a.subject, int(a.obj), cause_of(end.why(a)))
        for a in sorted(end.atoms)
        if a.kind == CHARGED
    ]
    return (*before, *got) if got else before


def _charges_chain(before: Charges, end: ChainEnd) -> Charges:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == CHARGED:
            key = (a.subject, int(a.obj))
            out[key] = any_of([out.get(key, FALSE), e])
    return out


def _charges_view(state: Iterable[tuple[str, int, Why]], night: int) -> Charges:
    return {(q, at): label(TRUE, why) for q, at, why in state}


CHARGES = Lasting("charges", (), _charges_step, _charges_chain, _charges_view)


def custody(history: History) -> frozenset[str]:
    """The players in custody after the phases `history` holds."""
    return frozenset(q for q, _ in history.state(CUSTODY.name, CUSTODY.empty))


KIND = Kind(
    "crimes",
    (
        Crimes,
        Accuse,
        HouseSearch,
        CrossExamine,
        PastCheck,
        Suspends,
        SuspensionStops,
        EarlierOnly,
        Hurt,
        HindersCrime,
        Release,
        NotTwice,
        AnyPast,
        AutoArrest,
        Barred,
        HeldFails,
        OnHeldFails,
        NoBlamedArrest,
        SuspensionExempt,
        ResultsWithheld,
    ),
    stops=stops,
    withholds=withholds,
    texts=texts,
    phase_texts=past_texts,
    transition=transition,
    lasting=(DEEDS, PINNED, CUSTODY, SUSPENDED, CHARGES),
    actions=(
        ("ARREST", "targets", Accuse),
        ("CROSS_EXAMINE", "checks", CrossExamine),
    ),
    day_held=day_held,
)
