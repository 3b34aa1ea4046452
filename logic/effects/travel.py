"""Owns travel, read from the GM's sentences (DCTP's Hakuba and Makoto): where a traveler is
each phase (in Japan, abroad, in the air), what that stops and what it does not, and what
a phase leaves to the next. Its phrases are grammar/clause/travel.lark, read by
logic/lang/kinds/travel.py (words in grammar/lexicon/travel.toml). No other file names it.

Vocabulary:
  Travel      a night action aimed at no one, and `DayTravel` its day twin ("To travel, the
              player sends a travel order to the GM (whether it's during Prep, Night, or
              Day)."; `prep`: the prep phase's twin, used in a case's `prep:` block, night 0,
              index 0). A travel that takes place moves its
              player: to the other country, or into the air first (`flight`).
  TravelRule  a sentence of the traveler's line, about the holder (`tag`, each set by its
              own sentence; unsaid, the engine does not do it):
    onset       "At the onset of the game, the player is not in Japan.": abroad when the
                game begins
    flight      "If they do travel beginning in prep, they will be in the air on Night 1,
                ...": the phase after a travel the traveler is in the air, and lands the
                phase after that (unsaid: he is at his destination the next phase)
    on_abroad   "If a traveler is targeted with an action while abroad, that action will
                fail." (an APTX: `idle`'s)
    exempt      "No actions may be taken on him except for discombobulation and frighten.":
                the abilities named (`names`) still land on a traveler abroad (a reading:
                that actions on him fail is `on_abroad`'s, said again)
    idle        "So the player can't be killed in any way, can't use actions besides Travel
                and can't Vote." (the second Travel section's, after "Not in Japan: ..."):
                a traveler abroad is not killed nor lynched, his actions but Travel fail,
                his vote does not count
    en_route    "While en route, the player may not use their abilities, vote, or be killed
                or lynched.": in the air, the same, Travel included
    on_route    'If targeted with Discombobulate, Frighten, or any other normal ability in
                this state, the user will receive a "fail".': an action on a traveler in
                the air fails, whatever it is (but an APTX, the Black Org's poisoning, no
                role's "normal ability": `no_aptx`)
    no_aptx     "While in this state, they may also not be poisoned.": an APTX on a
                traveler in the air fails
    anywhere    "Travelers can now be poisoned no matter where they are physically
                located." (the change log of 8/22/11): an APTX on a traveler lands wherever
                he is. Where a sentence above says it fails too, which holds is left open
                (the host's choice: `ambiguous`; T2)
    alone       "The player may not use an ability or vote and travel in the same phase.":
                a traveler who travels does not vote that phase; when he sent another
                action as well, which of the two is played is left open ("the last valid
                action prior to the countdown ending", an order a case does not hold: the
                host's choice, T3)
    survives    "If the traveler is killed or lynched in the same phase they use Travel,
                the traveler will survive and travel as intended.": a kill, a lynch or an
                APTX of that phase does not take him, unless his travel was stopped by
                other means (a discombobulation, a frightening: "The travel has to be
                stopped by other means.")
    lands       "If the traveler is poisoned on the same phase they use Travel to leave
                Japan, the APTX will still take effect and they will die.": the APTX is no
                kill `survives` spares
    flies_out   "If he successfully protects, he will fly out of Japan." (Makoto's note): a
                night his protection succeeds (logic/effects/heal.py's), he sets off as if
                he travelled (the day's protection of a lynch is not read as one: T6)

  Reachable   the whole game's "Travelers can be befriended.": an action of the effects
              named (a Befriend) lands on a traveler abroad (`on_abroad` does not stop
              it; in the air, `on_route` still does)

The state a phase leaves (`WHEREABOUTS`): the phases each traveler set off in (the phase's
atom `X travels`: his travel took place). A traveler is in the air in the phase after one
he set off in, when `flight` is said; he lands in the phase after that (the next phase,
when it is not), and each landing takes him to the other country: he is abroad on the
ground when he began the game abroad (`onset`) and has landed an even number of times, or
the other way round. A phase's index, not the phases a case writes, times it (a case may
leave a day out).

Not modelled: Bribe (a kill nothing
stops), the Explosive Vest ("If a traveler is strapped with the bomb, they may not travel
out of the country that day phase."), the failure notices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import aptx, block, frighten, heal
from logic.effects.base import Kind, Lasting, Outcome, line_rules, line_says
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd, phase_index
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

TRAVELS = "travels"  # the phase's atom: his travel took place (he set off)

TAGS = {
    "onset": "abroad when the game begins",
    "flight": "in the air the phase after a travel",
    "on_abroad": "an action on him abroad fails",
    "exempt": "these still land on him abroad",
    "idle": "abroad: not killed, no action but Travel, no vote",
    "en_route": "in the air: no action, no vote, not killed or lynched",
    "on_route": "in the air: every action on him fails",
    "no_aptx": "in the air: an APTX fails",
    "anywhere": "an APTX lands wherever he is",
    "alone": "no other action and no vote in a phase he travels",
    "survives": "a kill or a lynch of the phase he travels does not take him",
    "lands": "an APTX of the phase he travels still takes him",
    "flies_out": "a night his protection succeeds, he sets off",
    "untouched": "in the air: these fail on him",
    "stopped": "a kill or a lynch of the phase he travels takes him where his travel is stopped",
    "in_process": "an action on him abroad, in the air or (open) the phase he sets off fails",
}


@dataclass(frozen=True)
class Travel:
    why: Why = meta()
    prep: bool = False  # the prep phase's twin ("whether it's during Prep, ..."): night 0

    def describe(self) -> str:
        return "travel: to the other country (or into the air first)"


@dataclass(frozen=True)
class DayTravel:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()

    def describe(self) -> str:
        return "travel by day: to the other country (or into the air first)"


@dataclass(frozen=True)
class TravelRule:
    """The sentences of a traveler's line about its holder, each a field (see the
    module; None: the sentence is not in the ruleset), all on one trait of the role."""

    why: Why = meta()
    onset: Why | None = None
    flight: Why | None = None
    on_abroad: Why | None = None
    exempt: Why | None = None
    names: tuple[str, ...] = ()  # `exempt`'s abilities, as the sentence names them
    in_air: tuple[str, ...] = ()  # `untouched`'s abilities, as the sentence names them
    idle: Why | None = None
    en_route: Why | None = None
    on_route: Why | None = None
    no_aptx: Why | None = None
    anywhere: Why | None = None
    alone: Why | None = None
    survives: Why | None = None
    lands: Why | None = None
    flies_out: Why | None = None
    untouched: Why | None = None
    stopped: Why | None = None
    in_process: Why | None = None

    def describe(self) -> str:
        said = [w for tag, w in TAGS.items() if getattr(self, tag) is not None]
        names = f" (still landing abroad: {', '.join(self.names)})" if self.names else ""
        if self.in_air:
            names += f" (failing in the air: {', '.join(self.in_air)})"
        return "travel: " + "; ".join(said) + names


# ----------------------------------------------------------------------------- who and where


def _stem(word: str) -> str:
    w = "".join(ch for ch in word.casefold() if ch.isalpha())
    for end in ("ion", "ing", "e"):
        w = w.removesuffix(end)
    return w


def _travels(ab: Any) -> bool:
    return any(isinstance(e, (Travel, DayTravel)) for e in ab.effects)


def _rules(b: Any, tag: str) -> list[tuple[Any, Why, TravelRule]]:
    """(role, the sentence, the trait) for each role whose line says `tag`."""
    return line_rules(b, TravelRule, tag)


def said(b: Any, q: str, tag: str) -> Expr:
    """q holds a role whose line says `tag` (its sentence in force)."""

    def make() -> Expr:
        return line_says(b, q, TravelRule, tag)

    got: Expr = b.once(f"travel:said:{q}:{tag}", make)
    return got


def _now(b: Any) -> int:
    """The phase's index: the prep phase 0, night 1 is 1, day 1 is 2, night 2 is 3, ..."""
    day = getattr(b, "day", None)
    return phase_index("day", day) if day is not None else phase_index("night", b.night)


