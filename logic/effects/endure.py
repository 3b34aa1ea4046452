"""Owns a role's one death survived by day as well as by night ("This player survives
one death via any means except lynching."): the day half of the automatic protection
(`attack.AutoProtect` with `by_day`), whose night half is logic/effects/attack.py's. Its
phrase is grammar/clause/powers.lark's `survives_death`, its reading
logic/lang/kinds/powers.py.

Vocabulary (no node of its own: it reads attack's):
  day_spares  a day's kill on the holder, his protection not used up, does not kill him
              (the Hunter's "If the target is protected, or is the thug, the attack
              fails"); the lynch is not a kill ("except lynching")
  day_atoms   the protection is used up the day it spares him (the mark attack's night
              reads: the next night's attack kills him)

Its lasting state is the frame's flag `automatic protection` (a `mark` atom), which a
night's attack gives and reads too; a day reads it through `PhaseBuilder.flagged`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Kind, Outcome
from logic.effects.day import DayKill
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.phase import Atom

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


def day_spares(db: DayBuilder, p: str) -> Expr:
    """p holds a role whose one death survived holds by day, not used up before today."""
    fresh = neg(db.flagged(p, attack.USED))
    return any_of(
        label(conj(db.role_is(p, role), db.switch(t.why), fresh), t.why)
        for role in db.sc.roles()
        for t in role.traits
        if isinstance(t, attack.AutoProtect) and t.by_day
    )


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The protection is used up the day a kill it stopped was aimed at its holder."""
    out: dict[Atom, Expr] = {}
    for p in db.players:
        spared = db.spared(p)
        if spared == FALSE:
            continue
        used = conj(day_spares(db, p), db.took(DayKill, p))
        if used != FALSE:  # made today (a flag once given holds for good: the frame's)
            out[Atom("mark", p, attack.USED)] = used
    return out


KIND = Kind("endure", (), day_spares=day_spares, day_atoms=day_atoms)
