"""Owns statuses that last beyond the action that gave them: the arrest, and marks with a
duration carried from phase to phase (its lasting states `ARRESTS` and `MARKS`).

Marks (a name, the player who gave it, the phase it was given in) and how long each lasts
are read here, once, for every kind that gives or reads them:
  from the night before   the day after night N reads marks given on night N: hexes of
                          the day (`powerless`, `charm-vote`, `charm-lynch`, `silenced`),
                          `roleblocked` ("for the night and the following day")
  delayed                 `doom`: given on night N, it takes effect on night N + 2
  for good                `discarded` (a power given up), `exorcised`, `lynch survived`
                          (a Die-hard's one lynching attempt, logic/effects/sway.py)
  deaths                  `died`, given by the phase a player died in (for "the night
                          after the hexed player dies")
A phase gives a mark with the outcome atom `status` (subject: the player, object
"NAME:SOURCE"); the kind's lasting state `MARKS` turns those atoms into marks (concretely,
every mark with its phase; in a chain, the marks of the night before, which is all a
symbolic night reads of them).

Vocabulary:
  Cooldown  an effect of an ability: when the ability's protection stops a nightkill,
          its user gets the mark `protection used`, and the ability does not take place
          the following night ("if his protection is used (that is, if a nightkill is
          stopped), the Doctor may not use his power the following night"); `tells`: the
          user is told at dawn ("He is informed if this occurs during dawn after his
          protection succeeds": the source gives no words, the text is USED_TEXT)
  Arrest  an action: the target "is incapable of performing any actions" until the
          actor's next turn: the rest of this night after the arrest's tier, the next
          day (votes are actions: "everyone performs actions by clicking players when
          prompted to kill, save, investigate, vote"), and the next night up to the
          arrest's tier.

The state after a phase is the atom `arrested` of each player (arrests that took place
tonight), carried as the lasting state `ARRESTS`; a carried arrest ends at the arrest's
tier of the next night. When the
arresting player is dead or does not act that night, the arrest still ends at that tier:
the source says "until the Deputy's next turn", and is silent about a Deputy who has no
next turn (a reading, noted in casebook/byond-mafia.rules).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Kind, Lasting, Outcome
from logic.lang.errors import Loc
from logic.model import frame
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, label, labels, lt, neg
from logic.model.phase import Atom, ChainEnd, History, Mark, PhaseEnd, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Arrest:
    why: Why = meta()
    until: Why | None = None  # the sentence that gives the duration

    def describe(self) -> str:
        return "arrest: the target cannot act until the arrester's next turn"


@dataclass(frozen=True)
class Cooldown:
    why: Why = meta()
    tells: Why | None = None

    def describe(self) -> str:
        told = "; its user is told at dawn" if self.tells else ""
        return f"cooldown: after its protection stops a nightkill, not usable the next night{told}"


COOLDOWN = "protection used"
USED_TEXT = "protection used"  # what the user is told (the source gives no words)


def protection_used(b: NightBuilder, i: int) -> Expr:
    """Slot i's protection stopped a nightkill tonight: it took place on a player whom an
    attack hit that its protection can stop (not a strengthened or hastened one)."""
    return b.once(f"used:{i}", lambda: _protection_used(b, i))


def _protection_used(b: NightBuilder, i: int) -> Expr:
    parts = []
    for c, _ in b.effects(i, attack.Protect):
        for q in b.sc.players:
            guard = conj(c, b.ok(i), b.aims(i, q))
            if guard == FALSE:
                continue
            for j, v, hit, _ in attack.attacks(b):
                if v != q:
                    continue
                strong = b.kill_modified(j, "strengthen")
                hasted = b.kill_modified(j, "hasten")
                parts.append(conj(guard, hit, neg(strong), neg(hasted)))
    return any_of(parts)


def cooled(b: NightBuilder, i: int) -> Expr:
    """Slot i's ability is resting: its protection was used the night before."""
    return any_of(
        label(conj(c, given_last_night(b, b.actor(i), COOLDOWN)), e.why)
        for c, e in b.effects(i, Cooldown)
    )


def cooldowns(b: NightBuilder) -> dict[Atom, Expr]:
    """The mark `protection used` on the user of a protection that stopped a nightkill."""
    out: dict[Atom, Expr] = {}
    for i in range(b.n):
        for c, e in b.effects(i, Cooldown):
            used = conj(c, protection_used(b, i))
            if used != FALSE:
                key = mark_atom(b.actor(i), COOLDOWN)
                out[key] = disj(out.get(key, FALSE), label(used, e.why))
    return out