def _departures(b: Any, q: str) -> list[tuple[int, Expr]]:
    """(phase index, it took place) for each earlier travel of q."""
    before: Departures = b.before(WHEREABOUTS)
    return [(at, x) for (p, at), x in before.items() if p == q and at < _now(b)]


def flying(b: Any, q: str) -> Expr:
    """q is in the air this phase: he set off the phase before, and a sentence says the
    phase after a travel is spent in the air."""
    up = any_of(x for at, x in _departures(b, q) if at == _now(b) - 1)
    return conj(up, said(b, q, "flight")) if up != FALSE else FALSE


def _moved(b: Any, q: str) -> Expr:
    """q has landed an odd number of times: a travel lands the phase after it, or the one
    after that when the phase between is spent in the air."""
    flight = said(b, q, "flight")
    moved: Expr = FALSE
    for at, x in _departures(b, q):
        landed = x if at + 2 <= _now(b) else conj(x, neg(flight))
        moved = disj(conj(moved, neg(landed)), conj(neg(moved), landed))
    return moved


def abroad(b: Any, q: str) -> Expr:
    """q is out of Japan this phase, on the ground."""
    start, moved = said(b, q, "onset"), _moved(b, q)
    away = disj(conj(start, neg(moved)), conj(neg(start), moved))
    return conj(away, neg(flying(b, q)))


