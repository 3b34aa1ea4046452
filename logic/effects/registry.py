"""Owns the list of effect kinds the phase builder asks, in the order it asks them (the
order only decides the order of texts and atoms in an outcome, never a verdict).

A new kind: its module in logic/effects/ with a `KIND` (see base.py), one line here,
its phrases in grammar/ and their reading in logic/lang/read/ (a reader mixin of its
own, listed in `_ToIR`'s bases in logic/lang/rules.py).
"""

from __future__ import annotations

from logic.effects import (
    afterlife,
    attack,
    block,
    convert,
    forge,
    heal,
    hex,
    identity,
    inquiry,
    intercept,
    interrogate,
    investigate,
    modify,
    react,
    records,
    redirect,
    report,
    reveal,
    status,
    sway,
)
from logic.effects.base import Kind

KINDS: tuple[Kind, ...] = (
    redirect.KIND,
    attack.KIND,
    identity.KIND,
    convert.KIND,
    react.KIND,
    modify.KIND,
    intercept.KIND,
    block.KIND,
    status.KIND,
    hex.KIND,
    investigate.KIND,
    inquiry.KIND,
    interrogate.KIND,
    heal.KIND,
    forge.KIND,
    records.KIND,
    report.KIND,
    reveal.KIND,
    afterlife.KIND,
    sway.KIND,
)
