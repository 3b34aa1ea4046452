"""Owns the list of effect kinds the phase builder asks, in the order it asks them (the
order only decides the order of texts and atoms in an outcome, never a verdict).

A new kind: its module in logic/effects/ with a `KIND` (see base.py), one line here,
its phrases in a fragment of the clause language (grammar/clause/*.lark) read by a
reading mixin in logic/lang/kinds/ (listed in logic/lang/kinds/__init__.py), and its
words in the lexicon (grammar/lexicon/). The phase builder is handed this list
(`NightBuilder.kinds`); the kinds ask each other through it (base.py's hooks).
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