@dataclass(frozen=True)
class Reachable:
    effects: tuple[type, ...]  # the effects that still land on a traveler abroad
    why: Why = meta()

    def describe(self) -> str:
        names = ", ".join(e.__name__.lower() for e in self.effects)
        return f"a traveler abroad can still be the target of: {names}"


def _exempt(b: Any, i: int, q: str) -> Expr:
    """Slot i's ability is one a sentence of q's line lets land on him abroad, or one of
    the effects a whole-game sentence lets reach a traveler ("Travelers can be
    befriended.")."""
    parts = []
    for node in (x for x in b.rs.healing if isinstance(x, Reachable)):
        hit = any_of(
            c for c, ab in b.sc.abilities(i) if any(isinstance(e, node.effects) for e in ab.effects)
        )
        if hit != FALSE:
            parts.append(conj(hit, label(b.sc.switch(node.why), node.why)))
    parts.append(_named(b, i, q, "exempt"))
    return any_of(parts)


def _named(b: Any, i: int, q: str, tag: str) -> Expr:
    """Slot i's ability is one a sentence of q's line saying `tag` names (`exempt`'s
    `names`, `untouched`'s `in_air`)."""
    parts = []
    for r, w, t in _rules(b, tag):
        names = {_stem(n) for n in (t.in_air if tag == "untouched" else t.names)}
        hit = any_of(c for c, ab in b.sc.abilities(i) if _stem(ab.name) in names)
        if hit != FALSE:
            parts.append(conj(b.sc.role_is(q, r), hit, label(b.sc.switch(w), w)))
    return any_of(parts)


def _is_travel(b: Any, i: int) -> Expr:
    return any_of(c for c, ab in b.sc.abilities(i) if _travels(ab))


def _others(b: Any, i: int) -> list[int]:
    """The other slots of slot i's actor."""
    p = b.actor(i)
    return [j for j in range(b.n) if j != i and b.actor(j) == p]


def _picked(b: Any, p: str, both: Expr) -> Expr:
    """Which of p's travel and other action is played, both sent (True: the travel); it
    decides only where `both` holds (`frame.MOOT`)."""
    why = next(w for _, w, _ in _rules(b, "alone"))
    pick = b.choice(f"travel:alone:{p}:{why.loc.line}", [False, True], decides=both)
    return label(eq(pick, Const(True)), why)


def _clash(b: Any, i: int) -> Expr:
    """Slot i is p's travel and p sent another action, or the other way round, when a
    sentence says he may not do both."""
    p = b.actor(i)
    alone = said(b, p, "alone")
    if alone == FALSE or not _others(b, i):
        return FALSE
    mine = _is_travel(b, i)
    other_travel = any_of(conj(b.sc.taken(j), _is_travel(b, j)) for j in _others(b, i))
    other_action = any_of(conj(b.sc.taken(j), neg(_is_travel(b, j))) for j in _others(b, i))
    picked = _picked(
        b, p, conj(alone, disj(conj(mine, other_action), conj(neg(mine), other_travel)))
    )
    return conj(
        alone,
        disj(conj(mine, other_action, neg(picked)), conj(neg(mine), other_travel, picked)),
    )


def _still(b: Any) -> bool:
    """No role's line says how travelers fare and no one set off before this phase: then
    no one is away or in the air, and no sentence stops an action for travel (`_stopped`
    is FALSE without asking of every slot and target; most rulesets have no travel)."""
    return b.once(
        "travel:still",
        lambda: (
            not b.before(WHEREABOUTS)
            and not any(isinstance(t, TravelRule) for r in b.rs.roles for t in r.traits)
        ),
    )


