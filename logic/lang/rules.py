"""Owns reading a ruleset: `grammar/ruleset.lark` parse tree -> `ir.Ruleset`.

One Transformer, `_ToIR`, turns each sentence into an IR piece labelled with its `Why`
(logic/lang/read/pieces.py); it is composed of the readers of logic/lang/read/, one per
effect kind or topic, whose methods are named after grammar rules. `_Assembler` (its parts
in logic/lang/assemble/) then walks the statements in order (headings set the faction of
the roles below them, sentences attach to the ability before them), resolves names and
checks what the grammar cannot: unknown roles in lists, duplicated roles, a priority list
that misses an acting role. Every sentence the ruleset holds, kept lines (`Flavour:`, `Not
modelled (REASON):`, `Source:`) included, is recorded with its line in `Ruleset.sentences`
for `ruling coverage`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from lark import Token, Tree, v_args

from logic.effects.attack import Kill
from logic.effects.couple import unknown_group
from logic.effects.heal import HealingOrder
from logic.effects.inquiry import Keywords
from logic.lang import game, grammar, statements
from logic.lang.assemble.finish import FinishAssembler
from logic.lang.assemble.given import Gifts, ability_key
from logic.lang.assemble.roles import RolesAssembler
from logic.lang.errors import Loc, RulingError, line_of
from logic.lang.kinds.allegiance import FactionIs
from logic.lang.prose import split_sentences
from logic.lang.read.abilities import AbilitiesReader
from logic.lang.read.block import BlockReader
from logic.lang.read.clauses import ClausesReader
from logic.lang.read.days import DaysReader
from logic.lang.read.forge import ForgeReader
from logic.lang.read.given import GivenReader
from logic.lang.read.headings import HeadingsReader
from logic.lang.read.heal import HealReader
from logic.lang.read.hexes import HexesReader
from logic.lang.read.identity import IdentityReader
from logic.lang.read.inquiry import InquiryReader
from logic.lang.read.investigate import InvestigateReader
from logic.lang.read.kept import KeptReader
from logic.lang.read.kill import KillReader
from logic.lang.read.names import NamesReader
from logic.lang.read.pieces import (
    _AbilityDef,
    _AbilityStart,
    _Alias,
    _as_ruling,
    _Capability,
    _flatten,
    _Heading,
    _Healing,
    _Kept,
    _KillVisits,
    _NightKillRule,
    _Note,
    _Order,
    _Patch,
    _RoleDef,
    _RulesetFact,
    _Ruling,
    _Step,
    _SubAbility,
    _Title,
    _Trait,
    _UniqueRoles,
    _Variants,
)
from logic.lang.read.priority import PriorityReader
from logic.lang.read.protect import ProtectReader
from logic.lang.read.react import ReactReader
from logic.lang.read.records import RecordsReader
from logic.lang.read.redirect import RedirectReader
from logic.lang.read.report import ReportReader
from logic.lang.read.restrictions import RestrictionsReader
from logic.lang.read.results import ResultsReader
from logic.lang.read.roles import RolesReader
from logic.lang.read.rulings import RulingsReader
from logic.lang.read.setup import SetupReader
from logic.lang.read.sway import SwayReader
from logic.lang.read.turn import TurnReader
from logic.lang.read.visits import VisitsReader
from logic.lang.read.vote import VoteReader
from logic.model.ir import (
    ClassList,
    Frequency,
    OrderRuling,
    OutcomeRuling,
    PriorityEntry,
    Ruleset,
    SeenBy,
    Sentence,
    Why,
)


def _group_kill(sentence: Any, faction: str) -> Any:
    """A kill the clause language read on an alignment's line ('First, each night the
    Black Org can pick one person to kill.'): the faction's kill, one member carrying it
    out, as the frame grammar's `faction_kill` reads it (logic/lang/read/kill.py)."""
    if not (isinstance(sentence, _AbilityStart) and sentence.verb == "kills"):
        return sentence
    every = sentence.frequency is Frequency.EACH_NIGHT
    freq = None if every else sentence.frequency
    return _Capability(faction, (Kill(sentence.why),), (), freq, True, sentence.why)


@v_args(meta=True)
class _ToIR(
    NamesReader,
    HeadingsReader,
    RolesReader,
    GivenReader,
    AbilitiesReader,
    TurnReader,
    RestrictionsReader,
    ResultsReader,
    KillReader,
    ProtectReader,
    HealReader,
    BlockReader,
    RedirectReader,
    InvestigateReader,
    InquiryReader,
    ForgeReader,
    RecordsReader,
    ReportReader,
    ReactReader,
    IdentityReader,
    VisitsReader,
    PriorityReader,
    RulingsReader,
    SetupReader,
    KeptReader,
    VoteReader,
    SwayReader,
    DaysReader,
    HexesReader,
    ClausesReader,
    grammar.SourceTransformer,
):
    """Parse tree -> sentence pieces. One method per grammar rule."""

    def __init__(
        self, text: str, filename: str, held: dict[int, tuple[str, tuple[Any, ...]]] | None = None
    ) -> None:
        super().__init__(text, filename)
        # sentences the clause language read, by offset (logic/lang/statements.py)
        self.held_parts = held or {}