def cooldown_told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    out = []
    for i in range(b.n):
        if not b.reads(b.actor(i)):
            continue
        for c, e in b.effects(i, Cooldown):
            if e.tells is None:
                continue
            used = conj(c, protection_used(b, i))
            if used != FALSE:
                out.append(TextSource(b.actor(i), label(used, e.tells), USED_TEXT, why=e.tells))
    return out


def arrests_on(b: NightBuilder, q: str, i: int | None = None) -> list[tuple[int, Expr, Arrest]]:
    """(slot, condition, effect) of tonight's arrests that land on q (other than slot i).
    An arrest whose sentence of what it does is not there (`until`: "Until the Deputy's
    next turn, this character is incapable of performing any actions.") stops nothing:
    the word "arrest" alone says no more than a visit."""
    return [(j, x, e) for j, x, e in b.lands(Arrest, q) if j != i and e.until is not None]


def stopped(b: NightBuilder, i: int) -> Expr:
    """Slot i's actor is under arrest when slot i's tier comes, or its ability rests."""
    return any_of([arrested(b, i), cooled(b, i)])


def arrested(b: NightBuilder, i: int) -> Expr:
    """Slot i's actor is under arrest when slot i's tier comes."""
    p = b.actor(i)
    tonight = any_of(
        label(conj(hit, lt(b.tiers[j], b.tiers[i])), e.until or e.why)
        for j, hit, e in arrests_on(b, p, i)
    )
    carried = any_of(
        label(conj(cond, lt(b.tiers[i], Const(tier))), why)
        for cond, tier, why in b.before(ARRESTS).get(p, [])
    )
    return any_of([tonight, carried])


def arrests(b: NightBuilder) -> dict[str, tuple[Expr, int, Why]]:
    """Who is under arrest when the night ends: the condition, the tier the arrest lasts
    until next night, and the sentence."""
    out: dict[str, tuple[Expr, int, Why]] = {}
    for q in b.sc.players:
        for j, hit, e in arrests_on(b, q):
            tier = b.tiers[j]
            until = int(tier.value) if isinstance(tier, Const) else _listed_tier(b, e)  # type: ignore[arg-type]
            if until is None:
                continue
            cond = label(hit, e.why)
            if q in out:  # several arrests on q: it is under arrest if any took place
                old, t0, why = out[q]
                out[q] = (any_of([old, cond]), max(t0, until), why)
            else:
                out[q] = (cond, until, e.until or e.why)
    return out