def _stopped(b: Any, i: int, day: bool) -> Expr:
    """Slot i does not take place because of where its actor or its target is (an APTX
    on a traveler is the day's own question: `day_stops`)."""
    if _still(b):
        return FALSE
    p = b.actor(i)
    mine = neg(_is_travel(b, i))
    parts = [
        conj(flying(b, p), said(b, p, "en_route")),
        conj(abroad(b, p), said(b, p, "idle"), mine),
        _clash(b, i),
    ]
    by_aptx = any_of(c for c, _ in b.effects(i, aptx.Aptx)) if day else FALSE
    for q in b.sc.players:
        on = b.sc.aims(i, q) if day else b.aims(i, q)
        if on == FALSE or q == p:
            continue
        on = conj(on, neg(by_aptx))
        exempt = _exempt(b, i, q)
        parts.append(conj(on, flying(b, q), said(b, q, "on_route")))
        parts.append(conj(on, flying(b, q), _named(b, i, q, "untouched")))
        parts.append(conj(on, abroad(b, q), said(b, q, "on_abroad"), neg(exempt)))
        parts.append(conj(on, neg(exempt), _in_process(b, q, day)))
    return any_of(parts)


def _in_process(b: Any, q: str, day: bool) -> Expr:
    """q is "out of the country or in the process of traveling" (the sentence saying
    `in_process`): abroad, in the air, or, where the host so reads it, setting off this
    phase (R84: open, the host's choice, asked once a traveler a phase)."""
    in_process = said(b, q, "in_process")
    if in_process == FALSE:
        return FALSE

    def make() -> Expr:
        why = next(w for _, w, _ in _rules(b, "in_process"))
        leaving = conj(in_process, stands(b, q, day))
        pick = b.choice(f"travel:in_process:{q}:{why.loc.line}", [False, True], decides=leaving)
        return any_of(
            [
                conj(in_process, abroad(b, q)),
                conj(in_process, flying(b, q)),
                conj(leaving, label(eq(pick, Const(True)), why)),
            ]
        )

    got: Expr = b.once(f"travel:in_process:{q}", make)
    return got


def _sent(b: Any, q: str, day: bool, hindered: bool) -> Expr:
    """q sent a travel this phase, not in the air, not played down by another action of
    his (`alone`); with `hindered` False, not discombobulated nor frightened either."""
    parts = []
    for j in range(b.n):
        if b.actor(j) != q:
            continue
        fx = b.effects(j, DayTravel if day else Travel)
        if not fx:
            continue
        took = conj(any_of(c for c, _ in fx), b.sc.taken(j), neg(flying(b, q)), neg(_clash(b, j)))
        if not hindered:
            other = (
                disj(frighten.day_stops(b, j), block.day_stops(b, j)) if day else block.stops(b, j)
            )
            took = conj(took, neg(other))
        parts.append(took)
    return conj(neg(b.sc.dead_before(q)), any_of(parts))


def stands(b: Any, q: str, day: bool) -> Expr:
    """q sent a travel this phase that nothing but his own death stops: not in the air,
    not discombobulated, not frightened (a stop a kill of q cannot depend on)."""

    def make() -> Expr:
        x = _sent(b, q, day, False)
        # (a variable of the night: the search for two outcomes of the same actions cuts
        # its query where the copies agree on it, `strata.second_half`)
        return b.define(f"travel:stands:{q}", x) if not day else x

    got: Expr = b.once(f"travel:stands:{q}", make)
    return got


def _leaves(b: Any, q: str, day: bool) -> Expr:
    """q travels this phase as `survives` means it: a travel that takes place where a
    sentence says the travel "has to be stopped by other means" (`stopped`); unsaid, any
    travel he sent ("in the same phase they use Travel"), hindered or not (R83)."""
    stopped = said(b, q, "stopped")
    hindered = _sent(b, q, day, True) if stopped != TRUE else FALSE
    return disj(stands(b, q, day), conj(neg(stopped), hindered))


def _safe(b: Any, q: str, day: bool) -> Expr:
    """q is not killed nor lynched this phase: in the air, abroad, or travelling."""
    return any_of(
        [
            conj(flying(b, q), said(b, q, "en_route")),
            conj(abroad(b, q), said(b, q, "idle")),
            conj(_leaves(b, q, day), said(b, q, "survives")),
        ]
    )


# ----------------------------------------------------------------------------- the night


def stops(b: NightBuilder, i: int) -> Expr:
    return _stopped(b, i, False)


def spares(b: NightBuilder, q: str, i: int) -> Expr:
    return _safe(b, q, False)