def _has(rs: Ruleset) -> Callable[[str, str], bool]:
    """Whether a role of `rs` has an ability of a name (as cards name it)."""

    def has(role: str, key: str) -> bool:
        r = rs.role(role)
        return r is not None and any(ability_key(a.name) == key for a in r.abilities)

    return has


class _Assembler(RolesAssembler, FinishAssembler):
    """Walks the statements in order and builds the Ruleset."""

    def run(self, statements: list[Any]) -> Ruleset:
        flat = _flatten(statements)
        gifts = Gifts(flat, self.error)  # abilities defined once (logic/lang/assemble/given.py)
        self.given_from = gifts.origins()
        for st in flat:
            if isinstance(st, _RoleDef) and not self.alignments:
                st = gifts.expand(st)
            self.statement(st)
        unknown = gifts.unknown_holders(self.find_role)
        if unknown is not None:
            raise self.error(f"no role of this ruleset is named {unknown[0]!r}", unknown[1])
        rs = self.finish()
        warnings = tuple(self._unknown_name(*u) for u in gifts.unknown_names(_has(rs)))
        rs = replace(
            rs,
            disagreements=tuple(gifts.disagreements),
            statuses=gifts.statuses(),
            warnings=warnings,
        )
        group = unknown_group(rs)  # a group a sentence bars from a pair (logic/effects/couple.py)
        if group is not None:
            raise self.error(
                f"{group[0]!r} is no role, faction, status or pair of this ruleset", group[1]
            )
        return rs

    def _unknown_name(self, role: str, name: str, why: Why, names: list[str]) -> RulingError:
        """The warning for a card's name no section defines (its line gives none)."""
        near = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
        add = (
            ""
            if near
            else f"; add an 'Ability {name}: Role with action: {role}. ...' section, or say "
            f"what {name} does on {role}'s line"
        )
        err = self.error(
            f"warning: {role}'s card names the ability {name!r}, which no 'Ability NAME:' "
            f"section defines and its line does not give: it gives {role} nothing "
            f"(sections: {', '.join(names)}){add}",
            why,
            token=name.split()[0],
        )
        return replace(err, hint=repr(near[0]) if near else None)

    def statement(self, st: Any) -> None:
        if isinstance(st, (_RoleDef, _Heading)):
            self.variant_of = None  # a variants list ends at the next role or heading
        match st:
            case _Title(name):
                self.title = name
            case _Heading("faction", value, _):
                self.faction = self.add_faction(value)
                self.alignments = False
            case _Heading("healing", _, _):
                self.healing_next = True
            case _Healing(Keywords() as k):
                self.keywords.append(k)
            case _Healing(node):
                self.healing.append(node)
            case _Heading("alignments", _, _):
                self.alignments = True
                self.faction = None
            case _Heading():
                pass
            case _RoleDef() if self.alignments:
                # "Mafia: ... the mafia may choose one person each night to kill.": an
                # alignment's own powers, under the "Alignments:" heading
                faction = self.add_faction(st.name)
                for sentence in _flatten(st.sentences):
                    self.prose(_group_kill(sentence, faction), faction, None)
            case _RoleDef():
                self.role_def(st)
            case _Variants(why):
                if not self.role_order:
                    raise self.error("these variants are of no role: none is defined above", why)
                self.variant_of = self.role_order[-1]
            case _SubAbility() if self.variant_of is not None:
                self.variant(st)
            case _SubAbility():
                self.sub_ability(st)
            case _UniqueRoles(why):
                self.unique = why
            case ClassList():
                self.class_lists.append(st)
            case SeenBy():
                self.seen_by.append(st)
            case _KillVisits():
                self.kill_visits.append(st)
            case _NightKillRule():
                self.nightkill_rules.append(st)
            case PriorityEntry():
                self.priority.append(st)
            case _Alias(alias, target, why):
                self.aliases.append((alias, target, why))
            case _Step(tier, items, _):
                for item in items:  # (a numbered sentence with no effect: a note)
                    if not isinstance(item, _Note):
                        self.prose(item, None, tier)
            case _Capability() | _Trait() | _RulesetFact():
                self.prose(st, None, None)
            case _Order() if self.healing_next:
                self.healing_next = False
                groups = tuple(tuple(words for words, _ in group) for group in st.items)
                self.healing.append(HealingOrder(groups, st.why))
            case _Order():
                self.dawn_orders.append(st)
            case _Ruling(body, why) if isinstance(body, (tuple, _Patch)):
                self.rulings.append(why)
                for b in body if isinstance(body, tuple) else (body,):
                    if isinstance(b, OutcomeRuling):
                        self.outcome_rulings.append(b)
                    else:
                        self.patches.append(b)
            case _Ruling(body, why):
                self.rulings.append(why)
                if isinstance(body, OutcomeRuling):
                    self.outcome_rulings.append(body)
                elif isinstance(body, OrderRuling):
                    self.orders.append(replace(body, why=why))
                elif isinstance(body, SeenBy):
                    self.seen_by.append(replace(body, why=_as_ruling(body.why)))
                else:
                    self.role_def(body, ruling=True)
            case _Kept():
                pass  # held in Ruleset.sentences (_held_sentences)
            case _AbilityDef():
                pass  # given to its roles' lines (`run`)
            case _Note():
                pass  # a sentence about the game that changes nothing (_without_effect)
            case game.UsesFramework(name, why):
                self.framework = (name, why)
            case None:
                pass
            case _:
                raise AssertionError(f"unhandled statement {st!r}")


