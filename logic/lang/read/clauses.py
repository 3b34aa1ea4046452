"""Owns the reading of the sentences the clause language read (logic/lang/clause.py) in
place of the frame grammar: a `held` placeholder's meaning (kept by
logic/lang/statements.py under its offset) turned into the reader's pieces."""

from __future__ import annotations

from typing import Any

from lark import v_args
from lark.tree import Meta

from logic.lang import clause, game
from logic.lang.errors import RulingError, line_of
from logic.lang.game_kinds.deal import KIND_RULE
from logic.lang.kinds import allegiance, traits
from logic.lang.read.base import Reader
from logic.lang.read.pieces import (
    _AbilityStart,
    _About,
    _AddTo,
    _ClassDecl,
    _Heading,
    _Natures,
    _NightKillRule,
    _Note,
    _Order,
    _RoleDef,
    _RulesetFact,
    _Trait,
    _UniqueRoles,
)
from logic.model.frame import Restated


@v_args(meta=True)
class ClausesReader(Reader):
    held_parts: dict[int, tuple[str, tuple[Any, ...]]]

    def held(self, meta: Meta, children: list[Any]) -> Any:
        context, parts = self.held_parts[meta.start_pos]
        pieces = tuple(from_clause(p) for p in parts)
        if context == "role":
            return pieces
        if context == "game":  # a sentence about the whole game (logic/lang/game.py)
            return pieces
        why = self._why(meta, "ruling")
        named = {_subject(p) for p in parts} - {None}
        if len(named) != 1:
            raise RulingError(
                "a ruling in these words names the role it is about ('The Doctor cannot ...')"
                if not named
                else f"this ruling names {len(named)} roles; write one ruling for each",
                why.loc,
                line_of(self.text, why.loc.line),
            )
        body = tuple(p.sentence if isinstance(p, _About) else p for p in pieces)
        return _RoleDef(named.pop() or "", body, why)


def from_clause(part: Any) -> Any:
    """A part of a sentence the clause language read, as the reader's piece."""
    match part:
        case clause.Starts(verb, frequency, why, subject, targets, name):
            return _AbilityStart(verb, frequency, why, subject, targets, name)
        case clause.ClassIs(visit_class, why):
            return _ClassDecl(visit_class, why)
        case clause.Nothing(why):
            return _Note(why)
        case clause.About(subject, inner):
            return _About(subject, from_clause(inner))
        case traits.Adds(kind, field, why, value):
            return _AddTo(kind, field, why, value)
        case traits.Trait(inner):
            return _Trait(None, inner, inner.why)
        case traits.Fact(kind, value, why):
            return _RulesetFact(kind, value, why)
        case traits.Once(why):
            return _Natures(True, why)
        case game.Heading(kind, why):
            return _Heading(kind, "", why)
        case game.RoleTrait(role, inner, why):
            return _Trait(role, inner, why)
        case game.KillerRule(faction, exclusive, why, victims):
            return _NightKillRule(faction, exclusive, why, victims)
        case game.Default(what, why, axiom) if axiom is not None:  # the behaviour named
            return _RulesetFact(KIND_RULE, Restated(what, axiom, why), why)
        case game.Default(_, why):  # what the engine does anyway: a sentence with no effect
            return _Note(why)
        case game.Unique(why):
            return _UniqueRoles(why)
        case game.KindOrder(items, why):
            return _Order(tuple(tuple((w, None) for w in tier) for tier in items), why)
        case allegiance.IsRole(role, why):
            return _About(role, _Note(why))
    return part


def _subject(part: Any) -> str | None:
    match part:
        case clause.Starts(subject=subject) | clause.About(subject=subject):
            return subject
    return None
