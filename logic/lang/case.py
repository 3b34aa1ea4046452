"""Owns reading case files (`*.case`, the syntax fixed in DESIGN.md): parse tree -> `Case`.

A case names a ruleset, its players and roles, phases of actions, and expected outcome
atoms. This module only reads; binding names to a ruleset happens in `resolve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.lang import grammar
from logic.lang.errors import Loc
from logic.model.ir import Why


@dataclass(frozen=True)
class PlayerDecl:
    name: str
    role: str
    faction: str | None
    why: Why = field(compare=False)


@dataclass(frozen=True)
class Line:
    """One line of a phase: `verb` is targets, uses, kills, votes, nothing, decides
    (`text`: what the player decided) or excludes (`texts`: the options left out)."""

    actor: str
    verb: str
    targets: tuple[str, ...] = ()
    ability: str | None = None
    why: Why = field(default=Why(Loc("<case>", 0, 0), ""), compare=False)
    text: str | None = None
    manner: str | None = None  # "public" or "private": `... publicly`, `... privately`
    texts: tuple[str, ...] = ()  # `X excludes "A", "B"`: the options left out


@dataclass(frozen=True)
class PhaseBlock:
    kind: str  # "night", "day" or "prep" (number 0: the phase before night 1)
    number: int
    lines: tuple[Line, ...]
    why: Why = field(compare=False)

    @property
    def label(self) -> str:
        return phase_label(self.kind, self.number)


PREP = "prep"  # the phase before the first night, played as night 0 (logic/model/binding.py)


@dataclass(frozen=True)
class _Manner:
    value: str


def _manner_of(children: list[Any]) -> tuple[str | None, list[Any]]:
    """A line's manner (`publicly` / `privately`, last) and its other children."""
    if children and isinstance(children[-1], _Manner):
        return children[-1].value, children[:-1]
    return None, children


def phase_label(kind: str, number: int) -> str:
    """A phase's name in outcomes and atoms: "night 1", "day 2", "prep"."""
    return PREP if kind == PREP else f"{kind} {number}"


@dataclass(frozen=True)
class Expectation:
    """An expected atom. `kind` is one of: dies, survives, lynched, revealed, no_lynch, fails,
    succeeds, roleblocked, visits, learns, wins (subject: a player, faction or role),
    goes_on, is_role (subject is obj: a role or faction), ambiguous, paradox, random."""

    negated: bool
    kind: str
    subject: str = ""
    obj: str = ""
    phase: tuple[str, int] | None = None
    why: Why = field(default=Why(Loc("<case>", 0, 0), ""), compare=False)

    def __str__(self) -> str:
        return self.why.text or self.kind


@dataclass(frozen=True)
class Case:
    title: str
    ruleset: str | None
    players: tuple[PlayerDecl, ...]
    phases: tuple[PhaseBlock, ...]
    expectations: tuple[Expectation, ...]
    file: str
    why: Why = field(compare=False)
    ruleset_why: Why | None = field(default=None, compare=False)