def _statement_body(text: str, st: Tree[Token]) -> tuple[str | None, int]:
    """(label, offset of the first sentence) of a statement: a role line's name and a
    ruling's "Ruling" are written before its sentences and are not part of them."""
    if st.data == "role_def" and len(st.children) > 1:
        name, first = st.children[0], st.children[1]
        assert isinstance(name, Tree) and isinstance(first, Tree)
        label = " ".join(text[name.meta.start_pos : name.meta.end_pos].split()).strip('"')
        return label, first.meta.start_pos
    if st.data == "ability_def" and len(st.children) > 1:
        name, first = st.children[0], st.children[1]
        assert isinstance(name, Tree) and isinstance(first, Tree)
        label = " ".join(text[name.meta.start_pos : name.meta.end_pos].split())
        return label, first.meta.start_pos
    if st.data == "ruling" and st.children and isinstance(st.children[0], Tree):
        body = st.children[0].meta.start_pos
        return text[st.meta.start_pos : body].strip().rstrip(":").strip(), body
    return None, st.meta.start_pos


def _held_sentences(
    text: str, filename: str, tree: Tree[Token], statements: list[Any]
) -> tuple[Sentence, ...]:
    """Every sentence the ruleset holds, in file order: the sentences of each statement
    (split as `ruling coverage` splits the source) and of the kept lines; a `Source:`
    line's sentences point at the statement after it, which rewords them."""
    out: list[Sentence] = []
    pending: list[int] = []  # source sentences waiting for the statement that rewords them

    def split(body: str, line: int, column: int, **fields: Any) -> list[Sentence]:
        found, at = [], 0
        for piece in split_sentences(body):
            at = body.find(piece, at)
            loc = Loc(filename, line, column + max(at, 0))
            found.append(Sentence(" ".join(piece.split()), loc=loc, **fields))
            at += len(piece)
        return found

    def fail(message: str, at: Sentence) -> RulingError:
        return RulingError(message, Loc(filename, at.loc.line, 1), line_of(text, at.loc.line))

    for st, item in zip(tree.children, statements, strict=True):
        assert isinstance(st, Tree)
        if isinstance(item, _Kept):
            if pending and item.kind != "source":
                what = {
                    "flavour": "Flavour:",
                    "example": "Example (...):",
                    "said again": "Said again (...):",
                }
                raise fail(
                    f"a Source: line comes just before the statement that rewords it, "
                    f"not before a {what.get(item.kind, 'Not modelled:')} line",
                    out[pending[0]],
                )
            kept = split(
                item.text,
                item.loc.line,
                item.loc.column,
                kind=item.kind,
                reason=item.reason,
                plays=item.plays,
                repeats=item.repeats,
            )
            if item.kind == "source":
                pending.extend(range(len(out), len(out) + len(kept)))
            out.extend(kept)
            continue
        label, start = _statement_body(text, st)
        line = st.meta.line
        column = start - text.rfind("\n", 0, start)
        sentences = split(
            text[start : st.meta.end_pos],
            line,
            column,
            kind="rule",
            label=label,
            heading=isinstance(item, (_Heading, _Title)),
        )
        raw = text[st.meta.start_pos : st.meta.end_pos]
        why = Why(Loc(filename, line, st.meta.column), " ".join(raw.split()))
        for k in pending:
            out[k] = replace(out[k], rewords=why)
        pending = []
        out.extend(sentences)
    if pending:
        raise fail("this Source: line has no statement after it to reword it", out[pending[0]])
    return tuple(out)


