"""Owns the list of effect kinds the phase builder asks, in the order it asks them (the
order only decides the order of texts and atoms in an outcome, never a verdict).

Every module of logic/effects/ with a `KIND` (see base.py) is a kind: the ones listed
below come in that order, any other after them by module name. So a new kind is its
module, its phrases in a fragment of the clause language (grammar/clause/*.lark, found
by logic/lang/fragments.py) and its words in the lexicon (grammar/lexicon/*.toml); a
kind whose ability is a plain verb ("poison a player") declares the verb in its `Kind`
(`actions`), and needs no reading of its own (logic/lang/kinds/verbs.py asks this list).
The composition root (logic/engine.py) hands the list to the phase builder
(`NightBuilder.kinds`); the kinds ask each other through it (base.py's hooks).
"""

from __future__ import annotations

import importlib
import pkgutil

import logic.effects
from logic.effects import (
    afterlife,
    attack,
    block,
    convert,
    day,
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
    vote,
)
from logic.effects.base import Kind

LISTED: tuple[Kind, ...] = (
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
    day.KIND,
    vote.KIND,
    report.KIND,
    reveal.KIND,
    afterlife.KIND,
    sway.KIND,
)


def _found() -> tuple[Kind, ...]:
    """The kinds listed, then every other module of logic/effects/ with a `KIND`."""
    listed = {k.name for k in LISTED}
    more = []
    for m in sorted(pkgutil.iter_modules(logic.effects.__path__), key=lambda m: m.name):
        if m.name in ("base", "registry"):
            continue
        kind = getattr(importlib.import_module(f"logic.effects.{m.name}"), "KIND", None)
        if isinstance(kind, Kind) and kind.name not in listed:
            more.append(kind)
    return (*LISTED, *more)


KINDS: tuple[Kind, ...] = _found()