def _listed_tier(b: NightBuilder, e: Arrest) -> int | None:
    """The tier of the role whose ability carries `e` (a symbolic night's tiers are
    expressions; the arrest lasts until that role's step of the next night)."""
    for role in b.rs.roles:
        if any(any(x is e for x in ab.effects) for ab in role.abilities):
            tiers = [p.tier for p in b.rs.priority if p.subject == role.name]
            return min(tiers) if tiers else None
    return None


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The atoms `arrested` (their object: the tier the arrest lasts until next night),
    and the marks of a used protection."""
    out: dict[Atom, Expr] = {
        Atom("arrested", q, str(tier)): label(cond, why)
        for q, (cond, tier, why) in arrests(b).items()
    }
    out.update(cooldowns(b))
    return out


# ----------------------------------------------------------------------------- lasting states

Arrested = dict[str, list[tuple[Expr, int, Why]]]  # player -> (it holds, until tier, sentence)


def _arrests_step(before: tuple[tuple[str, int, Why], ...], end: PhaseEnd) -> object:
    """A night ends the arrests it reached and starts its own; a day keeps them."""
    if end.kind != "night":
        return before
    return tuple(
        (a.subject, int(a.obj), _last(end.why(a), a))
        for a in sorted(end.atoms)
        if a.kind == "arrested"
    )


def _last(whys: tuple[Why, ...], atom: Atom) -> Why:
    """The last reason an outcome gives for an atom (the sentence that gives an arrest
    its end)."""
    return whys[-1] if whys else Why(Loc("<engine>", 0, 0), str(atom))


def _arrests_chain(before: Arrested, end: ChainEnd) -> Arrested:
    if end.kind != "night":
        return before
    out: Arrested = {}
    for atom, e in end.atoms:
        if atom.kind == "arrested":
            why = next(iter(labels(e)), frame.TAKES_PLACE)
            out.setdefault(atom.subject, []).append((e, int(atom.obj), why))
    return out


def _arrests_view(state: Iterable[tuple[str, int, Why]], night: int) -> Arrested:
    out: Arrested = {}
    for q, tier, why in state:
        out.setdefault(q, []).append((TRUE, tier, why))
    return out


ARRESTS = Lasting("arrests", (), _arrests_step, _arrests_chain, _arrests_view)


def _marks_step(before: tuple[Mark, ...], end: PhaseEnd) -> tuple[Mark, ...]:
    """Every mark with the phase that gave it, and `died` for each death of the phase."""
    got = {read_mark(a, end.kind, end.number) for a in end.atoms if a.kind == "status"}
    got |= {
        Mark(a.subject, "died", "", end.kind, end.number) for a in end.atoms if a.kind == "dies"
    }
    return tuple(sorted(set(before) | got))


SymbolicMarks = dict[tuple[str, str, str], Expr]  # (player, name, source) -> it holds


def _marks_chain(before: SymbolicMarks, end: ChainEnd) -> SymbolicMarks:
    """The marks the night before gave, and the lasting ones (a day adds its own and
    keeps the night's: the night and the day after it read them)."""
    out = (
        dict(before)
        if end.kind != "night"
        else {k: e for k, e in before.items() if k[1] in LASTING}
    )
    for atom, e in end.atoms:
        if atom.kind == "status":
            name, _, source = atom.obj.partition(":")
            key = (atom.subject, name, source)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _marks_view(state: tuple[Mark, ...], night: int) -> SymbolicMarks:
    """The marks night `night` (or the day before it) reads: last night's, and the
    lasting ones."""
    return {
        (m.player, m.name, m.source): TRUE
        for m in state
        if (m.kind == "night" and m.number == night - 1) or m.name in LASTING
    }


MARKS = Lasting("marks", (), _marks_step, _marks_chain, _marks_view)


def given_last_night(b: NightBuilder, p: str, name: str) -> Expr:
    """p got the mark `name` on the night before this one."""
    got: SymbolicMarks = b.before(MARKS)
    return any_of(e for (q, n, _), e in got.items() if q == p and n == name)


def day_marks(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """The marks `name` on p in effect today, each with its source: given the night
    before, or lasting (for good)."""
    got: SymbolicMarks = db.before(MARKS)
    return [(e, src) for (q, n, src), e in got.items() if q == p and n == name]


def day_stops(db: DayBuilder, i: int) -> Expr:
    """An arrest stops the arrested player's day actions."""
    held = db.held(db.actor(i))
    return FALSE if held == FALSE else label(held, frame.TAKES_PLACE)


def day_held(db: DayBuilder, p: str) -> Expr:
    """p is under an arrest the night before made: no action, no vote today."""
    carried: Arrested = db.before(ARRESTS)
    return any_of(c for c, _, _ in carried.get(p, []))


KIND = Kind(
    "status",
    (Arrest, Cooldown),
    stops=stopped,
    phase_texts=cooldown_told,
    transition=transition,
    lasting=(ARRESTS, MARKS),
    day_held=day_held,
    day_stops=day_stops,
    day_marked=day_marks,
)


# ----------------------------------------------------------------------------- marks

LASTING = (
    "accusation spent",  # Voice of Accusation, once it decided a lynch (logic/effects/tally.py)
    "discarded",
    "exorcised",
    "lynch survived",
    "shown",
)  # marks that last for the rest of the game


def mark_atom(player: str, name: str, source: str = "") -> Atom:
    """The outcome atom by which a phase gives `player` the mark `name`."""
    return Atom("status", player, f"{name}:{source}")


def read_mark(atom: Atom, kind: str, number: int) -> Mark:
    """The mark a `status` atom of phase (kind, number) gives."""
    name, _, source = atom.obj.partition(":")
    return Mark(atom.subject, name, source, kind, number)


def marks(history: History, player: str | None = None, name: str | None = None) -> list[Mark]:
    """The marks (of `player`, called `name`, where given) the history holds, oldest first."""
    return [
        m
        for m in history.state(MARKS.name)
        if (player is None or m.player == player) and (name is None or m.name == name)
    ]


def under_arrest(history: History) -> set[str]:
    """The players under an arrest the last night made."""
    return {q for q, _, _ in history.state(ARRESTS.name)}


def for_day(history: History, player: str, name: str, day: int) -> list[Mark]:
    """Marks `name` on `player` in effect on day `day`: given the night before (or, for a
    lasting mark, at any time up to that day)."""
    out = []
    for m in marks(history, player, name):
        if name in LASTING or (m.kind == "night" and m.number == day):
            out.append(m)
    return out


def due(history: History, name: str, night: int, delay: int) -> list[Mark]:
    """Marks `name` given on night `night - delay` (a delayed effect due tonight)."""
    return [m for m in marks(history, name=name) if m.kind == "night" and m.number == night - delay]


def died_before(history: History, player: str, night: int) -> bool:
    """`player` died in the phase just before night `night` (night or day `night - 1`)."""
    return any(m.number == night - 1 for m in marks(history, player, "died"))