NO_EFFECT = "read, but it changes nothing the engine does (deleting it changes nothing)"


def _acting(pieces: Any, out: set[tuple[int, int, int]], headed: bool = False) -> bool:
    """Collect in `out` the span (line, first and last column) of every sentence piece
    that acts: a piece whose reading is more than a note. A piece holding other pieces (a
    role line, a ruling) is not itself a sentence: its parts are looked at. True if
    `pieces` holds any piece with a place. `headed`: under a faction's heading, where a
    role's text naming its faction changes nothing (the heading gives it, or the two
    clash and the assembler says so)."""
    if isinstance(pieces, (tuple, list)):
        found = False
        for p in pieces:
            if isinstance(p, _Heading) and p.kind == "faction":
                headed = True
            found |= _acting(p, out, headed)
        return found
    if headed and isinstance(pieces, FactionIs):
        return True
    why = getattr(pieces, "why", None)
    if not isinstance(why, Why):
        return False
    inner = False
    if is_dataclass(pieces):
        for f in fields(pieces):
            if f.name != "why":
                inner |= _acting(getattr(pieces, f.name), out, headed)
    if not inner and not isinstance(pieces, _Note):
        out.add((why.loc.line, why.loc.column, why.loc.column + max(len(why.text), 1) - 1))
    return True


def _notes(pieces: Any) -> set[tuple[int, int]]:
    """(line, column) of each note among `pieces` (and the tuples and lists they hold)."""
    if isinstance(pieces, (tuple, list)):
        return set().union(*(_notes(p) for p in pieces)) if pieces else set()
    if isinstance(pieces, _Note):
        return {(pieces.why.loc.line, pieces.why.loc.column)}
    if isinstance(pieces, _Step):  # a numbered sentence read as what the engine does anyway
        inner = _notes(pieces.items)  # (held from its number on: the line's sentence is the step's)
        whole = inner and all(isinstance(i, _Note) for i in pieces.items)
        return inner | ({(pieces.why.loc.line, pieces.why.loc.column)} if whole else set())
    return set()


def _without_effect(held: tuple[Sentence, ...], pieces: Any) -> tuple[Sentence, ...]:
    """The ruleset's sentences, a role line's or a ruling's that change nothing the
    engine does marked "no effect" (`ruling coverage`: read is not modelled; deleting
    such a sentence changes nothing)."""
    acting: set[tuple[int, int, int]] = set()
    _acting(pieces, acting)
    notes = _notes(pieces)  # sentences about the game read as what the engine does anyway
    starts: dict[int, list[int]] = {}
    for s in held:
        if s.kind == "rule":
            starts.setdefault(s.loc.line, []).append(s.loc.column)
    spans: dict[int, list[tuple[int, int]]] = {}  # the acting pieces' spans, by line
    for line, a, b in acting:
        spans.setdefault(line, []).append((a, b))
    out = []
    for s in held:
        noted = (s.loc.line, s.loc.column) in notes
        if s.kind == "rule" and (s.label is not None or noted) and s.loc.line > 0:
            cols = sorted(starts[s.loc.line])
            first = s.loc.column if s.loc.column > cols[0] else 1  # the label is the line's
            end = next((c for c in cols if c > s.loc.column), 1 << 30) - 1
            if not any(a <= end and b >= first for a, b in spans.get(s.loc.line, ())):
                s = replace(s, kind="no effect", reason=NO_EFFECT)
        out.append(s)
    return tuple(out)


def parse_ruleset(
    text: str,
    filename: str = "<ruleset>",
    read: statements.Read | None = None,
    pieces_out: list[Any] | None = None,
) -> Ruleset:
    """Parse ruleset text into the IR; raises `RulingError` on bad input (every sentence
    that cannot be read, together: `statements.RulingErrors`). `read`: the text's
    statements read already (`statements.read`), where a caller tells a sentence the
    language does not read from a ruleset that does not hold together; `pieces_out` gets
    each statement's reading before assembly (a sentence's own IR, `ruling coverage`'s
    said-again check)."""
    read = read or statements.read(text, filename)
    tree: Tree[Token] = read.tree
    pieces = _ToIR(text, filename, read.held).transform(tree)
    if pieces_out is not None:
        pieces_out.extend(pieces)
    rs = _Assembler(text, filename).run(pieces)
    held = _held_sentences(text, filename, tree, pieces)
    return replace(rs, sentences=_without_effect(held, pieces))


def load_ruleset(path: str | Path) -> Ruleset:
    """Read and parse a ruleset file."""
    text = grammar.read_source(path, "ruleset")
    return parse_ruleset(text, str(path))
