"""Owns Follow-Up, a day check of what one player did to the player its user staked out
the night before, read from DCTP's Follow-Up section (Takagi's and Chiba's lines): "Can use
Follow-Up during each day phase to SI actions that happened to someone they staked out the
previous night." Its phrase is grammar/clause/followup.lark, its words
grammar/lexicon/followup.toml, its reading logic/lang/kinds/followup.py.

Vocabulary:
  FollowUp  an effect of a day ability on one player A, with a past phase decided (`X
            decides "night 1"`, `options`): it takes place only when the record
            (logic/effects/crimes.py's `DEEDS`) shows its user's stake-out of a player B
            (an ability of his role with logic/effects/inquiry.py's `StakeOut`) the night
            before; its user learns what A did to B in the phase named, as a Special
            Investigate does (the keywords, "no one" when nothing: crimes.py's
            `past_texts`). The phase named is the night of the stake-out, or an earlier
            one: whether "actions that happened to someone they staked out the previous
            night" are that night's only or any phase's, the source does not say (FO2:
            the host's open choice, `ambiguous` where it matters)

Readings: the example's "he may use Follow-Up to check "Conia slandered Conia N1" and get a
true or false result" asks of one action; the answer here is the Special Investigate's list,
of which the check is true when it holds that action (FO3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects import crimes, inquiry
from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Const, Expr, any_of, conj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class FollowUp:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    why: Why = meta()
    options = crimes.PHASES  # the phase asked about (a case's `decides`)

    def describe(self) -> str:
        return (
            "follow-up: learns what the target did, in the phase named, to the player "
            "its user staked out the night before"
        )


def _staked(db: DayBuilder, p: str) -> list[tuple[str, Expr]]:
    """(B, the record shows p's stake-out of B the night before)."""
    keys = {
        inquiry.keyword(db.rs, ab)
        for r in db.roles
        for ab in r.abilities
        if any(isinstance(e, inquiry.StakeOut) for e in ab.effects)
    }
    got: crimes.Deeds = db.before(crimes.DEEDS)
    last = crimes.phase_index("night", db.day)
    out: dict[str, list[Expr]] = {}
    for (a, k, q, at), x in got.items():
        if a == p and k in keys and at == last:
            out.setdefault(q, []).append(x)
    return [(q, any_of(xs)) for q, xs in out.items()]


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A follow-up with no stake-out of its user's the night before does not take place."""
    staked = any_of(x for _, x in _staked(db, db.actor(i)))
    return any_of(label(conj(c, neg(staked)), e.why) for c, e in db.effects(i, FollowUp))


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """What a follow-up that took place tells its user: the keywords of what its target did
    to the player staked out, in the phase named."""
    out: list[TextSource] = []
    got: crimes.Deeds = db.before(crimes.DEEDS)
    last = crimes.phase_index("night", db.day)
    for i in range(db.n):
        p = db.actor(i)
        staked = dict(_staked(db, p))
        for c, e in db.effects(i, FollowUp):
            gate = conj(c, db.ok(i))
            if gate == FALSE:
                continue
            decided = db.sc.decision(i, crimes.PHASES)
            pieces: list[tuple[Expr, str]] = []
            before: list[tuple[Expr, str]] = []  # of a phase before the stake-out's night
            for (a, k, q, at), x in got.items():
                if q not in staked or at > last:
                    continue
                hit = conj(db.sc.aims(i, a), staked[q], eq(decided, Const(at - 1)), x)
                (pieces if at == last else before).append((hit, k))
            if before:  # FO2: the host's open choice, where it decides something
                loc = e.why.loc
                name = f"followup:{i}:{loc.line}:{loc.column}"
                told = db.choice(
                    name, [False, True], decides=conj(gate, any_of(h for h, _ in before))
                )
                pieces += [(conj(h, label(told, e.why)), k) for h, k in before]
            out.append(TextSource(p, label(gate, e.why), None, tuple(pieces), e.why))
    return out


KIND = Kind("followup", (FollowUp,), day_stops=day_stops, day_texts=day_texts)