@v_args(meta=True)
class _ToCase(grammar.SourceTransformer):
    """Parse tree -> Case values. One method per grammar rule."""

    kind = "case"

    def _case(self, title: str, items: list[Any], why: Why) -> Case:
        ruleset = next((i for i in items if isinstance(i, tuple) and i[0] == "ruleset"), None)
        players: tuple[PlayerDecl, ...] = ()
        for i in items:
            if isinstance(i, tuple) and i and isinstance(i[0], PlayerDecl):
                players += i
        return Case(
            title=title,
            ruleset=ruleset[1] if ruleset else None,
            players=players,
            phases=tuple(i for i in items if isinstance(i, PhaseBlock)),
            expectations=tuple(e for i in items if isinstance(i, list) for e in i),
            file=self.filename,
            why=why,
            ruleset_why=ruleset[2] if ruleset else None,
        )

    def cases(self, meta: Meta, children: list[Case]) -> list[Case]:
        return children

    def scenario(self, meta: Meta, children: list[Any]) -> list[Case]:
        return [self._case(Path(self.filename).stem, children, self._why(meta))]

    def case(self, meta: Meta, children: list[Any]) -> Case:
        return self._case(str(children[0])[1:-1], children[1:], self._why(meta))

    def ruleset_line(self, meta: Meta, children: list[Token]) -> tuple[str, str, Why]:
        value = str(children[0])
        if children[0].type == "STRING":
            value = value[1:-1]
        return ("ruleset", value, self._why(meta))

    def players_line(self, meta: Meta, children: list[PlayerDecl]) -> tuple[PlayerDecl, ...]:
        return tuple(children)

    def role_name(self, meta: Meta, children: list[Token]) -> str:
        if len(children) == 1 and children[0].type == "STRING":
            return str(children[0])[1:-1]
        return " ".join(str(c) for c in children)

    def faction(self, meta: Meta, children: list[Token]) -> str:
        return " ".join(str(c) for c in children)

    def player_decl(self, meta: Meta, children: list[Any]) -> PlayerDecl:
        faction = children[2] if len(children) > 2 else None
        return PlayerDecl(str(children[0]), children[1], faction, self._why(meta))

    def night(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return ("night", int(children[0]))

    def day(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return ("day", int(children[0]))

    def prep(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return (PREP, 0)

    def phase(self, meta: Meta, children: list[Any]) -> PhaseBlock:
        (kind, number), *lines = children
        return PhaseBlock(kind, number, tuple(lines), self._why(meta))

    def ability_name(self, meta: Meta, children: list[Token]) -> str:
        if len(children) == 1 and children[0].type == "STRING":
            return str(children[0])[1:-1]
        return " ".join(str(c) for c in children)

    def manner(self, meta: Meta, children: list[Token]) -> _Manner:
        return _Manner("public" if children[0].type == "PUBLICLY" else "private")

    def targets(self, meta: Meta, children: list[Any]) -> Line:
        m, children = _manner_of(children)
        actor, *targets = (str(c) for c in children)
        return Line(actor, "targets", tuple(targets), why=self._why(meta), manner=m)

    def uses(self, meta: Meta, children: list[Any]) -> Line:
        m, children = _manner_of(children)
        actor, ability, *targets = children
        return Line(
            str(actor), "uses", tuple(str(t) for t in targets), ability, self._why(meta), manner=m
        )

    def kills(self, meta: Meta, children: list[Any]) -> Line:
        m, children = _manner_of(children)
        return Line(str(children[0]), "kills", (str(children[1]),), why=self._why(meta), manner=m)

    def votes(self, meta: Meta, children: list[Token]) -> Line:
        return Line(str(children[0]), "votes", (str(children[1]),), why=self._why(meta))

    def votes_no_one(self, meta: Meta, children: list[Token]) -> Line:
        return Line(str(children[0]), "votes", (), why=self._why(meta))

    def nothing(self, meta: Meta, children: list[Token]) -> Line:
        return Line(str(children[0]), "nothing", why=self._why(meta))

    def decides(self, meta: Meta, children: list[Token]) -> Line:
        text = str(children[1])[1:-1]
        return Line(str(children[0]), "decides", why=self._why(meta), text=text)

    def excludes(self, meta: Meta, children: list[Token]) -> Line:
        texts = tuple(str(c)[1:-1] for c in children[1:])
        return Line(str(children[0]), "excludes", why=self._why(meta), texts=texts)

    def expect(self, meta: Meta, children: list[Expectation]) -> list[Expectation]:
        return children

    def at_phase(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return (str(children[0]).lower(), int(children[1]))

    def on_prep(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return (PREP, 0)

    def _atom(self, kind: str, children: list[Token]) -> tuple[str, str, str]:
        words = [str(c) for c in children if c.type != "POSSESSIVE"]
        subject = words[0] if words else ""
        obj = words[1] if len(words) > 1 else ""
        if obj.startswith('"'):
            obj = obj[1:-1]
        return (kind, subject, obj)

    def winner(self, meta: Meta, children: list[Token]) -> str:
        return self.role_name(meta, children)

    def wins(self, meta: Meta, children: list[str]) -> tuple[str, str, str]:
        return ("wins", children[0], "")

    def goes_on(self, meta: Meta, children: list[Any]) -> tuple[str, str, str]:
        return ("goes_on", "", "")

    def is_role(self, meta: Meta, children: list[Any]) -> tuple[str, str, str]:
        return ("is_role", str(children[0]), children[1])

    def expectation(self, meta: Meta, children: list[Any]) -> Expectation:
        negated = bool(children and isinstance(children[0], Token) and children[0].type == "NOT")
        rest = children[1:] if negated else children
        kind, subject, obj = rest[0]
        phase = rest[1] if len(rest) > 1 else None
        return Expectation(negated, kind, subject, obj, phase, self._why(meta))


def _atom_method(kind: str) -> Any:
    def method(self: _ToCase, meta: Meta, children: list[Token]) -> tuple[str, str, str]:
        return self._atom(kind, children)

    method.__name__ = kind
    return v_args(meta=True)(method)


_ATOM_KINDS = (
    "dies",
    "survives",
    "lynched",
    "revealed",
    "no_lynch",
    "fails",
    "succeeds",
    "roleblocked",
)
for _kind in (*_ATOM_KINDS, "visits", "learns", "ambiguous", "paradox", "random", "storyteller"):
    setattr(_ToCase, _kind, _atom_method(_kind))


def parse_cases(text: str, filename: str = "<case>") -> list[Case]:
    tree = grammar.parse(text, filename, "case", "case file")
    cases: list[Case] = _ToCase(text, filename).transform(tree)
    return cases


def load_cases(path: str | Path) -> list[Case]:
    return parse_cases(grammar.read_source(path, "case"), str(path))
