"""Owns special investigations of a disguise in a past phase, read from the GM's sentence
(DCTP's Disguise section: "Can also be special investigated for their exact disguise in a
certain phase (such as "SI Conia disguising as Ran during Prep")."), and the record of the
roles each player wore in each phase that it reads. The phrase is
grammar/game/disguise.lark's dg_investigable_past, read by
logic/lang/game_kinds/disguise.py. What a player wears is logic/effects/disguise.py's
(`disguised`, `day_wears`); the phases are logic/effects/crimes.py's.

Vocabulary:
  PastInvestigable  the game's sentence: each holder of a past-phase investigation
                    (Special Investigate: logic/effects/crimes.py's PastCheck) holds, by
                    night, the ability `ASK` ("Special Investigate Disguise": a player, and a
                    decision "ROLE during PHASE", `Bob decides "Ran during prep"`), in the
                    tier of his Special Investigate. Its user learns "True" when the player
                    wore that role in that phase, an earlier one (the record below), else
                    "False". Unsaid, no one holds it

The state a phase leaves (`WORE`): `X wears R during` for each role X wore in the phase (a
Disguise from the prep phase it is put on until it comes off, a costume the night after its
day), kept for the rest of the game with the phase's index. Readings: a costume is
special-investigated as a Disguise is (Temporary Disguise's "Can be investigated like a
normal disguise."); the phase named must be an earlier one (the record of the night the
investigation is in is not complete).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import crimes, disguise
from logic.effects.base import Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.ir import Ability
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Ruleset
    from logic.model.semantics import History, NightBuilder

ASK = "Special Investigate Disguise"  # the ability PastInvestigable lends
WORE_ATOM = "wears during"  # `X wears during R`: X wore R in this phase
PREP = "prep"
# the phases a question may name: the prep phase, then crimes.PHASES
PHASES = (PREP, *crimes.PHASES)


@dataclass(frozen=True)
class PastInvestigable:
    why: Why = meta()

    def describe(self) -> str:
        return f"a disguise of a past phase can be special investigated ({ASK})"


@dataclass(frozen=True)
class PastDisguiseQuery:
    """The effect of the ability `ASK`: the role and the phase named ("ROLE during PHASE")."""

    why: Why = meta()
    options: tuple[str, ...] = ()

    def describe(self) -> str:
        return 'asks whether a player wore the role named in the phase named: "True" or "False"'


def _index(phase: str) -> int:
    """The index of a phase named ("prep": the prep phase, night 0; crimes.phase_index)."""
    if phase == PREP:
        return crimes.phase_index("night", 0)
    kind, number = phase.split()
    return crimes.phase_index(kind, int(number))


def _options(rs: Ruleset) -> tuple[str, ...]:
    return tuple(f"{r.name} during {ph}" for r in rs.roles for ph in PHASES)


def lends(
    rs: Ruleset,
    history: History,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Ability]:
    """`ASK` by night, to a player whose role holds a past-phase investigation, when the
    sentence is said."""
    del history, decided
    said = [x for x in rs.healing if isinstance(x, PastInvestigable)]
    role = rs.role(held.get(p, ""))
    if not said or role is None or phase[0] != "night" or phase[1] == 0:
        return []
    for a in role.abilities:
        if any(isinstance(e, crimes.PastCheck) for e in a.effects):
            query = PastDisguiseQuery(said[0].why, _options(rs))
            return [
                Ability(ASK, "checks", a.frequency, (query,), aliases=(a.name,), why=said[0].why)
            ]
    return []


def _record(b: Any) -> dict[tuple[str, str, int], Expr]:
    got: dict[tuple[str, str, int], Expr] = b.before(WORE)
    return got


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """`ASK` of slot i on q, "R during P": "True" when q wore R in P (an earlier phase, by
    the record), else "False"."""
    out: list[TextSource] = []
    me = b.actor(i)
    now = crimes.phase_index("night", b.night)
    record = _record(b)
    for c, e in b.effects(i, PastDisguiseQuery):
        decided = b.sc.decision(i, e.options)
        keys = {canon(o): k for k, o in enumerate(e.options)}
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q))
            if hit == FALSE:
                continue
            yes = any_of(
                conj(eq(decided, Const(keys[key])), x)
                for (who, name, at), x in record.items()
                if who == q
                and at < now
                and (key := canon(f"{name} during {_phase_name(at)}")) in keys
            )
            out.append(TextSource(me, label(conj(hit, yes), e.why), "True", why=e.why))
            out.append(TextSource(me, label(conj(hit, neg(yes)), e.why), "False", why=e.why))
    return out


def _phase_name(at: int) -> str:
    """The name of the phase of index `at` (the inverse of `_index`)."""
    return next((ph for ph in PHASES if _index(ph) == at), "")


def _in_play(rs: Any) -> bool:
    return any(isinstance(x, PastInvestigable) for x in rs.healing)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X wears during R` tonight: each role X wears tonight."""
    del outcome
    if not _in_play(b.rs):
        return {}
    return {
        Atom(WORE_ATOM, q, name): x for q in b.sc.players for name, x in disguise.disguised(b, q)
    }


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X wears during R` today: each role X wears today."""
    del outcome
    if not _in_play(db.rs):
        return {}
    return {
        Atom(WORE_ATOM, q, name): x for q in db.players for name, x in disguise.day_wears(db, q)
    }


# ----------------------------------------------------------------------------- lasting state

Record = dict[tuple[str, str, int], Expr]  # (player, role, phase index) -> he wore it


def _step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    at = crimes.phase_index(end.kind, end.number)
    got = [(a.subject, a.obj, at) for a in sorted(end.atoms) if a.kind == WORE_ATOM]
    return (*before, *got) if got else before


def _chain(before: Record, end: ChainEnd) -> Record:
    at = crimes.phase_index(end.kind, end.number)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == WORE_ATOM:
            key = (a.subject, a.obj, at)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: Iterable[tuple[str, str, int]], night: int) -> Record:
    return {(q, name, at): TRUE for q, name, at in state}


WORE = Lasting("worn record", (), _step, _chain, _view)


KIND = Kind(
    "pastdisguise",
    (PastInvestigable, PastDisguiseQuery),
    lends=lends,
    texts=texts,
    transition=transition,
    day_atoms=day_atoms,
    lasting=(WORE,),
)