def _travelled(b: Any, q: str, day: bool) -> dict[Atom, Expr]:
    """`X travels`: q's travel took place this phase, or (by night) his protection
    succeeded and a sentence says he then flies out."""
    mine = [j for j in range(b.n) if b.actor(j) == q]
    x = any_of(
        conj(c, b.ok(j)) for j in mine for c, _ in b.effects(j, DayTravel if day else Travel)
    )
    out = said(b, q, "flies_out")
    if not day and out != FALSE:
        saved = any_of(heal.succeeds(b, j, t) for j in mine for t in b.sc.players if t != q)
        x = disj(x, conj(out, saved))
    return {} if x == FALSE else {Atom(TRAVELS, q): x}


def _travelers(b: Any) -> list[str]:
    roles = [r for r in b.rs.roles if any(_travels(ab) for ab in r.abilities)]
    return [q for q in b.sc.players if any_of(b.sc.role_is(q, r) for r in roles) != FALSE]


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    for q in _travelers(b):
        out.update(_travelled(b, q, False))
    return out


# ----------------------------------------------------------------------------- the day


def _aptx_on(db: DayBuilder, i: int, q: str) -> Expr:
    """Day slot i is an APTX on q."""
    return conj(any_of(c for c, _ in db.effects(i, aptx.Aptx)), db.sc.aims(i, q))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """As by night; an APTX on a traveler fails in the air (`no_aptx`) or abroad
    (`idle`: "can't be killed in any way"), unless "poisoned no matter where" is said too
    (then which holds is left open, T2), and the day he travels when `survives` is said
    and `lands` is not."""
    stopped = _stopped(db, i, True)
    for q in db.players:
        hit = _aptx_on(db, i, q)
        if hit == FALSE or q == db.actor(i):
            continue
        where = disj(
            conj(flying(db, q), said(db, q, "no_aptx")),
            conj(abroad(db, q), said(db, q, "idle")),
        )
        anywhere = said(db, q, "anywhere")
        if anywhere != FALSE and where != FALSE:
            why = next(w for _, w, _ in _rules(db, "anywhere"))
            pick = db.choice(f"travel:anywhere:{q}:{why.loc.line}", [False, True])
            where = conj(where, neg(conj(anywhere, label(eq(pick, Const(True)), why))))
        leaving = conj(_leaves(db, q, True), said(db, q, "survives"), neg(said(db, q, "lands")))
        stopped = disj(stopped, conj(hit, disj(where, leaving)))
    return stopped


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """A traveler's vote has no power in the air, abroad, or the day he travels
    (`powerless`); he is not lynched there, nor the day he travels (`spared`)."""
    if name == "powerless":
        x = any_of(
            [
                conj(flying(db, p), said(db, p, "en_route")),
                conj(abroad(db, p), said(db, p, "idle")),
                conj(stands(db, p, True), said(db, p, "alone")),
            ]
        )
    elif name == "spared":
        x = _safe(db, p, True)
    else:
        return []
    return [] if x == FALSE else [(x, "")]


def day_spares(db: DayBuilder, p: str) -> Expr:
    return _safe(db, p, True)


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    for q in _travelers(db):
        out.update(_travelled(db, q, True))
    return out


# ----------------------------------------------------------------------------- lasting state

Departures = dict[tuple[str, int], Expr]  # (traveler, phase index he set off) -> it holds


def _step(before: tuple[tuple[str, int], ...], end: PhaseEnd) -> tuple[tuple[str, int], ...]:
    at = phase_index(end.kind, end.number)
    got = [(a.subject, at) for a in sorted(end.atoms) if a.kind == TRAVELS]
    return (*before, *got) if got else before


def _chain(before: Departures, end: ChainEnd) -> Departures:
    at = phase_index(end.kind, end.number)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == TRAVELS:
            out[(a.subject, at)] = disj(out.get((a.subject, at), FALSE), e)
    return out


def _view(state: tuple[tuple[str, int], ...], night: int) -> Departures:
    return {key: TRUE for key in state}


WHEREABOUTS = Lasting("whereabouts", (), _step, _chain, _view)


KIND = Kind(
    "travel",
    (Travel, DayTravel, TravelRule, Reachable),
    stops=stops,
    spares=spares,
    transition=transition,
    day_stops=day_stops,
    day_marked=day_marked,
    day_spares=day_spares,
    day_atoms=day_atoms,
    lasting=(WHEREABOUTS,),
)
